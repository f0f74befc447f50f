/**
 * The order page's after-sale sections (decision 103; app/routes/admin.orders.$id.tsx): notes,
 * delivery details and returns, what the shop did after the sale, with the next steps' forms.
 * Each form's refusal shows beside it, JavaScript on or off; what was typed comes back in it.
 */
import { Form, useActionData, useNavigation } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { AFTER_SALE_STEPS, ORDER_PAGE_FORM_LIMITS } from "../../../domain/forms/admin-returns";
import { DELIVERY_METHODS, type ReturnWant } from "../../../domain/orders/events";
import { RETURN_RECEIPTS } from "../../../domain/orders/terms";
import type { DeliveryDetails, ReturnStage } from "../../../domain/orders/returns";
import { everyMessage, typedValue } from "../../forms/messages";
import { useRefusal, useT } from "../../i18n/I18n";

/** What the order page's action answers when it does not redirect: a refused form. */
type OrderPageAnswer = { result: SubmissionResult<string[]> };

/** Notes, delivery and returns as the page shows them (app/admin/order-page.server.ts, afterSaleOf). */
export interface AfterSaleView {
  notes: { revision: number; text: string; by: string }[];
  delivery: DeliveryDetails | null;
  returns: {
    returnId: string;
    shortId: string;
    want: ReturnWant;
    exchangeSize: string;
    stage: ReturnStage;
    lines: string;
    reason: string;
    note: string;
    asked: string;
    refund: number;
    refunded: string | null;
    refundText: string;
  }[];
  /** Whether money came in that a refund can give back (else the payment is recorded first). */
  refundable: boolean;
  suggestedRefund: string | null;
  suggestedRefundNote: string | null;
}

/** One after-sale form: the intent and the dashboard view kept, its refusal beside it (JS on or off). */
function AfterSaleForm({
  intent,
  returnId,
  back,
  submit,
  danger,
  children,
}: {
  intent: (typeof AFTER_SALE_STEPS)[number];
  returnId?: string;
  back: string;
  submit: string;
  danger?: boolean;
  children?: ReactNode;
}) {
  const answer = useActionData<OrderPageAnswer>();
  const busy = useNavigation().state === "submitting";
  const refusal = useRefusal();
  const sent = answer?.result.initialValue;
  const mine = sent?.intent === intent && (returnId === undefined || sent?.returnId === returnId);
  // Every message of a refusal here, a field's too: these forms are short and say it once, at their top.
  const messages = mine ? everyMessage(answer?.result).map(refusal) : [];
  return (
    <Form method="post" className={`after-sale-step after-sale-${intent}`} preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="back" value={back} />
      {returnId ? <input type="hidden" name="returnId" value={returnId} /> : null}
      {messages.length > 0 ? (
        <p className="form-error" role="alert">
          {messages.join(" ")}
        </p>
      ) : null}
      {children}
      <button type="submit" className={danger ? "danger" : "primary"} disabled={busy}>
        {submit}
      </button>
    </Form>
  );
}

function Field({ id, name, label, required, maxLength, defaultValue, multiline }: { id: string; name: string; label: string; required?: boolean; maxLength: number; defaultValue?: string; multiline?: boolean }) {
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea id={id} name={name} required={required} maxLength={maxLength} rows={3} defaultValue={defaultValue} />
      ) : (
        <input id={id} name={name} required={required} maxLength={maxLength} defaultValue={defaultValue} autoComplete="off" />
      )}
    </div>
  );
}

