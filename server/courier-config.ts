/**
 * The courier's settings (decision 235, docs/configuration.md): all of SHIPROCKET_EMAIL, SHIPROCKET_PASSWORD,
 * SHIPROCKET_PICKUP_LOCATION and SHIPROCKET_PICKUP_PINCODE, or none (no courier: the shop works as before). A part set
 * without the rest is said at start, not found at the first parcel.
 */
import { ConfigError } from "./config-error";
import type { CourierSettings } from "../services/courier/shiprocket";

type Env = Record<string, string | undefined>;

const NEEDED = ["SHIPROCKET_EMAIL", "SHIPROCKET_PASSWORD", "SHIPROCKET_PICKUP_LOCATION", "SHIPROCKET_PICKUP_PINCODE"] as const;

function positive(env: Env, name: string, fallback: number, max: number): number {
  const text = env[name]?.trim();
  if (!text) return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0 || value > max) throw new ConfigError(`${name} must be a number above 0 and at most ${max}, got "${text}"`);
  return value;
}

export function courierSettings(env: Env): CourierSettings | undefined {
  const set = NEEDED.filter((name) => env[name]?.trim());
  if (set.length === 0) return undefined;
  if (set.length < NEEDED.length) {
    throw new ConfigError(`the courier needs ${NEEDED.join(", ")}; missing: ${NEEDED.filter((n) => !set.includes(n)).join(", ")}`);
  }
  const pincode = env.SHIPROCKET_PICKUP_PINCODE!.trim();
  if (!/^[1-9]\d{5}$/.test(pincode)) throw new ConfigError(`SHIPROCKET_PICKUP_PINCODE must be a 6-digit pincode, got "${pincode}"`);
  const url = env.SHIPROCKET_URL?.trim() || "https://apiv2.shiprocket.in";
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigError(`SHIPROCKET_URL must be an http(s) address, got "${url}"`);
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") throw new ConfigError(`SHIPROCKET_URL must be an http(s) address, got "${url}"`);
  const token = env.SHIPROCKET_WEBHOOK_TOKEN?.trim();
  if (token !== undefined && token !== "" && token.length < 16) throw new ConfigError("SHIPROCKET_WEBHOOK_TOKEN must be at least 16 characters (openssl rand -hex 16 makes one)");
  return {
    provider: "shiprocket",
    url,
    email: env.SHIPROCKET_EMAIL!.trim(),
    password: env.SHIPROCKET_PASSWORD!.trim(),
    pickupLocation: env.SHIPROCKET_PICKUP_LOCATION!.trim(),
    pickupPincode: pincode,
    ...(token ? { webhookToken: token } : {}),
    parcelKg: positive(env, "SHIPROCKET_PARCEL_KG", 0.5, 30),
    parcelCm: {
      length: positive(env, "SHIPROCKET_PARCEL_LENGTH_CM", 30, 200),
      breadth: positive(env, "SHIPROCKET_PARCEL_BREADTH_CM", 25, 200),
      height: positive(env, "SHIPROCKET_PARCEL_HEIGHT_CM", 5, 200),
    },
    timeoutMs: positive(env, "SHIPROCKET_TIMEOUT_MS", 10_000, 120_000),
    quietMs: positive(env, "SHIPROCKET_QUIET_HOURS", 6, 72) * 3_600_000,
  };
}
