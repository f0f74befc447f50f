import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";
import type { ShopConfig } from "../../server/config";
import { ConsoleTransport } from "./console";
import { HttpSmsTransport } from "./sms-http";
import { SmtpTransport } from "./smtp";
import type { EmailTransport, SmsTransport } from "./transport";

/** The transports configuration asks for; the console transport wherever nothing is configured. */
export function createTransports(
  config: ShopConfig,
  db: Kysely<DB>,
  log: (line: string) => void,
): { sms: SmsTransport; email: EmailTransport } {
  const console = new ConsoleTransport(db, log, config.production);
  const { sms } = config;
  return {
    sms: sms.provider === "console" ? console : new HttpSmsTransport({ ...sms, provider: sms.provider }),
    email: config.smtpUrl ? new SmtpTransport(config.smtpUrl, config.mailFrom) : console,
  };
}
