/**
 * A parent's own details on their account page (decision 114): their name, their email and their
 * mobile number. Pure rules; the service (services/accounts.ts) looks up what they need (who else
 * has that email or number) and writes what was decided.
 */
import { RuleViolation } from "../errors";

export interface AccountDetails {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  /** The account signs in with its email and a password. */
  hasPassword: boolean;
}

/**
 * A new name and email (already checked as a form: name given, email well formed or empty). An
 * account that signs in with email and password keeps an email to sign in with; an email another
 * account has is refused (409). Nothing changed decides nothing.
 */
export function decideProfile(
  change: { name: string; email: string | null },
  account: AccountDetails,
  /** The account that has `change.email` now, if any. */
  emailOwner: string | null,
): { name: string; email: string | null } | null {
  if (!change.email && account.hasPassword) throw new RuleViolation("account.emailNeeded", {}, 422);
  if (change.email && emailOwner && emailOwner !== account.id) throw new RuleViolation("account.emailTaken", {}, 409);
  if (change.name === account.name && change.email === account.email) return null;
  return change;
}

/**
 * A new number for the account: not the number it already has (nothing to prove), nor one another
 * account signs in with (it would take that account's number away). The owner is asked only once
 * the new number's code was right (`phoneOwner` null before): whoever holds the number may be told
 * it has an account, anyone else may not (decision 010).
 */
export function checkNewPhone(phone: string, account: Pick<AccountDetails, "id" | "phone">, phoneOwner: string | null): void {
  if (phone === account.phone) throw new RuleViolation("account.phoneSame", {}, 422);
  if (phoneOwner && phoneOwner !== account.id) throw new RuleViolation("account.phoneTaken", {}, 409);
}
