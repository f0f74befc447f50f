/**
 * What a complainant is texted about their ticket (decision 129): its number at once, that it is
 * being looked at, and how it was resolved, in the language they wrote in, each a registered text.
 */
import { CUSTOMER_TEXTS } from "../customer-texts";
import { formatDate, interpolate, type Language } from "../i18n";
import { smsTemplate, type SmsTemplate } from "../sms-templates";
import { resolveBy } from "./ticket";

/** The ticket's own page: its id is the key to it, as the SMS gives it only to the complainant. */
export const grievancePath = (ticketId: string) => `/grievance/${ticketId}`;

export type GrievanceText = "filed" | "acknowledged" | "resolved";

const MESSAGE = { filed: "grievanceFiled", acknowledged: "grievanceAcknowledged", resolved: "grievanceResolved" } as const;

export function grievanceSms(
  shopName: string,
  shopUrl: string,
  which: GrievanceText,
  ticket: { ticketId: string; number: string; filedAt: string; language: Language; note?: string },
): { body: string; template: SmsTemplate } {
  const body = interpolate(CUSTOMER_TEXTS[ticket.language].grievance[which], {
    shop: shopName,
    number: ticket.number,
    resolveBy: formatDate(resolveBy(ticket.filedAt), ticket.language),
    note: ticket.note ?? "",
    link: `${shopUrl}${grievancePath(ticket.ticketId)}`,
  });
  return { body, template: smsTemplate(MESSAGE[which], ticket.language) };
}
