import { randomUUID } from "node:crypto";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { isRuleViolation, refusal } from "../../domain/errors";
import { COUNTER_NAME } from "../../domain/counter/sale";
import { COUNTER_RETURN_FORM_OPTIONS, RETURN_FORM_LINES, chosenCounts, counterReturnForm } from "../../domain/forms/counter-returns";
import { formatPaise, formatRupees } from "../../domain/money";
import { displayOrderId } from "../../domain/orders/order";
import { indiaDay } from "../../domain/reports/reports";
import type { ReturnLine } from "../../domain/orders/events";
import { refusalFor, requirePermission, requireStaffOncePerRequest } from "../admin/guard.server";
import { lineWordsIn } from "../catalogue-words.server";
import { useMay } from "../admin/may";
import { readPageForm, refusalStatus } from "../forms/form.server";
import { FieldMessage, FormMessage } from "../forms/messages";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, refusalTable, routeMessages, serverT } from "../i18n/i18n.server";
import { refusalText } from "../i18n/refusals.server";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("counter:returns.metaTitle") }];

const PATH = "/admin/counter/returns";
const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const counterOf = (url: URL) => {
  const asked = url.searchParams.get("counter") ?? "1";
  return COUNTER_NAME.test(asked) ? asked : "1";
};

const pageUrl = (params: Record<string, string>) => `${PATH}?${new URLSearchParams(params).toString()}`;

