import { ConfigError } from "./config-error";
import type { AuthSettings, GoogleSettings } from "../services/settings";

type Env = Record<string, string | undefined>;

export type { AuthSettings, GoogleSettings };

function url(env: Env, name: string, fallback: string): string {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  try {
    const parsed = new URL(raw);
    if (parsed.protocol !== "https:" && parsed.protocol !== "http:") throw new Error("protocol");
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL, got "${raw}"`);
  }
  return raw;
}

export const GOOGLE_CALLBACK_PATH = "/api/users/google/callback";

/**
 * `shopUrl`: the shop's public address (SHOP_URL, or the development default);
 * undefined in production without SHOP_URL, where Google sign-in then needs
 * GOOGLE_CALLBACK_URL or refuses to start.
 */
export function readAuthSettings(env: Env, where: { shopUrl: string | undefined }): AuthSettings {
  const clientId = env.GOOGLE_CLIENT_ID?.trim();
  const clientSecret = env.GOOGLE_CLIENT_SECRET?.trim();
  const callbackUrl = env.GOOGLE_CALLBACK_URL?.trim()
    ? url(env, "GOOGLE_CALLBACK_URL", "")
    : where.shopUrl && `${where.shopUrl}${GOOGLE_CALLBACK_PATH}`;
  if (clientId && clientSecret && !callbackUrl) {
    throw new ConfigError(
      "Google sign-in needs SHOP_URL (the shop's public address, e.g. https://shop.example.in) or GOOGLE_CALLBACK_URL in production",
    );
  }
  const google: GoogleSettings | null =
    clientId && clientSecret && callbackUrl
      ? {
          clientId,
          clientSecret,
          callbackUrl,
          authorizationUrl: url(env, "GOOGLE_AUTH_URL", "https://accounts.google.com/o/oauth2/v2/auth"),
          tokenUrl: url(env, "GOOGLE_TOKEN_URL", "https://oauth2.googleapis.com/token"),
          profileUrl: url(env, "GOOGLE_PROFILE_URL", "https://www.googleapis.com/oauth2/v3/userinfo"),
        }
      : null;
  const email = env.ADMIN_EMAIL?.trim();
  const password = env.ADMIN_PASSWORD ?? "";
  if (email && !password) throw new ConfigError("ADMIN_EMAIL is set but ADMIN_PASSWORD is not");
  if (!email && password) throw new ConfigError("ADMIN_PASSWORD is set but ADMIN_EMAIL is not");
  return { google, firstAdmin: email ? { email, password } : null };
}
