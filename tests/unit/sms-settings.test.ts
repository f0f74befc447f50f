// SMS_PROVIDER in production, and what MSG91 needs to send in India (a DLT sender id and each message's
// DLT template id): server/config.ts reads them, one line naming the setting when one is wrong.
import { describe, expect, it } from "vitest";
import { ConfigError, readConfig } from "../../server/config";
import { dltTemplateSetting, SMS_TEMPLATES } from "../../domain/sms-templates";
import { describeSmsTransport, messageTransports } from "../../services/notifications";
import { TEST_DLT_ENV, testTemplateId } from "../support/sms-inbox";

const MSG91 = { SMS_PROVIDER: "msg91", SMS_API_KEY: "key" };

function refusal(read: () => unknown): Error {
  try {
    read();
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).not.toContain("\n");
    return err as Error;
  }
  throw new Error("expected a ConfigError");
}

describe("SMS_PROVIDER in production", () => {
  it("refuses to start with the console transport nobody chose: no code or order text would reach a phone", () => {
    const err = refusal(() => readConfig({ NODE_ENV: "production" }));
    expect(err.message).toMatch(/^SMS_PROVIDER is not set: in production every SMS .* printed to the log; .*SMS_PROVIDER=console to run without SMS on purpose$/);
    expect(() => readConfig({ NODE_ENV: "production", SMS_PROVIDER: " " })).toThrow(/^SMS_PROVIDER is not set/);
  });

  it("starts with the console transport chosen on purpose, and outside production without a word", () => {
    expect(readConfig({ NODE_ENV: "production", SMS_PROVIDER: "console", SHOP_URL: "https://shop.example.in" }).sms.provider).toBe("console");
    expect(readConfig({}).sms.provider).toBe("console");
  });

  it("names each channel's transport, and says in one line whether SMS reach phones", () => {
    const printing = readConfig({ SMS_PROVIDER: "console" });
    expect(messageTransports(printing)).toEqual({ sms: "console", email: "console" });
    expect(describeSmsTransport(printing.sms)).toBe("console: printed to the log, no SMS reaches a phone (SMS_PROVIDER=console)");
    const sending = readConfig({ ...MSG91, ...TEST_DLT_ENV, SMTP_URL: "smtp://mail.example.in:587" });
    expect(messageTransports(sending)).toEqual({ sms: "msg91", email: "smtp" });
    expect(describeSmsTransport(sending.sms)).toBe(`msg91, sender CHURUU, ${SMS_TEMPLATES.length} of ${SMS_TEMPLATES.length} DLT templates`);
  });
});

describe("MSG91's DLT sender id and template ids", () => {
  it("reads a template id per message and language, SMS_DLT_TEMPLATE_<MESSAGE> and _HI", () => {
    expect(dltTemplateSetting("signInCode.en")).toBe("SMS_DLT_TEMPLATE_SIGN_IN_CODE");
    expect(dltTemplateSetting("orderPlacedUpiOnPage.hi")).toBe("SMS_DLT_TEMPLATE_ORDER_PLACED_UPI_ON_PAGE_HI");
    const { sms } = readConfig({ ...MSG91, SMS_DLT_TEMPLATE_ORDER_SHIPPED: "1207161234567890123", SMS_DLT_TEMPLATE_ORDER_SHIPPED_HI: " 1207161234567890124 " });
    expect(sms.dltTemplates).toEqual({ "orderShipped.en": "1207161234567890123", "orderShipped.hi": "1207161234567890124" });
    expect(readConfig({ ...MSG91, ...TEST_DLT_ENV }).sms.dltTemplates["paymentReminder.hi"]).toBe(testTemplateId("paymentReminder.hi"));
  });

  it("takes a six-letter sender id (SMS_SENDER_ID, or the older SMS_SENDER), upper-cased", () => {
    expect(readConfig({ ...MSG91, SMS_SENDER_ID: "churuu" }).sms.sender).toBe("CHURUU");
    expect(readConfig({ ...MSG91, SMS_SENDER: "SCHOOL" }).sms.sender).toBe("SCHOOL");
    expect(refusal(() => readConfig({ ...MSG91, SMS_SENDER_ID: "CHURU1" })).message).toBe('SMS_SENDER_ID must be the six-letter DLT sender id (e.g. CHURUU), got "CHURU1"');
    expect(refusal(() => readConfig({ ...MSG91, SMS_SENDER: "+15005550006" })).message).toMatch(/^SMS_SENDER must be the six-letter DLT sender id/);
  });

  it("says which setting is wrong: a template id that is not digits, a template name the shop does not send", () => {
    expect(refusal(() => readConfig({ ...MSG91, SMS_DLT_TEMPLATE_SIGN_IN_CODE: "sign-in" })).message).toBe(
      'SMS_DLT_TEMPLATE_SIGN_IN_CODE must be a DLT template id, digits only (e.g. 1207161234567890123), got "sign-in"',
    );
    expect(refusal(() => readConfig({ ...MSG91, SMS_DLT_TEMPLATE_ORDER_PLACE: "1207161234567890123" })).message).toMatch(
      /^SMS_DLT_TEMPLATE_ORDER_PLACE names no message the shop sends \(the names are SMS_DLT_TEMPLATE_SIGN_IN_CODE, /,
    );
  });

  it("in production needs the sender id and every template id, and names the missing ones", () => {
    const production = { NODE_ENV: "production", SHOP_URL: "https://shop.example.in", ...MSG91 };
    expect(refusal(() => readConfig({ ...production, ...TEST_DLT_ENV, SMS_SENDER_ID: "" })).message).toMatch(/^SMS_PROVIDER=msg91 in production needs SMS_SENDER_ID/);
    const { SMS_DLT_TEMPLATE_ORDER_DELIVERED_HI: _left, ...allButOne } = TEST_DLT_ENV;
    expect(refusal(() => readConfig({ ...production, ...allButOne })).message).toBe(
      "SMS_PROVIDER=msg91 in production needs the DLT template id of every message the shop sends; missing: SMS_DLT_TEMPLATE_ORDER_DELIVERED_HI",
    );
    expect(readConfig({ ...production, ...TEST_DLT_ENV }).sms).toMatchObject({ provider: "msg91", sender: "CHURUU" });
    // Outside production a missing one is sent without (a developer's MSG91 test account).
    expect(readConfig({ ...MSG91 }).sms).toMatchObject({ sender: "CHURUU", dltTemplates: {} });
  });
});