/** Notes, delivery details and returns (decision 103): what the shop did after the sale, with the next steps' buttons. */
export function AfterSaleSections({ afterSale, live, back }: { afterSale: AfterSaleView; live: boolean; back: string }) {
  const t = useT();
  const { maxLength } = ORDER_PAGE_FORM_LIMITS;
  const delivery = afterSale.delivery;
  const answer = useActionData<OrderPageAnswer>();
  // What was typed into a refused form comes back in it (without JavaScript the page is drawn again).
  const typed = (intent: string, name: string, returnId?: string) => {
    const sent = answer?.result.initialValue;
    return sent?.intent === intent && (returnId === undefined || sent?.returnId === returnId) ? typedValue(answer?.result, name) : undefined;
  };
  const deliveryMethod = typed("delivery", "method") ?? delivery?.method ?? "hand";
  // A refusal whose form is not drawn (the step was done meanwhile in another tab, or never could be) shows at the returns' top.
  const refusal = useRefusal();
  const sent = answer?.result.initialValue;
  const sentIntent = typeof sent?.intent === "string" ? sent.intent : "";
  const sentReturn = afterSale.returns.find((r) => r.returnId === sent?.returnId);
  const drawn =
    sentIntent === "note" || sentIntent === "delivery"
      ? live
      : live &&
        sentReturn !== undefined &&
        ((sentReturn.stage === "requested" && (sentIntent === "approve" || sentIntent === "refuse")) ||
          (sentReturn.stage === "approved" && sentIntent === "receive") ||
          (sentReturn.stage === "received" && sentReturn.want === "exchange" && sentIntent === "exchange"));
  const orphan = answer && (AFTER_SALE_STEPS as readonly string[]).includes(sentIntent) && !drawn ? everyMessage(answer.result).map(refusal) : [];
  return (
    <>
      <section id="notes" aria-labelledby="notes-title" className="order-notes">
        <h2 id="notes-title">{t("returns:admin.notesTitle")}</h2>
        <p className="hint">{t("returns:admin.notesHint")}</p>
        {afterSale.notes.length === 0 ? <p>{t("returns:admin.noNotes")}</p> : null}
        <ul className="note-list">
          {afterSale.notes.map((note) => (
            <li key={note.revision} data-testid="order-note">
              <p>{note.text}</p>
              <p className="muted">{note.by}</p>
            </li>
          ))}
        </ul>
        {live ? (
          // Drawn anew once a note is added: the box is empty again with JavaScript on too.
          <AfterSaleForm key={afterSale.notes.length} intent="note" back={back} submit={t("returns:admin.noteSubmit")}>
            <Field id="note-text" name="text" label={t("returns:admin.noteLabel")} required maxLength={maxLength.text} multiline defaultValue={typed("note", "text")} />
          </AfterSaleForm>
        ) : null}
      </section>

      <section id="delivery" aria-labelledby="delivery-title" className="order-delivery">
        <h2 id="delivery-title">{t("returns:admin.deliveryTitle")}</h2>
        {delivery ? (
          <p data-field="delivery">
            {t("returns:admin.deliveryNow", { method: t(`returns:deliveryMethod.${delivery.method}`) })}
            {delivery.courier ? <> — {t("returns:admin.deliveryCourierNow", { courier: delivery.courier, tracking: delivery.trackingNumber ?? "" })}</> : null}
            {delivery.note ? <> — {delivery.note}</> : null}
          </p>
        ) : (
          <p>{t("returns:admin.deliveryNone")}</p>
        )}
        {live ? (
          <AfterSaleForm key={delivery?.at ?? "none"} intent="delivery" back={back} submit={t("returns:admin.deliverySubmit")}>
            <fieldset>
              <legend>{t("returns:admin.deliveryMethod")}</legend>
              {DELIVERY_METHODS.map((method) => (
                <label key={method} className="choice">
                  <input type="radio" name="method" value={method} defaultChecked={deliveryMethod === method} /> {t(`returns:deliveryMethod.${method}`)}
                </label>
              ))}
            </fieldset>
            <Field id="delivery-courier" name="courier" label={t("returns:admin.courier")} maxLength={maxLength.courier} defaultValue={typed("delivery", "courier") ?? delivery?.courier} />
            <Field id="delivery-tracking" name="trackingNumber" label={t("returns:admin.tracking")} maxLength={maxLength.trackingNumber} defaultValue={typed("delivery", "trackingNumber") ?? delivery?.trackingNumber} />
            <Field id="delivery-note" name="note" label={t("returns:admin.deliveryNote")} maxLength={500} defaultValue={typed("delivery", "note") ?? delivery?.note} />
          </AfterSaleForm>
        ) : null}
      </section>

      <section id="returns" aria-labelledby="returns-title" className="order-returns">
        <h2 id="returns-title">{t("returns:admin.returnsTitle")}</h2>
        {orphan.length > 0 ? (
          <p className="form-error" role="alert">
            {orphan.join(" ")}
          </p>
        ) : null}
        {afterSale.returns.length === 0 ? <p>{t("returns:admin.returnsNone")}</p> : null}
        {afterSale.returns.map((r) => (
          <article key={r.returnId} className="return-card" data-return={r.shortId} data-stage={r.stage}>
            <h3>
              {t("returns:admin.returnHeading", {
                id: r.shortId,
                want: r.want === "exchange" ? t("returns:want.exchangeFor", { size: r.exchangeSize }) : t("returns:want.refund"),
              })}
            </h3>
            <p>{r.lines}</p>
            <p data-field="return-stage">{t("returns:admin.returnStage", { stage: t(`returns:stage.${r.stage}`) })}</p>
            <p className="muted">{r.asked}</p>
            <p>{t("returns:admin.returnReason", { reason: r.reason })}</p>
            {r.note ? <p>{t("returns:admin.returnNote", { note: r.note })}</p> : null}
            {r.refunded ? <p>{t("returns:admin.refunded", { amount: r.refunded })}</p> : null}
            {r.stage === "received" && r.want === "refund" ? (
              <p className="notice" data-field="refund-hint">
                {afterSale.refundable ? <a href="#payment">{t("returns:admin.refundHint", { amount: r.refundText })}</a> : t("returns:admin.refundNothingPaid")}
              </p>
            ) : null}
            {live && r.stage === "requested" ? (
              <div className="return-steps">
                <AfterSaleForm intent="approve" returnId={r.returnId} back={back} submit={t("returns:admin.approve")}>
                  <Field id={`approve-${r.shortId}`} name="note" label={t("returns:admin.approveNote")} maxLength={500} defaultValue={typed("approve", "note", r.returnId)} />
                </AfterSaleForm>
                <AfterSaleForm intent="refuse" returnId={r.returnId} back={back} submit={t("returns:admin.refuse")} danger>
                  <Field id={`refuse-${r.shortId}`} name="note" label={t("returns:admin.refuseNote")} required maxLength={500} defaultValue={typed("refuse", "note", r.returnId)} />
                </AfterSaleForm>
              </div>
            ) : null}
            {live && r.stage === "approved" ? (
              <AfterSaleForm intent="receive" returnId={r.returnId} back={back} submit={t("returns:admin.receive")}>
                <fieldset>
                  <legend>{t("returns:admin.receiveMethod")}</legend>
                  {RETURN_RECEIPTS.map((method, i) => (
                    <label key={method} className="choice">
                      <input type="radio" name="method" value={method} defaultChecked={i === 0} /> {t(`returns:receiptChoice.${method}`)}
                    </label>
                  ))}
                </fieldset>
              </AfterSaleForm>
            ) : null}
            {live && r.stage === "received" && r.want === "exchange" ? (
              <AfterSaleForm intent="exchange" returnId={r.returnId} back={back} submit={t("returns:admin.exchange", { size: r.exchangeSize })} />
            ) : null}
          </article>
        ))}
      </section>
    </>
  );
}
