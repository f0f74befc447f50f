// The proof a right code leaves for a number without an account (decision 114): only this shop's
// secret makes one, it names one number, and it lasts as long as a code.
import { describe, expect, it } from "vitest";
import { phoneProofs } from "../../services/auth/phone-proof";

describe("phone proofs", () => {
  let now = new Date("2026-11-20T10:00:00.000Z");
  const clock = () => now;
  const proofs = phoneProofs("test-secret-test-secret", clock);

  it("reads back the number it was made for, until it expires", () => {
    const proof = proofs.issue("9876501234");
    expect(proofs.read(proof)).toBe("9876501234");
    now = new Date(now.getTime() + 9 * 60_000);
    expect(proofs.read(proof)).toBe("9876501234");
    now = new Date(now.getTime() + 61_000);
    expect(proofs.read(proof)).toBeNull();
  });

  it("refuses one altered, made under another secret, or not one at all", () => {
    const proof = proofs.issue("9876501234");
    const [version, , expires, mac] = proof.split(".");
    expect(proofs.read(`${version}.9876500000.${expires}.${mac}`)).toBeNull();
    expect(proofs.read(`${version}.9876501234.${Number(expires) + 60_000}.${mac}`)).toBeNull();
    expect(phoneProofs("another-secret-entirely", clock).read(proof)).toBeNull();
    for (const odd of [undefined, null, 42, "", "v1", "v1.123.1.x", `${proof}.extra`, "x".repeat(500)]) expect(proofs.read(odd)).toBeNull();
  });
});
