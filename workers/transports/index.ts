import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";
import { ConsoleTransport } from "./console";
import { HttpSmsTransport, type SmsSettings } from "./sms-http";
import { SmtpTransport } from "./smtp";
import type { EmailTransport, SmsTransport } from "./transport";

/** What the transports need of the shop's configuration (server/config.ts ShopConfig has it). */
export interface TransportSettings {
  production: boolean;
  sms: SmsSettings;
  smtpUrl?: string;
  mailFrom: string;
}

/** The transports configuration asks for; the console transport wherever nothing is configured. */
export function createTransports(
  config: TransportSettings,
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
