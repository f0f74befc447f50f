import type { FormResult } from "../forms/form.server";
import { FieldMessage, fieldProps, typedValue } from "../forms/messages";

/** The mobile number of the phone sign-in forms (/signup, /otp): ten digits, the phone's number pad, its message below. */
export function PhoneField({ id, result }: { id: string; result: FormResult | null | undefined }) {
  return (
    <>
      <label htmlFor={id}>Mobile number</label>
      <input
        id={id}
        name="phone"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={10}
        defaultValue={typedValue(result, "phone")}
        {...fieldProps(result, "phone")}
      />
      <FieldMessage result={result} name="phone" />
    </>
  );
}
