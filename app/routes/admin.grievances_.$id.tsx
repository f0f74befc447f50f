import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, Link } from "@remix-run/react";
import { NOTE_MAX } from "../../domain/grievance/limits";
import { GRIEVANCE_STEP_LIMITS, grievanceStepForm } from "../../domain/forms/grievance";
import { isRuleViolation } from "../../domain/errors";
import { requirePermission } from "../admin/guard.server";
import { ticketView } from "../grievance/tickets.server";
import { TicketWords } from "../components/TicketWords";
import { readPageForm, refusalStatus } from "../forms/form.server";
import { FormMessage, refusalOf } from "../forms/messages";
import { notFound } from "../offers.server";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, routeMessages } from "../i18n/i18n.server";
import { refusalText } from "../i18n/refusals.server";

export const meta: MetaFunction<typeof loader> = ({ data: loaded, matches }) => [
  { title: `${loaded?.ticket.number ?? ""} | ${metaT(matches)("grievance:admin.metaTitle")}` },
];

/** One complaint for the admin (decision 129): who, about what, its deadlines, and the forms that acknowledge and resolve it. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "messages");
  const state = await context.shop.grievances.ticket(params.id ?? "");
  if (!state) throw notFound("No such complaint");
  return {
    ticket: ticketView(state, languageOf(request), new Date()),
    saved: new URL(request.url).searchParams.get("saved") === "1",
    messages: routeMessages(request, "grievance"),
  };
}

export async function action({ params, request, context }: ActionFunctionArgs) {
  const admin = await requirePermission(request, context, "messages");
  const form = await readPageForm(request, grievanceStepForm, GRIEVANCE_STEP_LIMITS);
  if (!form.ok) return form.answer;
  const id = params.id ?? "";
  const actor = { kind: "admin" as const, id: admin.id, name: admin.name };
  try {
    if (form.value.intent === "acknowledge") await context.shop.grievances.acknowledge(id, form.value.note, actor);
    else await context.shop.grievances.resolve(id, form.value.note ?? "", actor);
    return redirect(`/admin/grievances/${id}?saved=1`, 303);
  } catch (err) {
    if (isRuleViolation(err)) return form.refuse(refusalText(languageOf(request), err), refusalStatus(err.status));
    throw err;
  }
}

export default function GrievanceTicket() {
  const { ticket, saved } = useLoaderData<typeof loader>();
  const result = refusalOf(useActionData<typeof action>());
  const t = useT();
  const late = ticket.late === "acknowledge" ? t("grievance:admin.lateAcknowledge") : ticket.late === "resolve" ? t("grievance:admin.lateResolve") : null;
  return (
    <section aria-labelledby="ticket-title" className="admin-grievance">
      <p>
        <Link to="/admin/grievances">{t("grievance:admin.back")}</Link>
      </p>
      <h1 id="ticket-title">{t("grievance:ticket.title", { number: ticket.number })}</h1>
      {saved ? (
        <p className="notice" role="status">
          {t("grievance:admin.done")}
        </p>
      ) : null}
      {late ? (
        <p className="error-box">
          <strong>{late}</strong>
        </p>
      ) : null}
      <dl className="ticket-details">
        <dt>{t("grievance:ticket.status")}</dt>
        <dd data-testid="admin-ticket-stage">{t(`grievance:ticket.stages.${ticket.stage}`)}</dd>
        <dt>{t("grievance:admin.who")}</dt>
        <dd>
          {ticket.complainant.name} ({t(ticket.complainant.kind === "guest" ? "grievance:admin.guest" : "grievance:admin.account")})
        </dd>
        <dt>{t("grievance:admin.phone")}</dt>
        <dd>{ticket.complainant.phone}</dd>
        {ticket.complainant.order ? (
          <>
            <dt>{t("grievance:admin.order")}</dt>
            <dd>{ticket.complainant.order}</dd>
          </>
        ) : null}
        <dt>{t("grievance:admin.topic")}</dt>
        <dd>{t(`grievance:form.topics.${ticket.topic}`)}</dd>
        <dt>{t("grievance:admin.filed")}</dt>
        <dd>{ticket.filedAt}</dd>
        <dt>{t("grievance:admin.acknowledgeBy")}</dt>
        <dd>{ticket.acknowledged ? t("grievance:admin.acknowledgedBy", { at: ticket.acknowledged.at, by: ticket.acknowledged.by }) : ticket.acknowledgeBy}</dd>
        <dt>{t("grievance:admin.resolveBy")}</dt>
        <dd>{ticket.resolved ? t("grievance:admin.resolvedBy", { at: ticket.resolved.at, by: ticket.resolved.by }) : ticket.resolveBy}</dd>
      </dl>
      <TicketWords heading={t("grievance:admin.text")} ticket={ticket} />
      <FormMessage result={result} />
      {ticket.stage === "open" ? (
        <Form method="post" className="stack-form">
          <input type="hidden" name="intent" value="acknowledge" />
          <label htmlFor="ack-note">{t("grievance:admin.acknowledgeNote")}</label>
          <textarea id="ack-note" name="note" rows={2} maxLength={NOTE_MAX} aria-describedby="ack-hint" />
          <small id="ack-hint">{t("grievance:admin.noteHint", { max: NOTE_MAX })}</small>
          <button type="submit">{t("grievance:admin.acknowledge")}</button>
        </Form>
      ) : null}
      {ticket.stage !== "resolved" ? (
        <Form method="post" className="stack-form">
          <input type="hidden" name="intent" value="resolve" />
          <label htmlFor="resolve-note">{t("grievance:admin.resolveNote")}</label>
          <textarea id="resolve-note" name="note" rows={3} required maxLength={NOTE_MAX} aria-describedby="resolve-hint" />
          <small id="resolve-hint">{t("grievance:admin.noteHint", { max: NOTE_MAX })}</small>
          <button type="submit" className="primary">
            {t("grievance:admin.resolve")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
