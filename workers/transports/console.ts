import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";
import { CONSOLE_TRANSPORT } from "../../services/notifications";
import {
  indianMobile,
  type EmailMessage,
  type EmailTransport,
  type SendResult,
  type SmsMessage,
  type SmsTransport,
} from "./transport";

/**
 * The default transport: no provider, every message goes to the log and to the
 * outbox table, where developers, tests and the admin can read it. A secret in a
 * message (a sign-in code) never reaches the table; the log shows it only outside
 * production, so `npm start` on a laptop can still be tried with a phone number.
 * In production the log names the outbox row, never the parent's number: a log
 * cannot be scrubbed when the parent is erased, the row is (docs/privacy.md).
 */
export class ConsoleTransport implements SmsTransport, EmailTransport {
  readonly name = CONSOLE_TRANSPORT;
  constructor(
    private readonly db: Kysely<DB>,
    private readonly log: (line: string) => void = console.log,
    private readonly production = true,
  ) {}

  async send(message: SmsMessage | EmailMessage): Promise<SendResult> {
    const email = "subject" in message;
    // The same rule a provider would apply, so a bad number shows up in development too.
    if (!email) indianMobile(message.to);
    const row = await this.db
      .insertInto("outbox_messages")
      .values({
        channel: email ? "email" : "sms",
        recipient: message.to,
        subject: email ? message.subject : null,
        body: email ? message.text : (message.shown ?? message.text),
        transport: this.name,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const text = email || !this.production ? message.text : (message.shown ?? message.text);
    const to = this.production ? `${email ? "[email]" : "[phone]"} (outbox ${row.id})` : message.to;
    this.log(email ? `email to ${to}: ${message.subject}` : `sms to ${to}: ${text}`);
    return { providerId: `outbox-${row.id}` };
  }
}

/** Messages the console transport wrote, newest first: for tests and developers. */
export async function readOutbox(
  db: Kysely<DB>,
  filter: { channel?: "sms" | "email"; recipient?: string } = {},
): Promise<{ channel: string; recipient: string; subject: string | null; body: string; createdAt: Date }[]> {
  let query = db.selectFrom("outbox_messages").select(["channel", "recipient", "subject", "body", "created_at"]);
  if (filter.channel) query = query.where("channel", "=", filter.channel);
  if (filter.recipient) query = query.where("recipient", "=", filter.recipient);
  const rows = await query.orderBy("id", "desc").execute();
  return rows.map((r) => ({ ...r, createdAt: r.created_at }));
}
