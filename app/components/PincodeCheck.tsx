/**
 * "Check delivery to your pincode": a GET form on product pages, the cart and the checkout
 * (decision 113). It sends `?pincode=` to the page it is on, keeping the page's other query
 * (a chosen size), and the page's loader answers (app/delivery/pincode-check.server.ts), so it
 * works with JavaScript off. The answer comes from the shop's one delivery rule (`deliveryTo`).
 * A catalogue page's server render never reads the remembered pincode (the page is shared between
 * visitors): with JavaScript the page shows it from the cookie after it loads.
 */
import { Form, useLocation, useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { formatRupees } from "../../domain/money";
import { deliveryTo, type DeliveryRule } from "../../domain/orders/charges";
import { pincodeFromCookie } from "../../domain/pincode";
import { useT, type T } from "../i18n/I18n";

/** What a page's pincode check shows: the rule, the pincode it answers for, or what was typed when it is not one. */
export interface PincodeCheckView {
  rule: DeliveryRule;
  /** The pincode the page answers for (just checked, or remembered where the page may read the cookie). */
  pincode?: string;
  /** `?pincode=` as typed when it is not a pincode: shown back in the field with the rule's message. */
  invalid?: string;
  /** Six digits India Post's directory does not have (decision 201): said so, with the pincode. */
  unknown?: string;
  /**
   * A pincode in another state than a composition or unregistered shop's own (decision 202), with both states named in
   * the page's language: said so, with the pincode.
   */
  otherState?: { pincode: string; state: string; shopState: string };
}

/** The most query fields a check carries on (a page has one or two: a size, a step). */
const KEPT_FIELDS = 8;

/** "331…": the free area's pincode beginnings as the rule's words show them. */
export function freeAreaText(rule: DeliveryRule): string {
  return rule.freeArea.map((start) => `${start}…`).join(", ");
}

/** The rule, for before a pincode is known: "Delivery: free in Churu district (pincodes 331…), ₹100 elsewhere". */
export function deliveryRuleText(t: T, rule: DeliveryRule): string {
  const area = freeAreaText(rule);
  return rule.outsideCharge === null
    ? t("delivery:check.ruleOnly", { area })
    : t("delivery:check.rule", { area, charge: formatRupees(rule.outsideCharge) });
}

/** "Delivery to 302001: ₹100", "Delivery to 331001: free", "We do not deliver to 302001.". */
export function deliveryAnswer(t: T, rule: DeliveryRule, pincode: string): string {
  const charge = deliveryTo(pincode, rule);
  if (charge === null) return t("delivery:check.none", { pincode });
  return charge === 0 ? t("delivery:check.free", { pincode }) : t("delivery:check.charge", { pincode, charge: formatRupees(charge) });
}

/** The pincode the page answers for: its loader's, else (with JavaScript) the one remembered this visit. */
export function usePincodeShown(check: PincodeCheckView): string | undefined {
  const [remembered, setRemembered] = useState<string>();
  useEffect(() => {
    if (!check.pincode && check.invalid === undefined) setRemembered(pincodeFromCookie(document.cookie));
  }, [check.pincode, check.invalid]);
  return check.pincode ?? (check.invalid === undefined ? remembered : undefined);
}

/**
 * `inSummary`: the page's own money lines already say delivery to the pincode (the cart, the checkout),
 * so the check says only what is wrong with one typed.
 */
export function PincodeCheck({ check, id = "pincode-check", inSummary = false }: { check: PincodeCheckView; id?: string; inSummary?: boolean }) {
  const t = useT();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const pincode = usePincodeShown(check);
  const kept = [...searchParams].filter(([name]) => name !== "pincode").slice(0, KEPT_FIELDS);
  const answer = check.unknown !== undefined
    ? t("delivery:check.unknown", { pincode: check.unknown })
    : check.otherState
      ? t("delivery:check.otherState", check.otherState)
      : check.invalid !== undefined ? t("delivery:check.invalid") : pincode ? deliveryAnswer(t, check.rule, pincode) : deliveryRuleText(t, check.rule);
  return (
    <Form method="get" action={`${pathname}#${id}`} preventScrollReset className="pincode-check" id={id}>
      {kept.map(([name, value], i) => (
        <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={`${id}-input`}>{t("delivery:check.label")}</label>
      <div className="pincode-row">
        <input
          // A pincode remembered after the page loaded fills the field too.
          key={pincode ?? ""}
          id={`${id}-input`}
          name="pincode"
          defaultValue={check.invalid ?? pincode ?? ""}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={7}
          {...(inSummary && check.invalid === undefined ? {} : { "aria-describedby": `${id}-answer` })}
          {...(check.invalid !== undefined ? { "aria-invalid": true } : {})}
        />
        <button type="submit" className="secondary">
          {t("delivery:check.submit")}
        </button>
      </div>
      {inSummary && check.invalid === undefined ? null : (
        <p id={`${id}-answer`} role="status" data-testid="pincode-answer" className={check.invalid !== undefined ? "field-error" : "pincode-answer"}>
          {answer}
        </p>
      )}
    </Form>
  );
}
