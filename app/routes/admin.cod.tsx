import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { isRuleViolation } from "../../domain/errors";
import { COUNTER_NAME } from "../../domain/counter/sale";
import { COD_FORM_OPTIONS, codForm } from "../../domain/forms/cash";
import { formatRupees } from "../../domain/money";
import { requirePermission } from "../admin/guard.server";
import { adminActor } from "../admin/orders.server";
import { TableScroll } from "../components/TableScroll";
import { readPageForm, refusalStatus } from "../forms/form.server";
import { FieldMessage, FormMessage, fieldProps } from "../forms/messages";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, refusalTable, routeMessages, serverT } from "../i18n/i18n.server";
import { refusalText } from "../i18n/refusals.server";
import { useMay } from "../admin/may";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("cash:codPage.metaTitle") }];

const NUMBER = /^[0-9A-F]{8}$/;
const PERSON = /^[\p{L}\p{M}\p{N} .'-]{1,60}$/u;

/** What the last step did, from the address it answered with (so a reload says it again and changes nothing). */
function doneNotice(url: URL, t: ReturnType<typeof serverT>): string | null {
  const done = url.searchParams.get("done");
  const number = url.searchParams.get("number") ?? "";
  const person = url.searchParams.get("person") ?? "";
  const amount = Number(url.searchParams.get("amount"));
  const counter = url.searchParams.get("counter") ?? "";
  if (done === "give" && NUMBER.test(number) && PERSON.test(person)) return t("cash:codPage.give.done", { number, person });
  if (done === "collect" && NUMBER.test(number)) return t("cash:codPage.collectedDone", { number });
  if (done === "refuse" && NUMBER.test(number)) return t("cash:codPage.refusedDone", { number });
  if (done === "handIn" && Number.isInteger(amount) && COUNTER_NAME.test(counter)) return t("cash:codPage.handIn.done", { amount: formatRupees(amount), counter });
  return null;
}

/**
 * Cash on delivery (decision 212): a parcel given to a delivery person by its order number, each person's parcels
 * still out and cash collected, paid or refused at the door, and the collected cash handed into a counter's drawer.
 * Plain forms, the same with JavaScript off.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "drawer");
  const lang = languageOf(request);
  const t = serverT(lang);
  const people = await context.shop.orders.codOutstanding();
  return {
    notice: doneNotice(new URL(request.url), t),
    people: people.map((p) => ({
      person: p.person,
      summary: t("cash:codPage.people.summary", {
        person: p.person,
        out: p.parcelsOut,
        cashOut: formatRupees(p.cashOut),
        collected: p.collected,
        cashCollected: formatRupees(p.cashCollected),
      }),
      days: p.byDay.map((d) => t("cash:codPage.people.day", { day: d.day, parcels: d.parcels, amount: formatRupees(d.amount) })),
      parcels: p.parcels.map((parcel) => ({ ...parcel, amountText: formatRupees(parcel.amount) })),
    })),
    messages: routeMessages(request, "cash"),
    refusals: refusalTable(request, "cashForm"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requirePermission(request, context, "drawer");
  const form = await readPageForm(request, codForm, COD_FORM_OPTIONS);
  if (!form.ok) return form.answer;
  const lang = languageOf(request);
  const value = form.value;
  const actor = adminActor(admin);
  const answer = (params: Record<string, string>) => redirect(`/admin/cod?${new URLSearchParams(params).toString()}`);
  try {
    switch (value.intent) {
      case "give": {
        let orderId = value.number.toLowerCase();
        if (orderId.length === 8) {
          const found = (await context.shop.adminOrders.idsByNumber([value.number.toUpperCase()])).get(value.number.toUpperCase()) ?? [];
          if (found.length !== 1) return form.refuse(serverT(lang)("cash:codPage.notFound", { number: value.number.toUpperCase() }), 404);
          orderId = found[0];
        }
        const given = await context.shop.orders.giveCodParcel(orderId, value.person, actor);
        return answer({ done: "give", number: given.number, person: value.person.trim().replace(/\s+/g, " ") });
      }
      case "collect": {
        const collected = await context.shop.orders.collectCod(value.orderId, actor);
        return answer({ done: "collect", number: collected.number });
      }
      case "refuse": {
        const refused = await context.shop.orders.refuseCodAtDoor(value.orderId, value.note, actor);
        return answer({ done: "refuse", number: refused.number });
      }
      case "handIn": {
        const handed = await context.shop.orders.handInCod({ person: value.person, orderIds: value.order, counter: value.counter || "1", actor });
        return answer({ done: "handIn", amount: String(handed.amount), counter: handed.counter });
      }
    }
  } catch (err) {
    if (!isRuleViolation(err)) throw err;
    return form.refuse(refusalText(lang, err), refusalStatus(err.status));
  }
}

export default function AdminCod() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const t = useT();
  // Counter staff keep the drawer; the courier's sheet and the orders' pages are the back office's (decision 217).
  const may = useMay();
  return (
    <section className="cod" aria-labelledby="cod-title">
      <h1 id="cod-title">{t("cash:codPage.title")}</h1>
      <p>{t("cash:codPage.intro")}</p>
      {may("orders") ? (
        <p>
          <Link to="/admin/cod/remittance">{t("cash:remittance.link")}</Link>
        </p>
      ) : null}
      {page.notice ? (
        <p className="notice" role="status">
          {page.notice}
        </p>
      ) : null}
      <FormMessage result={result} />
      <section aria-labelledby="cod-give-title">
        <h2 id="cod-give-title">{t("cash:codPage.give.title")}</h2>
        <Form method="post" className="inline-form" aria-label={t("cash:codPage.give.title")}>
          <input type="hidden" name="intent" value="give" />
          <label htmlFor="cod-number">{t("cash:codPage.give.number")}</label>
          <input id="cod-number" name="number" autoComplete="off" maxLength={40} size={10} required {...fieldProps(result, "number")} />
          <FieldMessage result={result} name="number" />
          <label htmlFor="cod-person">{t("cash:codPage.give.person")}</label>
          <input id="cod-person" name="person" autoComplete="off" maxLength={60} required {...fieldProps(result, "person")} />
          <button type="submit" className="primary">
            {t("cash:codPage.give.submit")}
          </button>
        </Form>
      </section>
      <section aria-labelledby="cod-people-title">
        <h2 id="cod-people-title">{t("cash:codPage.people.title")}</h2>
        {page.people.length === 0 ? <p>{t("cash:codPage.people.none")}</p> : null}
        {page.people.map((p, i) => {
          const collected = p.parcels.filter((parcel) => parcel.stage === "collected");
          return (
            <section key={p.person} className="cod-person" aria-label={p.person}>
              <h3>{p.summary}</h3>
              <ul>
                {p.days.map((d) => (
                  <li key={d}>{d}</li>
                ))}
              </ul>
              <TableScroll label={p.person}>
                <table className="admin-table">
                  <thead>
                    <tr>
                      <th scope="col">{t("cash:codPage.parcel.order")}</th>
                      <th scope="col">{t("cash:codPage.parcel.amount")}</th>
                      <th scope="col">{t("cash:codPage.parcel.went")}</th>
                      <th scope="col">{t("cash:codPage.parcel.stage")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {p.parcels.map((parcel) => (
                      <tr key={parcel.orderId}>
                        <th scope="row">
                          {may("seeOrders") ? <Link to={`/admin/orders/${parcel.orderId}`}>{parcel.number}</Link> : parcel.number}
                        </th>
                        <td>{parcel.amountText}</td>
                        <td>{parcel.outDay}</td>
                        <td>
                          {parcel.stage === "collected" ? (
                            t("cash:codPage.parcel.collected")
                          ) : (
                            <>
                              {t("cash:codPage.parcel.out")}{" "}
                              <Form method="post" className="inline-form" aria-label={`${t("cash:codPage.parcel.paid")} ${parcel.number}`}>
                                <input type="hidden" name="intent" value="collect" />
                                <input type="hidden" name="orderId" value={parcel.orderId} />
                                <button type="submit">{t("cash:codPage.parcel.paid")}</button>
                              </Form>
                              <Form method="post" className="inline-form" aria-label={`${t("cash:codPage.parcel.refused")} ${parcel.number}`}>
                                <input type="hidden" name="intent" value="refuse" />
                                <input type="hidden" name="orderId" value={parcel.orderId} />
                                <label htmlFor={`cod-note-${parcel.orderId}`}>{t("cash:codPage.parcel.note")}</label>
                                <input id={`cod-note-${parcel.orderId}`} name="note" maxLength={300} autoComplete="off" />
                                <button type="submit">{t("cash:codPage.parcel.refused")}</button>
                              </Form>
                            </>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
              {collected.length > 0 ? (
                <Form method="post" aria-label={t("cash:codPage.handIn.title", { person: p.person })}>
                  <input type="hidden" name="intent" value="handIn" />
                  <input type="hidden" name="person" value={p.person} />
                  <fieldset>
                    <legend>{t("cash:codPage.handIn.title", { person: p.person })}</legend>
                    {collected.map((parcel) => (
                      <label key={parcel.orderId}>
                        <input type="checkbox" name="order" value={parcel.orderId} defaultChecked /> {parcel.number} ({parcel.amountText})
                      </label>
                    ))}
                  </fieldset>
                  <label htmlFor={`cod-counter-${i}`}>{t("cash:codPage.handIn.counter")}</label>
                  <input id={`cod-counter-${i}`} name="counter" defaultValue="1" maxLength={20} size={4} />
                  <button type="submit" className="primary">
                    {t("cash:codPage.handIn.submit")}
                  </button>
                </Form>
              ) : null}
            </section>
          );
        })}
      </section>
      <p>
        <Link to="/admin/cash">{t("cash:codPage.dayClose")}</Link>
      </p>
    </section>
  );
}
