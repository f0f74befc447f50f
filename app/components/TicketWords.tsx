import { useT } from "../i18n/I18n";

/**
 * A complaint's words and the shop's answers (decision 129), as the parent's ticket page and the admin's
 * show them: what was written (under `heading`), the acknowledgement's note and the resolution.
 * Needs the `grievance` namespace.
 */
export function TicketWords({
  heading,
  ticket,
}: {
  heading: string;
  ticket: { text: string; acknowledged: { note: string | null } | null; resolved: { note: string } | null };
}) {
  const t = useT();
  return (
    <>
      <h2>{heading}</h2>
      <p className="ticket-text">{ticket.text}</p>
      {ticket.acknowledged?.note ? (
        <>
          <h2>{t("grievance:ticket.reply")}</h2>
          <p>{ticket.acknowledged.note}</p>
        </>
      ) : null}
      {ticket.resolved ? (
        <>
          <h2>{t("grievance:ticket.resolution")}</h2>
          <p data-testid="ticket-resolution">{ticket.resolved.note}</p>
        </>
      ) : null}
    </>
  );
}
