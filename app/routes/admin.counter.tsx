import { randomUUID } from "node:crypto";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { isRuleViolation } from "../../domain/errors";
import { COUNTER_FORM_OPTIONS, counterSaleForm, readCounterLines, writeCounterLines, type CounterLine } from "../../domain/forms/counter";
import { formatRupees } from "../../domain/money";
import { upiPayLink } from "../../domain/orders/upi";
import { displayOrderId } from "../../domain/orders/order";
import { SCHOOLS } from "../../domain/schools";
import { skuSizes } from "../../domain/stock/school-stock";
import { COUNTER_NAME } from "../../domain/counter/sale";
import { requirePermission } from "../admin/guard.server";
import { lineWordsIn } from "../catalogue-words.server";
import { UpiPayPanel } from "../components/UpiPayPanel";
import { readPageForm, refusalStatus } from "../forms/form.server";
import { FieldMessage, FormMessage, fieldProps } from "../forms/messages";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, refusalTable, routeMessages, serverT } from "../i18n/i18n.server";
import { refusalText } from "../i18n/refusals.server";
import { upiQrSvg } from "../payments/upi-qr.server";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("counter:metaTitle") }];

const counterOf = (url: URL) => {
  const asked = url.searchParams.get("counter") ?? "1";
  return COUNTER_NAME.test(asked) ? asked : "1";
};

/** The page's address for a sale in progress: its id, its counter, its lines, and what else it shows. */
function saleUrl(sale: string, counter: string, lines: readonly CounterLine[], extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ sale, counter, ...(lines.length ? { lines: writeCounterLines(lines) } : {}), ...extra });
  return `/admin/counter?${params.toString()}`;
}

