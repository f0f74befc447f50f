/**
 * The tax documents an order's change calls for (decisions 126 and 160), pure: which are due from the moves of
 * the lifecycle (./lifecycle.ts) and the refunds among the events decided, and the order commands that issue them
 * once their numbers are taken from the series (services/tax-documents.ts takes them, in the same command).
 */
import { computeOrderTax, type TaxContext } from "../tax/lines";
import { documentKindFor, liveInvoice, type CreditReason, type GoodsBack, type TaxDocumentCommand, type TaxDocuments } from "../tax/documents";
import type { SellerSettings } from "../tax/seller";
import { movesIn } from "./lifecycle";
import type { OrderPlaced } from "./events";
import type { ReturnRecord } from "./returns";

export interface DocumentsDue {
  /** The goods leave the shop and no invoice stands for them. */
  invoice: boolean;
  /**
   * The live invoice is reversed: all it has left (a parcel back), a return's goods exactly (`goods`, decision 206),
   * or a refund tied to no goods by its amount alone, in paisa.
   */
  credit?: { reason: CreditReason; amount: number; goods?: readonly GoodsBack[]; returnId?: string };
}

type Returns = readonly Pick<ReturnRecord, "returnId" | "want" | "stage" | "lines">[];

/**
 * What a change calls for, from the documents and the returns before it and the events it decided: an invoice for a
 * move that takes goods out with none live; after one, a credit note for a move that brings them back (all the
 * invoice has left); for a refund return's goods received (exactly those goods, decision 206); or for a refund tied to
 * no goods (its value alone). The refund that settles a return received (the oldest one waiting, as the order folds
 * it) issues nothing more: its goods' note came with them (a return received before notes named theirs gets it now).
 */
export function documentsDue(before: TaxDocuments, events: readonly { type: string; data: unknown }[], returns: Returns = []): DocumentsDue {
  const live = liveInvoice(before);
  const steps = movesIn(events).flatMap((move) => move.documents);
  const invoice = !live && steps.some((step) => step.issue === "invoice");
  if (!live) return { invoice };
  const back = steps.find((step) => step.issue === "creditNote");
  if (back && back.issue === "creditNote") return { invoice, credit: { reason: back.reason, amount: Number.MAX_SAFE_INTEGER } };
  // A return asked for and received in one change (at the counter, decision 214) is read from its own events.
  const known = [...returns, ...askedIn(events)];
  const received = events.flatMap((e) => (e.type === "ReturnReceived" ? known.filter((r) => r.returnId === (e.data as { returnId: string }).returnId) : []));
  const goodsOf = (r: Returns[number]): DocumentsDue => ({ invoice, credit: { reason: "return", amount: Number.MAX_SAFE_INTEGER, goods: r.lines, returnId: r.returnId } });
  const forRefund = received.find((r) => r.want === "refund");
  if (forRefund) return goodsOf(forRefund);
  const refunded = events.filter((e) => e.type === "PaymentRefunded").reduce((sum, e) => sum + (e.data as { paise: number }).paise, 0);
  if (refunded <= 0) return { invoice };
  const waiting = returns.find((r) => r.stage === "received" && r.want === "refund");
  if (waiting) return before.creditNotes.some((note) => note.returnId === waiting.returnId) ? { invoice } : goodsOf(waiting);
  return { invoice, credit: { reason: "refund", amount: refunded } };
}

/** The returns a change asks for itself, as the order folds them. */
function askedIn(events: readonly { type: string; data: unknown }[]): Returns {
  return events.flatMap((e) => (e.type === "ReturnRequested" ? [{ ...(e.data as Omit<Returns[number], "stage">), stage: "requested" as const }] : []));
}

/** A number taken from a series for one document. */
export interface TakenNumber {
  series: string;
  sequence: number;
  number: string;
}

/** The order commands that issue the documents due, with the numbers taken for them: the invoice's, then the credit note's. */
export function documentCommands(
  placed: OrderPlaced["data"],
  due: DocumentsDue,
  numbers: { invoice?: TakenNumber; creditNote?: TakenNumber },
  seller: Pick<SellerSettings, "scheme" | "stateCode" | "legalName" | "address" | "gstin">,
  rules: Pick<TaxContext, "rates" | "stateOf">,
  at: string,
): TaxDocumentCommand[] {
  const commands: TaxDocumentCommand[] = [];
  if (due.invoice && numbers.invoice) {
    const tax = computeOrderTax(
      { lines: placed.lines, discount: placed.discount, delivery: placed.delivery, total: placed.total, pincode: placed.address.pincode },
      { scheme: seller.scheme, sellerState: seller.stateCode, ...rules },
    );
    commands.push({
      type: "IssueInvoice",
      invoice: {
        orderId: placed.orderId,
        kind: documentKindFor(seller.scheme, tax.lines),
        ...numbers.invoice,
        issuedAt: at,
        supplier: { legalName: seller.legalName, address: seller.address, gstin: seller.gstin, stateCode: seller.stateCode },
        placeOfSupply: tax.placeOfSupply,
        supply: tax.supply,
        lines: tax.lines,
        totals: tax.totals,
      },
    });
  }
  if (due.credit && numbers.creditNote) {
    commands.push({
      type: "IssueCreditNote",
      creditNote: { orderId: placed.orderId, ...numbers.creditNote, issuedAt: at, reason: due.credit.reason, ...(due.credit.returnId ? { returnId: due.credit.returnId } : {}) },
      amount: due.credit.amount,
      ...(due.credit.goods ? { goods: due.credit.goods } : {}),
    });
  }
  return commands;
}
