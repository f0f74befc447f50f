/**
 * The children on a parent's account (decision 133): the page's view model and its changes, through the
 * children service; a rule's refusal worded in the page's language. Also what the other pages need of
 * the children: the picker's list and a child of this parent's by id (never another parent's).
 */
import { redirect } from "@remix-run/node";
import { CLASSES, type Child } from "../../domain/children/children";
import { MAX_CHILDREN } from "../../domain/children/limits";
import { schoolNameIn } from "../../domain/catalogue-words";
import { isRuleViolation } from "../../domain/errors";
import { CHILD_FORM_LIMITS, KNOWN_SIZE_FIELDS, childForm, childFromForm, knownSizeField } from "../../domain/forms/children";
import type { Language } from "../../domain/i18n";
import { SCHOOLS, findSchool } from "../../domain/schools";
import type { Shopper } from "../auth/session.server";
import type { Shop } from "../../services/index";
import { readPageForm, refusalStatus } from "../forms/form.server";
import { languageOf, refusalTable, routeMessages } from "../i18n/i18n.server";
import { refusalText } from "../i18n/refusals.server";

/** A child as the page shows it and fills its edit form. */
export function childView(child: Child, lang: Language) {
  const school = findSchool(child.school);
  const form: Record<string, string> = {
    name: child.name,
    school: child.school,
    className: child.className,
    kit: child.kit ?? "",
    unit: "cm",
    age: child.measurements.ageYears?.toString() ?? "",
    height: child.measurements.heightCm?.toString() ?? "",
    chest: child.measurements.chestCm?.toString() ?? "",
    waist: child.measurements.waistCm?.toString() ?? "",
    hip: child.measurements.hipCm?.toString() ?? "",
    insideLeg: child.measurements.insideLegCm?.toString() ?? "",
    foot: child.measurements.footCm?.toString() ?? "",
  };
  for (const field of KNOWN_SIZE_FIELDS) form[field] = "";
  for (const [item, size] of Object.entries(child.sizes)) {
    const field = knownSizeField(item);
    if (field) form[field] = size;
  }
  return {
    id: child.id,
    name: child.name,
    schoolSlug: child.school,
    schoolName: school ? schoolNameIn(lang, school) : child.school,
    className: child.className,
    kit: child.kit ?? null,
    form,
  };
}

export type ChildView = ReturnType<typeof childView>;

/** The page's data: the children, the form's choices, and which child is being edited (`?edit=`). */
export async function childrenPage(shop: Shop, request: Request, shopper: Shopper) {
  const lang = languageOf(request);
  const children = (await shop.children.list(shopper.id)).map((child) => childView(child, lang));
  const url = new URL(request.url);
  const editing = children.find((child) => child.id === url.searchParams.get("edit"))?.id ?? null;
  const saved = url.searchParams.get("saved");
  return {
    children,
    editing,
    saved: saved === "added" || saved === "changed" || saved === "removed" ? saved : null,
    max: MAX_CHILDREN,
    schools: SCHOOLS.map((school) => ({ slug: school.slug, name: schoolNameIn(lang, school) })),
    classes: [...CLASSES],
    messages: routeMessages(request, "children", "account"),
    refusals: { ...refusalTable(request, "children"), ...refusalTable(request, "checkout") },
  };
}

/** Add, change or remove a child; back to the list (POST/redirect/GET), or the refusal beside the form. */
export async function childrenAction(shop: Shop, request: Request, shopper: Shopper) {
  const form = await readPageForm(request, childForm, CHILD_FORM_LIMITS);
  if (!form.ok) return form.answer;
  const value = form.value;
  try {
    let position: string | undefined;
    if (value.intent === "add") position = (await shop.children.add(shopper.id, childFromForm(value))).position;
    else if (value.intent === "change") position = (await shop.children.change(shopper.id, value.childId, childFromForm(value))).position;
    else position = (await shop.children.remove(shopper.id, value.childId)).position;
    // The list is the projector's: shown once it has the change.
    if (position) await shop.waitForReadModels(position);
    const saved = value.intent === "add" ? "added" : value.intent === "change" ? "changed" : "removed";
    return redirect(`/account/children?saved=${saved}`);
  } catch (err) {
    if (isRuleViolation(err)) return form.refuse(refusalText(languageOf(request), err), refusalStatus(err.status));
    throw err;
  }
}

/** The signed-in parent's child by the id a page was given; undefined for none, or another parent's. */
export async function childOf(shop: Shop, shopper: Shopper | null, childId: string | null): Promise<Child | undefined> {
  if (!shopper || !childId) return undefined;
  return shop.children.get(shopper.id, childId);
}
