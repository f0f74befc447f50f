import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { isRuleViolation } from "../../domain/errors";
import { DAY } from "../../domain/cash/drawer";
import { COUNTER_NAME } from "../../domain/counter/sale";
import { DRAWER_FORM_OPTIONS, drawerForm } from "../../domain/forms/cash";
import { indiaDay } from "../../domain/reports/reports";
import { requirePermission } from "../admin/guard.server";
import { countersView, drawerDayView } from "../admin/cash.server";
import { adminActor } from "../admin/orders.server";
import { TableScroll } from "../components/TableScroll";
import { readPageForm, refusalStatus } from "../forms/form.server";
import { FieldMessage, FormMessage, fieldProps } from "../forms/messages";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, refusalTable, routeMessages, serverT } from "../i18n/i18n.server";
import { refusalText } from "../i18n/refusals.server";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("cash:metaTitle") }];

/** The counter and day the address asks for: counter 1 and today (India) unless it names others that can be. */
function askedFor(url: URL) {
  const counter = url.searchParams.get("counter") ?? "1";
  const day = url.searchParams.get("day") ?? "";
  return { counter: COUNTER_NAME.test(counter) ? counter : "1", day: DAY.test(day) && !Number.isNaN(Date.parse(day)) ? day : indiaDay(new Date()) };
}

const pageUrl = (counter: string, day: string, done?: string) =>
  `/admin/cash?${new URLSearchParams({ counter, day, ...(done ? { done } : {}) }).toString()}`;