/**
 * The counter (decision 210): a walk-in sale built line by line in the page's address (a reload keeps it), the
 * bill priced by the shop's own rules, and the money taken by one plain form. With JavaScript off it is the same
 * page: each step is a GET form or a link, the payment a POST answered by a redirect to the bill.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "sell");
  const lang = languageOf(request);
  const t = serverT(lang);
  const url = new URL(request.url);
  const counter = counterOf(url);
  const done = url.searchParams.get("done");
  // The sale's id is made where the sale starts: here, on its first view.
  const sale = url.searchParams.get("sale");
  if (!sale && !done) throw redirect(saleUrl(randomUUID(), counter, []));
  let lines = readCounterLines(url.searchParams.get("lines"));
  let problem: string | null = null;

  // An item added by its code (the size's number, on its label) or picked by school, item and size.
  const code = url.searchParams.get("code")?.trim();
  const picked = url.searchParams.get("pick");
  if (sale && (code || picked)) {
    const quantity = Math.max(1, Math.min(20, Number(url.searchParams.get("quantity")) || 1));
    let line: CounterLine | undefined;
    if (code) {
      const named = /^\d{1,12}$/.test(code) ? await context.shop.schoolStock.named(Number(code)) : undefined;
      if (named) line = { productId: named.item, size: named.size, quantity };
      else problem = t("counter:add.unknownCode", { code: code.slice(0, 20) });
    } else if (picked) {
      const [productId, size] = picked.split("~");
      if (productId && size && (skuSizes(productId) ?? []).includes(size)) line = { productId, size, quantity };
      else problem = t("counter:add.notSold");
    }
    if (line) throw redirect(saleUrl(sale, counter, readCounterLines(writeCounterLines([...lines, line])), { school: url.searchParams.get("school") ?? "" }));
  }

  const schoolSlug = url.searchParams.get("school") ?? "";
  const school = SCHOOLS.find((s) => s.slug === schoolSlug);
  const name = (entry: { name: string; nameHi?: string }) => (lang === "hi" && entry.nameHi ? entry.nameHi : entry.name);
  const choices = school
    ? school.items.flatMap((item) => {
        const id = `school/${school.slug}/${item.slug}`;
        return (skuSizes(id) ?? []).map((size) => ({ value: `${id}~${size}`, label: `${name(item)} (${size})` }));
      })
    : [];

  let bill = null;
  if (lines.length > 0) {
    try {
      const priced = await context.shop.orders.counterBill(lines);
      // Each item in the page's language, as the bill prints it.
      const words = await lineWordsIn(context.shop, lang, priced.lines);
      bill = {
        lines: priced.lines.map((l, i) => ({ ...lines[i], name: words[i].name, price: formatRupees(l.unitPrice), amount: formatRupees(l.unitPrice * l.quantity) })),
        subtotal: formatRupees(priced.subtotal),
        discountPercent: priced.discountPercent,
        discount: formatRupees(priced.discount),
        total: priced.total,
        totalText: formatRupees(priced.total),
      };
    } catch (err) {
      if (!isRuleViolation(err)) throw err;
      problem = refusalText(lang, err);
      lines = [];
    }
  }

  // A QR for the exact amount (the bill's, or the UPI part of a split the staff typed) when the shop takes UPI.
  const upi = context.shop.config.upi;
  const qrAsked = Number(url.searchParams.get("qr"));
  const qrAmount = bill && Number.isInteger(qrAsked) && qrAsked > 0 && qrAsked <= bill.total ? qrAsked : bill?.total;
  const saleNumber = sale ? sale.replace(/-/g, "").slice(0, 8).toUpperCase() : "";
  const qr =
    upi && qrAmount
      ? {
          svg: upiQrSvg(upiPayLink(upi, qrAmount, saleNumber), t("payment:upi.qrLabel", { amount: formatRupees(qrAmount), name: upi.name, order: saleNumber })),
          link: upiPayLink(upi, qrAmount, saleNumber),
          amountText: formatRupees(qrAmount),
          payeeName: upi.name,
          vpa: upi.vpa,
          orderNumber: saleNumber,
        }
      : null;

  const change = Number(url.searchParams.get("change"));
  const total = Number(url.searchParams.get("total"));
  return {
    counter,
    sale,
    linesText: writeCounterLines(lines),
    schools: SCHOOLS.map((s) => ({ slug: s.slug, name: name(s) })),
    school: school?.slug ?? "",
    choices,
    bill,
    problem,
    qr,
    done: done && /^[0-9a-f-]{36}$/.test(done)
      ? { orderId: done, number: displayOrderId(done), change: Number.isInteger(change) ? formatRupees(change) : null, total: Number.isInteger(total) ? formatRupees(total) : "" }
      : null,
    messages: routeMessages(request, "counter", "payment"),
    refusals: refusalTable(request, "counterForm"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requirePermission(request, context, "sell");
  const form = await readPageForm(request, counterSaleForm, COUNTER_FORM_OPTIONS);
  if (!form.ok) return form.answer;
  const { sale, counter, lines, shownTotal, mode, cashGiven, upiAmount, upiReference, mobile, name } = form.value;
  try {
    const sold = await context.shop.orders.sellAtCounter({
      saleId: sale,
      counter,
      items: readCounterLines(lines).map((l) => ({ productId: l.productId, size: l.size, quantity: l.quantity })),
      shownTotal,
      payment: { mode, cashGiven, upiAmount, upiReference },
      mobile,
      name,
      language: languageOf(request),
      staff: { id: admin.id, name: admin.name || admin.email || "Admin" },
    });
    const params = new URLSearchParams({ done: sold.orderId, counter, total: String(sold.total), ...(sold.duplicate ? {} : { change: String(sold.change) }) });
    return redirect(`/admin/counter?${params.toString()}`);
  } catch (err) {
    if (!isRuleViolation(err)) throw err;
    return form.refuse(refusalText(languageOf(request), err), refusalStatus(err.status));
  }
}

export default function AdminCounter() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const t = useT();
  const next = `/admin/counter?counter=${encodeURIComponent(page.counter)}`;
  if (page.done) {
    const print = (paper: string) => `/admin/orders/${page.done!.orderId}/print?doc=invoice&paper=${paper}`;
    return (
      <section className="counter" aria-labelledby="counter-title">
        <h1 id="counter-title">{t("counter:title", { counter: page.counter })}</h1>
        <p className="notice counter-total" role="status">
          {t("counter:done.sold", { number: page.done.number, amount: page.done.total })}
        </p>
        {page.done.change !== null ? <p className="counter-change">{page.done.change === "₹0" ? t("counter:done.noChange") : t("counter:done.change", { amount: page.done.change })}</p> : null}
        <p>
          <a className="button" href={print("receipt")}>
            {t("counter:done.receipt")}
          </a>{" "}
          <a className="button" href={print("a4")}>
            {t("counter:done.a4")}
          </a>
        </p>
        <p>
          <Link className="button primary" to={next} autoFocus>
            {t("counter:done.next")}
          </Link>
        </p>
      </section>
    );
  }
  const sale = page.sale ?? "";
  const keep = (
    <>
      <input type="hidden" name="sale" value={sale} />
      <input type="hidden" name="counter" value={page.counter} />
      {page.linesText ? <input type="hidden" name="lines" value={page.linesText} /> : null}
    </>
  );
  return (
    <section className="counter" aria-labelledby="counter-title">
      <h1 id="counter-title">{t("counter:title", { counter: page.counter })}</h1>
      <p>{t("counter:intro")}</p>
      {page.problem ? (
        <p className="form-message" role="alert">
          {page.problem}
        </p>
      ) : null}
      <section aria-labelledby="counter-add-title">
        <h2 id="counter-add-title">{t("counter:add.title")}</h2>
        {/* Keyed by the sale's lines: with JavaScript on, each added line makes a fresh field, empty and focused for the
            next scan (the same element kept would hold the last code, and the scanner would type the next after it). */}
        <Form key={`code-${page.linesText}-${page.problem ?? ""}`} method="get" className="inline-form" aria-label={t("counter:add.code")}>
          {keep}
          <label htmlFor="counter-code">{t("counter:add.code")}</label>
          <input id="counter-code" name="code" inputMode="numeric" autoComplete="off" autoFocus maxLength={20} />
          <button type="submit">{t("counter:add.submit")}</button>
        </Form>
        <Form method="get" className="inline-form" aria-label={t("counter:add.school")}>
          {keep}
          <label htmlFor="counter-school">{t("counter:add.school")}</label>
          <select id="counter-school" name="school" defaultValue={page.school}>
            {page.schools.map((s) => (
              <option key={s.slug} value={s.slug}>
                {s.name}
              </option>
            ))}
          </select>
          <button type="submit">{t("counter:add.showItems")}</button>
        </Form>
        {page.choices.length > 0 ? (
          <Form method="get" className="inline-form" aria-label={t("counter:add.item")}>
            {keep}
            <input type="hidden" name="school" value={page.school} />
            <label htmlFor="counter-pick">{t("counter:add.item")}</label>
            <select id="counter-pick" name="pick" defaultValue="">
              <option value="">{t("counter:add.choose")}</option>
              {page.choices.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
            <label htmlFor="counter-quantity">{t("counter:add.quantity")}</label>
            <input id="counter-quantity" name="quantity" inputMode="numeric" defaultValue="1" maxLength={2} size={3} />
            <button type="submit">{t("counter:add.submit")}</button>
          </Form>
        ) : null}
      </section>
      <section aria-labelledby="counter-bill-title">
        <h2 id="counter-bill-title">{t("counter:lines.title")}</h2>
        {page.bill ? (
          <table className="admin-table counter-lines">
            <thead>
              <tr>
                <th scope="col">{t("counter:lines.item")}</th>
                <th scope="col">{t("counter:lines.size")}</th>
                <th scope="col">{t("counter:lines.quantity")}</th>
                <th scope="col">{t("counter:lines.price")}</th>
                <th scope="col">{t("counter:lines.amount")}</th>
                <th scope="col">{t("counter:lines.removeShort")}</th>
              </tr>
            </thead>
            <tbody>
              {page.bill.lines.map((line, i) => {
                const rest = page.bill!.lines.filter((_, j) => j !== i);
                const params = new URLSearchParams({ sale, counter: page.counter, ...(rest.length ? { lines: writeCounterLines(rest) } : {}) });
                return (
                  <tr key={`${line.productId}~${line.size}`}>
                    <th scope="row">{line.name}</th>
                    <td>{line.size}</td>
                    <td>{line.quantity}</td>
                    <td>{line.price}</td>
                    <td>{line.amount}</td>
                    <td>
                      <Link to={`/admin/counter?${params.toString()}`} aria-label={t("counter:lines.remove", { item: line.name, size: line.size })}>
                        {t("counter:lines.removeShort")}
                      </Link>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        ) : (
          <p>{t("counter:lines.empty")}</p>
        )}
        {page.bill ? (
          <dl className="counter-sums">
            <dt>{t("counter:bill.subtotal")}</dt>
            <dd>{page.bill.subtotal}</dd>
            {page.bill.discountPercent > 0 ? (
              <>
                <dt>{t("counter:bill.offer", { percent: page.bill.discountPercent })}</dt>
                <dd>-{page.bill.discount}</dd>
              </>
            ) : null}
            <dt>{t("counter:bill.total")}</dt>
            <dd className="counter-total">{page.bill.totalText}</dd>
          </dl>
        ) : null}
      </section>
      {page.bill ? (
        <section aria-labelledby="counter-pay-title">
          <h2 id="counter-pay-title">{t("counter:pay.title")}</h2>
          <Form method="post" aria-label={t("counter:pay.title")} className="counter-pay">
            {keep}
            <input type="hidden" name="shownTotal" value={page.bill.total} />
            <FormMessage result={result} />
            <fieldset>
              <legend>{t("counter:pay.mode")}</legend>
              {(["cash", "upi", "split"] as const).map((mode) => (
                <label key={mode}>
                  <input type="radio" name="mode" value={mode} defaultChecked={mode === "cash"} /> {t(`counter:pay.${mode}`)}
                </label>
              ))}
              <FieldMessage result={result} name="mode" />
            </fieldset>
            {(
              [
                ["cashGiven", "numeric"],
                ["upiAmount", "numeric"],
                ["upiReference", "numeric"],
                ["mobile", "tel"],
                ["name", "text"],
              ] as const
            ).map(([field, mode]) => (
              <div className="form-field" key={field}>
                <label htmlFor={`counter-${field}`}>{t(`counter:pay.${field}`)}</label>
                <input id={`counter-${field}`} name={field} inputMode={mode} autoComplete="off" {...fieldProps(result, field)} />
                <FieldMessage result={result} name={field} />
              </div>
            ))}
            <button type="submit" className="primary">
              {t("counter:pay.submit", { amount: page.bill.totalText })}
            </button>
          </Form>
          {page.qr ? (
            <>
              <UpiPayPanel {...page.qr} />
              <Form method="get" className="inline-form" aria-label={t("counter:pay.qrAmount")}>
                {keep}
                <label htmlFor="counter-qr">{t("counter:pay.qrAmount")}</label>
                <input id="counter-qr" name="qr" inputMode="numeric" maxLength={7} />
                <button type="submit">{t("counter:pay.showQr")}</button>
              </Form>
            </>
          ) : null}
        </section>
      ) : null}
      <p>
        <Link to={next}>{t("counter:newSale")}</Link> ·{" "}
        <Link to={`/admin/counter/returns?counter=${encodeURIComponent(page.counter)}`}>{t("counter:returns.fromCounter")}</Link>
      </p>
    </section>
  );
}
