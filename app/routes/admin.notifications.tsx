import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { RETRY_FORM_LIMITS, retryForm } from "../../domain/forms/admin";
import { requirePermission } from "../admin/guard.server";
import { readPageForm } from "../forms/form.server";
import { FormMessage, everyMessage } from "../forms/messages";
import type { Shop } from "../../services/index";
import type { Language } from "../../domain/i18n";
import { adminCount, adminTime } from "../admin/orders.server";
import { TableScroll } from "../components/TableScroll";
import { metaT, useRefusal, useT, type T } from "../i18n/I18n";
import { languageOf, serverT } from "../i18n/i18n.server";
import { refusalText } from "../i18n/refusals.server";
import { wordErased } from "../privacy/erased.server";
import { CONSOLE_TRANSPORT, messageTransports } from "../../services/notifications";

/** One message as the notifications service lists it. */
type NotificationRow = Awaited<ReturnType<Shop["notifications"]["list"]>>["recent"][number];

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("admin:notifications.metaTitle") }];

/** The kinds of message the shop sends, by their stored names: a kind not listed here is shown as stored. */
const KIND_KEYS: Record<string, string> = {
  otp: "admin:notifications.kind.otp",
  "order-placed": "admin:notifications.kind.orderPlaced",
  "order-shipped": "admin:notifications.kind.orderShipped",
  "order-delivered": "admin:notifications.kind.orderDelivered",
  "order-cancelled": "admin:notifications.kind.orderCancelled",
  "order-line-dropped": "admin:notifications.kind.orderLineDropped",
  "payment-reminder": "admin:notifications.kind.paymentReminder",
  "grievance-filed": "admin:notifications.kind.grievanceFiled",
  "grievance-acknowledged": "admin:notifications.kind.grievanceAcknowledged",
  "grievance-resolved": "admin:notifications.kind.grievanceResolved",
  "sms-budget": "admin:notifications.kind.smsBudget",
};

/** The transports by their stored names (workers/transports): one not listed here is shown as stored. */
const TRANSPORTS = ["console", "msg91", "twilio", "smtp", "whatsapp"];

/** WhatsApp's states as its webhook reports them (domain/whatsapp.ts); "accepted": taken, no word back yet. */
const WHATSAPP_STATES = ["accepted", "sent", "delivered", "read", "failed"];

/**
 * The channel a text really went by and what WhatsApp last said of it (decision 230): WhatsApp and its state,
 * SMS after WhatsApp failed or was silent, SMS because WhatsApp refused the template; null for a plain SMS or email.
 */
function whatsappNote(row: NotificationRow, t: T): { channel: string; note: string } | null {
  const wa = row.whatsapp;
  if (!wa) return null;
  const state = WHATSAPP_STATES.includes(wa.state ?? "accepted") ? t(`admin:notifications.whatsappState.${wa.state ?? "accepted"}`) : (wa.state ?? "");
  const why = wa.error ? t("admin:notifications.whatsappWhy", { why: wa.error }) : "";
  if (!wa.id) return { channel: t("admin:notifications.smsWhatsappRefused"), note: why };
  if (row.fallbackAt) return { channel: t("admin:notifications.smsAfterWhatsapp"), note: [t("admin:notifications.whatsappWas", { state }), why].filter(Boolean).join(" ") };
  return { channel: t("admin:notifications.whatsapp"), note: [t("admin:notifications.whatsappWas", { state }), why].filter(Boolean).join(" ") };
}

function transportLabel(t: T, transport: string): string {
  return TRANSPORTS.includes(transport) ? t(`admin:notifications.transport.${transport}`) : transport;
}

function view(row: NotificationRow, t: T, lang: Language) {
  const kind = KIND_KEYS[row.kind] ? t(KIND_KEYS[row.kind]) : row.kind;
  // The console transport's "sent" was a line in the log: no phone or mailbox got it.
  const printed = row.status === "sent" && row.transport === CONSOLE_TRANSPORT;
  const whatsapp = whatsappNote(row, t);
  return {
    key: row.key,
    what: t("admin:notifications.what", {
      kind,
      channel: whatsapp?.channel ?? t(row.channel === "sms" ? "admin:notifications.sms" : "admin:notifications.email"),
    }),
    whatsapp: whatsapp?.note || null,
    to: row.recipient,
    subject: row.subject,
    // An SMS's text as kept: a sign-in code's reads "****** is your ... code" (decision 085).
    text: row.channel === "sms" ? row.body : null,
    status: row.status,
    statusLabel: printed ? t("admin:notifications.printed") : t(`admin:notifications.statuses.${row.status}`),
    // Why a reminder was not needed after all, or when a waiting one goes out.
    statusNote:
      row.status === "skipped" && row.skipReason
        ? t(`admin:notifications.skippedBecause.${row.skipReason}`)
        : row.status === "pending" && row.dueAt && row.dueAt.getTime() > Date.now()
          ? t("admin:notifications.dueAt", { at: adminTime(row.dueAt, lang) })
          : null,
    attempts: row.attempts,
    transport: row.transport ? transportLabel(t, row.transport) : null,
    error: row.lastError,
    at: adminTime(row.sentAt ?? row.updatedAt, lang),
    retryable: row.status === "failed" || row.status === "unknown",
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "messages");
  const lang = languageOf(request);
  const t = serverT(lang);
  const { recent, problems, counts } = await context.shop.notifications.list({ limit: 50 });
  const retried = new URL(request.url).searchParams.get("retried") === "1";
  // How messages leave now (SMS_PROVIDER, SMTP_URL), said before the list: a console transport reaches no one.
  const transports = messageTransports(context.shop.config);
  const ways = {
    sms: transports.sms === CONSOLE_TRANSPORT ? t("admin:notifications.smsPrinted") : t("admin:notifications.smsVia", { transport: transportLabel(t, transports.sms) }),
    email: transports.email === CONSOLE_TRANSPORT ? t("admin:notifications.emailPrinted") : t("admin:notifications.emailVia", { transport: transportLabel(t, transports.email) }),
    printed: { sms: transports.sms === CONSOLE_TRANSPORT, email: transports.email === CONSOLE_TRANSPORT },
    // WhatsApp Business set (decision 230): parents who chose it get their texts there first.
    whatsapp: context.shop.config.whatsapp ? t("admin:notifications.whatsappOn") : null,
  };
  // Counts as the dashboard writes its own: Indian grouping in the page's language (12,345; 1,00,000).
  const shown = {
    sent: adminCount(counts.sent, lang),
    printed: adminCount(counts.printed, lang),
    onTheWay: adminCount(counts.pending + counts.sending, lang),
    failed: adminCount(counts.failed, lang),
    unknown: adminCount(counts.unknown, lang),
    skipped: adminCount(counts.skipped, lang),
  };
  // An erased parent's number, text and the provider's answer read "erased" in the page's language (decision 166).
  const rows = wordErased({ recent: recent.map((row) => view(row, t, lang)), problems: problems.map((row) => view(row, t, lang)) }, lang);
  return { ...rows, counts: shown, ways, retried };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requirePermission(request, context, "messages");
  const form = await readPageForm(request, retryForm, RETRY_FORM_LIMITS);
  if (!form.ok) return form.answer;
  const retried = await context.shop.notifications.retry(form.value.key);
  // The refusal names the message's stored status ("That message is sent; ..."): worded with its label in the page's language.
  if (!retried.ok) return form.refuse(refusalText(languageOf(request), retried.refusal), 409);
  return redirect("/admin/notifications?retried=1");
}

