import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, Link } from "@remix-run/react";
import { ticketView } from "../grievance/tickets.server";
import { TicketWords } from "../components/TicketWords";
import { notFound } from "../offers.server";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, routeMessages } from "../i18n/i18n.server";

export const meta: MetaFunction<typeof loader> = ({ data: loaded, matches }) => [
  { title: metaT(matches)("grievance:ticket.metaTitle", { number: loaded?.ticket.number ?? "" }) },
  { name: "robots", content: "noindex" },
];

/**
 * A complaint's own page (decision 129): its number, where it stands against its deadlines, and the
 * shop's reply. Its address (the ticket's id, a UUID) is the key to it: it is texted to the complainant
 * only, and the page is never kept by a cache (server/cache-policy.ts). Read from the ticket's stream,
 * so a complaint just filed shows at once.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const state = await context.shop.grievances.ticket(params.ticketId ?? "");
  if (!state) throw notFound("No such complaint");
  const lang = languageOf(request);
  const ticket = ticketView(state, lang, new Date());
  return {
    filedNow: new URL(request.url).searchParams.get("filed") === "1",
    // Only a number proven by a code is texted (decision 191): the page says which.
    texted: state.filed?.texted ?? false,
    ticket: {
      number: ticket.number,
      stage: ticket.stage,
      topic: ticket.topic,
      text: ticket.text,
      filedAt: ticket.filedAt,
      acknowledgeBy: ticket.acknowledgeBy,
      resolveBy: ticket.resolveBy,
      acknowledged: ticket.acknowledged ? { at: ticket.acknowledged.at, note: ticket.acknowledged.note } : null,
      resolved: ticket.resolved ? { at: ticket.resolved.at, note: ticket.resolved.note } : null,
    },
    messages: routeMessages(request, "grievance"),
  };
}

export default function Ticket() {
  const { ticket, filedNow, texted } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <article className="prose grievance-ticket">
      <h1>{t("grievance:ticket.title", { number: ticket.number })}</h1>
      {filedNow ? (
        <div className="notice" role="status">
          <p data-testid="ticket-filed">{t(texted ? "grievance:ticket.filedNow" : "grievance:ticket.filedNowUntexted", { number: ticket.number })}</p>
          <p>{t("grievance:ticket.keep")}</p>
        </div>
      ) : null}
      <dl className="ticket-details">
        <dt>{t("grievance:ticket.status")}</dt>
        <dd data-testid="ticket-stage">{t(`grievance:ticket.stages.${ticket.stage}`)}</dd>
        <dt>{t("grievance:ticket.topic")}</dt>
        <dd>{t(`grievance:form.topics.${ticket.topic}`)}</dd>
        <dt>{t("grievance:ticket.filedAt")}</dt>
        <dd>{ticket.filedAt}</dd>
        {ticket.acknowledged ? (
          <>
            <dt>{t("grievance:ticket.acknowledgedAt")}</dt>
            <dd>{ticket.acknowledged.at}</dd>
          </>
        ) : ticket.stage === "open" ? (
          <>
            <dt>{t("grievance:ticket.acknowledgeBy")}</dt>
            <dd>{ticket.acknowledgeBy}</dd>
          </>
        ) : null}
        {ticket.resolved ? (
          <>
            <dt>{t("grievance:ticket.resolvedAt")}</dt>
            <dd>{ticket.resolved.at}</dd>
          </>
        ) : (
          <>
            <dt>{t("grievance:ticket.resolveBy")}</dt>
            <dd>{ticket.resolveBy}</dd>
          </>
        )}
      </dl>
      <TicketWords heading={t("grievance:ticket.yourWords")} ticket={ticket} />
      <p>
        <Link to="/grievance">{t("grievance:ticket.another")}</Link>
      </p>
    </article>
  );
}
