/**
 * The optional gateway's settings (decision 221, README "Settings"): RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and
 * RAZORPAY_WEBHOOK_SECRET together, or none of them (the shop then works as before: UPI straight to its own ID,
 * no fee). RAZORPAY_API_URL names a stand-in in tests and the demo. A half-set gateway stops start-up with one
 * line naming what is missing: a shop that takes money it cannot confirm is worse than one that takes none.
 */
import { ConfigError } from "./config-error";
import type { RazorpaySettings } from "../services/gateway/razorpay";

/**
 * Razorpay's API unless a stand-in is named. Kept here, not beside the client, so reading the settings (as `shop
 * help` does) loads no service's code.
 */
const RAZORPAY_API_URL = "https://api.razorpay.com";

type Env = Record<string, string | undefined>;

const NAMES = ["RAZORPAY_KEY_ID", "RAZORPAY_KEY_SECRET", "RAZORPAY_WEBHOOK_SECRET"] as const;

export function razorpaySettings(env: Env, production: boolean): { razorpay?: RazorpaySettings } {
  const [keyId, keySecret, webhookSecret] = NAMES.map((name) => env[name]?.trim() || undefined);
  if (!keyId && !keySecret && !webhookSecret) return {};
  const missing = NAMES.filter((name) => !env[name]?.trim());
  if (missing.length > 0) throw new ConfigError(`The Razorpay gateway needs ${NAMES.join(", ")} together; missing: ${missing.join(", ")}`);
  if (!/^rzp_(test|live)_[A-Za-z0-9]{6,40}$/.test(keyId!)) throw new ConfigError("RAZORPAY_KEY_ID must be the Key Id from Razorpay's Dashboard, like rzp_live_AbC123xyZ");
  if (production && keyId!.startsWith("rzp_test_")) throw new ConfigError("RAZORPAY_KEY_ID is a test key: in production parents would pay nothing real; set the rzp_live_ key");
  if (webhookSecret!.length < 12) throw new ConfigError("RAZORPAY_WEBHOOK_SECRET must be at least 12 characters (the secret typed when the webhook was made in the Dashboard)");
  const apiText = env.RAZORPAY_API_URL?.trim() || RAZORPAY_API_URL;
  let apiUrl: URL;
  try {
    apiUrl = new URL(apiText);
  } catch {
    throw new ConfigError(`RAZORPAY_API_URL must be an http(s) address, got "${apiText}"`);
  }
  if (apiUrl.protocol !== "https:" && apiUrl.protocol !== "http:") throw new ConfigError(`RAZORPAY_API_URL must be an http(s) address, got "${apiText}"`);
  if (production && apiUrl.protocol !== "https:") throw new ConfigError("RAZORPAY_API_URL must be https in production");
  const timeoutText = env.RAZORPAY_TIMEOUT_MS?.trim() || "15000";
  const timeoutMs = Number(timeoutText);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 500 || timeoutMs > 120_000) throw new ConfigError(`RAZORPAY_TIMEOUT_MS must be a whole number from 500 to 120000, got "${timeoutText}"`);
  return { razorpay: { keyId: keyId!, keySecret: keySecret!, webhookSecret: webhookSecret!, apiUrl: apiUrl.origin, timeoutMs } };
}
