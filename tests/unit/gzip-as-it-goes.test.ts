import { describe, expect, it } from "vitest";
import { withoutBrotli } from "../../server/gzip-as-it-goes";

describe("what the compression middleware is shown of Accept-Encoding", () => {
  it("leaves brotli out and refuses it, keeping every other coding and its weight", () => {
    expect(withoutBrotli("gzip, deflate, br")).toBe("gzip, deflate, br;q=0");
    expect(withoutBrotli("br;q=1.0, gzip;q=0.8, *;q=0.1")).toBe("gzip;q=0.8, *;q=0.1, br;q=0");
    expect(withoutBrotli("BR")).toBe("br;q=0");
    expect(withoutBrotli("*")).toBe("*, br;q=0");
    expect(withoutBrotli("identity")).toBe("identity, br;q=0");
    // brotli's name inside another coding's is not brotli.
    expect(withoutBrotli("xbr, brx")).toBe("xbr, brx, br;q=0");
  });

  it("reads a header of any length in one pass", () => {
    const long = "gzip, ".repeat(20_000) + "br";
    expect(withoutBrotli(long).endsWith("gzip, br;q=0")).toBe(true);
  });
});
