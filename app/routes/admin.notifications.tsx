import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { RETRY_FORM_LIMITS, retryForm } from "../../domain/forms/admin";
import { requireAdmin } from "../auth/session.server";
import { readPageForm } from "../forms/form.server";
import { FormMessage, everyMessage } from "../forms/messages";
import type { Shop } from "../../services/index";
import { TableScroll } from "../components/TableScroll";

/** One message as the notifications service lists it. */
type NotificationRow = Awaited<ReturnType<Shop["notifications"]["list"]>>["recent"][number];

export const meta: MetaFunction = () => [{ title: "Notifications | Admin" }];

const STATUS_LABELS: Record<NotificationRow["status"], string> = {
  pending: "Waiting",
  sending: "Sending",
  sent: "Sent",
  failed: "Failed",
  unknown: "Outcome unknown",
};

const when = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "medium", timeZone: "Asia/Kolkata" });

function view(row: NotificationRow) {
  return {
    key: row.key,
    what: `${row.kind} ${row.channel === "sms" ? "SMS" : "email"}`,
    to: row.recipient,
    subject: row.subject,
    // An SMS's text as kept: a sign-in code's reads "****** is your ... code" (decision 085).
    text: row.channel === "sms" ? row.body : null,
    status: row.status,
    statusLabel: STATUS_LABELS[row.status],
    attempts: row.attempts,
    transport: row.transport,
    error: row.lastError,
    at: when.format(row.sentAt ?? row.updatedAt),
    retryable: row.status === "failed" || row.status === "unknown",
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context.shop);
  const { recent, problems, counts } = await context.shop.notifications.list({ limit: 50 });
  const retried = new URL(request.url).searchParams.get("retried") === "1";
  return { recent: recent.map(view), problems: problems.map(view), counts, retried };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context.shop);
  const form = await readPageForm(request, retryForm, RETRY_FORM_LIMITS);
  if (!form.ok) return form.answer;
  const retried = await context.shop.notifications.retry(form.value.key);
  if (!retried.ok) return form.refuse(retried.message, 409);
  return redirect("/admin/notifications?retried=1");
}

export default function AdminNotifications() {
  const { recent, problems, counts, retried } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const navigation = useNavigation();
  const busyKey = navigation.state !== "idle" ? navigation.formData?.get("key") : null;

  return (
    <section className="admin-notifications" aria-labelledby="notifications-title">
      <h1 id="notifications-title">Notifications</h1>
      <p>
        Codes and order messages the shop sends by SMS and email. {counts.sent} sent, {counts.pending + counts.sending}{" "}
        on the way, {counts.failed} failed, {counts.unknown} with an unknown outcome.
      </p>
      {retried && !result ? (
        <p className="notice" role="status">
          The message is queued again.
        </p>
      ) : null}
      <FormMessage result={result} fallback={everyMessage(result).join(" ")} />

      <h2>Needs attention</h2>
      {problems.length === 0 ? (
        <p>Nothing has failed.</p>
      ) : (
        <TableScroll label="Failed messages">
          <table aria-label="Failed messages">
            <thead>
              <tr>
                <th scope="col">Message</th>
                <th scope="col">To</th>
                <th scope="col">Status</th>
                <th scope="col">Tries</th>
                <th scope="col">Reason</th>
                <th scope="col">When</th>
                <th scope="col">Action</th>
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
                        {busyKey === p.key ? "Retrying..." : "Retry"}
                      </button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}

      <h2>Recent</h2>
      {recent.length === 0 ? (
        <p>No messages yet.</p>
      ) : (
        <TableScroll label="Recent messages">
          <table aria-label="Recent messages">
            <thead>
              <tr>
                <th scope="col">Message</th>
                <th scope="col">To</th>
                <th scope="col">Status</th>
                <th scope="col">Via</th>
                <th scope="col">When</th>
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
                  <td>{r.statusLabel}</td>
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
