import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { isRuleViolation } from "../../domain/errors";
import { DELIVERY_DATES_FORM_OPTIONS, deliveryDatesForm } from "../../domain/forms/delivery-dates";
import { expectedEverywhere } from "../../domain/delivery/dates";
import { indianDay } from "../../domain/orders/charges";
import { requirePermission } from "../admin/guard.server";
import { DeliveryDates } from "../components/DeliveryDates";
import { rangeView } from "../delivery/dates.server";
import { readPageForm, refusalStatus, type FormResult } from "../forms/form.server";
import { FieldMessage, FormMessage, fieldProps, typedValue } from "../forms/messages";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, refusalTable, routeMessages } from "../i18n/i18n.server";
import { refusalText } from "../i18n/refusals.server";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("delivery:rules.metaTitle") }];

const SAVED = ["saved", "unchanged"] as const;

/**
 * The owner's delivery-date rules (decision 236): days to pack what is on the shelf and to make what is made to order,
 * the town his own boy covers and its days, elsewhere's days, and the days after the courier's date. What a parent is
 * then told, for an item on the shelf and one made to order, is shown under the form. Plain forms, JS on or off.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "catalogue");
  const lang = languageOf(request);
  const { rules, setAt } = await context.shop.deliveryDates.current();
  const today = indianDay(new Date());
  const preview = (kind: "ready" | "made") => {
    const shown = expectedEverywhere(today, rules, [{ kind }]);
    return {
      ...(rules.town.pincodes.length ? { town: { pincodes: rules.town.pincodes.join(", "), ...rangeView(shown.town, lang) } } : {}),
      outside: rangeView(shown.outside, lang),
      ...(kind === "made" ? { madeDays: rules.madeToOrderDays } : {}),
    };
  };
  const saved = new URL(request.url).searchParams.get("saved");
  return {
    rules,
    defaults: setAt === undefined,
    preview: { ready: preview("ready"), made: preview("made") },
    saved: SAVED.find((s) => s === saved) ?? null,
    messages: routeMessages(request, "delivery"),
    refusals: refusalTable(request, "deliveryDatesForm"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requirePermission(request, context, "catalogue");
  const form = await readPageForm(request, deliveryDatesForm, DELIVERY_DATES_FORM_OPTIONS);
  if (!form.ok) return form.answer;
  try {
    const done = await context.shop.deliveryDates.setRules(form.value, { kind: "admin", id: admin.id, name: admin.name });
    return redirect(`/admin/delivery-dates?saved=${done.changed ? "saved" : "unchanged"}`);
  } catch (err) {
    if (!isRuleViolation(err)) throw err;
    return form.refuse(refusalText(languageOf(request), err), refusalStatus(err.status));
  }
}

type Fields = keyof typeof DELIVERY_DATES_FORM_OPTIONS.labels;

function DaysField({ name, value, result }: { name: Fields; value: string; result: FormResult | undefined }) {
  const t = useT();
  const wide = name === "townPincodes";
  return (
    <div className="form-field">
      <label htmlFor={`rules-${name}`}>{t(`delivery:rules.field.${name}`)}</label>
      <input
        id={`rules-${name}`}
        name={name}
        inputMode={wide ? "text" : "numeric"}
        defaultValue={typedValue(result, name) ?? value}
        maxLength={DELIVERY_DATES_FORM_OPTIONS.maxLength[name]}
        {...(wide ? {} : { size: 4 })}
        {...fieldProps(result, name)}
      />
      <FieldMessage result={result} name={name} />
    </div>
  );
}

export default function AdminDeliveryDates() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const busy = useNavigation().state === "submitting";
  const t = useT();
  const { rules } = page;
  return (
    <section className="admin-delivery-dates" aria-labelledby="delivery-rules-title">
      <h1 id="delivery-rules-title">{t("delivery:rules.title")}</h1>
      <p>{t("delivery:rules.intro")}</p>
      {page.defaults ? <p data-testid="rules-defaults">{t("delivery:rules.defaults")}</p> : null}
      {page.saved && !result ? (
        <p className="notice" role="status">
          {t(`delivery:rules.saved.${page.saved}`)}
        </p>
      ) : null}
      <Form method="post" action="/admin/delivery-dates" aria-label={t("delivery:rules.formName")}>
        <FormMessage result={result} />
        <fieldset>
          <legend>{t("delivery:rules.kinds")}</legend>
          <DaysField name="readyDays" value={String(rules.readyDays)} result={result} />
          <DaysField name="madeToOrderDays" value={String(rules.madeToOrderDays)} result={result} />
        </fieldset>
        <fieldset>
          <legend>{t("delivery:rules.town")}</legend>
          <DaysField name="townPincodes" value={rules.town.pincodes.join(", ")} result={result} />
          <DaysField name="townFrom" value={String(rules.town.fromDays)} result={result} />
          <DaysField name="townTo" value={String(rules.town.toDays)} result={result} />
        </fieldset>
        <fieldset>
          <legend>{t("delivery:rules.outside")}</legend>
          <DaysField name="outsideFrom" value={String(rules.outside.fromDays)} result={result} />
          <DaysField name="outsideTo" value={String(rules.outside.toDays)} result={result} />
          <DaysField name="courierSpareDays" value={String(rules.courierSpareDays)} result={result} />
        </fieldset>
        <button type="submit" className="primary" disabled={busy}>
          {t("delivery:rules.save")}
        </button>
      </Form>
      <h2>{t("delivery:rules.preview")}</h2>
      <h3>{t("delivery:rules.previewReady")}</h3>
      <DeliveryDates dates={page.preview.ready} id="preview-ready" />
      <h3>{t("delivery:rules.previewMade")}</h3>
      <DeliveryDates dates={page.preview.made} id="preview-made" />
    </section>
  );
}
