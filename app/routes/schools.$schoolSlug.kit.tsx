import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, Link } from "@remix-run/react";
import { useEffect, useState, type FormEvent } from "react";
import { formatRupees } from "../../domain/money";
import { chargesBeforeDelivery } from "../../domain/orders/charges";
import { kitLineAmount, kitSubtotal, type KitPriceLine } from "../../domain/kits/price";
import { kitAction, kitPage } from "../kits/kit-page.server";
import { TableScroll } from "../components/TableScroll";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { FormMessage, refusalOf } from "../forms/messages";
import { KitAnswerNotice, KitCountField, KitSizeField, UniformChoice } from "../components/KitParts";
import { metaT, useT } from "../i18n/I18n";
import cartStyles from "../styles/cart.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: cartStyles }];

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: metaT(matches)("kits:page.metaTitle", { school: data?.school.name ?? "" }) },
];

/** The whole class kit of a school, every size filled in (decision 134). */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  return kitPage(context.shop, request, params.schoolSlug);
}

/** One submit puts the whole kit in the cart. */
export async function action({ params, request, context }: ActionFunctionArgs) {
  return kitAction(context.shop, request, params.schoolSlug);
}

/** The sizes and counts the page shows: the loader's, then as the parent changes them (JS on). */
function useChosen(lines: readonly KitPriceLine[]) {
  const [chosen, setChosen] = useState(() => lines.map(({ size, count }) => ({ size, count })));
  // A new answer (other measurements, another child) starts again from its own sizes.
  useEffect(() => setChosen(lines.map(({ size, count }) => ({ size, count }))), [lines]);
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const field = event.target as HTMLInputElement | HTMLSelectElement;
    const named = /^(size|count)_(\d+)$/.exec(field.name);
    if (!named) return;
    const i = Number(named[2]);
    setChosen((now) =>
      now.map((line, j) => (j !== i ? line : named[1] === "size" ? { ...line, size: field.value || null } : { ...line, count: Math.min(9, Math.max(0, Number(field.value) || 0)) })),
    );
  };
  return { chosen: lines.map((line, i) => ({ ...line, ...(chosen[i] ?? {}) })), onChange };
}

