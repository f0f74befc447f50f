import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { NEWSLETTER_LIMITS, NEWSLETTER_THANKS, newsletterSignup } from "../../domain/newsletter";
import { readPageForm } from "../forms/form.server";
import { FieldMessage, FormMessage, fieldProps, typedValue } from "../forms/messages";

export const meta: MetaFunction = () => [
  { title: "Newsletter | Churu Uniform House" },
  { name: "description", content: "New uniforms, sizes in stock and offers, a few times a term." },
];

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readPageForm(request, newsletterSignup, NEWSLETTER_LIMITS);
  if (!form.ok) return form.answer;
  await context.shop.newsletter.subscribe(form.value.email);
  return { thanks: NEWSLETTER_THANKS };
}

/** Without JavaScript the footer's form lands here; with it, the footer shows the answer in place. */
export default function Newsletter() {
  const answer = useActionData<typeof action>();
  const thanks = answer && "thanks" in answer ? answer.thanks : null;
  const result = answer && "result" in answer ? answer.result : undefined;
  return (
    <article className="prose">
      <h1>Newsletter</h1>
      {thanks ? (
        <p className="notice" role="status">
          {thanks}
        </p>
      ) : (
        <p>New uniforms, sizes in stock and offers, a few times a term.</p>
      )}
      <FormMessage result={result} />
      {thanks ? null : (
        <Form method="post" className="newsletter-page">
          <label htmlFor="newsletter-page-email">Email address</label>
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
            Subscribe
          </button>
        </Form>
      )}
    </article>
  );
}
