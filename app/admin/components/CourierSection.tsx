/**
 * The order page's Courier section (decision 235): with the shop's courier, "Ship by courier" books the parcel (its
 * AWB, label and manifest) and ships the order; once booked, its AWB, the courier's day and last scan, and the label
 * and manifest PDFs to print; for a parcel that left, "Receive the parcel back" (return to origin, with why). Without a
 * courier the section says how parcels go today. Plain forms, JavaScript on or off; a refusal is said at the top.
 */
import { Form, useActionData, useNavigation } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { COURIER_STEPS } from "../../../domain/forms/admin-courier";
import { RTO_REASONS } from "../../../domain/courier/events";
import { everyMessage, typedValue } from "../../forms/messages";
import { useRefusal, useT } from "../../i18n/I18n";
import type { CourierView } from "../courier.server";
import { useMay } from "../may";

type OrderPageAnswer = { result: SubmissionResult<string[]> };

export function CourierSection({
  orderId,
  courier,
  back,
  done,
  paperRefused,
}: {
  orderId: string;
  courier: CourierView;
  back: string;
  done: string | null;
  /** Why the label or manifest just asked for could not be had, worded. */
  paperRefused: string | null;
}) {
  const t = useT();
  const refusal = useRefusal();
  const answer = useActionData<OrderPageAnswer>();
  const busy = useNavigation().state === "submitting";
  const sent = answer?.result.initialValue;
  const sentIntent = typeof sent?.intent === "string" ? sent.intent : "";
  const refused = [
    ...(answer && (COURIER_STEPS as readonly string[]).includes(sentIntent) ? everyMessage(answer.result).map(refusal) : []),
    ...(paperRefused ? [paperRefused] : []),
  ];
  const typedReason = sentIntent === "courier-rto" ? typedValue(answer?.result, "reason") : undefined;
  const { shipment } = courier;
  // Booking and receiving back change the order: the owner's and a manager's; a packer prints the papers (decision 217).
  const changes = useMay()("orders");
  return (
    <section id="courier" aria-labelledby="courier-title" className="order-courier">
      <h2 id="courier-title">{t("courier:admin.title")}</h2>
      {refused.length > 0 ? (
        <p className="form-error" role="alert">
          {refused.join(" ")}
        </p>
      ) : null}
      {done && (COURIER_STEPS as readonly string[]).includes(done) ? (
        <p className="notice" role="status">
          {t(`courier:admin.saved.${done}`)}
        </p>
      ) : null}
      {shipment ? (
        <>
          <p data-testid="courier-awb">{t("courier:admin.booked", { awb: shipment.awb, courier: shipment.courier })}</p>
          {shipment.expectedBy ? <p>{t("courier:admin.expectedBy", { day: shipment.expectedBy })}</p> : null}
          <p>
            {shipment.lastStep
              ? t("courier:admin.last", { step: t(`courier:step.${shipment.lastStep}`), words: shipment.lastLabel ?? "" })
              : t("courier:admin.noScan")}
          </p>
          <p className="courier-papers">
            {/* PDFs from the courier: a download, not a page of the app. */}
            <a href={`/admin/orders/${orderId}/courier/label`} download>
              {t("courier:admin.label")}
            </a>{" "}
            ·{" "}
            <a href={`/admin/orders/${orderId}/courier/manifest`} download>
              {t("courier:admin.manifest")}
            </a>
          </p>
        </>
      ) : courier.set ? null : (
        <p className="hint">{t("courier:admin.notSet")}</p>
      )}
      {courier.returnedToOrigin ? <p>{t("courier:admin.returned", { reason: t(`courier:rtoReason.${courier.returnedToOrigin.reason}`) })}</p> : null}
      {courier.canShip && changes ? (
        <Form method="post" className="courier-ship" preventScrollReset>
          <input type="hidden" name="intent" value="courier-ship" />
          <input type="hidden" name="back" value={back} />
          <p className="hint">{t("courier:admin.shipHint")}</p>
          <button type="submit" className="primary" disabled={busy}>
            {t("courier:admin.ship")}
          </button>
        </Form>
      ) : null}
      {courier.canReturn && changes ? (
        <Form method="post" className="courier-rto" preventScrollReset>
          <input type="hidden" name="intent" value="courier-rto" />
          <input type="hidden" name="back" value={back} />
          <h3>{t("courier:admin.rtoTitle")}</h3>
          <p className="hint">{t("courier:admin.rtoHint")}</p>
          <fieldset>
            <legend>{t("courier:admin.rtoReason")}</legend>
            {RTO_REASONS.map((reason) => (
              <label key={reason} className="choice">
                <input type="radio" name="reason" value={reason} defaultChecked={typedReason === reason} /> {t(`courier:rtoReason.${reason}`)}
              </label>
            ))}
          </fieldset>
          <button type="submit" className="danger" disabled={busy}>
            {t("courier:admin.rto")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
