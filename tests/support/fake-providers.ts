import http from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/**
 * Stand-ins for the third parties, faked at their boundary as the contributing
 * guide asks: a real SMTP server (smtp-server) and an HTTP server that answers
 * like an SMS provider. Tests read what arrived.
 */

export interface ReceivedEmail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  raw: string;
}

export interface FakeSmtp {
  url: string;
  received: ReceivedEmail[];
  /** Replies with this SMTP error to the next messages (e.g. 451 to make a send fail), or null to accept. */
  rejectWith: { code: number; message: string } | null;
  close(): Promise<void>;
}

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const fake: FakeSmtp = {
    url: "",
    received: [],
    rejectWith: null,
    close: async () => {},
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (fake.rejectWith) {
          const err = new Error(fake.rejectWith.message) as Error & { responseCode: number };
          err.responseCode = fake.rejectWith.code;
          return callback(err);
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        const parsed = parseMessage(raw);
        fake.received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: parsed.subject,
          text: parsed.text,
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  fake.url = `smtp://127.0.0.1:${port}`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}

/** Enough MIME for what nodemailer writes for a plain-text message. */
function parseMessage(raw: string): { subject: string; text: string } {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  let body = raw.slice(split + 4);
  const header = (name: string) =>
    new RegExp(`^${name}:\\s*(.*)$`, "im").exec(head)?.[1]?.trim() ?? "";
  const encoding = header("Content-Transfer-Encoding").toLowerCase();
  if (encoding === "quoted-printable") body = decodeQuotedPrintable(body);
  else if (encoding === "base64") body = Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return { subject: decodeEncodedWords(header("Subject")), text: body.replace(/\r\n/g, "\n").trimEnd() };
}

function decodeQuotedPrintable(text: string): string {
  const soft = text.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === "=" && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i], "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodeEncodedWords(text: string): string {
  return text
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : decodeQuotedPrintable(data.replace(/_/g, " ")),
    );
}

export interface SmsRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The number and text, whichever provider style carried them. */
  to: string;
  text: string;
  /** MSG91 style: the DLT sender id, the DLT template id (`DLT_TE_ID`) and the unicode flag, as sent. */
  sender?: string;
  templateId?: string;
  unicode?: number;
  raw: string;
  at: number;
}

export interface SmsReply {
  status?: number;
  body?: string;
  /** Hold the answer this long (a slow provider, or longer than the client waits: a timeout). */
  delayMs?: number;
}

export interface FakeSms {
  url: string;
  requests: SmsRequest[];
  /** Decides each answer; the default accepts at once. */
  reply: (request: SmsRequest, index: number) => SmsReply | Promise<SmsReply>;
  to(phone: string): SmsRequest[];
  close(): Promise<void>;
}

/** An SMS provider: MSG91 style (JSON `sms[0].to`) or Twilio style (form `To`, `Body`). */
export async function startFakeSms(): Promise<FakeSms> {
  const sockets = new Set<import("node:net").Socket>();
  const fake: FakeSms = {
    url: "",
    requests: [],
    reply: () => ({}),
    to: (phone) => fake.requests.filter((r) => r.to === phone || r.to === `+91${phone}`),
    close: async () => {},
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      let to = "";
      let text = "";
      let dlt: Pick<SmsRequest, "sender" | "templateId" | "unicode"> = {};
      if ((req.headers["content-type"] ?? "").includes("json")) {
        const body = JSON.parse(raw) as { sms?: { message: string; to: string[] }[]; sender?: string; DLT_TE_ID?: string; unicode?: number };
        to = body.sms?.[0]?.to?.[0] ?? "";
        text = body.sms?.[0]?.message ?? "";
        dlt = { sender: body.sender, templateId: body.DLT_TE_ID, unicode: body.unicode };
      } else {
        const form = new URLSearchParams(raw);
        to = form.get("To") ?? "";
        text = form.get("Body") ?? "";
      }
      const request: SmsRequest = { path: req.url ?? "", headers: req.headers, to, text, ...dlt, raw, at: Date.now() };
      const index = fake.requests.push(request) - 1;
      const answer = await fake.reply(request, index);
      if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
      if (res.destroyed) return;
      const status = answer.status ?? 200;
      const body =
        answer.body ??
        (status < 300
          ? JSON.stringify(
              req.url?.includes("/Messages.json")
                ? { sid: `SM${index}`, status: "queued" }
                : { type: "success", message: `req-${index}` },
            )
          : JSON.stringify({ type: "error", message: `fake provider error ${status}` }));
      res.writeHead(status, { "content-type": "application/json" }).end(body);
    });
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  return fake;
}

/** Polls until `check` returns a truthy value, or fails with `what` after `timeoutMs`. */
export async function eventually<T>(
  what: string,
  check: () => Promise<T> | T,
  timeoutMs = 15_000,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}${last ? ` (last error: ${String(last)})` : ""}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
