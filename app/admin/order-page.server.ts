/**
 * The order page's view model (app/routes/admin.orders.$id.tsx): the audit trail, every event of
 * the order's stream in order, read from the event store itself (not a read model), and the order
 * folded from it with the order decider's evolve. ?at=<revision> folds the stream up to that event:
 * the order exactly as it stood then (decision 052).
 */
import { orderAsOf, parseRevision, safeDashboardBack } from "../../domain/admin-orders";
import { heldLinesAfter, type HeldLine } from "../../domain/orders/held-lines";
import { AFTER_SALE_STEPS } from "../../domain/forms/admin-returns";
import { lineKey, refundPaiseFor, shortReturnId } from "../../domain/orders/returns";
import { GOODS_AT } from "../../domain/orders/lifecycle";
import { isRuleViolation } from "../../domain/errors";
import { deliveryLine, returnLinesText } from "../../domain/orders/describe";
import { decide, displayOrderId, evolve, foldOrder, type OrderState } from "../../domain/orders/order";
import { paymentStanding, refundablePaise } from "../../domain/orders/payment";
import { refundOwedPaise } from "../../domain/orders/lifecycle";
import { formatPaise, formatRupees, rupeesTyped } from "../../domain/money";
import { refundTaxEffect } from "../../domain/tax/documents";
import { formatPaisa } from "../../domain/tax/lines";
import type { Language } from "../../domain/i18n";
import type { Shop } from "../../services/index";
import type { TrailEntry } from "../../services/orders";
import type { T } from "../i18n/I18n";
import { refusalTable, routeMessages, serverT, languageOf } from "../i18n/i18n.server";
import { wordErased } from "../privacy/erased.server";
import { adminDirectory, withAdminNames, type NamedAdmin } from "./admins.server";
import type { AfterSaleView } from "./components/AfterSaleSections";
import type { DropView } from "./components/DropLineSection";
import type { OrderSnapshotView, PaymentFacts, TrailEventView } from "./components/OrderSections";
import { actorIn, describeOrderEventIn } from "./describe.server";
import { adminTime } from "./orders.server";
import { PAYMENT_STEPS, type PaymentStepName } from "./payment-steps";
import { courierView, paperRefusal } from "./courier.server";
import { refusal } from "../../domain/errors";
import { refusalText } from "../i18n/refusals.server";
import { COURIER_STEPS } from "../../domain/forms/admin-courier";

/** The order as it stands in `state`: its status, customer, lines as they stand and money. */
function snapshot(state: OrderState & { exists: true }, held: readonly HeldLine[], t: T, lang: Language): OrderSnapshotView {
  const p = state.placed;
  const who =
    p.customer.kind === "user"
      ? t("admin:order.customerUser", { name: p.customer.name, userId: p.customer.userId ?? "" })
      : t("admin:order.customerGuest", { name: p.customer.name });
  return {
    status: state.status,
    paymentStanding: paymentStanding(state.payment),
    deleted: state.deleted,
    customer: [who, p.customer.phone, p.customer.email].filter(Boolean).join(", "),
    address: deliveryLine(p.address),
    // The lines as the parent holds them: an exchanged unit is in its new size at the price paid (decision 242).
    lines: held.map((line, index) => ({
      key: `${index}|${line.productId}|${line.size}|${line.school}`,
      name: line.name,
      size: line.exchangedFrom ? t("admin:order.exchangedSize", { size: line.size, from: line.exchangedFrom }) : line.size,
      school: line.school,
      quantity: line.quantity,
      unitPrice: formatRupees(line.unitPrice),
      lineTotal: formatRupees(line.unitPrice * line.quantity),
    })),
    total: formatRupees(p.total),
    placedAt: adminTime(p.placedAt, lang),
    payment: paymentFacts(state, lang),
  };
}

