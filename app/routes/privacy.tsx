import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams, Link } from "@remix-run/react";
import { isRuleViolation, refusal } from "../../domain/errors";
import { formatDate } from "../../domain/i18n";
import { GUEST_PRIVACY_LIMITS, guestPrivacyForm } from "../../domain/forms/privacy";
import { normalisePhone } from "../../domain/phone";
import { ERASURE_DUE_DAYS, INVOICE_KEPT_MONTHS, KEPT_ITEMS, PRIVACY_NOTICE_VERSION } from "../../domain/privacy/notice";
import { orderSubject } from "../../domain/privacy/subjects";
import { erasureDueBy } from "../../domain/privacy/events";
import { ContactAddress, useShopContact } from "../components/ContactAddress";
import { UNNAMED_SHOP } from "../components/Navbar";
import { readPageForm } from "../forms/form.server";
import { ErasureConfirm } from "../privacy/ErasureConfirm";
import { openMattersIn } from "../privacy/open-matters.server";
import { FieldMessage, FormMessage } from "../forms/messages";
import { metaT, useLanguage, useT } from "../i18n/I18n";
import { languageOf, routeMessages } from "../i18n/i18n.server";
import { refusalText } from "../i18n/refusals.server";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: t("privacy:metaTitle") }, { name: "description", content: t("privacy:metaDescription") }];
};

export function loader({ request, context }: LoaderFunctionArgs) {
  return { messages: routeMessages(request, "privacy"), shopName: context.shop.config.shopName };
}

