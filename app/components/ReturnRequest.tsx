/**
 * The shopper's side of returns (decision 103): the request form (lines and quantities, refund or
 * another size, a reason) on the tracking and account pages, and each request's state. A plain
 * post: works with JavaScript off.
 */
import { Form } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { everyMessage, typedValue } from "../forms/messages";
import type { FormResult } from "../forms/form.server";
import { useRefusal, useT } from "../i18n/I18n";

export interface ShopperReturns {
  /** Until when a request may be made, as the page prints it; null when none may be made now. */
  openUntil: string | null;
  /** The order's lines, each with the other sizes it is made in (what an exchange may ask for: value stored, label shown). */
  lines: { index: number; label: string; /** Units that may still be asked back. */ quantity: number; sizes: { value: string; label: string }[] }[];
  /** Each request as a sentence: what was asked, when, and where it stands; and the shop's note on it. */
  returns: { key: string; text: string; note: string }[];
  courier: { courier: string; tracking: string } | null;
  byHand: boolean;
}

export function ReturnStatus({ info }: { info: ShopperReturns }) {
  const t = useT();
  return (
    <>
      {info.courier ? <p data-testid="courier-line">{t("returns:shopper.courierLine", { courier: info.courier.courier, tracking: info.courier.tracking })}</p> : null}
      {info.byHand ? <p data-testid="courier-line">{t("returns:shopper.byHand")}</p> : null}
      {info.returns.length > 0 ? (
        <>
          <h3>{t("returns:shopper.stateTitle")}</h3>
          <ul className="history-list" data-testid="return-states">
            {info.returns.map((r) => (
              <li key={r.key}>
                {r.text}
                {r.note ? ` ${t("returns:shopper.shopNote", { note: r.note })}` : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

/**
 * An order's returns part: the answer to a request (sent, or refused with what was typed), the requests and
 * where they stand, and the form while one may be asked. Its id is the place the page reopens at: the form posts
 * to `action#id` and a sent request redirects to `…#id`, so with JavaScript off the browser shows the answer
 * where the parent asked, not thousands of pixels below the page's top. With JavaScript on the answer takes the
 * focus, so a screen reader says it.
 */
export function ReturnRequestForm({
  info,
  action,
  hidden,
  result,
  sent,
  idPrefix,
}: {
  info: ShopperReturns;
  action: string;
  hidden: Record<string, string>;
  result: FormResult | undefined;
  sent: boolean;
  idPrefix: string;
}) {
  const t = useT();
  const refusal = useRefusal();
  const answerRef = useRef<HTMLParagraphElement>(null);
  // A refusal says every message at the part's top (a field's too), and what was typed comes back.
  const messages = everyMessage(result).map(refusal);
  const answered = sent || messages.length > 0;
  useEffect(() => {
    if (answered) answerRef.current?.focus();
  }, [answered, result]);
  const answer = sent ? (
    <p className="notice" role="status" data-testid="return-sent" ref={answerRef} tabIndex={-1}>
      {t("returns:shopper.sent")}
    </p>
  ) : messages.length > 0 ? (
    <p className="form-error" role="alert" ref={answerRef} tabIndex={-1}>
      {messages.join(" ")}
    </p>
  ) : null;
  return (
    <div id={idPrefix} className="return-part">
      {answer}
      <ReturnStatus info={info} />
      <ReturnForm info={info} action={`${action}#${idPrefix}`} hidden={hidden} result={result} idPrefix={idPrefix} />
    </div>
  );
}

function ReturnForm({
  info,
  action,
  hidden,
  result,
  idPrefix,
}: {
  info: ShopperReturns;
  action: string;
  hidden: Record<string, string>;
  result: FormResult | undefined;
  idPrefix: string;
}) {
  const t = useT();
  const typed = (name: string) => typedValue(result, name);
  if (!info.openUntil) return null;
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <Form method="post" action={action} className="return-request" aria-labelledby={id("title")}>
      <h3 id={id("title")}>{t("returns:shopper.title")}</h3>
      <p className="hint">{t("returns:shopper.intro", { until: info.openUntil })}</p>
      <input type="hidden" name="intent" value="return" />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <fieldset>
        <legend>{t("returns:shopper.which")}</legend>
        {/* A box per line, and how many of it: 1 to start with, since a ticked line is returned at least once. */}
        {info.lines.map((line) => (
          <div className="return-line" key={line.index}>
            <label className="choice">
              <input
                type="checkbox"
                name={`line-${line.index}`}
                // A refused form comes back as it was sent; a one-line order comes ticked.
                defaultChecked={result ? typed(`line-${line.index}`) === "on" : info.lines.length === 1}
              />{" "}
              {line.label}
            </label>
            <label htmlFor={id(`qty-${line.index}`)}>{t("returns:shopper.howMany", { item: line.label })}</label>
            <input
              id={id(`qty-${line.index}`)}
              name={`qty-${line.index}`}
              type="number"
              min={1}
              max={line.quantity}
              defaultValue={typed(`qty-${line.index}`) ?? 1}
              inputMode="numeric"
            />
            {/* Each line its own size for an exchange: socks and a shirt do not come in one size (issue 48). */}
            {line.sizes.length > 0 ? (
              <>
                <label htmlFor={id(`size-${line.index}`)}>{t("returns:shopper.exchangeSizeOf", { item: line.label })}</label>
                <select id={id(`size-${line.index}`)} name={`size-${line.index}`} defaultValue={typed(`size-${line.index}`) ?? ""}>
                  <option value="">{t("returns:shopper.noSize")}</option>
                  {line.sizes.map((size) => (
                    <option key={size.value} value={size.value}>
                      {size.label}
                    </option>
                  ))}
                </select>
              </>
            ) : null}
          </div>
        ))}
      </fieldset>
      <fieldset>
        <legend>{t("returns:shopper.want")}</legend>
        <label className="choice">
          <input type="radio" name="want" value="refund" defaultChecked={typed("want") !== "exchange"} /> {t("returns:shopper.refund")}
        </label>
        <label className="choice">
          <input type="radio" name="want" value="exchange" defaultChecked={typed("want") === "exchange"} /> {t("returns:shopper.exchange")}
        </label>
      </fieldset>
      <div className="form-field">
        <label htmlFor={id("reason")}>{t("returns:shopper.reason")}</label>
        <textarea id={id("reason")} name="reason" maxLength={500} rows={2} required defaultValue={typed("reason")} />
      </div>
      <button type="submit" className="primary">
        {t("returns:shopper.submit")}
      </button>
    </Form>
  );
}
