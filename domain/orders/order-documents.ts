/**
 * The tax documents an order's change calls for (decisions 126 and 160), pure: which are due from the moves of
 * the lifecycle (./lifecycle.ts) and the refunds among the events decided, and the order commands that issue them
 * once their numbers are taken from the series (services/tax-documents.ts takes them, in the same command).
 */
import { computeOrderTax } from "../tax/lines";
import { documentKindOf, liveInvoice, type CreditReason, type TaxDocumentCommand, type TaxDocuments } from "../tax/documents";
import type { TaxRateSettings } from "../tax/rates";
import type { SellerSettings } from "../tax/seller";
import { movesIn } from "./lifecycle";
import type { OrderPlaced } from "./events";

export interface DocumentsDue {
  /** The goods leave the shop and no invoice stands for them. */
  invoice: boolean;
  /** The live invoice is reversed: all it has left (a parcel back), or a refund's amount, in paisa. */
  credit?: { reason: CreditReason; amount: number };
}

/**
 * What a change calls for, from the documents before it and the events it decided: an invoice for a move that takes
 * goods out with none live; after one, a credit note for a move that brings them back (all the invoice has left), or
 * for a refund (its amount, a return's when a return was received).
 */
export function documentsDue(before: TaxDocuments, events: readonly { type: string; data: unknown }[]): DocumentsDue {
  const live = liveInvoice(before);
  const steps = movesIn(events).flatMap((move) => move.documents);
  const invoice = !live && steps.some((step) => step.issue === "invoice");
  if (!live) return { invoice };
  const back = steps.find((step) => step.issue === "creditNote");
  if (back && back.issue === "creditNote") return { invoice, credit: { reason: back.reason, amount: Number.MAX_SAFE_INTEGER } };
  const refunded = events.filter((e) => e.type === "PaymentRefunded").reduce((sum, e) => sum + Number((e.data as { amount: number }).amount) * 100, 0);
  if (refunded > 0) return { invoice, credit: { reason: events.some((e) => e.type === "ReturnReceived") ? "return" : "refund", amount: refunded } };
  return { invoice };
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
  rates: TaxRateSettings,
  at: string,
): TaxDocumentCommand[] {
  const commands: TaxDocumentCommand[] = [];
  if (due.invoice && numbers.invoice) {
    const tax = computeOrderTax(
      { lines: placed.lines, discount: placed.discount, delivery: placed.delivery, total: placed.total, pincode: placed.address.pincode },
      { scheme: seller.scheme, sellerState: seller.stateCode, rates },
    );
    commands.push({
      type: "IssueInvoice",
      invoice: {
        orderId: placed.orderId,
        kind: documentKindOf(seller.scheme),
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
      creditNote: { orderId: placed.orderId, ...numbers.creditNote, issuedAt: at, reason: due.credit.reason },
      amount: due.credit.amount,
    });
  }
  return commands;
}