/**
 * A guest's copy of their data or erasure request: the order number and the mobile number on it, looked
 * up as tracking does (throttled per address: decision 083), never put in an address.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { shop } = context;
  const lang = languageOf(request);
  const form = await readPageForm(request, guestPrivacyForm, GUEST_PRIVACY_LIMITS);
  if (!form.ok) return form.answer;
  const orderId = form.value.orderId?.trim() ?? "";
  const phone = normalisePhone(form.value.phone ?? "");
  if (!orderId || !phone) return form.refuse(refusalText(lang, refusal("tracking.missing")), 400);
  const lookup = await shop.tracking.find({ orderId, phone, clientIp: context.clientIp });
  if (!lookup.ok) return form.refuse(refusalText(lang, lookup.refusal), lookup.status);
  if (!lookup.found) return form.refuse(refusalText(lang, refusal("privacy.notFound")), 404);
  // An account's order is asked about by signing in to it (decision 192): refused here, worded in the page's language.
  if (lookup.found.order.userId) return form.refuse(refusalText(lang, refusal("privacy.onAccount")), 409);
  const subject = orderSubject(lookup.found.order.id);
  // A copy is downloaded from /privacy/copy (a resource route: the answer is the file); asked here, it is that lookup's.
  if (form.value.intent === "copy") return redirect("/privacy?copy=notFound#privacy-guest", { status: 303 });
  // Taken back within its cooling-off (decision 248).
  if (form.value.intent === "keep") {
    try {
      await shop.privacy.withdrawErasure(subject);
    } catch (err) {
      if (isRuleViolation(err)) return form.refuse(refusalText(lang, err), 409);
      throw err;
    }
    return { kept: true as const };
  }
  // Asked first (decision 248): what goes, what stays, what is still open; only the confirmation's "Yes" asks.
  if (form.value.confirmed !== "yes") {
    return { confirm: { orderId, phone, matters: await openMattersIn(shop, subject, lang), hours: shop.privacy.coolingOffHours } };
  }
  const asked = await shop.privacy.requestErasure(subject, "guest");
  return { erasureDue: erasureDueBy(asked.state.erasureAskedAt ?? new Date().toISOString()), orderId, phone };
}

export default function Privacy() {
  const t = useT();
  const lang = useLanguage();
  const { shopName } = useLoaderData<typeof loader>();
  const contact = useShopContact();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const result = answer && "result" in answer ? answer.result : undefined;
  const confirm = answer && "confirm" in answer ? answer.confirm : undefined;
  const due = answer && "erasureDue" in answer && answer.erasureDue ? { ...answer, erasureDue: answer.erasureDue } : undefined;
  const kept = answer && "kept" in answer;
  const [params] = useSearchParams();
  const copyNotFound = params.get("copy") === "notFound";
  const copyOnAccount = params.get("copy") === "onAccount";
  return (
    <article className="prose privacy-notice" aria-labelledby="privacy-title">
      <h1 id="privacy-title">{t("privacy:title")}</h1>
      <p className="muted">{t("privacy:version", { version: PRIVACY_NOTICE_VERSION })}</p>
      <p>{t("privacy:intro", { shop: shopName || UNNAMED_SHOP })}</p>

      <h2>{t("privacy:keptTitle")}</h2>
      <ul>
        {KEPT_ITEMS.map((item) => (
          <li key={item}>{t(`privacy:kept.${item}`)}</li>
        ))}
      </ul>

      <h2>{t("privacy:howLongTitle")}</h2>
      <p>{t("privacy:howLong", { months: INVOICE_KEPT_MONTHS })}</p>

      <h2>{t("privacy:sealedTitle")}</h2>
      <p>{t("privacy:sealed")}</p>

      <h2>{t("privacy:rightsTitle")}</h2>
      <ul>
        <li>{t("privacy:rights.copy")}</li>
        <li>{t("privacy:rights.correct")}</li>
        <li>{t("privacy:rights.withdraw")}</li>
        <li>{t("privacy:rights.erase", { days: ERASURE_DUE_DAYS })}</li>
        <li>{t("privacy:rights.complain")}</li>
      </ul>
      <p>
        <Link to="/account">{t("privacy:account.title")}</Link>
      </p>

      <h2>{t("privacy:contactTitle")}</h2>
      <p>{t("privacy:contact")}</p>
      <ContactAddress className="contact-block" contact={contact} />

      <h2 id="privacy-guest">{t("privacy:guestTitle")}</h2>
      <p>{t("privacy:guestIntro")}</p>
      {due ? (
        <>
          <p className="success-box" role="status">
            {t("privacy:erasureAsked", { date: formatDate(due.erasureDue, lang) })}
          </p>
          {/* Taken back within its cooling-off with the same order and mobile number (decision 248). */}
          <Form method="post" reloadDocument>
            <input type="hidden" name="orderId" value={due.orderId} />
            <input type="hidden" name="phone" value={due.phone} />
            <button type="submit" name="intent" value="keep" disabled={busy}>
              {t("privacy:account.keep")}
            </button>
          </Form>
        </>
      ) : null}
      {kept ? (
        <p className="success-box" role="status">
          {t("privacy:account.kept")}
        </p>
      ) : null}
      <FormMessage result={result} />
      {copyOnAccount && !result ? (
        <p className="error-box" role="alert" data-testid="copy-on-account">
          {t("privacy:copyOnAccount")}
        </p>
      ) : null}
      {copyNotFound && !result ? (
        <p className="error-box" role="alert">
          {t("privacy:copyNotFound")}
        </p>
      ) : null}
      {confirm ? (
        <ErasureConfirm
          title={t("privacy:confirm.title")}
          what={[t("privacy:confirm.what"), t("privacy:confirm.coolingOff", { hours: confirm.hours, days: ERASURE_DUE_DAYS })]}
          matters={confirm.matters}
          after={t("privacy:confirm.mattersAfter")}
        >
          <Form method="post" reloadDocument>
            <input type="hidden" name="orderId" value={confirm.orderId} />
            <input type="hidden" name="phone" value={confirm.phone} />
            <input type="hidden" name="confirmed" value="yes" />
            <button type="submit" name="intent" value="erase" className="danger" disabled={busy}>
              {t("privacy:confirm.yes")}
            </button>{" "}
            <Link to="/privacy">{t("privacy:confirm.no")}</Link>
          </Form>
        </ErasureConfirm>
      ) : null}
      <Form method="post" reloadDocument aria-labelledby="privacy-guest">
        <label htmlFor="privacy-order">{t("privacy:orderNumber")}</label>
        <input id="privacy-order" name="orderId" autoComplete="off" required maxLength={64} />
        <FieldMessage result={result} name="orderId" />
        <label htmlFor="privacy-phone">{t("privacy:phone")}</label>
        <input id="privacy-phone" name="phone" type="tel" inputMode="numeric" autoComplete="tel" required maxLength={20} />
        <FieldMessage result={result} name="phone" />
        <div className="actions">
          <button type="submit" name="intent" value="copy" formAction="/privacy/copy" disabled={busy}>
            {t("privacy:download")}
          </button>
          <button type="submit" name="intent" value="erase" className="danger" disabled={busy}>
            {t("privacy:askErasure")}
          </button>
        </div>
      </Form>
    </article>
  );
}
