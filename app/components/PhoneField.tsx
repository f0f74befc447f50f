import { NAME_MAX_LENGTH, OTP_LENGTH } from "../../domain/auth";
import { MOBILE_NUMBER_DIGITS } from "../../domain/phone";
import type { FormResult } from "../forms/form.server";
import { FieldMessage, fieldProps, typedValue } from "../forms/messages";
import { useT } from "../i18n/I18n";

/**
 * The mobile number of the phone sign-in forms (/signup, /otp): ten digits, the phone's number pad, its message below.
 * Its page loads the `auth` messages.
 */
export function PhoneField({ id, result }: { id: string; result: FormResult | null | undefined }) {
  const t = useT();
  return (
    <>
      <label htmlFor={id}>{t("auth:phone")}</label>
      <input
        id={id}
        name="phone"
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        maxLength={MOBILE_NUMBER_DIGITS}
        defaultValue={typedValue(result, "phone")}
        {...fieldProps(result, "phone")}
      />
      <FieldMessage result={result} name="phone" />
    </>
  );
}

/**
 * The code sent by SMS, wherever a number is proven (/otp, a new number on the account page): the phone's number pad,
 * and the code offered by the phone's keyboard from the SMS. Never typed back after a refusal.
 */
export function CodeField({ id, label, result }: { id: string; label: string; result: FormResult | null | undefined }) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input id={id} name="otp" inputMode="numeric" autoComplete="one-time-code" maxLength={OTP_LENGTH} pattern="[0-9]*" {...fieldProps(result, "otp")} />
      <FieldMessage result={result} name="otp" />
    </>
  );
}

/** The parent's name on the phone sign-up forms (/signup, /otp for a number new to the shop), its message below. */
export function NameField({ id, label, result }: { id: string; label: string; result: FormResult | null | undefined }) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input id={id} name="name" autoComplete="name" maxLength={NAME_MAX_LENGTH} defaultValue={typedValue(result, "name")} {...fieldProps(result, "name")} />
      <FieldMessage result={result} name="name" />
    </>
  );
}
