import { Resvg } from "@resvg/resvg-js";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { upiQrSvg } from "../../app/payments/upi-qr.server";
import { upiPayLink, vpaProblem, type UpiPayee } from "../../domain/orders/upi";

const SHOP: UpiPayee = { vpa: "churuuniform@sbi", name: "Churu Uniform House" };

/** What a phone camera would read: the SVG drawn to pixels as a browser would, then decoded. */
function scan(svg: string): string | undefined {
  const png = new Resvg(svg, { fitTo: { mode: "width", value: 400 }, background: "#ffffff" }).render().asPng();
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length), image.width, image.height)?.data;
}

describe("the upi://pay link", () => {
  it("carries the payee, the amount to the paisa, rupees and the order number as note and reference", () => {
    const link = upiPayLink(SHOP, 3185, "CUH-1042");
    expect(link).toBe("upi://pay?pa=churuuniform@sbi&pn=Churu%20Uniform%20House&am=3185.00&cu=INR&tn=CUH-1042&tr=CUH-1042");
    const params = new URL(link).searchParams;
    expect(params.get("pa")).toBe("churuuniform@sbi");
    expect(params.get("pn")).toBe("Churu Uniform House");
    expect(params.get("am")).toBe("3185.00");
    expect(params.get("cu")).toBe("INR");
    expect(params.get("tn")).toBe("CUH-1042");
    expect(params.get("tr")).toBe("CUH-1042");
    expect(link).not.toContain("+");
  });
});

describe("a UPI ID (VPA)", () => {
  it.each(["churuuniform@sbi", "shop.name-1@okaxis"])("takes %j", (vpa) => {
    expect(vpaProblem(vpa)).toBeUndefined();
  });

  it.each(["no-at-sign", "a@", "@sbi", "x y@sbi", `${"a".repeat(296)}@sbi`])("refuses %j", (vpa) => {
    expect(vpaProblem(vpa)).toMatch(/^must be a UPI ID like churuuniform@sbi/);
  });

  it("answers at once for a hostile 100 KB string: no backtracking blow-up", () => {
    const hostile = [`${"a".repeat(100_000)}`, `${"a.".repeat(50_000)}@`, `a@${"b".repeat(100_000)}!`, `${"a@".repeat(50_000)}`];
    const started = performance.now();
    for (const text of hostile) expect(vpaProblem(text)).toBeDefined();
    // Not a timing of the machine: linear checks take a few ms, and backtracking on 100 KB takes minutes. The
    // margin is for a busy machine's pauses.
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe("the UPI QR code", () => {
  it.each([
    ["a payee name with spaces", upiPayLink(SHOP, 3185, "CUH-1042")],
    ["a long payee name", upiPayLink({ vpa: "shop.name-1@okaxis", name: "Shree Churu School Uniform and Accessories House" }, 128450, "CUH-99999")],
  ])("reads back as the exact link, for %s", (_what, link) => {
    expect(scan(upiQrSvg(link, "UPI QR code"))).toBe(link);
  });

  it("is an image with the caller's label, sized by its viewBox, with the 4-module quiet zone", () => {
    const svg = upiQrSvg(upiPayLink(SHOP, 3185, "CUH-1042"), `Pay ₹3,185 to "Churu" <shop> & co`);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 (\d+) \1" role="img"/);
    expect(svg).not.toMatch(/<svg[^>]* (width|height)=/);
    expect(svg).toContain('aria-label="Pay ₹3,185 to &#34;Churu&#34; &#60;shop&#62; &#38; co"');
    expect(svg).toContain("<title>Pay ₹3,185 to &#34;Churu&#34; &#60;shop&#62; &#38; co</title>");
    // No dark module in the first or last four rows or columns.
    const size = Number(/viewBox="0 0 (\d+)/.exec(svg)![1]);
    const runs = [...svg.matchAll(/M(\d+) (\d+)h(\d+)/g)].map(([, x, y, w]) => [Number(x), Number(y), Number(w)]);
    expect(runs.length).toBeGreaterThan(0);
    for (const [x, y, w] of runs) {
      expect(x).toBeGreaterThanOrEqual(4);
      expect(y).toBeGreaterThanOrEqual(4);
      expect(x + w).toBeLessThanOrEqual(size - 4);
      expect(y + 1).toBeLessThanOrEqual(size - 4);
    }
  });

  it("draws a link again from the cache, with the new label", () => {
    const link = upiPayLink(SHOP, 500, "CUH-7");
    const english = upiQrSvg(link, "UPI QR code");
    const hindi = upiQrSvg(link, "UPI QR कोड");
    expect(hindi.replace("UPI QR कोड", "UPI QR code").replace("UPI QR कोड", "UPI QR code")).toBe(english);
  });
});
