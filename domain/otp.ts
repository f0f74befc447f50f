/** One-time sign-in codes: the rules every part of the shop agrees on. */
import { CUSTOMER_TEXTS } from "./customer-texts";
import { DEFAULT_LANGUAGE, interpolate, type Language } from "./i18n";

export const OTP_LENGTH = 6;
export const OTP_VALID_MINUTES = 10;
/** What stands for the code wherever its text is stored or shown (outbox, admin page, production log). */
export const OTP_MASK = "*".repeat(OTP_LENGTH);

/** The code's SMS in the language of the page (or /api call) that asked for it. */
export function otpSmsText(shopName: string, code: string, language: Language = DEFAULT_LANGUAGE): string {
  return interpolate(CUSTOMER_TEXTS[language].signInCode, { code, shop: shopName, minutes: OTP_VALID_MINUTES });
}

/** The code's text as the shop keeps it: "****** is your ... sign-in code", in the asker's language. */
export function otpSmsShown(shopName: string, language: Language = DEFAULT_LANGUAGE): string {
  return otpSmsText(shopName, OTP_MASK, language);
}

/**
 * The text that goes out: the kept text (`otpSmsShown`, already in the asker's language) with the
 * code in place of its mask, so the worker needs no language of its own and the row never holds
 * the code (decision 085). A kept text without exactly one mask (none kept, or a shop name with
 * asterisks in it) falls back to the English text.
 */
export function otpSmsFromShown(shown: string | null | undefined, shopName: string, code: string): string {
  const at = shown ? shown.indexOf(OTP_MASK) : -1;
  if (!shown || at === -1 || shown.indexOf(OTP_MASK, at + 1) !== -1) return otpSmsText(shopName, code);
  return `${shown.slice(0, at)}${code}${shown.slice(at + OTP_MASK.length)}`;
}
