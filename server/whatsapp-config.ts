/**
 * WhatsApp Business (Cloud API) settings (decision 230, docs/notifications.md): WHATSAPP_PHONE_NUMBER_ID,
 * WHATSAPP_ACCESS_TOKEN, WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN together, or none of them (texts go by
 * SMS as before). One set without the others stops start-up with a line naming what is missing.
 */
import { ConfigError } from "./config-error";
import type { WhatsAppSettings } from "../services/whatsapp";

type Env = Record<string, string | undefined>;

const REQUIRED = ["WHATSAPP_PHONE_NUMBER_ID", "WHATSAPP_ACCESS_TOKEN", "WHATSAPP_APP_SECRET", "WHATSAPP_VERIFY_TOKEN"] as const;
export const DEFAULT_WHATSAPP_API_URL = "https://graph.facebook.com/v21.0";

function whole(env: Env, name: string, fallback: number, min: number, max: number): number {
  const text = env[name]?.trim();
  if (!text) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${text}"`);
  return value;
}

export function whatsappSettings(env: Env): WhatsAppSettings | undefined {
  const given = REQUIRED.filter((name) => env[name]?.trim());
  if (given.length === 0) return undefined;
  const missing = REQUIRED.filter((name) => !env[name]?.trim());
  if (missing.length > 0) throw new ConfigError(`WhatsApp needs ${REQUIRED.join(", ")} together; missing: ${missing.join(", ")}`);
  const phoneNumberId = env.WHATSAPP_PHONE_NUMBER_ID!.trim();
  if (!/^\d{5,30}$/.test(phoneNumberId)) throw new ConfigError("WHATSAPP_PHONE_NUMBER_ID must be the phone number's id from WhatsApp Manager (digits)");
  const apiUrl = env.WHATSAPP_API_URL?.trim() || DEFAULT_WHATSAPP_API_URL;
  let url: URL;
  try {
    url = new URL(apiUrl);
  } catch {
    throw new ConfigError("WHATSAPP_API_URL is not a valid URL (expected https://graph.facebook.com/v21.0)");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new ConfigError("WHATSAPP_API_URL must start with https://");
  return {
    phoneNumberId,
    accessToken: env.WHATSAPP_ACCESS_TOKEN!.trim(),
    appSecret: env.WHATSAPP_APP_SECRET!.trim(),
    verifyToken: env.WHATSAPP_VERIFY_TOKEN!.trim(),
    apiUrl,
    timeoutMs: whole(env, "WHATSAPP_TIMEOUT_MS", 10_000, 100, 120_000),
    fallbackMs: whole(env, "WHATSAPP_FALLBACK_MINUTES", 30, 1, 24 * 60) * 60_000,
    codeFallbackMs: whole(env, "WHATSAPP_CODE_FALLBACK_SECONDS", 60, 10, 600) * 1000,
  };
}
