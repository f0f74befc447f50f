/**
 * The confirmation of dropping a line before dispatch (decision 204), on the order's page at #drop: what the order
 * would charge after it and what the parent would be owed back, as the order decider decides it (the loader asks it),
 * the pieces to drop (a plain GET form shows the figures again for another count, JavaScript on or off), a note to the
 * parent, and the button that drops it. A drop the shop cannot make says why instead.
 */
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { DROP_NOTE_MAX } from "../../../domain/orders/drop-line";
import { FormMessage } from "../../forms/messages";
import { useT } from "../../i18n/I18n";

export interface DropView {
  /** The line as `lineKey` writes it. */
  key: string;
  name: string;
  size: string;
  /** The pieces to drop, as asked; `most` the line has. */
  units: number;
  most: number;
  /** Where the drop is posted: this page with the drop asked, so a refusal comes back beside it. */
  action: string;
  cancelHref: string;
  /** Why it cannot be dropped, worded; null when it can. */
  refusal: string | null;
  after: {
    subtotal: string;
    discount: string | null;
    delivery: string | null;
    total: string;
    totalBefore: string;
    /** What the shop holds of the parent's money now; null when nothing was paid. */
    paid: string | null;
    owedBack: string | null;
  } | null;
}

export function DropLineSection({ drop, back }: { drop: DropView; back: string }) {
  const t = useT();
  const answer = useActionData<{ result: SubmissionResult<string[]> }>();
  const result = answer?.result.initialValue?.intent === "drop" ? answer.result : undefined;
  const busy = useNavigation().state === "submitting";
  const item = drop.size ? `${drop.name} (${drop.size})` : drop.name;
  return (
    <section id="drop" aria-labelledby="drop-title" className="order-drop">
      <h2 id="drop-title">{t("admin:drop.title", { item: item || "—" })}</h2>
      {drop.refusal ? (
        <p className="form-error" role="alert" data-field="drop-refusal">
          {drop.refusal}
        </p>
      ) : null}
      {drop.after ? (
        <>
          <p data-field="drop-total">{t("admin:drop.totalAfter", { before: drop.after.totalBefore, after: drop.after.total })}</p>
          <ul className="drop-charges">
            <li>{t("admin:drop.subtotal", { amount: drop.after.subtotal })}</li>
            {drop.after.discount ? <li>{drop.after.discount}</li> : null}
            <li>{drop.after.delivery ? t("admin:drop.delivery", { amount: drop.after.delivery }) : t("admin:drop.freeDelivery")}</li>
          </ul>
          <p data-field="drop-owed-back">
            {drop.after.owedBack
              ? t("admin:drop.owedBack", { paid: drop.after.paid ?? "", amount: drop.after.owedBack })
              : drop.after.paid
                ? t("admin:drop.nothingOwed")
                : t("admin:drop.unpaid")}
          </p>
          <p className="hint">{t("admin:drop.texted")}</p>
        </>
      ) : null}
      {drop.most > 1 ? (
        // Another count of pieces: the page shows its figures first (a GET, nothing is changed).
        <form method="get" action={drop.action.split("?")[0]} className="drop-units">
          <input type="hidden" name="drop" value={drop.key} />
          {back !== "/admin" ? <input type="hidden" name="back" value={back} /> : null}
          <label htmlFor="drop-units">{t("admin:drop.units", { most: drop.most })}</label>
          <input id="drop-units" name="units" type="number" min={1} max={drop.most} defaultValue={drop.units} inputMode="numeric" />
          <button type="submit">{t("admin:drop.show")}</button>
        </form>
      ) : null}
      {drop.after ? (
        <Form method="post" action={drop.action} className="drop-confirm" preventScrollReset>
          <input type="hidden" name="intent" value="drop" />
          <input type="hidden" name="line" value={drop.key} />
          <input type="hidden" name="quantity" value={drop.units} />
          <input type="hidden" name="back" value={back} />
          <FormMessage result={result} />
          <div className="form-field">
            <label htmlFor="drop-note">{t("admin:drop.note")}</label>
            <input id="drop-note" name="note" maxLength={DROP_NOTE_MAX} autoComplete="off" />
          </div>
          <button type="submit" className="danger" disabled={busy}>
            {t("admin:drop.submit", { count: drop.units, item })}
          </button>{" "}
          <Link to={drop.cancelHref}>{t("admin:drop.keep")}</Link>
        </Form>
      ) : (
        <p>
          <Link to={drop.cancelHref}>{t("admin:drop.back")}</Link>
        </p>
      )}
    </section>
  );
}
