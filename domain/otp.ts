/** One-time sign-in codes: the rules every part of the shop agrees on. */
export const OTP_LENGTH = 6;
export const OTP_VALID_MINUTES = 10;
/** What stands for the code wherever its text is stored or shown (outbox, admin page, production log). */
export const OTP_MASK = "*".repeat(OTP_LENGTH);

export function otpSmsText(shopName: string, code: string): string {
  return `${code} is your ${shopName} sign-in code. It is valid for ${OTP_VALID_MINUTES} minutes. Do not share it with anyone.`;
}

/** The code's text as the shop keeps it: "****** is your ... sign-in code". */
export function otpSmsShown(shopName: string): string {
  return otpSmsText(shopName, OTP_MASK);
}
