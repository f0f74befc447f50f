import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, Link } from "@remix-run/react";
import { requireShopper } from "../auth/session.server";
import { reorderPage } from "../kits/reorder-page.server";
import { reorderAction } from "../kits/reorder-action.server";
import { TableScroll } from "../components/TableScroll";
import { FormMessage, refusalOf } from "../forms/messages";
import { KitAnswerNotice, KitCountField, KitSizeField } from "../components/KitParts";
import { metaT, useT } from "../i18n/I18n";
import cartStyles from "../styles/cart.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: cartStyles }];

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("kits:reorder.metaTitle") }];

/** An order of the parent's again, each size a year on, side by side with the old (decision 133). */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  return reorderPage(context.shop, request, params.orderId);
}

/** One submit adds the sizes shown. */
export async function action({ params, request, context }: ActionFunctionArgs) {
  const shopper = await requireShopper(request, context.shop);
  return reorderAction(context.shop, request, shopper, params.orderId);
}

export default function Reorder() {
  const { order, children, child, lines } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const kit = answer && "kit" in answer ? answer.kit : null;
  const result = answer && "result" in answer ? refusalOf(answer) : undefined;
  const t = useT();
  return (
    <section className="reorder-page" aria-labelledby="reorder-title">
      <p>
        <Link to="/account">{t("children:backToAccount")}</Link>
      </p>
      <h1 id="reorder-title">{t("kits:reorder.title", { number: order.displayId })}</h1>
      <p>{t("kits:reorder.intro")}</p>
      {children.length > 0 ? (
        <Form method="get" className="kit-child-picker">
          <label htmlFor="reorder-child">{t("kits:reorder.child")}</label>
          <select id="reorder-child" name="child" defaultValue={child?.id ?? ""}>
            <option value="">{t("kits:reorder.nobody")}</option>
            {children.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          <button type="submit" className="secondary">
            {t("kits:reorder.show")}
          </button>
        </Form>
      ) : null}
      {kit ? <KitAnswerNotice kit={kit} /> : null}
      <FormMessage result={result} />
      {lines.length === 0 ? (
        <p>{t("kits:reorder.nothing")}</p>
      ) : (
        <Form method="post" aria-labelledby="reorder-title">
          {child ? <input type="hidden" name="child" value={child.id} /> : null}
          <TableScroll label={t("kits:reorder.table")}>
            <table className="kit-table">
              <thead>
                <tr>
                  <th scope="col">{t("kits:reorder.item")}</th>
                  <th scope="col">{t("kits:reorder.oldSize")}</th>
                  <th scope="col">{t("kits:reorder.newSize")}</th>
                  <th scope="col">{t("kits:reorder.quantity")}</th>
                  <th scope="col">{t("kits:reorder.why")}</th>
                </tr>
              </thead>
              <tbody>
                {lines.map((line, i) => (
                  <tr key={`${line.productId}-${line.oldSize}`} data-item={line.productId}>
                    <th scope="row">
                      {line.name}
                      <input type="hidden" name={`product_${i}`} value={line.productId} />
                    </th>
                    <td data-old-size>{line.oldSize}</td>
                    <td data-new-size>
                      <KitSizeField index={i} name={line.name} sizes={line.sizes} size={line.newSize ?? (line.sizes.length ? null : line.oldSize)} fixed={line.oldSize} empty={t("kits:reorder.measure")} />
                    </td>
                    <td>
                      <KitCountField index={i} name={line.name} count={line.quantity} />
                    </td>
                    <td>{line.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <button type="submit" className="primary">
            {t("kits:reorder.addAll")}
          </button>
        </Form>
      )}
    </section>
  );
}
