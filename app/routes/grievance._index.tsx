import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { randomUUID } from "node:crypto";
import { GRIEVANCE_TOPICS, NAME_MAX, TEXT_MAX } from "../../domain/grievance/limits";
import { grievancePath } from "../../domain/grievance/texts";
import { COMPLAINT_FORM_LIMITS, complaintForm } from "../../domain/forms/grievance";
import { isRuleViolation } from "../../domain/errors";
import { normalisePhone } from "../../domain/phone";
import { getShopper } from "../auth/session.server";
import { readPageForm, refusalStatus } from "../forms/form.server";
import { FieldMessage, FormMessage, fieldProps, refusalOf, typedValue } from "../forms/messages";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, refusalTable, routeMessages } from "../i18n/i18n.server";
import { refusalText } from "../i18n/refusals.server";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("grievance:form.metaTitle") }];

/**
 * A complaint (decision 129): a signed-in parent files it with their account; a guest names the order
 * and the mobile number it was placed with. Filing answers with a redirect to the ticket's page, which
 * shows its number at once; the SMS with the number follows from the event.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const shopper = await getShopper(request, context.shop);
  return {
    // The form's key: a form sent twice (a double tap, Back and send) files one ticket.
    key: randomUUID(),
    shopper: shopper ? { name: shopper.name, phone: shopper.phone ?? "" } : null,
    officer: context.shop.config.seller.grievanceOfficer.name,
    messages: routeMessages(request, "grievance"),
    refusals: refusalTable(request, "forms"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readPageForm(request, complaintForm, COMPLAINT_FORM_LIMITS);
  if (!form.ok) return form.answer;
  const lang = languageOf(request);
  const shopper = await getShopper(request, context.shop);
  const v = form.value;
  try {
    const filed = await context.shop.grievances.file({
      key: v.key,
      userId: shopper?.id,
      name: v.name ?? "",
      phone: normalisePhone(v.phone ?? ""),
      orderNumber: v.orderNumber,
      topic: v.topic ?? "",
      text: v.text ?? "",
      language: lang,
      clientIp: context.clientIp,
    });
    if (!filed.ok) return form.refuse(refusalText(lang, filed.refusal), filed.status);
    return redirect(`${grievancePath(filed.ticketId)}?filed=1`, 303);
  } catch (err) {
    if (isRuleViolation(err)) return form.refuse(refusalText(lang, err), refusalStatus(err.status));
    throw err;
  }
}

export default function Complain() {
  const { key, shopper, officer } = useLoaderData<typeof loader>();
  const result = refusalOf(useActionData<typeof action>());
  const t = useT();
  return (
    <article className="prose grievance-form">
      <h1>{t("grievance:form.title")}</h1>
      <p>{t("grievance:form.intro")}</p>
      <p>{t("grievance:form.officer", { name: officer })}</p>
      {shopper ? <p>{t("grievance:form.signedIn")}</p> : null}
      <FormMessage result={result} />
      <Form method="post" className="stack-form">
        <input type="hidden" name="intent" value="complain" />
        <input type="hidden" name="key" value={key} />
        <label htmlFor="g-name">{t("grievance:form.name")}</label>
        <input id="g-name" name="name" autoComplete="name" required maxLength={NAME_MAX} defaultValue={typedValue(result, "name") ?? shopper?.name ?? ""} {...fieldProps(result, "name")} />
        <FieldMessage result={result} name="name" />
        <label htmlFor="g-phone">{t("grievance:form.phone")}</label>
        <input
          id="g-phone"
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          required
          maxLength={20}
          aria-describedby="g-phone-hint"
          defaultValue={typedValue(result, "phone") ?? shopper?.phone ?? ""}
        />
        <small id="g-phone-hint">{t("grievance:form.phoneHint")}</small>
        <FieldMessage result={result} name="phone" />
        <label htmlFor="g-order">{t("grievance:form.orderNumber")}</label>
        <input
          id="g-order"
          name="orderNumber"
          autoComplete="off"
          maxLength={64}
          required={!shopper}
          aria-describedby="g-order-hint"
          defaultValue={typedValue(result, "orderNumber") ?? ""}
        />
        <small id="g-order-hint">{t(shopper ? "grievance:form.orderHintSignedIn" : "grievance:form.orderHintGuest")}</small>
        <FieldMessage result={result} name="orderNumber" />
        <label htmlFor="g-topic">{t("grievance:form.topic")}</label>
        <select id="g-topic" name="topic" defaultValue={typedValue(result, "topic") ?? "order"}>
          {GRIEVANCE_TOPICS.map((topic) => (
            <option key={topic} value={topic}>
              {t(`grievance:form.topics.${topic}`)}
            </option>
          ))}
        </select>
        <label htmlFor="g-text">{t("grievance:form.text")}</label>
        <textarea
          id="g-text"
          name="text"
          rows={6}
          required
          maxLength={TEXT_MAX}
          aria-describedby="g-text-hint"
          defaultValue={typedValue(result, "text") ?? ""}
          {...fieldProps(result, "text")}
        />
        <small id="g-text-hint">{t("grievance:form.textHint", { max: TEXT_MAX })}</small>
        <FieldMessage result={result} name="text" />
        <button type="submit" className="primary">
          {t("grievance:form.submit")}
        </button>
      </Form>
    </article>
  );
}
