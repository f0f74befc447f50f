import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation, useSearchParams, Link } from "@remix-run/react";
import { isRuleViolation } from "../../domain/errors";
import { accountPrivacyForm } from "../../domain/forms/privacy";
import { formatDate, formatDateTime } from "../../domain/i18n";
import { ERASURE_DUE_DAYS } from "../../domain/privacy/notice";
import { accountSubject } from "../../domain/privacy/subjects";
import { requireShopper } from "../auth/session.server";
import { readPageForm } from "../forms/form.server";
import { metaT, useLanguage, useT } from "../i18n/I18n";
import { languageOf, routeMessages } from "../i18n/i18n.server";
import { ErasureConfirm } from "../privacy/ErasureConfirm";
import { openMattersIn } from "../privacy/open-matters.server";
import { accountPrivacy } from "../privacy/privacy.server";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("privacy:account.title") }];

/**
 * A signed-in parent's data: where their consent stands, their copy, their erasure request (decision 124). "Ask to
 * erase" first opens a confirmation (`?erase=confirm`, decision 248) saying what goes, what stays and what is still
 * open; a request made may be taken back during its cooling-off.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const shop = context.shop;
  const shopper = await requireShopper(request, shop);
  const privacy = await accountPrivacy(shop, shopper.id);
  const subject = accountSubject(shopper.id);
  const asking = new URL(request.url).searchParams.get("erase") === "confirm" && !privacy.dueBy;
  const coolingOffUntil = await shop.privacy.coolingOffUntil(subject);
  return {
    privacy,
    // Shown while the parent may still take the request back.
    coolingOffUntil: coolingOffUntil && Date.parse(coolingOffUntil) > Date.now() ? coolingOffUntil : null,
    confirm: asking ? { matters: await openMattersIn(shop, subject, languageOf(request)), hours: shop.privacy.coolingOffHours } : null,
    messages: routeMessages(request, "privacy"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const shop = context.shop;
  const shopper = await requireShopper(request, shop);
  const form = await readPageForm(request, accountPrivacyForm, { pageFields: ["intent", "confirmed"] });
  if (!form.ok) return form.answer;
  const subject = accountSubject(shopper.id);
  switch (form.value.intent) {
    case "privacy-copy":
      // The download is its own resource route (/account/privacy/copy); a copy asked here goes there.
      break;
    case "privacy-withdraw": {
      const state = await shop.privacy.state(subject);
      // Withdrawn already (a second click, a second tab): the page says so as it is.
      if (state.consent) await shop.privacy.withdrawConsent(subject);
      break;
    }
    case "privacy-erase":
      // Only the confirmation's "Yes" asks: a press anywhere else opens the confirmation first.
      if (form.value.confirmed !== "yes") return redirect("/account/privacy?erase=confirm#erase-confirm", { status: 303 });
      await shop.privacy.requestErasure(subject, "parent");
      break;
    case "privacy-keep":
      try {
        await shop.privacy.withdrawErasure(subject);
      } catch (err) {
        // Too late (the cooling-off ended while the page was open): the page says where the request stands.
        if (isRuleViolation(err)) return redirect("/account/privacy", { status: 303 });
        throw err;
      }
      return redirect("/account/privacy?kept=1", { status: 303 });
  }
  return redirect("/account/privacy", { status: 303 });
}

export default function AccountPrivacy() {
  const { privacy, coolingOffUntil, confirm } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const t = useT();
  const lang = useLanguage();
  const busy = useNavigation().state === "submitting";
  return (
    <section className="account-privacy" aria-labelledby="account-privacy-title">
      <h1 id="account-privacy-title">{t("privacy:account.title")}</h1>
      <p>
        <Link to="/privacy">{t("privacy:account.readNotice")}</Link>
      </p>
      <h2>{t("privacy:rightsTitle")}</h2>
      {privacy.consent ? (
        <p>{t("privacy:account.consentSince", { version: privacy.consent.notice, date: formatDate(privacy.consent.at, lang) })}</p>
      ) : (
        <p role="status">{t("privacy:account.noConsent")}</p>
      )}
      {privacy.consent ? (
        <Form method="post">
          <button type="submit" name="intent" value="privacy-withdraw" disabled={busy}>
            {t("privacy:account.withdraw")}
          </button>
        </Form>
      ) : null}
      <Form method="post" action="/account/privacy/copy" reloadDocument>
        <button type="submit" name="intent" value="privacy-copy">
          {t("privacy:account.download")}
        </button>{" "}
        {/* The same copy as a page to read, print or save (issue 48): its own route, as the file's is a resource route. */}
        <button type="submit" name="intent" value="privacy-page" formAction="/account/privacy/read">
          {t("privacy:account.readCopy")}
        </button>
      </Form>
      {params.get("kept") === "1" && !privacy.dueBy ? (
        <p className="success-box" role="status">
          {t("privacy:account.kept")}
        </p>
      ) : null}
      {privacy.dueBy ? (
        <>
          <p className="success-box" role="status">
            {t("privacy:account.erasureAsked", { date: formatDate(privacy.dueBy, lang) })}
            {coolingOffUntil ? ` ${t("privacy:account.coolingOffUntil", { date: formatDateTime(coolingOffUntil, lang) })}` : null}
          </p>
          {coolingOffUntil ? (
            <Form method="post">
              <button type="submit" name="intent" value="privacy-keep" disabled={busy}>
                {t("privacy:account.keep")}
              </button>
            </Form>
          ) : null}
        </>
      ) : confirm ? (
        <ErasureConfirm
          title={t("privacy:confirm.title")}
          what={[t("privacy:confirm.what"), t("privacy:confirm.coolingOff", { hours: confirm.hours, days: ERASURE_DUE_DAYS })]}
          matters={confirm.matters}
          after={t("privacy:confirm.mattersAfter")}
        >
          <Form method="post">
            <input type="hidden" name="confirmed" value="yes" />
            <button type="submit" name="intent" value="privacy-erase" className="danger" disabled={busy}>
              {t("privacy:confirm.yes")}
            </button>{" "}
            <Link to="/account/privacy">{t("privacy:confirm.no")}</Link>
          </Form>
        </ErasureConfirm>
      ) : (
        // A plain GET to the confirmation: nothing is asked until its "Yes" (decision 248).
        <Form method="get" action="/account/privacy#erase-confirm">
          <p>{t("privacy:account.eraseNote")}</p>
          <button type="submit" name="erase" value="confirm" className="danger">
            {t("privacy:account.erase")}
          </button>
        </Form>
      )}
    </section>
  );
}
