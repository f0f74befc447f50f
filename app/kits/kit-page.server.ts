/**
 * The school's "whole kit" page (decision 134): the kit of a class and uniform with every size filled
 * in, from one of the parent's children (`?child=`) or from what the parent measured (the finder's
 * fields in the query), and its one submit that puts every item in the cart through the cart service,
 * each priced and checked as any add; an item the shop cannot sell as asked is named in the answer.
 */
import { data, redirect } from "@remix-run/node";
import { ageNow, CLASSES, KIT_SIDES, type ClassName, type KitSide } from "../../domain/children/children";
import { nameIn, schoolNameIn } from "../../domain/catalogue-words";
import { isRuleViolation, type Refusal } from "../../domain/errors";
import { KIT_CART_FORM_LIMITS, kitCartForm } from "../../domain/forms/kits";
import { buildKit, kitLinePrices, type KitSizing } from "../../domain/kits/build";
import { kitFor } from "../../domain/kits/kits";
import { catalogueId, findCatalogueProduct } from "../../domain/catalogue";
import { findSchool, type School } from "../../domain/schools";
import type { SizeReason } from "../../domain/sizes/finder";
import type { Shop } from "../../services/index";
import type { T } from "../i18n/I18n";
import { getShopper } from "../auth/session.server";
import { cartOwnerForWrite } from "../cart/cart.server";
import { childOf } from "../children/children-page.server";
import { readPageForm, refusalStatus } from "../forms/form.server";
import { languageOf, refusalTable, routeMessages, serverT } from "../i18n/i18n.server";
import { refusalText } from "../i18n/refusals.server";
import { sizeReasonText } from "../sizes/words";
import type { KitAnswer } from "../components/KitParts";

/** A reason as a sentence: the kit's own in the `kits` namespace, the finder's in `sizes`. */
export function reasonText(t: T, reason: SizeReason): string {
  return reason.key.startsWith("kits:") ? t(reason.key, reason.values) : sizeReasonText(t, reason);
}

/** The finder's fields as the kit page's query carries them: centimetres and years, as the finder's form. */
const FIGURES = { age: "ageYears", height: "heightCm", chest: "chestCm", waist: "waistCm", hip: "hipCm", insideLeg: "insideLegCm" } as const;

function figureOf(query: URLSearchParams, name: string): number | undefined {
  const typed = query.get(name);
  if (!typed || !/^\d{1,3}(?:\.\d)?$/.test(typed)) return undefined;
  const value = Number(typed);
  return value > 0 ? value : undefined;
}

/** The figures measured round or along the body: asked in the charts' unit, inches, unless the parent chose cm (decision 246). */
const BODY_FIGURES = new Set(["chest", "waist", "hip", "insideLeg"]);

/** The page's sizing from the query: the measurements, the class and the uniform. */
function sizingFromQuery(query: URLSearchParams): { sizing: KitSizing; className?: ClassName; side?: KitSide; given: Record<string, string> } {
  const measurements: KitSizing["measurements"] = {};
  const given: Record<string, string> = {};
  const unit = query.get("unit") === "cm" ? "cm" : "in";
  for (const [name, field] of Object.entries(FIGURES)) {
    const value = figureOf(query, name);
    if (value !== undefined) {
      measurements[field] = BODY_FIGURES.has(name) && unit === "in" ? value * 2.54 : value;
      given[name] = String(value);
    }
  }
  given.unit = unit;
  const className = CLASSES.find((c) => c === query.get("className"));
  const side = KIT_SIDES.find((s) => s === query.get("side"));
  return { sizing: { measurements }, ...(className ? { className } : {}), ...(side ? { side } : {}), given };
}

function schoolOrNotFound(slug: string | undefined): School {
  const school = findSchool(slug ?? "");
  if (!school) throw new Response("No such school", { status: 404 });
  return school;
}

