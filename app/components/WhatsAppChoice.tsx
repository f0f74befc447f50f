/**
 * The account page's "Messages on WhatsApp" (decision 231): where the parent's sign-in codes and order
 * messages go now, and one button to change it, a plain form without JavaScript. Words: the `account`
 * namespace.
 */
import { Form, useNavigation } from "@remix-run/react";
import type { FormResult } from "../forms/form.server";
import { everyMessage } from "../forms/messages";
import { useRefusal, useT } from "../i18n/I18n";

export interface WhatsAppChoiceProps {
  phone: string | null;
  chosen: boolean;
  saved: "on" | "off" | null;
  /** A refusal of the form (every field of it is the page's own: said above the button). */
  result?: FormResult | null;
}

export function WhatsAppChoice({ phone, chosen, saved, result }: WhatsAppChoiceProps) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/account?whatsapp") === true;
  const refusal = useRefusal();
  const refused = everyMessage(result).map(refusal);
  return (
    <section className="account-whatsapp" id="whatsapp" aria-labelledby="account-whatsapp-title">
      <h2 id="account-whatsapp-title">{t("account:whatsapp.title")}</h2>
      {phone ? (
        <>
          <p data-testid="whatsapp-choice">{t(chosen ? "account:whatsapp.on" : "account:whatsapp.off", { phone })}</p>
          {saved ? (
            <p className="notice" role="status">
              {t(saved === "on" ? "account:whatsapp.savedOn" : "account:whatsapp.savedOff")}
            </p>
          ) : null}
          {refused.length ? (
            <p className="form-error" role="alert">
              {refused.join(" ")}
            </p>
          ) : null}
          <Form method="post" action="/account?whatsapp" preventScrollReset>
            <button type="submit" name="whatsapp" value={chosen ? "off" : "on"} className="secondary" disabled={busy}>
              {t(chosen ? "account:whatsapp.turnOff" : "account:whatsapp.turnOn")}
            </button>
          </Form>
        </>
      ) : (
        <p>{t("account:whatsapp.noPhone")}</p>
      )}
    </section>
  );
}