/** The order's money as the page shows it: what it is made of, what came in and went back, the reference to check. */
function paymentFacts(state: OrderState & { exists: true }, lang: Language): PaymentFacts {
  const { payment, placed } = state;
  const refundable = refundablePaise(payment);
  return {
    method: payment.method,
    standing: paymentStanding(payment),
    subtotal: formatRupees(placed.subtotal),
    discountPercent: placed.discountPercent,
    discount: placed.discount > 0 ? formatRupees(placed.discount) : null,
    delivery: formatRupees(placed.delivery),
    freeDelivery: placed.delivery === 0,
    due: formatRupees(payment.due),
    paid: formatRupees(payment.paid),
    refunded: formatPaise(payment.refundedPaise),
    refundable,
    refundableText: formatPaise(refundable),
    // A cancel owes back what the shop kept (the lifecycle's money effect, decision 160): the owner refunds it below.
    owedBack: refundOwedPaise(state) > 0 ? formatPaise(refundOwedPaise(state)) : null,
    reported: payment.reported ? { reference: payment.reported.reference, at: adminTime(payment.reported.at, lang) } : null,
    reference: payment.reference ?? null,
    // What the owner may do next; the decider still judges each step when it is sent.
    steps: {
      confirm: payment.paid === 0 && (payment.method === "upi" || payment.reported !== undefined),
      reject: payment.reported !== undefined,
      cash: payment.method === "cod" && payment.paid === 0,
      refund: refundable > 0,
    } satisfies Record<Exclude<PaymentStepName, "gatewayRefund">, boolean>,
    refundTax: refundTaxFacts(state),
  };
}

/** What the next refund does to the order's GST (decision 206), as the refund form tells the owner. */
function refundTaxFacts(state: OrderState & { exists: true }): PaymentFacts["refundTax"] {
  const waiting = state.afterSale.returns.find((r) => r.stage === "received" && r.want === "refund");
  const note = waiting && state.tax.creditNotes.find((n) => n.returnId === waiting.returnId);
  if (waiting && note) return { kind: "return", returnId: shortReturnId(waiting.returnId), note: note.number };
  const effect = refundTaxEffect(state.tax, 10_000);
  return effect ? { kind: "valueOnly", invoice: effect.invoiceNumber, per100: formatPaisa(effect.tax) } : { kind: "none" };
}

/**
 * Notes (newest first), delivery details and returns as they stood at the page's moment: read from
 * the same events as the trail, so time travel shows them as they were (decision 103).
 */
function afterSaleOf(
  state: OrderState & { exists: true },
  trail: readonly TrailEntry[],
  at: number | "invalid" | undefined,
  t: T,
  lang: Language,
): AfterSaleView {
  const upTo = typeof at === "number" ? trail.filter((e) => e.revision <= at) : trail;
  const notes = upTo
    .filter((e) => e.type === "OrderNoteAdded")
    .map((e) => ({ revision: e.revision, text: e.type === "OrderNoteAdded" ? e.data.text : "", by: t("returns:admin.noteBy", { who: actorIn(t, e.data.actor), when: adminTime(e.at, lang) }) }))
    .reverse();
  const { afterSale, placed, payment } = state;
  const left = refundablePaise(payment);
  const names = new Map(afterSale.lines.map((l) => [l.productId, l.name]));
  const returns = afterSale.returns.map((r) => ({
    returnId: r.returnId,
    shortId: shortReturnId(r.returnId),
    want: r.want,
    // The sizes asked, once each ("32", or "32, L" when each line wants its own).
    exchangeSize: [...new Set(r.lines.flatMap((l) => (l.exchangeSize ? [l.exchangeSize] : [])))].join(", "),
    stage: r.stage,
    lines: returnLinesText(r.lines.map((l) => ({ ...l, productId: names.get(l.productId) ?? l.productId }))),
    reason: r.reason,
    note: r.note ?? "",
    asked: t("returns:admin.returnAsked", { who: actorIn(t, r.requestedBy), when: adminTime(r.requestedAt, lang) }),
    refund: r.want === "refund" ? refundPaiseFor(r.lines, { lines: placed.lines, subtotal: placed.subtotal, discount: placed.discount }, left) : 0,
    refunded: r.refundedPaise === undefined ? null : formatPaise(r.refundedPaise),
  }));
  const waiting = returns.find((r) => r.stage === "received" && r.want === "refund");
  return {
    notes,
    delivery: afterSale.delivery ?? null,
    returns: returns.map((r) => ({ ...r, refundText: formatPaise(r.refund) })),
    /** Whether money came in that a refund can give back (else the payment is recorded first). */
    refundable: left > 0,
    // The form's amount as the owner would type it: "254.79", or "255" for whole rupees.
    suggestedRefund: waiting && waiting.refund > 0 ? rupeesTyped(waiting.refund) : null,
    suggestedRefundNote: waiting ? t("returns:admin.refundNote", { id: waiting.shortId }) : null,
  };
}

