/**
 * A statement the owner uploaded, as a stream of its own: `statement-<sha256 of the file>`, so the
 * same file read twice is the same stream and changes nothing the second time (decision 220). It
 * keeps the credits as the shop read them (masked payers, no narration: the file itself is never
 * kept), how each was matched when read, and the proposals the owner confirmed since.
 */
import "../zod-in-browser";
import { z } from "zod";
import { RuleViolation } from "../errors";
import type { Decider } from "../events/decider";
import { createEventRegistry } from "../events/registry";
import type { Actor } from "../orders/events";
import { displayOrderId } from "../orders/order";
import type { SkippedLines, StatementCredit } from "./credits";
import type { CreditMatch } from "./matching";

/** The files the shop reads (services/statements/shapes.ts): five banks' account statements and three UPI apps' reports. */
export const STATEMENT_SHAPES = ["sbi", "hdfc", "icici", "axis", "bob", "phonepe", "paytm", "bharatpe"] as const;
export type StatementShape = (typeof STATEMENT_SHAPES)[number];

export const statementStreamId = (statementId: string) => `statement-${statementId}`;
/** A statement's id: the file's sha256 in hex. */
export const STATEMENT_ID = /^[0-9a-f]{64}$/;

export interface StatementReadData {
  statementId: string;
  fileName: string;
  shape: StatementShape;
  credits: StatementCredit[];
  matches: CreditMatch[];
  skipped: SkippedLines;
  actor: Actor;
  at: string;
}

export interface CreditsSettledData {
  statementId: string;
  settled: { row: number; orderId: string }[];
  actor: Actor;
  at: string;
}

export type StatementEvent = { type: "StatementRead"; data: StatementReadData } | { type: "CreditsSettled"; data: CreditsSettledData };

const actor = z.object({ kind: z.enum(["admin", "customer", "guest", "system"]), id: z.string().optional(), name: z.string().optional() });
const reference = z.string().regex(/^\d{12}$/);
const credit = z.object({
  row: z.number().int().positive(),
  on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  at: z.string().optional(),
  paise: z.number().int().positive(),
  reference: reference.optional(),
  payer: z.string().max(200).optional(),
  orderNumber: z.string().regex(/^[0-9A-F]{8}$/).optional(),
});
const row = z.number().int().positive();
const match = z.discriminatedUnion("standing", [
  z.object({ row, standing: z.literal("matched"), by: z.literal("reference"), orderId: z.string() }),
  z.object({ row, standing: z.literal("proposed"), by: z.enum(["reference", "note", "amount"]), orderId: z.string() }),
  z.object({ row, standing: z.literal("conflict"), reference, orderIds: z.array(z.string()) }),
  z.object({ row, standing: z.literal("alreadyPaid"), orderId: z.string() }),
  z.object({ row, standing: z.literal("unmatched"), fits: z.number().int().nonnegative() }),
]);
const count = z.number().int().nonnegative();

export const statementEvents = createEventRegistry<StatementEvent>("statement", {
  StatementRead: {
    version: 1,
    schema: z.object({
      statementId: z.string().regex(STATEMENT_ID),
      fileName: z.string().max(255),
      shape: z.enum(STATEMENT_SHAPES),
      credits: z.array(credit),
      matches: z.array(match),
      skipped: z.object({ debits: count, duplicates: count, reversed: count }),
      actor,
      at: z.string(),
    }),
  },
  CreditsSettled: {
    version: 1,
    schema: z.object({ statementId: z.string().regex(STATEMENT_ID), settled: z.array(z.object({ row, orderId: z.string() })).min(1), actor, at: z.string() }),
  },
});

export type StatementState =
  | { read: false }
  | {
      read: true;
      statementId: string;
      credits: ReadonlyMap<number, StatementCredit>;
      matches: ReadonlyMap<number, CreditMatch>;
      /** Credits the owner confirmed since, by row: the order each paid. */
      settled: ReadonlyMap<number, string>;
    };

export type StatementCommand =
  | ({ type: "ReadStatement" } & StatementReadData)
  /** The owner confirms credits for orders in bulk (a proposal each, usually). */
  | { type: "SettleCredits"; statementId: string; choices: readonly { row: number; orderId: string }[]; actor: Actor; at: string };

function evolve(state: StatementState, event: StatementEvent): StatementState {
  switch (event.type) {
    case "StatementRead":
      return {
        read: true,
        statementId: event.data.statementId,
        credits: new Map(event.data.credits.map((c) => [c.row, c])),
        matches: new Map(event.data.matches.map((m) => [m.row, m])),
        settled: new Map(),
      };
    case "CreditsSettled": {
      if (!state.read) return state;
      const settled = new Map(state.settled);
      for (const { row, orderId } of event.data.settled) settled.set(row, orderId);
      return { ...state, settled };
    }
  }
}

/** The order a credit paid already: matched by reference when read, or confirmed by the owner since. */
export function creditPaid(state: Extract<StatementState, { read: true }>, row: number): string | undefined {
  const match = state.matches.get(row);
  if (match?.standing === "matched") return match.orderId;
  return state.settled.get(row);
}

export const statementDecider: Decider<StatementState, StatementCommand, StatementEvent> = {
  initialState: () => ({ read: false }),
  evolve,
  decide(command, state) {
    if (command.type === "ReadStatement") {
      // The same file again: read once, whoever uploads it and whenever.
      if (state.read) return [];
      const { type: _type, ...data } = command;
      return [{ type: "StatementRead", data }];
    }
    if (!state.read) throw new RuleViolation("statements.notFound", {}, 404);
    const { choices, actor, at, statementId } = command;
    if (choices.length === 0) throw new RuleViolation("statements.nothingChosen", {}, 422);
    const rows = new Set<number>();
    const orders = new Set<string>();
    for (const { row, orderId } of choices) {
      if (rows.has(row)) throw new RuleViolation("statements.rowTwice", { row }, 422);
      rows.add(row);
      if (!state.credits.has(row)) throw new RuleViolation("statements.noSuchCredit", { row }, 422);
      if (creditPaid(state, row) !== undefined) throw new RuleViolation("statements.creditSettled", { row }, 409);
      if (orders.has(orderId)) throw new RuleViolation("statements.orderTwice", { number: displayOrderId(orderId) }, 422);
      orders.add(orderId);
    }
    return [{ type: "CreditsSettled", data: { statementId, settled: choices.map(({ row, orderId }) => ({ row, orderId })), actor, at } }];
  },
};
