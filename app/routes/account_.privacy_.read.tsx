import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { accountSubject } from "../../domain/privacy/subjects";
import { requireShopper } from "../auth/session.server";
import { readPageForm } from "../forms/form.server";
import { accountPrivacyForm } from "../../domain/forms/privacy";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, routeMessages } from "../i18n/i18n.server";
import { readableCopy, type ReadableCopy } from "../privacy/readable-copy.server";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("privacy:copyPage.title") }];

/**
 * A signed-in parent's copy of their data read as a page to print or save (issue 48); the file is
 * /account/privacy/copy. A post, as the copy is theirs alone and never kept by a cache or in history.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const shopper = await requireShopper(request, context.shop);
  const form = await readPageForm(request, accountPrivacyForm, { pageFields: ["intent", "confirmed"] });
  if (!form.ok) return redirect("/account/privacy", { status: 303 });
  return { copy: await readableCopy(context.shop, accountSubject(shopper.id), languageOf(request)) };
}

/** The page's words; opened without a post it only points to "Your data", where the copy is asked for. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireShopper(request, context.shop);
  return { messages: routeMessages(request, "privacy") };
}

export default function DataCopyPage() {
  const answer = useActionData<typeof action>();
  const t = useT();
  if (!answer || !("copy" in answer)) {
    return (
      <p>
        <Link to="/account/privacy">{t("privacy:account.title")}</Link>
      </p>
    );
  }
  // Plain strings only (readable-copy.server.ts): the data as the server made it.
  const copy = answer.copy as ReadableCopy;
  const none = <p>{t("privacy:copyPage.none")}</p>;
  return (
    <article className="prose data-copy" aria-labelledby="data-copy-title">
      <h1 id="data-copy-title">{t("privacy:copyPage.title")}</h1>
      <p className="muted">{t("privacy:copyPage.made", { date: copy.madeAt })}</p>
      <h2>{t("privacy:copyPage.account")}</h2>
      {copy.account ? (
        <dl>
          <dt>{t("privacy:copyPage.name")}</dt>
          <dd>{copy.account.name}</dd>
          <dt>{t("privacy:copyPage.email")}</dt>
          <dd>{copy.account.email}</dd>
          <dt>{t("privacy:copyPage.phone")}</dt>
          <dd>{copy.account.phone}</dd>
          <dt>{t("privacy:copyPage.since")}</dt>
          <dd>{copy.account.since}</dd>
        </dl>
      ) : (
        none
      )}
      <h2>{t("privacy:copyPage.addresses")}</h2>
      {copy.addresses.length ? <ul>{copy.addresses.map((a) => <li key={a}>{a}</li>)}</ul> : none}
      <h2>{t("privacy:copyPage.children")}</h2>
      {copy.children.length ? <ul>{copy.children.map((c) => <li key={c}>{c}</li>)}</ul> : none}
      <h2>{t("privacy:copyPage.orders")}</h2>
      {copy.orders.length
        ? copy.orders.map((o) => (
            <section key={o.number} aria-label={t("privacy:copyPage.order", { number: o.number })}>
              <h3>{t("privacy:copyPage.order", { number: o.number })}</h3>
              <p>{t("privacy:copyPage.orderLine", { date: o.placedAt, status: o.status, total: o.total })}</p>
              <p>{o.items}</p>
              <p>{t("privacy:copyPage.deliverTo", { address: o.deliverTo })}</p>
            </section>
          ))
        : none}
      <h2>{t("privacy:copyPage.complaints")}</h2>
      {copy.complaints.length ? (
        <ul>
          {copy.complaints.map((c) => (
            <li key={c.number}>{t("privacy:copyPage.complaint", { number: c.number, date: c.filedAt, stage: c.stage, text: c.text })}</li>
          ))}
        </ul>
      ) : (
        none
      )}
    </article>
  );
}