type ExistingOrder = OrderState & { exists: true };

/** Whether the owner may be offered to drop a line now (decision 204): the goods still in the shop, more than one piece. */
function mayDrop(state: ExistingOrder): boolean {
  return !state.deleted && GOODS_AT[state.status] === "held" && state.placed.lines.reduce((sum, l) => sum + l.quantity, 0) > 1;
}

/**
 * The confirmation of a drop (?drop=<line>&units=<n>): what the order would charge after it and what would be owed
 * back, decided by the order decider itself on the order as it is now, so the figures shown are the figures recorded;
 * or its refusal, worded, when it cannot be dropped.
 */
function dropView(state: ExistingOrder, params: URLSearchParams, base: string, keep: string, lang: Language): DropView | null {
  const key = params.get("drop");
  if (key === null) return null;
  const t = serverT(lang);
  const line = state.placed.lines.find((l) => lineKey(l) === key);
  const typedUnits = params.get("units");
  const units = typedUnits === null || typedUnits.trim() === "" ? line?.quantity ?? 0 : Number(typedUnits);
  const query = new URLSearchParams({ drop: key, units: String(units) });
  if (keep) query.set("back", new URLSearchParams(keep).get("back") ?? "");
  const common = { key, name: line?.name ?? "", size: line?.size ?? "", units, most: line?.quantity ?? 0, action: `${base}?${query}`, cancelHref: keep ? `${base}?${keep}` : base };
  try {
    const events = decide({ type: "DropLine", line: line ?? { productId: "", size: "", school: "" }, quantity: units, actor: { kind: "admin" }, at: new Date().toISOString() }, state);
    const after = events.reduce(evolve, state) as ExistingOrder;
    const { charges } = (events[0] as Extract<(typeof events)[number], { type: "OrderLineDropped" }>).data;
    const kept = refundablePaise(after.payment);
    return {
      ...common,
      refusal: null,
      after: {
        subtotal: formatRupees(charges.subtotal),
        discount: charges.discount > 0 ? t("admin:drop.offer", { percent: charges.discountPercent, amount: formatRupees(charges.discount) }) : null,
        delivery: charges.delivery > 0 ? formatRupees(charges.delivery) : null,
        total: formatRupees(charges.total),
        totalBefore: formatRupees(state.placed.total),
        paid: kept > 0 ? formatPaise(kept) : null,
        owedBack: refundOwedPaise(after) > 0 ? formatPaise(refundOwedPaise(after)) : null,
      },
    };
  } catch (err) {
    if (!isRuleViolation(err)) throw err;
    return { ...common, refusal: refusalText(lang, refusal(err.key, err.values)), after: null };
  }
}

/** A page the order's address cannot show (404): why, and the dashboard view to go back to. */
export interface OrderPageRefusal {
  message: string;
  back: string;
}

