import { describe, expect, it } from "vitest";
import { codeSealKey, openCode, sealCode, SealBroken } from "../../services/auth/sealed-codes";

describe("sealed sign-in codes", () => {
  const key = codeSealKey("the shop's session secret");
  const to = { key: "otp:0b7c6a1e", phone: "9876543210" };

  it("opens with the same secret for the same record and number", () => {
    const sealed = sealCode(key, "807042", to);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(openCode(key, sealed, to)).toBe("807042");
  });

  it("seals the same code differently every time", () => {
    expect(sealCode(key, "807042", to)).not.toBe(sealCode(key, "807042", to));
  });

  it("does not open under another shop's secret, for another number or record, or once altered", () => {
    const sealed = sealCode(key, "807042", to);
    expect(() => openCode(codeSealKey("another secret"), sealed, to)).toThrow(SealBroken);
    expect(() => openCode(key, sealed, { ...to, phone: "9876543211" })).toThrow(SealBroken);
    expect(() => openCode(key, sealed, { ...to, key: "otp:someone-else" })).toThrow(SealBroken);
    // Alter one byte of the sealed text itself (a character swap in base64url may change no byte, or not this one).
    const bytes = Buffer.from(sealed.slice("v1.".length), "base64url");
    bytes[bytes.length - 1] ^= 0x01;
    const flipped = `v1.${bytes.toString("base64url")}`;
    expect(flipped).not.toBe(sealed);
    expect(() => openCode(key, flipped, to)).toThrow(SealBroken);
    expect(() => openCode(key, "807042", to)).toThrow(SealBroken);
  });
});
