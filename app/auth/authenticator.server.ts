import { createHash, randomBytes } from "node:crypto";
import type { AppLoadContext, SessionStorage } from "@remix-run/node";
import { AuthorizationError, Authenticator, Strategy, type AuthenticateOptions } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { GoogleStrategy, type GoogleProfile } from "remix-auth-google";
import { z } from "zod";
import type { Shop } from "../../services/index";
import { AuthError, isAuthError, type User } from "../../services/auth/index";
import { authRefusal } from "../../domain/auth";
import type { Refusal } from "../../domain/errors";
import type { Language } from "../../domain/i18n";
import { adminStorage, shopperStorage, type SessionData } from "./session.server";

/** Google sign-in as configured (GOOGLE_CLIENT_ID and the rest): what the shop was started with. */
type GoogleSettings = NonNullable<Shop["config"]["auth"]["google"]>;

/** What a strategy gets besides the request: the shop, the caller's address, and the form already read by the action. */
export interface AuthContext {
  shop: Shop;
  clientIp?: string;
  formData?: FormData;
  /** Phone code step: the name the parent gave at sign-up, for an account the code makes. */
  name?: string;
  /** A sign-up's page language: the account is made with the consent given by pressing its button. */
  signUpLanguage?: Language;
  /**
   * Phone code step, set by the strategy: the code was right but the number has no account and no
   * name was given. The page keeps this proof in its session and asks for the name (decision 114).
   */
  phoneProof?: string;
  /** The admin login: this browser's admin device cookie, a past sign-in that lets it past the holds (decision 253). */
  adminDevice?: string | null;
}

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

function shopOf(context: AppLoadContext | undefined): AuthContext {
  const ctx = context as unknown as AuthContext | undefined;
  if (!ctx?.shop) throw new Error("the authenticator needs the shop in its context");
  return ctx;
}

/**
 * The code step of phone sign-in as a remix-auth strategy: the number comes
 * from the session (the send step put it there), the code from the form.
 * A phone number alone never gets this far.
 */
export class PhoneCodeStrategy extends Strategy<User, { phone: string; code: string; context?: AppLoadContext; request: Request }> {
  name = "phone-code";

  async authenticate(request: Request, sessionStorage: SessionStorage, options: AuthenticateOptions): Promise<User> {
    const session = await sessionStorage.getSession(request.headers.get("Cookie"));
    const phone = (session.data as SessionData).otpPhone;
    const formData = (options.context as unknown as AuthContext | undefined)?.formData ?? (await request.formData());
    if (!phone) {
      return this.failure("auth.otpPhoneMissing", request, sessionStorage, options, new AuthError("invalid_input", authRefusal("otpPhoneMissing")));
    }
    try {
      const user = await this.verify({ phone, code: text(formData, "otp"), context: options.context, request });
      return this.success(user, request, sessionStorage, options);
    } catch (err) {
      const error = err instanceof Error ? err : new Error(String(err));
      return this.failure(error.message, request, sessionStorage, options, error);
    }
  }
}

const googleUserInfo = z.object({
  sub: z.string().min(1),
  name: z.string().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  picture: z.string().optional(),
  email: z.string().optional(),
  email_verified: z.union([z.boolean(), z.enum(["true", "false"])]).optional(),
});

/** Where a Google sign-in attempt keeps its PKCE code_verifier: the shopper session, beside the state. */
const CODE_VERIFIER_KEY = "google:code_verifier";

/** RFC 7636's S256: the challenge Google keeps with the code is the verifier's sha-256, base64url. */
export function codeChallengeOf(verifier: string): string {
  return createHash("sha256").update(verifier).digest("base64url");
}

/** A session storage that also puts `key` in the session whenever it is committed. */
function committingAlso(storage: SessionStorage, key: string, value: string): SessionStorage {
  return {
    ...storage,
    commitSession(session, options) {
      session.set(key, value);
      return storage.commitSession(session, options);
    },
  };
}

/**
 * remix-auth-google 2.0 hard-codes Google's addresses. The authorization and
 * token URLs are protected fields we can replace; the profile URL is private,
 * so the profile request is redone here (which also checks the answer).
 * Tests point all three at a local fake Google.
 *
 * PKCE (decision 084), which remix-auth-oauth2 1.11 lacks: each hop to Google
 * gets a fresh code_verifier, kept in the shopper session with the state; the
 * authorization URL carries its S256 challenge and the token request the
 * verifier, so a code taken from someone else's sign-in is useless in another
 * session. A strategy lives for one request (the authenticator is built per
 * request), so the verifier can be a field.
 */
export class ShopGoogleStrategy extends GoogleStrategy<User> {
  private readonly profileUrl: string;
  private codeVerifier: string | null = null;

  constructor(settings: GoogleSettings, verify: ConstructorParameters<typeof GoogleStrategy<User>>[1]) {
    super(
      { clientID: settings.clientId, clientSecret: settings.clientSecret, callbackURL: settings.callbackUrl, prompt: "select_account" },
      verify,
    );
    this.authorizationURL = settings.authorizationUrl;
    this.tokenURL = settings.tokenUrl;
    this.profileUrl = settings.profileUrl;
  }

  override async authenticate(request: Request, sessionStorage: SessionStorage, options: AuthenticateOptions): Promise<User> {
    const onCallback = new URL(request.url).pathname === new URL(this.callbackURL).pathname;
    if (!onCallback) {
      // The hop to Google: the parent commits the session with the state in it; the verifier goes in with it.
      this.codeVerifier = randomBytes(32).toString("base64url");
      return super.authenticate(request, committingAlso(sessionStorage, CODE_VERIFIER_KEY, this.codeVerifier), options);
    }
    const session = await sessionStorage.getSession(request.headers.get("Cookie"));
    const verifier: unknown = session.get(CODE_VERIFIER_KEY);
    if (typeof verifier !== "string" || !verifier) {
      const message = "Missing code verifier on session.";
      return this.failure(message, request, sessionStorage, options, new Error(message));
    }
    this.codeVerifier = verifier;
    return super.authenticate(request, sessionStorage, options);
  }

