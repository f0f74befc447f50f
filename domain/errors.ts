/**
 * A business rule said no. It carries no sentence: a key into the `refusals` locale
 * namespace (`"returns.tooMany"` is `refusals:returns.tooMany`), the values its wording
 * names, and the HTTP status that fits. The page words it in the shopper's language from
 * the locale files, the /api in English (or Hindi when asked) with the key as its stable
 * `code`; rewording a rule is an edit of the locale files only. Routes map it to a 4xx;
 * it is never a 500. Checked by `code`, not `instanceof`, because the server bundle and
 * the CLI may load separate copies of this module.
 */
export type RefusalValue = string | number | Refusal;
export type RefusalValues = Readonly<Record<string, RefusalValue>>;

/** A refusal as data: what `RuleViolation` carries, and what one refusal may name inside another. */
export interface Refusal {
  readonly key: string;
  readonly values: RefusalValues;
}

/** `group.name`: letters and digits, one dot. Anything else (a sentence) is refused at once. */
const KEY = /^[a-z][A-Za-z0-9]*\.[a-z][A-Za-z0-9]*$/;

export class RuleViolation extends Error implements Refusal {
  override name = "RuleViolation";
  readonly code = "RULE_VIOLATION";
  constructor(
    /** The refusal's key in the `refusals` namespace, e.g. `"returns.tooMany"`. */
    readonly key: string,
    /** What the wording names: `{ count: 2, name: "Water Bottle" }`; a value may be a refusal of its own. */
    readonly values: RefusalValues = {},
    /**
     * The HTTP status that fits: 403 not this person's to do (their role), 404 missing, 409 conflicts with the
     * current state, 422 refused input, 429 too many for now.
     */
    readonly status: 400 | 403 | 404 | 409 | 413 | 422 | 429 = 422,
  ) {
    // The key, not a sentence: logs and stack traces name the rule; people read the locale's words.
    super(key);
    if (!KEY.test(key)) throw new Error(`RuleViolation: "${key}" is not a refusal key (group.name)`);
  }
}

export function isRuleViolation(err: unknown): err is RuleViolation {
  return !!err && typeof err === "object" && (err as { code?: string }).code === "RULE_VIOLATION";
}

/** A refusal as data, for naming inside another refusal's values. */
export const refusal = (key: string, values: RefusalValues = {}): Refusal => ({ key, values });
