import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { isRuleViolation } from "../../domain/errors";
import { SETTLE_CREDITS_OPTIONS, settleCreditsForm } from "../../domain/forms/statements";
import { requirePermission } from "../admin/guard.server";
import { adminActor } from "../admin/orders.server";
import { statementPage, type CreditRow } from "../admin/statements.server";
import { TableScroll } from "../components/TableScroll";
import { readPageForm, refusalStatus } from "../forms/form.server";
import { FormMessage } from "../forms/messages";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, routeMessages, serverT } from "../i18n/i18n.server";
import { refusalText } from "../i18n/refusals.server";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("payment:statements.metaTitle") }];

/**
 * One statement (decision 220): its credits paid from it, proposed (ticked and confirmed in bulk, one
 * command), not matched, in conflict and paid already. Plain forms, JS on or off.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "orders");
  const view = await context.shop.orders.statement(params.id ?? "");
  if (!view) throw data({ message: serverT(languageOf(request))("payment:statements.notFound") }, { status: 404 });
  const url = new URL(request.url);
  const read = url.searchParams.get("read");
  const settled = Number(url.searchParams.get("settled") ?? "");
  return {
    statement: statementPage(view),
    read: read === "new" || read === "same" ? read : null,
    settled: Number.isInteger(settled) && settled > 0 ? settled : null,
    messages: routeMessages(request, "payment"),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requirePermission(request, context, "orders");
  const form = await readPageForm(request, settleCreditsForm, { ...SETTLE_CREDITS_OPTIONS, maxBytes: 64 * 1024 });
  if (!form.ok) return form.answer;
  const id = params.id ?? "";
  try {
    const done = await context.shop.orders.settleCredits(id, form.value.credit, adminActor(admin));
    return redirect(`/admin/statements/${id}?settled=${done.settled}`);
  } catch (err) {
    if (!isRuleViolation(err)) throw err;
    return form.refuse(refusalText(languageOf(request), err), refusalStatus(err.status));
  }
}

type Section = keyof ReturnType<typeof statementPage>["sections"];

function Credits({ section, rows, choose }: { section: Section; rows: CreditRow[]; choose?: boolean }) {
  const t = useT();
  const title = t(`payment:statements.section.${section}`);
  return (
    <section aria-labelledby={`credits-${section}`}>
      <h2 id={`credits-${section}`}>
        {title} ({rows.length})
      </h2>
      {rows.length === 0 ? (
        <p>{t("payment:statements.noneHere")}</p>
      ) : (
        <TableScroll label={title}>
          <table className="admin-table">
            <thead>
              <tr>
                {choose ? <th scope="col">{t("payment:statements.col.confirm")}</th> : null}
                <th scope="col">{t("payment:statements.col.row")}</th>
                <th scope="col">{t("payment:statements.col.day")}</th>
                <th scope="col">{t("payment:statements.col.amount")}</th>
                <th scope="col">{t("payment:statements.col.reference")}</th>
                <th scope="col">{t("payment:statements.col.payer")}</th>
                <th scope="col">{t("payment:statements.col.order")}</th>
                <th scope="col">{t("payment:statements.col.why")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.row} data-row={r.row}>
                  {choose && r.choice && r.order ? (
                    <td>
                      <input
                        type="checkbox"
                        name="credit"
                        value={r.choice}
                        id={`credit-${r.row}`}
                        aria-label={t("payment:statements.confirmBox", { row: r.row, number: r.order.number })}
                      />
                    </td>
                  ) : null}
                  <th scope="row">{r.row}</th>
                  <td>{r.day}</td>
                  <td>{r.amount}</td>
                  <td>{r.reference}</td>
                  <td>{r.payer}</td>
                  <td>
                    {r.order ? (
                      <Link to={`/admin/orders/${r.order.id}`}>
                        {t("payment:statements.order", { number: r.order.number })}
                        {r.order.amount ? ` (${r.order.amount})` : ""}
                      </Link>
                    ) : null}
                  </td>
                  <td>{r.why ? t(`payment:statements.${r.why.key}`, r.why.values ?? {}) : null}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

export default function AdminStatement() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const busy = useNavigation().state === "submitting";
  const t = useT();
  const s = page.statement;
  return (
    <section className="admin-statement" aria-labelledby="statement-title">
      <p>
        <Link to="/admin/statements">{t("payment:statements.back")}</Link>
      </p>
      <h1 id="statement-title">{t("payment:statements.heading", { file: s.fileName })}</h1>
      <p>{t("payment:statements.readBy", { shape: t(`payment:statements.shape.${s.shape}`), at: s.readAt, who: s.readBy })}</p>
      {page.read && !result ? (
        <p className="notice" role="status">
          {page.read === "new"
            ? t("payment:statements.readNew", { matched: s.sections.matched.length, proposed: s.sections.proposed.length })
            : t("payment:statements.readSame")}
        </p>
      ) : null}
      {page.settled && !result ? (
        <p className="notice" role="status">
          {t("payment:statements.settled", { count: page.settled })}
        </p>
      ) : null}
      <p>{t("payment:statements.skipped", s.skipped)}</p>
      <Credits section="matched" rows={s.sections.matched} />
      <Form method="post" aria-labelledby="credits-proposed">
        <input type="hidden" name="intent" value="settle" />
        <FormMessage result={result} />
        <Credits section="proposed" rows={s.sections.proposed} choose />
        {s.sections.proposed.length > 0 ? (
          <button type="submit" disabled={busy}>
            {t("payment:statements.confirm")}
          </button>
        ) : null}
      </Form>
      <Credits section="settled" rows={s.sections.settled} />
      <Credits section="unmatched" rows={s.sections.unmatched} />
      <Credits section="conflicts" rows={s.sections.conflicts} />
      <Credits section="alreadyPaid" rows={s.sections.alreadyPaid} />
    </section>
  );
}