export default function AdminNotifications() {
  const { recent, problems, counts, ways, retried } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const navigation = useNavigation();
  const busyKey = navigation.state !== "idle" ? navigation.formData?.get("key") : null;
  const t = useT();
  const refusal = useRefusal();

  return (
    <section className="admin-notifications" aria-labelledby="notifications-title">
      <h1 id="notifications-title">{t("admin:notifications.title")}</h1>
      <p>
        {t("admin:notifications.intro", counts)}
      </p>
      <ul className="transports" data-testid="transports">
        <li className={ways.printed.sms ? "warning" : undefined} data-testid="sms-transport">
          {ways.sms}
        </li>
        <li className={ways.printed.email ? "warning" : undefined} data-testid="email-transport">
          {ways.email}
        </li>
        {ways.whatsapp ? <li data-testid="whatsapp-transport">{ways.whatsapp}</li> : null}
      </ul>
      {retried && !result ? (
        <p className="notice" role="status">
          {t("admin:notifications.retried")}
        </p>
      ) : null}
      <FormMessage result={result} fallback={everyMessage(result).map(refusal).join(" ")} />

      <h2>{t("admin:notifications.needsAttention")}</h2>
      {problems.length === 0 ? (
        <p>{t("admin:notifications.nothingFailed")}</p>
      ) : (
        <TableScroll label={t("admin:notifications.failed")}>
          <table aria-label={t("admin:notifications.failed")}>
            <thead>
              <tr>
                <th scope="col">{t("admin:notifications.message")}</th>
                <th scope="col">{t("admin:notifications.to")}</th>
                <th scope="col">{t("admin:notifications.status")}</th>
                <th scope="col">{t("admin:notifications.tries")}</th>
                <th scope="col">{t("admin:notifications.reason")}</th>
                <th scope="col">{t("admin:notifications.when")}</th>
                <th scope="col">{t("admin:notifications.action")}</th>
              </tr>
            </thead>
            <tbody>
              {problems.map((p) => (
                <tr key={p.key} data-key={p.key}>
                  <td>{p.what}</td>
                  <td>{p.to}</td>
                  <td>{p.statusLabel}</td>
                  <td>{p.attempts}</td>
                  <td>{p.error}</td>
                  <td>{p.at}</td>
                  <td>
                    <Form method="post">
                      <input type="hidden" name="intent" value="retry" />
                      <input type="hidden" name="key" value={p.key} />
                      <button type="submit" className="primary" disabled={busyKey === p.key}>
                        {busyKey === p.key ? t("admin:notifications.retrying") : t("admin:notifications.retry")}
                      </button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}

      <h2>{t("admin:notifications.recent")}</h2>
      {recent.length === 0 ? (
        <p>{t("admin:notifications.none")}</p>
      ) : (
        <TableScroll label={t("admin:notifications.recentTable")}>
          <table aria-label={t("admin:notifications.recentTable")}>
            <thead>
              <tr>
                <th scope="col">{t("admin:notifications.message")}</th>
                <th scope="col">{t("admin:notifications.to")}</th>
                <th scope="col">{t("admin:notifications.status")}</th>
                <th scope="col">{t("admin:notifications.via")}</th>
                <th scope="col">{t("admin:notifications.when")}</th>
              </tr>
            </thead>
            <tbody>
              {recent.map((r) => (
                <tr key={r.key} data-key={r.key}>
                  <td>
                    {r.what}
                    {r.subject ? `: ${r.subject}` : ""}
                    {r.text ? <div className="message-text">{r.text}</div> : null}
                  </td>
                  <td>{r.to}</td>
                  <td>
                    {r.statusLabel}
                    {r.statusNote ? <div className="status-note">{r.statusNote}</div> : null}
                    {r.whatsapp ? (
                      <div className="status-note" data-testid="whatsapp-state">
                        {r.whatsapp}
                      </div>
                    ) : null}
                  </td>
                  <td>{r.transport ?? ""}</td>
                  <td>{r.at}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