export default function SchoolKit() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const kit = answer && "kit" in answer ? answer.kit : null;
  const result = answer && "result" in answer ? refusalOf(answer) : undefined;
  const t = useT();
  const { school, child, lines } = page;
  const { chosen, onChange } = useChosen(lines);
  const charges = chargesBeforeDelivery(kitSubtotal(chosen), { discount: page.discount }, new Date(page.at));
  return (
    <>
      <Breadcrumbs
        trail={[
          { label: t("nav.home"), to: "/" },
          { label: t("nav.schools"), to: "/schools" },
          { label: school.heading, to: `/schools/${school.slug}` },
          { label: t("kits:page.crumb") },
        ]}
      />
      <section className="kit-page" aria-labelledby="kit-title">
        <h1 id="kit-title">{t("kits:page.title", { school: school.name })}</h1>
        <p>{t("kits:page.intro")}</p>

        {page.asked && page.signedIn ? (
          page.children.length > 0 ? (
            <Form method="get" className="kit-child-picker">
              <label htmlFor="kit-child">{t("children:picker.child")}</label>
              <select id="kit-child" name="child" defaultValue={child?.id ?? ""}>
                <option value="">{t("kits:page.measureInstead")}</option>
                {page.children.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
              <button type="submit" className="secondary">
                {t("kits:page.showKit")}
              </button>
            </Form>
          ) : (
            <p>
              {t("kits:page.noChildHere")} <Link to="/account/children">{t("children:picker.addChildren")}</Link>
            </p>
          )
        ) : page.asked ? (
          <p>
            <Link to={`/login?redirectTo=${encodeURIComponent(`/schools/${school.slug}/kit?child=`)}`}>{t("children:picker.signIn")}</Link>
          </p>
        ) : (
          <p>
            <Link to={`/schools/${school.slug}/kit?child=`}>{t("kits:page.forMyChild")}</Link>
          </p>
        )}

        {child ? null : (
          <Form method="get" className="kit-finder" aria-labelledby="kit-finder-title">
            <h2 id="kit-finder-title">{t("kits:page.finderTitle")}</h2>
            <p className="hint">{t("kits:page.finderHint")}</p>
            <p>
              <label htmlFor="kit-class">{t("children:className")}</label>
              <select id="kit-class" name="className" required defaultValue={page.className ?? ""}>
                <option value="">{t("children:chooseClass")}</option>
                {page.classes.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </p>
            <UniformChoice name="side" chosen={page.side} />
            {(["age", "height", "chest", "waist", "hip", "insideLeg"] as const).map((name) => (
              <p key={name}>
                <label htmlFor={`kit-${name}`}>{t(`kits:page.figure.${name}`)}</label>
                <input id={`kit-${name}`} name={name} inputMode="decimal" pattern="[0-9]{1,3}(\.[0-9])?" defaultValue={page.given[name] ?? ""} />
              </p>
            ))}
            {/* The charts' unit, as the size finder and the children's form ask (decision 246). */}
            <p>
              <label htmlFor="kit-unit">{t("children:unit")}</label>
              <select id="kit-unit" name="unit" defaultValue={page.given.unit === "cm" ? "cm" : "in"}>
                <option value="in">{t("children:inches")}</option>
                <option value="cm">{t("children:centimetres")}</option>
              </select>
            </p>
            <button type="submit" className="secondary">
              {t("kits:page.showKit")}
            </button>
          </Form>
        )}

        {kit ? <KitAnswerNotice kit={kit} /> : null}
        <FormMessage result={result} />

        {page.className && lines.length === 0 ? <p>{t(page.hasKits ? "kits:page.noKitForClass" : "kits:page.noKits")}</p> : null}
        {lines.length > 0 ? (
          <Form method="post" className="kit-form" aria-labelledby="kit-list-title" onChange={onChange}>
            <h2 id="kit-list-title">
              {child ? t("kits:page.listFor", { name: child.name, className: child.className }) : t("kits:page.listForClass", { className: page.className ?? "" })}
            </h2>
            {child ? <input type="hidden" name="child" value={child.id} /> : null}
            <TableScroll label={t("kits:page.table")}>
              <table className="kit-table">
                <thead>
                  <tr>
                    <th scope="col">{t("kits:page.item")}</th>
                    <th scope="col">{t("kits:page.size")}</th>
                    <th scope="col">{t("kits:page.count")}</th>
                    <th scope="col">{t("kits:page.price")}</th>
                    <th scope="col">{t("kits:page.why")}</th>
                  </tr>
                </thead>
                <tbody>
                  {lines.map((line, i) => (
                    <tr key={line.productId} data-item={line.productId}>
                      <th scope="row">
                        {line.name}
                        <input type="hidden" name={`product_${i}`} value={line.productId} />
                      </th>
                      <td>
                        <KitSizeField index={i} name={line.name} sizes={line.sizes} size={line.size} fixed={t("kits:page.freeSize")} empty={t("kits:page.chooseSize")} />
                      </td>
                      <td>
                        <KitCountField index={i} name={line.name} count={line.count} />
                      </td>
                      <td className="kit-amount">
                        <KitAmount line={chosen[i]} />
                      </td>
                      <td>
                        {line.size === null && line.sizes.length > 0 ? <strong>{t("kits:page.noSize")} </strong> : null}
                        {line.comingSoon ? <strong>{t("comingSoon")}. </strong> : null}
                        {line.reason}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
            <dl className="kit-total" aria-live="polite">
              <dt>{t("kits:page.subtotal")}</dt>
              <dd data-testid="kit-subtotal">{formatRupees(charges.subtotal)}</dd>
              {charges.discount > 0 ? (
                <>
                  <dt>{t("kits:page.offer", { percent: charges.discountPercent })}</dt>
                  <dd data-testid="kit-discount">−{formatRupees(charges.discount)}</dd>
                </>
              ) : null}
              <dt>{t("kits:page.total")}</dt>
              <dd data-testid="kit-total">
                <strong>{formatRupees(charges.total)}</strong>
              </dd>
            </dl>
            <p className="hint">{t("kits:page.totalNote")}</p>
            <button type="submit" className="primary">
              {t("kits:page.addAll")}
            </button>
          </Form>
        ) : null}
      </section>
    </>
  );
}

/** One line's rupees in the size and count shown, with the price of one when there are more. */
function KitAmount({ line }: { line: KitPriceLine }) {
  const t = useT();
  const amount = kitLineAmount(line);
  if (amount === null) return <span data-amount="">{t(line.size === null ? "kits:page.noPrice" : "kits:page.notSold")}</span>;
  const each = line.size === null ? undefined : line.prices[line.size];
  return (
    <>
      <span data-amount={amount}>{formatRupees(amount)}</span>
      {line.count > 1 && each !== undefined ? <span className="hint kit-each">{t("kits:page.each", { price: formatRupees(each) })}</span> : null}
    </>
  );
}
