/**
 * The child picker of a uniform page (decision 133): with `?child=` in the address (the page is then
 * rendered for this parent alone, never kept: server/cache-policy.ts), the parent's children at this
 * school to choose from, and for the chosen one the size the finder gives, which the page preselects. A signed-in
 * parent with one child at this school has that child chosen without asking (issue 48, decision 244).
 * The words are the page's language's, worded here (the page carries no `children` namespace).
 */
import { ageNow } from "../../domain/children/children";
import { sizeFor } from "../../domain/kits/build";
import type { SchoolItem } from "../../domain/schools";
import type { Shop } from "../../services/index";
import { getShopper } from "../auth/session.server";
import { languageOf, serverT } from "../i18n/i18n.server";
import { reasonText } from "../kits/kit-page.server";
import type { ChildPickerView } from "../components/ChildPicker";


export async function childPicker(shop: Shop, request: Request, schoolSlug: string, item: SchoolItem): Promise<{ view: ChildPickerView; size?: string }> {
  const t = serverT(languageOf(request));
  const query = new URL(request.url).searchParams;
  const words = {
    title: t("children:picker.title"),
    open: t("children:picker.open"),
    child: t("children:picker.child"),
    nobody: t("children:picker.nobody"),
    show: t("children:picker.show"),
    signIn: t("children:picker.signIn"),
    noChildren: t("children:picker.noChildren"),
    addChildren: t("children:picker.addChildren"),
  };
  // A visitor's page is the same for everyone (kept by the page cache): only a signed-in parent's is read for them.
  const shopper = await getShopper(request, shop);
  if (!query.has("child") && !shopper) return { view: { asked: false, signedIn: false, children: [], chosen: null, words } };
  // Only the children at this school: another school's child has no size on this page (issue 48).
  const all = shopper ? await shop.children.list(shopper.id) : [];
  const children = all.filter((c) => c.school === schoolSlug);
  if (all.length > 0) words.noChildren = t("children:picker.noChildHere");
  // No child asked for: the parent's only child at this school is chosen for them; with two, the parent picks.
  const wanted = query.has("child") ? query.get("child") : children.length === 1 ? children[0].id : null;
  if (!query.has("child") && children.length === 0) return { view: { asked: false, signedIn: true, children: [], chosen: null, words } };
  const child = children.find((c) => c.id === wanted);
  if (!child) return { view: { asked: true, signedIn: Boolean(shopper), children: children.map(({ id, name }) => ({ id, name })), chosen: null, words } };
  const age = ageNow(child, new Date());
  const sized = sizeFor(schoolSlug, item, { measurements: { ...child.measurements, ...(age !== undefined ? { ageYears: age } : {}) }, sizes: child.sizes }, await shop.sizes.charts());
  const advice = sized.size ? `${t("children:picker.chosen", { name: child.name, size: sized.size })} ${reasonText(t, sized.reason)}` : `${t("children:picker.measure", { name: child.name })} ${reasonText(t, sized.reason)}`;
  return {
    view: { asked: true, signedIn: true, children: children.map(({ id, name }) => ({ id, name })), chosen: { id: child.id, name: child.name, size: sized.size, advice }, words },
    ...(sized.size ? { size: sized.size } : {}),
  };
}