/**
 * Returns and exchanges at the counter (decision 214): the order found by its bill's number (typed or scanned) or the
 * parent's mobile; what comes back chosen by a GET form and checked with the parent (the refund's amount shown before
 * the money leaves the drawer); then one POST makes the return. With JavaScript off it is the same page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const person = await requirePermission(request, context, "exchange");
  // Money given back is the owner's and a manager's (decision 215): counter staff are offered the exchange only (decision 217).
  const mayRefund = refusalFor(person, "refund") === null;
  const lang = languageOf(request);
  const t = serverT(lang);
  const url = new URL(request.url);
  const counter = counterOf(url);
  const base = {
    counter,
    messages: routeMessages(request, "counter"),
    refusals: refusalTable(request, "counterReturnForm"),
  };

  const done = url.searchParams.get("done");
  if (done && ORDER_ID.test(done)) {
    const amount = Number(url.searchParams.get("amount"));
    return {
      ...base,
      view: "done" as const,
      done: {
        orderId: done,
        number: displayOrderId(done),
        kind: url.searchParams.get("kind") === "refund" ? ("refund" as const) : ("exchange" as const),
        amount: Number.isInteger(amount) ? formatRupees(amount) : "",
        again: url.searchParams.get("again") === "1",
      },
    };
  }

  const find = url.searchParams.get("find");
  if (find !== null && find.trim() !== "") {
    try {
      const found = await context.shop.orders.findForCounter(find);
      if (found.length === 1) throw redirect(pageUrl({ counter, order: found[0].orderId, ret: randomUUID() }));
      return {
        ...base,
        view: "find" as const,
        problem: found.length === 0 ? t("counter:returns.find.none", { text: find.trim().slice(0, 40) }) : null,
        found: found.map((f) => ({
          href: pageUrl({ counter, order: f.orderId, ret: randomUUID() }),
          text: t("counter:returns.find.row", { number: f.displayId, date: indiaDay(f.placedAt.toISOString()), items: f.itemCount, total: formatRupees(f.total) }),
        })),
        typed: find.trim().slice(0, 60),
      };
    } catch (err) {
      if (!isRuleViolation(err)) throw err;
      return { ...base, view: "find" as const, problem: refusalText(lang, err), found: [], typed: find.trim().slice(0, 60) };
    }
  }

  const orderId = (url.searchParams.get("order") ?? "").trim().toLowerCase();
  if (!ORDER_ID.test(orderId)) return { ...base, view: "find" as const, problem: null, found: [], typed: "" };
  // The return's key is made where the return starts: here, on its first view.
  const ret = url.searchParams.get("ret");
  if (!ret) throw redirect(pageUrl({ counter, order: orderId, ret: randomUUID() }));
  let order;
  try {
    order = await context.shop.orders.counterReturnView(orderId);
  } catch (err) {
    if (!isRuleViolation(err)) throw err;
    return { ...base, view: "find" as const, problem: refusalText(lang, err), found: [], typed: "" };
  }
  // Each item in the page's language, as the bill prints it.
  const words = await lineWordsIn(context.shop, lang, order.lines.slice(0, RETURN_FORM_LINES));
  const lines = order.lines.slice(0, RETURN_FORM_LINES).map((l, i) => ({ ...l, name: words[i].name }));
  const counts = lines.map((line, i) => Math.max(0, Math.min(line.returnable, Number(url.searchParams.get(`q${i}`)) || 0)));
  const outcome = mayRefund && url.searchParams.get("outcome") === "refund" ? "refund" : "exchange";
  const size = (url.searchParams.get("size") ?? "").trim().slice(0, 20);
  const reason = (url.searchParams.get("reason") ?? "").trim().slice(0, 500);
  let check: { items: string; amount: number | null; amountText: string } | null = null;
  let problem: string | null = order.closed ? refusalText(lang, order.closed) : null;
  if (url.searchParams.get("check") && !order.closed) {
    const chosen: ReturnLine[] = lines.flatMap((l, i) => (counts[i] > 0 ? [{ productId: l.productId, size: l.size, school: l.school, quantity: counts[i] }] : []));
    if (chosen.length === 0) problem = t("counter:returns.nothingChosen");
    else {
      const items = lines.flatMap((l, i) => (counts[i] > 0 ? [`${l.name} (${l.size}) x ${counts[i]}`] : [])).join(", ");
      const amount = outcome === "refund" ? await context.shop.orders.counterRefundDue(orderId, chosen) : null;
      check = { items, amount, amountText: amount === null ? "" : formatRupees(amount) };
    }
  }
  return {
    ...base,
    view: "order" as const,
    ret,
    order: {
      orderId: order.orderId,
      number: order.displayId,
      channel: order.channel,
      paid: formatRupees(order.paid),
      refunded: formatPaise(order.refundedPaise),
      lines: lines.map((l, i) => ({ name: l.name, size: l.size, returnable: l.returnable, count: counts[i] })),
    },
    closed: Boolean(order.closed),
    problem,
    chosen: { outcome, size, reason },
    check,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireStaffOncePerRequest(request, context);
  const form = await readPageForm(request, counterReturnForm, COUNTER_RETURN_FORM_OPTIONS);
  if (!form.ok) return form.answer;
  const value = form.value as typeof form.value & Record<string, unknown>;
  const { order: orderId, ret, counter, outcome, reason, size, method, reference, shownAmount } = value;
  // Counter staff exchange; only the owner and a manager give money back (decision 215).
  const refused = refusalFor(admin, outcome === "refund" ? "refund" : "exchange");
  if (refused) return form.refuse(refusalText(languageOf(request), refusal(refused)), 403);
  try {
    const view = await context.shop.orders.counterReturnView(orderId);
    const counts = chosenCounts(value);
    const lines: ReturnLine[] = view.lines
      .slice(0, RETURN_FORM_LINES)
      .flatMap((l, i) => (counts[i] > 0 ? [{ productId: l.productId, size: l.size, school: l.school, quantity: counts[i] }] : []));
    const done = await context.shop.orders.returnAtCounter({
      returnId: ret,
      orderId,
      counter,
      lines,
      reason,
      outcome: outcome === "exchange" ? { kind: "exchange", size } : { kind: "refund", method, ...(reference ? { reference } : {}), shownAmount },
      staff: { id: admin.id, name: admin.name || admin.email || "Admin" },
    });
    const params: Record<string, string> = { counter, done: view.orderId, kind: outcome, ...(outcome === "refund" ? { amount: String(shownAmount) } : {}) };
    if (!done.changed) params.again = "1";
    return redirect(pageUrl(params));
  } catch (err) {
    if (!isRuleViolation(err)) throw err;
    return form.refuse(refusalText(languageOf(request), err), refusalStatus(err.status));
  }
}

export default function CounterReturns() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const t = useT();
  const may = useMay();
  const start = `${PATH}?counter=${encodeURIComponent(page.counter)}`;
  const header = (
    <>
      <h1 id="counter-returns-title">{t("counter:returns.title", { counter: page.counter })}</h1>
      <p>
        <Link to={`/admin/counter?counter=${encodeURIComponent(page.counter)}`}>{t("counter:returns.toCounter")}</Link>
      </p>
    </>
  );
  if (page.view === "done") {
    const { done } = page;
    const print = (paper: string) => `/admin/orders/${done.orderId}/print?doc=invoice&paper=${paper}`;
    return (
      <section className="counter" aria-labelledby="counter-returns-title">
        {header}
        <p className="notice counter-total" role="status">
          {done.again ? t("counter:returns.done.again") : done.kind === "refund" ? t("counter:returns.done.refund", { amount: done.amount, number: done.number }) : t("counter:returns.done.exchange", { number: done.number })}
        </p>
        {done.kind === "refund" ? (
          <p>
            <a className="button" href={print("receipt")}>
              {t("counter:returns.done.receipt")}
            </a>{" "}
            <a className="button" href={print("a4")}>
              {t("counter:returns.done.a4")}
            </a>
          </p>
        ) : null}
        <p>
          <Link className="button primary" to={start} autoFocus>
            {t("counter:returns.done.next")}
          </Link>
        </p>
      </section>
    );
  }
  const finder = (typed: string, focus: boolean) => (
    <Form method="get" action={PATH} className="inline-form" aria-label={t("counter:returns.find.submit")}>
      <input type="hidden" name="counter" value={page.counter} />
      <label htmlFor="counter-find">{t("counter:returns.find.label")}</label>
      <input id="counter-find" name="find" autoComplete="off" autoFocus={focus} maxLength={60} defaultValue={typed} />
      <button type="submit">{t("counter:returns.find.submit")}</button>
    </Form>
  );
  if (page.view === "find") {
    return (
      <section className="counter" aria-labelledby="counter-returns-title">
        {header}
        <p>{t("counter:returns.intro")}</p>
        {page.problem ? (
          <p className="form-message" role="alert">
            {page.problem}
          </p>
        ) : null}
        {finder(page.typed, true)}
        {page.found.length > 0 ? (
          <>
            <p>{t("counter:returns.find.many")}</p>
            <ul>
              {page.found.map((f) => (
                <li key={f.href}>
                  <Link to={f.href}>{f.text}</Link>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
    );
  }
  const { order, chosen, check } = page;
  const keep = (
    <>
      <input type="hidden" name="counter" value={page.counter} />
      <input type="hidden" name="order" value={order.orderId} />
      <input type="hidden" name="ret" value={page.ret} />
    </>
  );
  return (
    <section className="counter" aria-labelledby="counter-returns-title">
      {header}
      <h2>{t("counter:returns.order.title", { number: order.number })}</h2>
      <p>
        {t(order.channel === "counter" ? "counter:returns.order.counter" : "counter:returns.order.online")} · {t("counter:returns.order.paid", { paid: order.paid, refunded: order.refunded })}
      </p>
      {page.problem ? (
        <p className="form-message" role="alert">
          {page.problem}
        </p>
      ) : null}
      {check ? (
        <section aria-labelledby="counter-returns-check">
          <h3 id="counter-returns-check">{t("counter:returns.confirm.title")}</h3>
          <p className="counter-total">
            {chosen.outcome === "refund"
              ? t("counter:returns.confirm.refund", { items: check.items, amount: check.amountText })
              : t("counter:returns.confirm.exchange", { items: check.items, size: chosen.size })}
          </p>
          <Form method="post" className="counter-pay" aria-label={t("counter:returns.confirm.title")}>
            {keep}
            {order.lines.map((l, i) => (l.count > 0 ? <input key={i} type="hidden" name={`q${i}`} value={l.count} /> : null))}
            <input type="hidden" name="outcome" value={chosen.outcome} />
            <input type="hidden" name="reason" value={chosen.reason} />
            <input type="hidden" name="size" value={chosen.size} />
            <input type="hidden" name="shownAmount" value={check.amount ?? 0} />
            <FormMessage result={result} />
            {chosen.outcome === "refund" ? (
              <>
                <fieldset>
                  <legend>{t("counter:returns.confirm.method")}</legend>
                  {(["cash", "upi"] as const).map((m) => (
                    <label key={m}>
                      <input type="radio" name="method" value={m} defaultChecked={m === "cash"} /> {t(`counter:returns.confirm.${m}`)}
                    </label>
                  ))}
                </fieldset>
                <div className="form-field">
                  <label htmlFor="counter-return-reference">{t("counter:returns.confirm.reference")}</label>
                  <input id="counter-return-reference" name="reference" inputMode="numeric" autoComplete="off" maxLength={40} />
                  <FieldMessage result={result} name="reference" />
                </div>
              </>
            ) : null}
            <button type="submit" className="primary" autoFocus>
              {chosen.outcome === "refund" ? t("counter:returns.confirm.doRefund", { amount: check.amountText }) : t("counter:returns.confirm.doExchange", { size: chosen.size })}
            </button>
          </Form>
          <p>
            <Link to={pageUrl({ counter: page.counter, order: order.orderId, ret: page.ret })}>{t("counter:returns.confirm.change")}</Link>
          </p>
        </section>
      ) : page.closed ? null : (
        <Form method="get" action={PATH} aria-label={t("counter:returns.check")}>
          {keep}
          <input type="hidden" name="check" value="1" />
          <table className="admin-table counter-lines">
            <thead>
              <tr>
                <th scope="col">{t("counter:returns.lines.item")}</th>
                <th scope="col">{t("counter:returns.lines.size")}</th>
                <th scope="col">{t("counter:returns.lines.can")}</th>
                <th scope="col">{t("counter:returns.lines.back")}</th>
              </tr>
            </thead>
            <tbody>
              {order.lines.map((l, i) => (
                <tr key={i}>
                  <th scope="row">{l.name}</th>
                  <td>{l.size}</td>
                  <td>{l.returnable}</td>
                  <td>
                    <input
                      name={`q${i}`}
                      inputMode="numeric"
                      size={3}
                      maxLength={2}
                      defaultValue={l.count > 0 ? String(l.count) : order.lines.length === 1 && l.returnable > 0 ? "1" : "0"}
                      aria-label={`${t("counter:returns.lines.back")}: ${l.name} (${l.size})`}
                      disabled={l.returnable === 0}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <fieldset>
            <legend>{t("counter:returns.outcome.legend")}</legend>
            {(may("refund") ? (["exchange", "refund"] as const) : (["exchange"] as const)).map((o) => (
              <label key={o}>
                <input type="radio" name="outcome" value={o} defaultChecked={chosen.outcome === o} /> {t(`counter:returns.outcome.${o}`)}
              </label>
            ))}
          </fieldset>
          <div className="form-field">
            <label htmlFor="counter-return-size">{t("counter:returns.size")}</label>
            <input id="counter-return-size" name="size" autoComplete="off" maxLength={20} defaultValue={chosen.size} />
          </div>
          <div className="form-field">
            <label htmlFor="counter-return-reason">{t("counter:returns.reason")}</label>
            <input id="counter-return-reason" name="reason" autoComplete="off" maxLength={500} defaultValue={chosen.reason || t("counter:returns.reasonDefault")} />
          </div>
          <button type="submit" className="primary">
            {t("counter:returns.check")}
          </button>
        </Form>
      )}
      {finder("", false)}
    </section>
  );
}
