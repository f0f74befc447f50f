import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { NEWSLETTER_LIMITS, newsletterSignup } from "../../domain/newsletter";
import { readPageForm } from "../forms/form.server";
import { FieldMessage, FormMessage, fieldProps, typedValue } from "../forms/messages";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, routeMessages, serverT } from "../i18n/i18n.server";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: t("pages:newsletter.metaTitle") }, { name: "description", content: t("pages:newsletter.metaDescription") }];
};

export function loader({ request }: LoaderFunctionArgs) {
  return { messages: routeMessages(request, "pages") };
}

/** The thanks is worded in the visitor's language: the footer shows it as it comes (JS on), this page too (JS off). */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readPageForm(request, newsletterSignup, NEWSLETTER_LIMITS);
  if (!form.ok) return form.answer;
  await context.shop.newsletter.subscribe(form.value.email);
  return { thanks: serverT(languageOf(request))("pages:newsletter.thanks") };
}

/** Without JavaScript the footer's form lands here; with it, the footer shows the answer in place. */
export default function Newsletter() {
  const answer = useActionData<typeof action>();
  const t = useT();
  const thanks = answer && "thanks" in answer ? answer.thanks : null;
  const result = answer && "result" in answer ? answer.result : undefined;
  return (
    <article className="prose">
      <h1>{t("pages:newsletter.title")}</h1>
      {thanks ? (
        <p className="notice" role="status">
          {thanks}
        </p>
      ) : (
        <p>{t("pages:newsletter.intro")}</p>
      )}
      <FormMessage result={result} />
      {thanks ? null : (
        <Form method="post" className="newsletter-page">
          <label htmlFor="newsletter-page-email">{t("pages:newsletter.email")}</label>
          <input
            id="newsletter-page-email"
            type="email"
            name="email"
            autoComplete="email"
            required
            defaultValue={typedValue(result, "email")}
            {...fieldProps(result, "email")}
          />
          <FieldMessage result={result} name="email" />
          <button type="submit" className="primary">
            {t("pages:newsletter.subscribe")}
          </button>
        </Form>
      )}
    </article>
  );
}
