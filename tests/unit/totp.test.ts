/** The admins' second factor (decision 197): codes as RFC 4226 and RFC 6238 give them, so every authenticator app agrees. */
import { describe, expect, it } from "vitest";
import {
  base32Decode,
  base32Encode,
  hotp,
  matchingTotpStep,
  newRecoveryCodes,
  newTotpSecret,
  normaliseRecoveryCode,
  otpauthUri,
  totpCode,
  totpStep,
} from "../../services/auth/totp";

const RFC_SECRET = Buffer.from("12345678901234567890", "ascii");

describe("one-time codes", () => {
  it("are RFC 4226's HOTP values for its test secret", () => {
    const expected = ["755224", "287082", "359152", "969429", "338314", "254676", "287922", "162583", "399871", "520489"];
    expect(expected.map((_, counter) => hotp(RFC_SECRET, counter))).toEqual(expected);
  });

  it("are RFC 6238's TOTP values (SHA-1, 8 digits, 30-second steps) at its test times", () => {
    const vectors: [number, string][] = [
      [59, "94287082"],
      [1111111109, "07081804"],
      [1111111111, "14050471"],
      [1234567890, "89005924"],
      [2000000000, "69279037"],
      [20000000000, "65353130"],
    ];
    for (const [seconds, code] of vectors) expect(hotp(RFC_SECRET, totpStep(new Date(seconds * 1000)), 8)).toBe(code);
  });

  it("take base32 secrets as the apps show them, and a new secret is 160 random bits", () => {
    expect(base32Encode(RFC_SECRET)).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    expect(Buffer.from(base32Decode("gezd gnbv gy3t qojq gezd gnbv gy3t qojq")).equals(RFC_SECRET)).toBe(true);
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
  });

  it("accept the step before and after now once each, never a step used already or older", () => {
    const secret = base32Encode(RFC_SECRET);
    const at = new Date(1_700_000_000_000);
    const now = totpStep(at);
    expect(matchingTotpStep(secret, totpCode(secret, at), at, null)).toBe(now);
    expect(matchingTotpStep(secret, totpCode(secret, new Date(at.getTime() - 30_000)), at, null)).toBe(now - 1);
    expect(matchingTotpStep(secret, totpCode(secret, new Date(at.getTime() + 30_000)), at, null)).toBe(now + 1);
    expect(matchingTotpStep(secret, totpCode(secret, new Date(at.getTime() - 90_000)), at, null)).toBeNull();
    // Used once: the same code, or the one before it, is refused.
    expect(matchingTotpStep(secret, totpCode(secret, at), at, now)).toBeNull();
    expect(matchingTotpStep(secret, totpCode(secret, new Date(at.getTime() - 30_000)), at, now)).toBeNull();
    expect(matchingTotpStep(secret, ` ${totpCode(secret, at).slice(0, 3)} ${totpCode(secret, at).slice(3)} `, at, null)).toBe(now);
    for (const typed of ["", "12345", "1234567", "abcdef"]) expect(matchingTotpStep(secret, typed, at, null)).toBeNull();
  });

  it("name the shop and the admin for the app, and recovery codes are ten readable characters, typed any way", () => {
    expect(otpauthUri("JBSWY3DPEHPK3PXP", "Churu Uniform House", "owner@churu.example")).toBe(
      "otpauth://totp/Churu%20Uniform%20House%3Aowner%40churu.example?secret=JBSWY3DPEHPK3PXP&issuer=Churu+Uniform+House&algorithm=SHA1&digits=6&period=30",
    );
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
    expect(normaliseRecoveryCode(` ${codes[0].toUpperCase().replace("-", " ")} `)).toBe(codes[0]);
    expect(normaliseRecoveryCode("abcde-fghi0")).toBeNull();
  });
});