/**
 * The day close of one counter (decision 211): the drawer opened with its cash, the day's bills per person (cash and
 * UPI, refunds), the delivery cash handed in, what the drawer should hold, and the close with the notes counted;
 * then the Z report to print. Every counter's day beside it. Plain forms: the same with JavaScript off.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "drawer");
  const lang = languageOf(request);
  const t = serverT(lang);
  const url = new URL(request.url);
  const { counter, day } = askedFor(url);
  const drawer = await context.shop.orders.drawerDay(counter, day);
  const { counters } = await context.shop.orders.dayTakings(day);
  const view = drawerDayView(drawer, lang, t("cash:takings.total"));
  const done = url.searchParams.get("done");
  return {
    counter,
    day,
    ...view,
    counters: countersView(counters),
    notice: done === "open" && view.opened ? t("cash:open.done", { amount: view.opened.amount }) : null,
    messages: routeMessages(request, "cash"),
    refusals: refusalTable(request, "cashForm"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requirePermission(request, context, "drawer");
  const form = await readPageForm(request, drawerForm, DRAWER_FORM_OPTIONS);
  if (!form.ok) return form.answer;
  const value = form.value;
  const actor = adminActor(admin);
  try {
    const done =
      value.intent === "open"
        ? await context.shop.orders.openDrawer({ counter: value.counter, day: value.day, openingCash: value.openingCash, actor })
        : await context.shop.orders.closeDrawer({ counter: value.counter, day: value.day, counted: value.counted, reason: value.reason, actor });
    return redirect(pageUrl(done.counter, done.day, value.intent));
  } catch (err) {
    if (!isRuleViolation(err)) throw err;
    return form.refuse(refusalText(languageOf(request), err), refusalStatus(err.status));
  }
}

export default function AdminCash() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const t = useT();
  const z = (paper: string) => `/admin/cash/z?${new URLSearchParams({ counter: page.counter, day: page.day, paper }).toString()}`;
  const keep = (intent: string) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="counter" value={page.counter} />
      <input type="hidden" name="day" value={page.day} />
    </>
  );
  const rows = [...page.takings.people.map((p) => ({ ...p, total: false })), { ...page.takings.total, total: true }];
  return (
    <section className="cash-day" aria-labelledby="cash-title">
      <h1 id="cash-title">{t("cash:title", { counter: page.counter, day: page.day })}</h1>
      {page.notice ? (
        <p className="notice" role="status">
          {page.notice}
        </p>
      ) : null}
      <Form method="get" className="inline-form" aria-label={t("cash:choose.label")}>
        <label htmlFor="cash-counter">{t("cash:choose.counter")}</label>
        <input id="cash-counter" name="counter" defaultValue={page.counter} maxLength={20} size={4} />
        <label htmlFor="cash-day">{t("cash:choose.day")}</label>
        <input id="cash-day" name="day" type="date" defaultValue={page.day} />
        <button type="submit">{t("cash:choose.submit")}</button>
      </Form>

      {page.opened ? (
        <p className="cash-opened">{t("cash:open.opened", { amount: page.opened.amount, who: page.opened.by, at: page.opened.at })}</p>
      ) : page.closed ? null : (
        <section aria-labelledby="cash-open-title">
          <h2 id="cash-open-title">{t("cash:open.title")}</h2>
          <p>{t("cash:open.intro")}</p>
          <Form method="post" aria-label={t("cash:open.title")}>
            {keep("open")}
            <FormMessage result={result} />
            <div className="form-field">
              <label htmlFor="cash-openingCash">{t("cash:open.openingCash")}</label>
              <input id="cash-openingCash" name="openingCash" inputMode="numeric" autoComplete="off" required {...fieldProps(result, "openingCash")} />
              <FieldMessage result={result} name="openingCash" />
            </div>
            <button type="submit" className="primary">
              {t("cash:open.submit")}
            </button>
          </Form>
        </section>
      )}

      <section aria-labelledby="cash-takings-title">
        <h2 id="cash-takings-title">{t("cash:takings.title")}</h2>
        {page.hasBills ? (
          <TableScroll label={t("cash:takings.title")}>
            <table className="admin-table cash-takings">
              <thead>
                <tr>
                  <th scope="col">{t("cash:takings.person")}</th>
                  <th scope="col">{t("cash:takings.bills")}</th>
                  <th scope="col">{t("cash:takings.cashSales")}</th>
                  <th scope="col">{t("cash:takings.upiSales")}</th>
                  <th scope="col">{t("cash:takings.cashRefunds")}</th>
                  <th scope="col">{t("cash:takings.upiRefunds")}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={`${r.total}-${r.name}`} className={r.total ? "cash-total" : undefined}>
                    <th scope="row">{r.name}</th>
                    <td>{r.bills}</td>
                    <td>{r.cashSales}</td>
                    <td>{r.upiSales}</td>
                    <td>{r.cashRefunds}</td>
                    <td>{r.upiRefunds}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        ) : (
          <p>{t("cash:takings.none")}</p>
        )}
      </section>

      <section aria-labelledby="cash-cod-title">
        <h2 id="cash-cod-title">{t("cash:cod.title")}</h2>
        {page.cod.length > 0 ? (
          <ul className="cash-cod">
            {page.cod.map((c, i) => (
              <li key={i}>{t("cash:cod.row", { person: c.person, amount: c.amount, orders: c.orders })}</li>
            ))}
          </ul>
        ) : (
          <p>{t("cash:cod.none")}</p>
        )}
        <p>
          <Link to="/admin/cod">{t("cash:cod.link")}</Link>
        </p>
      </section>

      <section aria-labelledby="cash-expected-title">
        <h2 id="cash-expected-title">{t("cash:expected.title")}</h2>
        <p className="cash-expected">{page.closed ? page.closed.expected : page.expected}</p>
        {page.closed ? null : <p>{t("cash:expected.formula", page.formula)}</p>}
      </section>

      {page.closed ? (
        <section aria-labelledby="cash-closed-title" className="cash-closed">
          <h2 id="cash-closed-title">{t("cash:closed.title")}</h2>
          <dl>
            <dt>{t("cash:closed.expected")}</dt>
            <dd>{page.closed.expected}</dd>
            <dt>{t("cash:closed.counted")}</dt>
            <dd>{page.closed.counted}</dd>
            <dt>{t("cash:closed.difference")}</dt>
            <dd className={`cash-difference cash-${page.closed.standing}`}>
              {page.closed.standing === "exact" ? t("cash:closed.exact") : t(`cash:closed.${page.closed.standing}`, { amount: page.closed.differenceText })}
            </dd>
            {page.closed.reason ? (
              <>
                <dt>{t("cash:closed.reason")}</dt>
                <dd>{page.closed.reason}</dd>
              </>
            ) : null}
          </dl>
          <p>{t("cash:closed.by", { who: page.closed.by, at: page.closed.at })}</p>
          {page.billsSinceClose > 0 ? <p className="notice">{t("cash:closed.since", { bills: page.billsSinceClose })}</p> : null}
          <p>
            <a className="button" href={z("receipt")}>
              {t("cash:closed.print80")}
            </a>{" "}
            <a className="button" href={z("a4")}>
              {t("cash:closed.printA4")}
            </a>
          </p>
        </section>
      ) : (
        <section aria-labelledby="cash-close-title">
          <h2 id="cash-close-title">{t("cash:close.title")}</h2>
          {page.opened ? (
            <>
              <p>{t("cash:close.intro")}</p>
              <Form method="post" aria-label={t("cash:close.title")}>
                {keep("close")}
                <FormMessage result={result} />
                <div className="form-field">
                  <label htmlFor="cash-counted">{t("cash:close.counted")}</label>
                  <input id="cash-counted" name="counted" inputMode="numeric" autoComplete="off" required {...fieldProps(result, "counted")} />
                  <FieldMessage result={result} name="counted" />
                </div>
                <div className="form-field">
                  <label htmlFor="cash-reason">{t("cash:close.reason")}</label>
                  <textarea id="cash-reason" name="reason" maxLength={300} rows={2} {...fieldProps(result, "reason")} />
                  <FieldMessage result={result} name="reason" />
                </div>
                <button type="submit" className="primary">
                  {t("cash:close.submit")}
                </button>
              </Form>
            </>
          ) : (
            <p>{t("cash:close.notOpened")}</p>
          )}
        </section>
      )}

      <section aria-labelledby="cash-counters-title">
        <h2 id="cash-counters-title">{t("cash:counters.title", { day: page.day })}</h2>
        {page.counters.length > 0 ? (
          <TableScroll label={t("cash:counters.title", { day: page.day })}>
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">{t("cash:counters.counter")}</th>
                  <th scope="col">{t("cash:counters.bills")}</th>
                  <th scope="col">{t("cash:counters.cash")}</th>
                  <th scope="col">{t("cash:counters.upi")}</th>
                </tr>
              </thead>
              <tbody>
                {page.counters.map((c) => (
                  <tr key={c.counter}>
                    <th scope="row">
                      <Link to={`/admin/cash?${new URLSearchParams({ counter: c.counter, day: page.day }).toString()}`}>{c.counter}</Link>
                    </th>
                    <td>{c.bills}</td>
                    <td>{c.cash}</td>
                    <td>{c.upi}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        ) : (
          <p>{t("cash:counters.none")}</p>
        )}
      </section>
    </section>
  );
}
