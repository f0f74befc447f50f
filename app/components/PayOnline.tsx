/**
 * Paying an order through the optional gateway (decision 222): the "Pay online" button on the order's page, and
 * the form that takes the parent to the gateway's hosted checkout. Both plain forms: with JavaScript off the
 * parent presses each; with it on, the second sends itself as soon as it is shown (the button stays, in case the
 * browser holds it back). Needs the `payment` namespace in the page's `messages`.
 */
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { formatRupees } from "../../domain/money";
import { useT } from "../i18n/I18n";
import { payOnlinePath } from "../../domain/payments/online";
import { useHydrated } from "./useHydrated";

/** The form to the hosted checkout (app/payments/online.server.ts `handOffToGateway`). */
export interface GatewayHandoffView {
  action: string;
  rupees: number;
  fields: Record<string, string>;
}

/**
 * "Pay online (UPI, card, netbanking)": posts to the shop, which opens the gateway order and answers with the form below.
 * `inRow`: the button alone, for a row of a list of orders (the account's), the form named by the heading's words.
 */
export function PayOnlineButton({ orderId, inRow = false }: { orderId: string; inRow?: boolean }) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith(payOnlinePath(orderId)) === true;
  if (inRow) {
    return (
      <Form method="post" action={payOnlinePath(orderId)} className="pay-online" aria-label={t("payment:online.heading")}>
        <input type="hidden" name="intent" value="pay-online" />
        <button type="submit" disabled={busy}>
          {t("payment:online.button")}
        </button>
      </Form>
    );
  }
  return (
    <Form method="post" action={payOnlinePath(orderId)} className="pay-online" aria-labelledby="pay-online-heading">
      <h2 id="pay-online-heading">{t("payment:online.heading")}</h2>
      <p>{t("payment:online.explain")}</p>
      <input type="hidden" name="intent" value="pay-online" />
      <button type="submit" className="primary" disabled={busy}>
        {t("payment:online.button")}
      </button>
    </Form>
  );
}

/** The gateway's hosted checkout, as a plain form the parent's browser posts there (the page's form-action allows it). */
export function GatewayHandoffForm({ handoff }: { handoff: GatewayHandoffView }) {
  const t = useT();
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    // Sent once, when the page first shows with JavaScript: nothing is paid by it, the parent pays on the gateway's page.
    if (hydrated) form.current?.submit();
  }, [hydrated]);
  return (
    <form ref={form} method="post" action={handoff.action} className="pay-online">
      <p>{t("payment:online.handoff", { amount: formatRupees(handoff.rupees) })}</p>
      {Object.entries(handoff.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="primary">
        {t("payment:online.continue", { amount: formatRupees(handoff.rupees) })}
      </button>
    </form>
  );
}