/** The kit page's data. A page for one of the parent's children is theirs alone: never stored on the way. */
export async function kitPage(shop: Shop, request: Request, schoolSlug: string | undefined) {
  const school = schoolOrNotFound(schoolSlug);
  const lang = languageOf(request);
  const t = serverT(lang);
  const query = new URL(request.url).searchParams;
  const asked = query.has("child");
  // Only a page asked for a child reads the session: the others are the same for every visitor (decision 074).
  const shopper = asked ? await getShopper(request, shop) : null;
  const children = shopper ? (await shop.children.list(shopper.id)).filter((c) => c.school === school.slug) : [];
  const child = await childOf(shop, shopper, query.get("child"));
  const fromQuery = sizingFromQuery(query);
  const now = new Date();
  const sizing: KitSizing = child
    ? { measurements: { ...child.measurements, ...(ageNow(child, now) !== undefined ? { ageYears: ageNow(child, now) } : {}) }, sizes: child.sizes }
    : fromQuery.sizing;
  const className = child?.className ?? fromQuery.className;
  const side = child?.kit ?? fromQuery.side;
  const kits = await shop.kits.of(school.slug);
  const kit = className ? kitFor(kits, className, side) : undefined;
  const charts = await shop.sizes.charts();
  const lines = kit
    ? buildKit(school.slug, kit, sizing, charts).map((line) => {
        const product = findCatalogueProduct(line.productId);
        return {
          productId: line.productId,
          name: product ? nameIn(lang, product) : line.name,
          count: line.count,
          sizes: line.sizesOffered,
          size: line.size,
          reason: reasonText(t, line.reason),
          comingSoon: line.comingSoon,
          // The cart's prices in every size, so the page can show the line and the kit's total (decision 240).
          prices: kitLinePrices(line.productId, line.sizesOffered),
        };
      })
    : [];
  const headers: HeadersInit = asked ? { "Cache-Control": "private, no-store" } : {};
  return data(
    {
      school: { slug: school.slug, name: schoolNameIn(lang, school), heading: school.heading },
      signedIn: Boolean(shopper),
      asked,
      children: children.map((c) => ({ id: c.id, name: c.name })),
      child: child ? { id: child.id, name: child.name, className: child.className } : null,
      className: className ?? null,
      side: side ?? null,
      given: fromQuery.given,
      classes: [...CLASSES],
      hasKits: kits.length > 0,
      lines,
      // The offer the cart will apply, on the day the page was made: the kit's total is the cart's sum.
      discount: shop.config.charges.discount,
      at: now.toISOString(),
      messages: routeMessages(request, "kits", "children", "schools"),
      refusals: refusalTable(request, "kits"),
    },
    { headers },
  );
}


/** The whole kit in one submit: only this school's items. */
export async function kitAction(shop: Shop, request: Request, schoolSlug: string | undefined) {
  const school = schoolOrNotFound(schoolSlug);
  const own = (productId: string) => school.items.some((item) => catalogueId.schoolItem(school.slug, item.slug) === productId);
  return addAllToCart(shop, request, own);
}

/**
 * Lines of a kit or a reorder in one submit: every line through the cart service (priced and checked as
 * any add, one append for all it can sell), for the parent's own child where one is named; back to the
 * cart when all went in, else the page again naming each item that did not and why.
 */
export async function addAllToCart(shop: Shop, request: Request, allowed: (productId: string) => boolean) {
  const lang = languageOf(request);
  const form = await readPageForm(request, kitCartForm, KIT_CART_FORM_LIMITS);
  if (!form.ok) return form.answer;
  const { owner, setCookie } = await cartOwnerForWrite(request, shop);
  const wanted = form.value;
  // Only the page's own items: a kit page adds nothing from elsewhere.
  if (wanted.lines.length === 0 || !wanted.lines.every((line) => allowed(line.productId))) {
    return form.refuse(refusalText(lang, { key: "kits.nothingChosen", values: {} }), 422);
  }
  const headers = new Headers();
  try {
    // A line with no size chosen goes to the cart service too: its refusal ("choose a size") names it.
    const done = await shop.cart.addMany(
      owner,
      // The cart refuses them all when a child is named who is not this parent's own (decision 133).
      wanted.lines.map((line) => ({ ...line, ...(wanted.child ? { forChild: wanted.child } : {}) })),
    );
    // The guest cookie only once something is in the cart: a kit refused whole leaves no trace.
    if (done.added.length > 0 && setCookie) headers.append("Set-Cookie", setCookie);
    if (done.notAdded.length === 0) return redirect("/cart", { headers });
    const named = (productId: string) => {
      const product = findCatalogueProduct(productId);
      return product ? nameIn(lang, product) : productId;
    };
    // The cart's refusals name an item by its English name: said in the page's language.
    const local = new Map(done.notAdded.map((item) => [findCatalogueProduct(item.productId)?.name ?? item.productId, named(item.productId)]));
    const answer: KitAnswer = {
      added: done.added.reduce((sum, line) => sum + line.quantity, 0),
      notAdded: done.notAdded.map((item) => ({
        name: named(item.productId),
        size: item.size ?? "",
        problem: refusalText(lang, item.refusal as Refusal, { itemName: (english) => local.get(english) ?? english }),
      })),
    };
    return data({ kit: answer }, { status: done.added.length ? 200 : 422, headers });
  } catch (err) {
    if (isRuleViolation(err)) return form.refuse(refusalText(lang, err), refusalStatus(err.status));
    throw err;
  }
}
