// An order's id and the idempotency key it comes from: shared by every way of placing one and by the pages that hand out keys.
import { randomUUID } from "node:crypto";
import { RuleViolation } from "../../domain/errors";
import { uuidFromHash } from "../../eventstore/command-handler";

/**
 * The order id is derived from the idempotency key within a scope (the cart, the
 * API user, the guest's mobile number), so a retry names the same order and two
 * clients that happen to pick the same key never meet.
 */
export function orderIdFor(scope: string, idempotencyKey: string): string {
  return uuidFromHash(`order\n${scope}\n${idempotencyKey}`);
}

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

export function checkIdempotencyKey(key: unknown): string {
  if (typeof key !== "string" || key.trim() === "") {
    throw new RuleViolation("orders.formExpired", {}, 400);
  }
  if (!IDEMPOTENCY_KEY_PATTERN.test(key.trim())) {
    throw new RuleViolation("orders.badKey", {}, 400);
  }
  return key.trim();
}

export const newIdempotencyKey = () => randomUUID();
