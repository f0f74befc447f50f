/** One-time sign-in codes: the rules every part of the shop agrees on. */
export const OTP_LENGTH = 6;
export const OTP_VALID_MINUTES = 10;

export function otpSmsText(shopName: string, code: string): string {
  return `${code} is your ${shopName} sign-in code. It is valid for ${OTP_VALID_MINUTES} minutes. Do not share it with anyone.`;
}
