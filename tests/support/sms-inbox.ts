import { eventually, startFakeSms, type FakeSms } from "./fake-providers";
import { dltTemplateSetting, SMS_TEMPLATES, type SmsTemplate } from "../../domain/sms-templates";

/** The DLT template id a test shop has registered for `template`: 19 digits, one per message and language. */
export function testTemplateId(template: SmsTemplate): string {
  return `1207${String(SMS_TEMPLATES.indexOf(template) + 1).padStart(15, "0")}`;
}

/** What a shop in India has registered on a DLT portal: its sender id and a template id for every message it sends. */
export const TEST_DLT_ENV: Record<string, string> = {
  SMS_SENDER_ID: "CHURUU",
  ...Object.fromEntries(SMS_TEMPLATES.map((template) => [dltTemplateSetting(template), testTemplateId(template)])),
};

/**
 * The shopper's phone, for tests: a fake SMS provider (an HTTP server, the shop's real
 * msg91 transport talks to it) from which a test reads the sign-in code the way a shopper
 * would. The shop keeps no readable code anywhere (docs/decisions/085), so this is the
 * only place a code can be read.
 */
export interface SmsInbox extends FakeSms {
  /** Settings that point a shop's SMS transport here. */
  env: Record<string, string>;
  /** The code in the newest text to `phone`, once `count` texts have reached it. */
  code(phone: string, count?: number): Promise<string>;
}

export async function startSmsInbox(): Promise<SmsInbox> {
  const fake = await startFakeSms();
  return Object.assign(fake, {
    env: { SMS_PROVIDER: "msg91", SMS_URL: fake.url, SMS_API_KEY: "test-auth-key", ...TEST_DLT_ENV },
    async code(phone: string, count = 1) {
      const texts = await eventually(`${count} text(s) to ${phone}`, () => {
        const arrived = fake.to(phone);
        return arrived.length >= count ? arrived : null;
      });
      const code = /\b(\d{6})\b/.exec(texts[texts.length - 1].text)?.[1];
      if (!code) throw new Error(`the newest text to ${phone} holds no code: ${texts[texts.length - 1].text}`);
      return code;
    },
  });
}