/** The order page from the order's trail, the admins who acted in it, and the page's address (?at=, ?back=, ?saved=, ?done=). */
export function orderPageView(
  trail: readonly TrailEntry[],
  admins: Map<string, NamedAdmin>,
  params: URLSearchParams,
  lang: Language,
) {
  const t = serverT(lang);
  const back = safeDashboardBack(params.get("back"));
  if (trail.length === 0) return { ok: false as const, refusal: { message: t("admin:order.noSuchOrder"), back } satisfies OrderPageRefusal };
  const at = parseRevision(params.get("at"));
  const stateNow = foldOrder(trail);
  const stateThen = at === undefined ? stateNow : at === "invalid" ? undefined : orderAsOf(trail, at);
  if (!stateThen || !stateThen.exists || !stateNow.exists) {
    return { ok: false as const, refusal: { message: t("admin:order.noSuchEvent"), back } satisfies OrderPageRefusal };
  }
  const orderId = stateNow.placed.orderId;
  const base = `/admin/orders/${orderId}`;
  const keep = back === "/admin" ? "" : `back=${encodeURIComponent(back)}`;
  const hrefAt = (revision?: number) => {
    const query = [revision === undefined ? "" : `at=${revision}`, keep].filter(Boolean).join("&");
    return query ? `${base}?${query}` : base;
  };
  const latest = trail[trail.length - 1].revision;
  const names = new Map(stateNow.afterSale.lines.map((line) => [line.productId, line.name]));
  const nameOf = (productId: string) => names.get(productId) ?? productId;
  const saved = params.get("saved");
  const live = typeof at !== "number" || at === latest;
  const order = snapshot(stateThen, heldLinesAfter(typeof at === "number" ? trail.filter((e) => e.revision <= at) : trail), t, lang);
  if (live && mayDrop(stateNow)) {
    // Before dispatch the lines held are the lines placed: each may be dropped from its confirmation.
    const withKeep = (key: string) => `${base}?${new URLSearchParams({ drop: key, ...(keep ? { back } : {}) })}#drop`;
    const keys = new Set(stateNow.placed.lines.map(lineKey));
    order.lines = order.lines.map((line) => {
      const key = line.key.slice(line.key.indexOf("|") + 1);
      return keys.has(key) ? { ...line, dropHref: withKeep(key) } : line;
    });
  }
  return {
    ok: true as const,
    view: {
      drop: live ? dropView(stateNow, params, base, keep, lang) : null,
      dropped: live && params.get("dropped") === "1",
      saved: [...PAYMENT_STEPS, "none" as const].find((step) => step === saved) ?? null,
      done: AFTER_SALE_STEPS.find((step) => step === params.get("done")) ?? null,
      afterSale: afterSaleOf(stateThen, trail, at, t, lang),
      orderId,
      displayId: displayOrderId(orderId),
      back,
      nowHref: hrefAt(),
      at: typeof at !== "number" || at === latest ? null : at,
      atWhen: at === undefined ? null : adminTime(trail.find((e) => e.revision === at)!.at, lang),
      order,
      events: trail.map((event): TrailEventView => ({
        revision: event.revision,
        when: adminTime(event.at, lang),
        whenIso: event.at.toISOString(),
        ...describeOrderEventIn(t, withAdminNames(event, admins), nameOf),
        href: hrefAt(event.revision === latest ? undefined : event.revision),
        current: at === undefined ? event.revision === latest : event.revision === at,
      })),
    },
  };
}

function paperRefused(request: Request): string | null {
  const key = paperRefusal(new URL(request.url).searchParams.get("paperRefused"));
  return key ? refusalText(languageOf(request), refusal(key)) : null;
}

/** The order page's data for `request`, or why the order (or the moment asked for) cannot be shown. */
export async function orderPage(shop: Shop, request: Request, orderId: string) {
  const trail = await shop.orders.getOrderTrail(orderId);
  const admins = await adminDirectory(shop);
  const page = orderPageView(trail, admins, new URL(request.url).searchParams, languageOf(request));
  if (!page.ok) return page;
  const now = foldOrder(trail);
  return {
    ok: true as const,
    data: {
      // The Courier section (decision 235): the shop's courier, the booked parcel, the steps it may take now.
      courier: now.exists ? courierView(Boolean(shop.courier), now) : null,
      courierDone: COURIER_STEPS.find((step) => step === new URL(request.url).searchParams.get("done")) ?? null,
      // A label or manifest asked for and not had: why, in the page's language.
      paperRefused: paperRefused(request),
      messages: routeMessages(request, "payment", "print", "returns", "courier"),
      // The after-sale forms' field rules speak English; a Hindi page shows them through this table.
      refusals: { ...refusalTable(request, "returns"), ...refusalTable(request, "courier") },
      // An erased parent's name, phone, address and trail names read "erased" in the page's language.
      ...wordErased(page.view, languageOf(request)),
    },
  };
}
