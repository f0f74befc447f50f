// The privacy notice says how long tax invoices are kept, why, and under which law, in both languages
// (issue 33; docs/privacy.md): section 36 of the CGST Act, 2017 keeps a registered shop's accounts until 72
// months after the due date of the annual return for their year.
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { INVOICE_KEPT_MONTHS } from "../../domain/privacy/notice";

const howLong = (lang: "en" | "hi") => (JSON.parse(fs.readFileSync(`app/locales/${lang}/privacy.json`, "utf8")) as { howLong: string }).howLong;

describe("the notice on keeping tax invoices", () => {
  it("keeps them 72 months, the period section 36 sets", () => {
    expect(INVOICE_KEPT_MONTHS).toBe(72);
  });

  it("names the period, the reason and the law in English", () => {
    const text = howLong("en");
    expect(text).toContain("{{months}} months after the due date of the annual return");
    expect(text).toContain("Central Goods and Services Tax Act, 2017, section 36");
    expect(text).toMatch(/accounts, which the GST law makes the shop keep for tax officers to check/);
  });

  it("names the period, the reason and the law in Hindi", () => {
    const text = howLong("hi");
    expect(text).toContain("वार्षिक रिटर्न की नियत तारीख़ के {{months}} महीने बाद तक");
    expect(text).toContain("केंद्रीय माल और सेवा कर अधिनियम, 2017 की धारा 36");
    expect(text).toContain("कर अधिकारियों की जाँच के लिए");
  });
});
