import { data, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { NEWSLETTER_THANKS, newsletterSignup } from "../../domain/newsletter";

export const meta: MetaFunction = () => [
  { title: "Newsletter | Churu Uniform House" },
  { name: "description", content: "New uniforms, sizes in stock and offers, a few times a term." },
];

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const parsed = newsletterSignup.safeParse({ email: form.get("email") ?? "" });
  if (!parsed.success) {
    return data({ ok: false as const, message: parsed.error.issues[0].message }, { status: 400 });
  }
  await context.shop.newsletter.subscribe(parsed.data.email);
  return { ok: true as const, message: NEWSLETTER_THANKS };
}

/** Without JavaScript the footer's form lands here; with it, the footer shows the answer in place. */
export default function Newsletter() {
  const result = useActionData<typeof action>();
  return (
    <article className="prose">
      <h1>Newsletter</h1>
      {result ? (
        <p className={result.ok ? "notice" : "form-error"} role={result.ok ? "status" : "alert"}>
          {result.message}
        </p>
      ) : (
        <p>New uniforms, sizes in stock and offers, a few times a term.</p>
      )}
      {result?.ok ? null : (
        <Form method="post" className="newsletter-page">
          <label htmlFor="newsletter-page-email">Email address</label>
          <input id="newsletter-page-email" type="email" name="email" autoComplete="email" required />
          <button type="submit" className="primary">
            Subscribe
          </button>
        </Form>
      )}
    </article>
  );
}
