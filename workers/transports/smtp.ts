import net from "node:net";
import nodemailer from "nodemailer";
import type SMTPPool from "nodemailer/lib/smtp-pool";
import type { EmailMessage, EmailTransport, SendResult } from "./transport";
import { TransportError } from "./transport";

/** An unused connection pool is closed after this long, so a stopping worker is not held open by idle sockets. */
const IDLE_CLOSE_MS = 2000;

/**
 * Email through an SMTP server (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465).
 * Connections are pooled while mail flows (a handshake per message costs more
 * than the message) and closed when it stops. A 5xx reply (mailbox does not
 * exist, relay refused) is final; a 4xx, a dropped connection or a timeout is
 * retried by the job.
 */
export class SmtpTransport implements EmailTransport {
  readonly name = "smtp";
  private mailer?: nodemailer.Transporter;
  private inFlight = 0;
  private idleTimer?: NodeJS.Timeout;
  private readonly options: SMTPPool.Options;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    timeoutMs = 10_000,
  ) {
    const url = new URL(smtpUrl);
    const host = url.hostname;
    const port = Number(url.port || (url.protocol === "smtps:" ? 465 : 587));
    this.options = {
      pool: true,
      maxConnections: 5,
      host,
      port,
      secure: url.protocol === "smtps:",
      auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
      // A local test server has no certificate; `?tls=insecure` says so explicitly.
      tls: url.searchParams.get("tls") === "insecure" ? { rejectUnauthorized: false } : undefined,
      ignoreTLS: url.searchParams.get("tls") === "off",
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
      getSocket: (_options, callback) => openSocket(host, port, timeoutMs, callback),
    };
  }

  async send(message: EmailMessage): Promise<SendResult> {
    clearTimeout(this.idleTimer);
    this.mailer ??= nodemailer.createTransport(this.options);
    const mailer = this.mailer;
    this.inFlight++;
    try {
      const info = await mailer.sendMail({
        from: this.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
      return { providerId: info.messageId };
    } catch (err) {
      const e = err as { responseCode?: number; message?: string };
      const permanent = typeof e.responseCode === "number" && e.responseCode >= 500 && e.responseCode < 600;
      throw new TransportError(
        `SMTP: ${e.responseCode && !e.message?.includes(String(e.responseCode)) ? `${e.responseCode} ` : ""}${e.message ?? String(err)}`,
        !permanent,
      );
    } finally {
      this.inFlight--;
      if (this.inFlight === 0) {
        this.idleTimer = setTimeout(() => {
          if (this.inFlight > 0 || this.mailer !== mailer) return;
          this.mailer = undefined;
          mailer.close();
        }, IDLE_CLOSE_MS);
        this.idleTimer.unref();
      }
    }
  }
}

/**
 * The pool's connections, opened here with Nagle's algorithm off. An SMTP send is a run of small
 * writes, each waiting for the server's answer; with Nagle on, a write held back for the ACK of
 * the one before meets the server's delayed ACK, and every email stalled about 40 ms (45 ms an
 * email one after another to a local server, 1.4 ms with it off: docs/benchmarks.md, Notifications).
 * Nodemailer takes the open socket as it would its own: TLS for smtps://, STARTTLS when offered.
 */
function openSocket(
  host: string,
  port: number,
  timeoutMs: number,
  callback: (err: Error | null, socketOptions?: { connection: net.Socket }) => void,
): void {
  const socket = net.connect({ host, port, noDelay: true, keepAlive: true });
  const fail = (err: Error) => {
    clearTimeout(timer);
    socket.destroy();
    callback(err);
  };
  const timer = setTimeout(() => fail(Object.assign(new Error("Connection timeout"), { code: "ETIMEDOUT" })), timeoutMs);
  socket.once("error", fail);
  socket.once("connect", () => {
    clearTimeout(timer);
    socket.off("error", fail);
    callback(null, { connection: socket });
  });
}
