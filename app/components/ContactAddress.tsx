import { useMatches, useRouteLoaderData, Link } from "@remix-run/react";
import { clockText, phoneLink, whatsappLink, type OpeningHours, type ShopContact } from "../../domain/contact";
import { Message, useT } from "../i18n/I18n";

/**
 * The shop's contact settings, from the frame (the root loader, app/frame.server.ts): the same
 * for every visitor. Typed here, not through the root's loader: the root renders this file.
 */
export function useShopContact(): ShopContact | undefined {
  return (useRouteLoaderData("root") as { contact?: ShopContact } | undefined)?.contact;
}

/**
 * A route about one order (the confirmation, tracking) says which: `export const handle =
 * orderHandle((data) => ...)`. A WhatsApp link on such a page then opens the chat with the
 * order number already typed, so the shop knows at once what the parent is asking about.
 */
export interface OrderHandle {
  orderNumber(data: unknown): string | undefined;
}

export function orderHandle<Data>(orderNumber: (data: Data | undefined) => string | undefined): OrderHandle {
  return { orderNumber: (data) => orderNumber(data as Data | undefined) };
}

/** The order number of the page on screen, if the page is about one order. */
export function useOrderOnPage(): string | undefined {
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    const handle = match.handle as Partial<OrderHandle> | undefined;
    const number = typeof handle?.orderNumber === "function" ? handle.orderNumber(match.data) : undefined;
    if (number) return number;
  }
  return undefined;
}

/** The WhatsApp chat with the shop; on an order's page, with a first line naming the order, in the page's language. */
export function useWhatsappHref(number: string | undefined): string | undefined {
  const order = useOrderOnPage();
  const t = useT();
  return number ? whatsappLink(number, order ? t("contact.orderQuestion", { number: order }) : undefined) : undefined;
}

/**
 * The shop's phone, email and town: the footer and /contact show the same block. A way to
 * reach the shop that is not set up (server/config.ts) is left out, never shown as a
 * placeholder.
 */
export function ContactAddress({ className, contact }: { className?: string; contact?: ShopContact }) {
  const whatsapp = useWhatsappHref(contact?.whatsapp);
  const t = useT();
  return (
    <address className={className}>
      {contact?.phone ? (
        <p>
          <Message id="contact.phone" values={{ phone: <a href={phoneLink(contact.phone)}>{contact.phone}</a> }} />
        </p>
      ) : null}
      {contact?.email ? (
        <p>
          <Message id="contact.email" values={{ email: <a href={`mailto:${contact.email}`}>{contact.email}</a> }} />
        </p>
      ) : null}
      {whatsapp ? (
        <p>
          <a href={whatsapp}>{t("contact.whatsapp")}</a>
        </p>
      ) : null}
      {contact?.address ? <p>{t("contact.address", { address: contact.address })}</p> : <p>{t("contact.town")}</p>}
      {contact?.hours ? <OpeningHoursText hours={contact.hours} /> : null}
    </address>
  );
}

/** "Open 10:00 am to 8:00 pm. Closed on Sunday.": when a parent finds the counter open, in their language. */
function OpeningHoursText({ hours }: { hours: OpeningHours }) {
  const t = useT();
  const days = hours.closedOn.map((day) => t(`contact.days.${day}`)).join(", ");
  return (
    <p>
      {t("contact.hours", { opens: clockText(hours.opens), closes: clockText(hours.closes) })}
      {days ? ` ${t("contact.closedOn", { days })}` : null}
    </p>
  );
}

/**
 * "Call +91 98765 43210 or write to shop@example.in.": one sentence naming the ways to reach
 * the shop that are set up, each a whole sentence of its own for the translation to come;
 * the contact page when none is.
 */
export function AskUs() {
  const contact = useShopContact();
  const whatsapp = useWhatsappHref(contact?.whatsapp);
  const t = useT();
  const phone = contact?.phone ? <a href={phoneLink(contact.phone)}>{contact.phone}</a> : null;
  const email = contact?.email ? <a href={`mailto:${contact.email}`}>{contact.email}</a> : null;
  return (
    <>
      {phone && email ? (
        <Message id="contact.callOrWrite" values={{ phone, email }} />
      ) : phone ? (
        <Message id="contact.call" values={{ phone }} />
      ) : email ? (
        <Message id="contact.write" values={{ email }} />
      ) : whatsapp ? null : (
        <Message id="contact.seeContactPage" values={{ link: <Link to="/contact">{t("contact.contactPage")}</Link> }} />
      )}
      {whatsapp ? (
        <>
          {phone || email ? " " : null}
          <Message id="contact.alsoWhatsapp" values={{ link: <a href={whatsapp}>{t("contact.messageWhatsapp")}</a> }} />
        </>
      ) : null}
    </>
  );
}
