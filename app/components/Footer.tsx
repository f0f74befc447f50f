import { useFetcher, Link } from "@remix-run/react";
import { messagesFor } from "../forms/messages";
import type { action as newsletterAction } from "../routes/newsletter";
import type { ShopContact } from "../../domain/contact";
import { ContactAddress, useWhatsappHref } from "./ContactAddress";
import { UNNAMED_SHOP } from "./Navbar";
import { useT } from "../i18n/I18n";

/**
 * Posts to /newsletter. Without JS the browser goes to that page and reads the answer
 * there; with JS a fetcher keeps the shopper where they are and shows it in place, in the
 * page's language: the thanks and the refusals come worded by the server (decision 164).
 */
function NewsletterForm() {
  const fetcher = useFetcher<typeof newsletterAction>();
  const t = useT();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const result = !answer
    ? undefined
    : "thanks" in answer
      ? { ok: true, message: answer.thanks }
      : {
          ok: false,
          message: [...messagesFor(answer.result, "email"), ...messagesFor(answer.result, "")].join(" "),
        };
  return (
    <fetcher.Form className="newsletter" method="post" action="/newsletter">
      <label htmlFor="newsletter-email">{t("footer.email")}</label>
      <input
        id="newsletter-email"
        type="email"
        name="email"
        placeholder="you@example.com"
        autoComplete="email"
        required
        aria-describedby={result ? "newsletter-result" : undefined}
      />
      <button type="submit" disabled={fetcher.state !== "idle"}>
        {fetcher.state === "idle" ? t("footer.subscribe") : t("footer.subscribing")}
      </button>
      {result ? (
        <p id="newsletter-result" className={result.ok ? "newsletter-ok" : "newsletter-error"} role={result.ok ? "status" : "alert"}>
          {result.message}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

export function Footer({ shopName = UNNAMED_SHOP, contact }: { shopName?: string; contact?: ShopContact }) {
  const t = useT();
  return (
    <footer className="footer">
      <div className="footer-grid">
        <section aria-labelledby="footer-links">
          <h2 id="footer-links">{t("footer.quickLinks")}</h2>
          <ul>
            <li>
              <Link to="/">{t("nav.home")}</Link>
            </li>
            <li>
              <Link to="/schools">{t("nav.schools")}</Link>
            </li>
            <li>
              <Link to="/shop">{t("footer.shop")}</Link>
            </li>
            <li>
              <Link to="/accessories">{t("footer.accessories")}</Link>
            </li>
            <li>
              <Link to="/orders/track">{t("footer.track")}</Link>
            </li>
            <li>
              <Link to="/returns">{t("footer.returns")}</Link>
            </li>
            <li>
              <Link to="/privacy">{t("footer.privacy")}</Link>
            </li>
            <li>
              <Link to="/contact">{t("nav.contact")}</Link>
            </li>
            <li>
              <Link to="/seller">{t("footer.seller")}</Link>
            </li>
            <li>
              <Link to="/grievance">{t("footer.complain")}</Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">{t("footer.contactUs")}</h2>
          <ContactAddress contact={contact} />
          <SocialLinks contact={contact} />
        </section>
        <section aria-labelledby="footer-news">
          <h2 id="footer-news">{t("footer.newsletter")}</h2>
          <NewsletterForm />
        </section>
      </div>
      <p className="copyright">
        {t("footer.copyright", { year: new Date().getFullYear(), shop: shopName })}
      </p>
    </footer>
  );
}

/** The shop's social pages and WhatsApp: only those the shop has set up (a missing one is not shown at all). */
function SocialLinks({ contact }: { contact?: ShopContact }) {
  const whatsapp = useWhatsappHref(contact?.whatsapp);
  const t = useT();
  if (!contact?.facebookUrl && !contact?.instagramUrl && !whatsapp) return null;
  return (
    <ul className="social" aria-label={t("footer.social")}>
      {contact?.facebookUrl ? (
        <li>
          <a href={contact.facebookUrl} aria-label="Facebook" rel="noopener">
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path fill="currentColor" d="M14 8h3V4h-3c-2.8 0-4 1.7-4 4.3V10H7v4h3v8h4v-8h3l1-4h-4V8.6c0-.4.3-.6.6-.6z" />
            </svg>
          </a>
        </li>
      ) : null}
      {contact?.instagramUrl ? (
        <li>
          <a href={contact.instagramUrl} aria-label="Instagram" rel="noopener">
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <rect x="3" y="3" width="18" height="18" rx="5" fill="none" stroke="currentColor" strokeWidth="2" />
              <circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
              <circle cx="17.5" cy="6.5" r="1.2" fill="currentColor" />
            </svg>
          </a>
        </li>
      ) : null}
      {whatsapp ? (
        <li>
          <a href={whatsapp} aria-label="WhatsApp" rel="noopener">
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path fill="currentColor" d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2zm5.3 14.1c-.2.6-1.3 1.2-1.8 1.2-.5.1-1 .2-3.3-.7-2.8-1.1-4.6-4-4.7-4.2-.1-.2-1.1-1.5-1.1-2.9s.7-2 1-2.3c.2-.3.5-.3.7-.3h.5c.2 0 .4 0 .6.5l.8 2c.1.2.1.3 0 .5l-.4.6c-.1.2-.3.3-.1.6.2.3.8 1.3 1.7 2.1 1.1 1 2.1 1.3 2.4 1.4.3.2.5.1.6-.1l.8-1c.2-.3.4-.2.6-.1l1.9.9c.3.1.5.2.5.3.1.2.1.7-.1 1.3z" />
            </svg>
          </a>
        </li>
      ) : null}
    </ul>
  );
}
