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
        autoComplete="tel-national"
        maxLength={MOBILE_NUMBER_DIGITS}
        defaultValue={typedValue(result, "phone")}
        {...fieldProps(result, "phone")}
      />
      <FieldMessage result={result} name="phone" />
    </>
  );
}
