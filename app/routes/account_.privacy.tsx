import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation, Link } from "@remix-run/react";
import { accountPrivacyForm } from "../../domain/forms/privacy";
import { formatDate } from "../../domain/i18n";
import { accountSubject } from "../../domain/privacy/subjects";
import { requireShopper } from "../auth/session.server";
import { readPageForm } from "../forms/form.server";
import { metaT, useLanguage, useT } from "../i18n/I18n";
import { routeMessages } from "../i18n/i18n.server";
import { accountPrivacy } from "../privacy/privacy.server";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("privacy:account.title") }];

/** A signed-in parent's data: where their consent stands, their copy, their erasure request (decision 124). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const shopper = await requireShopper(request, context.shop);
  return { privacy: await accountPrivacy(context.shop, shopper.id), messages: routeMessages(request, "privacy") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const shop = context.shop;
  const shopper = await requireShopper(request, shop);
  const form = await readPageForm(request, accountPrivacyForm, { pageFields: ["intent"] });
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
      await shop.privacy.requestErasure(subject, "parent");
      break;
  }
  return redirect("/account/privacy", { status: 303 });
}

export default function AccountPrivacy() {
  const { privacy } = useLoaderData<typeof loader>();
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
        </button>
      </Form>
      {privacy.dueBy ? (
        <p className="success-box" role="status">
          {t("privacy:account.erasureAsked", { date: formatDate(privacy.dueBy, lang) })}
        </p>
      ) : (
        <Form method="post">
          <p>{t("privacy:account.eraseNote")}</p>
          <button type="submit" name="intent" value="privacy-erase" className="danger" disabled={busy}>
            {t("privacy:account.erase")}
          </button>
        </Form>
      )}
    </section>
  );
}