  protected override authorizationParams(): URLSearchParams {
    const params = super.authorizationParams();
    if (this.codeVerifier) {
      params.set("code_challenge", codeChallengeOf(this.codeVerifier));
      params.set("code_challenge_method", "S256");
    }
    return params;
  }

  protected override tokenParams(): URLSearchParams {
    const params = super.tokenParams();
    if (this.codeVerifier) params.set("code_verifier", this.codeVerifier);
    return params;
  }

  protected override async userProfile(accessToken: string): Promise<GoogleProfile> {
    const response = await fetch(this.profileUrl, {
      headers: { Authorization: `Bearer ${accessToken}` },
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`Google profile request failed with ${response.status}`);
    const raw = googleUserInfo.parse(await response.json());
    return {
      provider: "google",
      id: raw.sub,
      displayName: raw.name ?? "",
      name: { familyName: raw.family_name ?? "", givenName: raw.given_name ?? "" },
      emails: [{ value: raw.email ?? "" }],
      photos: [{ value: raw.picture ?? "" }],
      _json: raw as GoogleProfile["_json"],
    };
  }
}

/** The shopper's strategies, on the shopper session storage (Google keeps its state parameter there). */
export function shopperAuthenticator(shop: Shop): Authenticator<User> {
  const authenticator = new Authenticator<User>(shopperStorage(shop) as unknown as SessionStorage, { throwOnError: true });
  authenticator.use(
    new FormStrategy<User>(async ({ form, context }) => {
      const { shop, clientIp } = shopOf(context);
      return shop.auth.loginWithPassword({ email: text(form, "identifier"), password: text(form, "password"), ip: clientIp });
    }),
    "email-password",
  );
  authenticator.use(
    new FormStrategy<User>(async ({ form, context }) => {
      const { shop, clientIp } = shopOf(context);
      const { signUpLanguage } = shopOf(context);
      return shop.auth.registerWithEmail({
        email: text(form, "email"),
        password: text(form, "password"),
        ip: clientIp,
        ...(signUpLanguage ? { consent: { language: signUpLanguage } } : {}),
      });
    }),
    "email-signup",
  );
  authenticator.use(
    new PhoneCodeStrategy(async ({ phone, code, context }) => {
      const ctx = shopOf(context);
      const { shop, clientIp, name, signUpLanguage } = ctx;
      if (name) return shop.auth.verifyCode({ phone, code, ip: clientIp, name, ...(signUpLanguage ? { consent: { language: signUpLanguage } } : {}) });
      // A number new to the shop gets no account until the parent has said their name.
      const proven = await shop.auth.proveCode({ phone, code, ip: clientIp });
      if ("user" in proven) return proven.user;
      ctx.phoneProof = proven.proof;
      throw new AuthError("invalid_input", authRefusal("nameRequired"));
    }),
  );
  const google = shop.config.auth.google;
  if (google) {
    authenticator.use(
      new ShopGoogleStrategy(google, async ({ profile, context }) => {
        const { shop } = shopOf(context);
        const verified = profile._json.email_verified as unknown;
        return shop.auth.signInWithGoogle({
          googleId: profile.id,
          email: profile._json.email ?? null,
          emailVerified: verified === true || verified === "true",
          name: profile.displayName || null,
        });
      }),
    );
  }
  return authenticator;
}

export function adminAuthenticator(shop: Shop): Authenticator<User> {
  const authenticator = new Authenticator<User>(adminStorage(shop) as unknown as SessionStorage, { throwOnError: true });
  authenticator.use(
    new FormStrategy<User>(async ({ form, context }) => {
      const { shop, clientIp, adminDevice } = shopOf(context);
      return shop.auth.loginWithPassword({ email: text(form, "email"), password: text(form, "password"), ip: clientIp, as: "admin", device: adminDevice });
    }),
    "admin-password",
  );
  return authenticator;
}

/** A sign-in step's outcome: the user, or the refusal (a key with values, which the page words) and its status. */
export type AuthOutcome = { ok: true; user: User } | { ok: false; refusal: Refusal; status: number };

/**
 * Runs a strategy and turns a refusal into a message and a status. Redirects
 * a strategy throws (Google's hop to the consent screen) pass through.
 */
export async function runStrategy(
  authenticator: Authenticator<User>,
  strategy: string,
  request: Request,
  context: AuthContext,
): Promise<AuthOutcome> {
  // The action has already read the form (it is in the context); remix-auth copies the request, which a used body forbids.
  const bodiless = request.bodyUsed ? new Request(request.url, { method: request.method, headers: request.headers }) : request;
  try {
    const user = await authenticator.authenticate(strategy, bodiless, { throwOnError: true, context: context as unknown as AppLoadContext });
    return { ok: true, user };
  } catch (err) {
    if (err instanceof Response) throw err;
    if (isAuthError(err)) return { ok: false, refusal: err.refusal, status: err.status };
    if (!(err instanceof AuthorizationError)) throw err;
    const cause = err.cause;
    if (isAuthError(cause)) return { ok: false, refusal: cause.refusal, status: cause.status };
    // Google's side (a forged or stale state, a refused code, an odd profile) is a failed sign-in, not our fault.
    if (strategy === "google") return { ok: false, refusal: authRefusal("googleFailed"), status: 401 };
    // Anything else inside our own strategies (the database is down...) is a real fault.
    throw cause ?? err;
  }
}
