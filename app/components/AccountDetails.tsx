/**
 * The parent's own details on the account page (decision 114): their name and email, their mobile
 * number (a new one proven by a code sent to it), and up to three saved delivery addresses. Every
 * form is a plain `<Form method="post" action="/account?details">`; a form opened without
 * JavaScript is a link (`?edit=details`, `?edit=phone`, `?address=<id|new>`), and a refused form
 * stays open with its messages by its fields and what was typed. Words: the `account` namespace.
 */
import { Form, Link } from "@remix-run/react";
import type { InputHTMLAttributes, ReactNode } from "react";
import { DETAILS_LIMITS } from "../../domain/checkout-fields";
import { NAME_MAX_LENGTH, OTP_LENGTH, OTP_VALID_MINUTES } from "../../domain/auth";
import type { ShippingAddress } from "../../domain/orders/events";
import type { FormResult } from "../forms/form.server";
import { FieldMessage, FormMessage, fieldProps, typedValue } from "../forms/messages";
import { useT } from "../i18n/I18n";
import { CodeField } from "./PhoneField";

const ACTION = "/account?details";

export interface SavedAddressView extends ShippingAddress {
  id: string;
}

export interface AccountDetailsProps {
  shopper: { name: string; email: string | null; phone: string | null };
  addresses: SavedAddressView[];
  maxAddresses: number;
  pendingPhone: string | null;
  editing: string | null;
  addressForm: string | null;
  saved: "details" | "phone" | "address" | "addressDeleted" | null;
  linked: number;
  /** A refusal of one of these forms (its `intent` says which). */
  result?: FormResult | null;
}

export function AccountDetails(props: AccountDetailsProps) {
  const refusedIntent = props.result ? typedValue(props.result, "intent") : undefined;
  // A refusal the pipeline made before it could read the form belongs to no section: said here.
  const unplaced = props.result && !refusedIntent ? props.result : null;
  return (
    <>
      {unplaced ? <FormMessage result={unplaced} /> : null}
      <ProfileSection {...props} refusedIntent={refusedIntent} />
      <PhoneSection {...props} refusedIntent={refusedIntent} />
      <AddressesSection {...props} refusedIntent={refusedIntent} />
    </>
  );
}

type SectionProps = AccountDetailsProps & { refusedIntent: string | undefined };

/** A change just made, said where it was made (announced: with JavaScript the page does not reload). */
function SavedNote({ text }: { text: string }) {
  return (
    <p className="notice" role="status">
      {text}
    </p>
  );
}

/**
 * One of the section's forms (the profile, the new number, its code, an address): posted to the details action
 * with its intent, its refusal on top, then its fields, a primary button and, where there is one, the way back.
 */
function AccountForm({
  intent,
  result,
  submit,
  cancelTo,
  id,
  title,
  hidden,
  children,
}: {
  intent: string;
  result: FormResult | null | undefined;
  submit: string;
  /** Where Cancel leads (none: the form has no Cancel). */
  cancelTo?: string;
  id?: string;
  /** A heading inside the form, which names it. */
  title?: { id: string; text: string };
  /** More hidden fields after the intent (the address's id). */
  hidden?: Record<string, string>;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Form method="post" action={ACTION} noValidate className="account-form" {...(id ? { id } : {})} {...(title ? { "aria-labelledby": title.id } : {})}>
      {title ? <h3 id={title.id}>{title.text}</h3> : null}
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <FormMessage result={result} />
      {children}
      <div className="actions">
        <button type="submit" className="primary">
          {submit}
        </button>
        {cancelTo ? (
          <Link className="button secondary" to={cancelTo} preventScrollReset>
            {t("account:cancel")}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

/** An input with a hint under it: the hint describes it until a refusal's message does. */
function HintedInput({
  result,
  hint,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { id: string; name: string; result: FormResult | null | undefined; hint: string }) {
  const field = fieldProps(result, input.name);
  return (
    <>
      <input {...input} aria-describedby={field["aria-describedby"] ?? `${input.id}-hint`} {...(field["aria-invalid"] ? { "aria-invalid": true } : {})} />
      <p className="hint" id={`${input.id}-hint`}>
        {hint}
      </p>
      <FieldMessage result={result} name={input.name} />
    </>
  );
}

function ProfileSection({ shopper, editing, saved, result, refusedIntent }: SectionProps) {
  const t = useT();
  const refused = refusedIntent === "profile" ? result : undefined;
  const open = editing === "details" || Boolean(refused);
  const typed = (name: "name" | "email") => (refused ? (typedValue(refused, name) ?? "") : (shopper[name] ?? ""));
  return (
    <section id="details" className="account-section" aria-labelledby="details-title">
      <h2 id="details-title">{t("account:details.title")}</h2>
      {saved === "details" ? <SavedNote text={t("account:saved.details")} /> : null}
      {open ? (
        <AccountForm intent="profile" result={refused} submit={t("account:details.save")} cancelTo="/account#details">
          <label htmlFor="profile-name">{t("account:name")}</label>
          <input id="profile-name" name="name" autoComplete="name" maxLength={NAME_MAX_LENGTH} defaultValue={typed("name")} {...fieldProps(refused, "name")} />
          <FieldMessage result={refused} name="name" />
          <label htmlFor="profile-email">{t("account:email")}</label>
          <HintedInput
            id="profile-email"
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={typed("email")}
            result={refused}
            hint={t("account:details.emailHint")}
          />
        </AccountForm>
      ) : (
        <p>
          <Link to="?edit=details#details" preventScrollReset>
            {t("account:details.edit")}
          </Link>
        </p>
      )}
    </section>
  );
}

function PhoneSection({ shopper, pendingPhone, editing, saved, linked, result, refusedIntent }: SectionProps) {
  const t = useT();
  const refused = refusedIntent?.startsWith("phone-") ? result : undefined;
  const asking = editing === "phone" || refusedIntent === "phone-send";
  return (
    <section id="phone" className="account-section" aria-labelledby="phone-title">
      <h2 id="phone-title">{t("account:mobile.title")}</h2>
      {saved === "phone" ? <SavedNote text={t("account:saved.phone")} /> : null}
      {saved === "phone" && linked > 0 ? <p className="notice">{t("account:mobile.linked", { count: linked })}</p> : null}
      <p>{shopper.phone ? t("account:mobile.current", { phone: shopper.phone }) : t("account:mobile.none")}</p>
      {pendingPhone ? (
        <>
          <p role="status">{t("account:mobile.sent", { digits: OTP_LENGTH, phone: pendingPhone, minutes: OTP_VALID_MINUTES })}</p>
          <AccountForm intent="phone-verify" result={refused} submit={t("account:mobile.verify")}>
            <CodeField id="phone-code" label={t("account:mobile.code")} result={refused} />
          </AccountForm>
          <Form method="post" action={ACTION} className="account-secondary">
            <button type="submit" name="intent" value="phone-resend" className="link-button inline">
              {t("account:mobile.resend")}
            </button>
            <button type="submit" name="intent" value="phone-cancel" className="link-button inline">
              {t("account:cancel")}
            </button>
          </Form>
        </>
      ) : asking ? (
        <AccountForm intent="phone-send" result={refused} submit={t("account:mobile.send")} cancelTo="/account#phone">
          <label htmlFor="phone-new">{t("account:mobile.new")}</label>
          <HintedInput
            id="phone-new"
            name="phone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            maxLength={16}
            defaultValue={refused ? typedValue(refused, "phone") : undefined}
            result={refused}
            hint={t("account:mobile.hint")}
          />
        </AccountForm>
      ) : (
        <p>
          <Link to="?edit=phone#phone" preventScrollReset>
            {shopper.phone ? t("account:mobile.change") : t("account:mobile.add")}
          </Link>
        </p>
      )}
    </section>
  );
}

const ADDRESS_FIELDS = ["name", "phone", "address", "city", "pincode"] as const;

function AddressesSection({ addresses, maxAddresses, addressForm, saved, result, refusedIntent }: SectionProps) {
  const t = useT();
  const refused = refusedIntent?.startsWith("address-") ? result : undefined;
  // Which address the form is for: the one refused, else the one asked for (?address=<id|new>).
  const formFor =
    refusedIntent === "address-add" ? "new" : refusedIntent === "address-edit" ? (typedValue(refused, "id") ?? null) : addressForm;
  const editing = formFor && formFor !== "new" ? addresses.find((a) => a.id === formFor) : undefined;
  const full = addresses.length >= maxAddresses;
  const showForm = (formFor === "new" && !full) || Boolean(editing) || refusedIntent === "address-add";
  return (
    <section id="addresses" className="account-section" aria-labelledby="addresses-title">
      <h2 id="addresses-title">{t("account:addresses.title")}</h2>
      {saved === "address" ? <SavedNote text={t("account:saved.address")} /> : null}
      {saved === "addressDeleted" ? <SavedNote text={t("account:saved.addressDeleted")} /> : null}
      {refused && !showForm ? <FormMessage result={refused} /> : null}
      {addresses.length === 0 ? (
        <p>{t("account:addresses.none")}</p>
      ) : (
        <ul className="address-book">
          {addresses.map((a) => (
            <li key={a.id}>
              <p className="address-text">
                <strong>{a.name}</strong>, {a.address}, {a.city}, {a.pincode} ({a.phone})
              </p>
              <div className="address-actions">
                <Link to={`?address=${a.id}#address-form`} preventScrollReset aria-label={t("account:addresses.editOne", { name: a.name, address: a.address })}>
                  {t("account:addresses.edit")}
                </Link>
                <Form method="post" action={ACTION}>
                  <input type="hidden" name="intent" value="address-delete" />
                  <input type="hidden" name="id" value={a.id} />
                  <button type="submit" className="link-button danger" aria-label={t("account:addresses.deleteOne", { name: a.name, address: a.address })}>
                    {t("account:addresses.delete")}
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
      {showForm ? (
        <AddressForm address={editing} result={refused} />
      ) : full ? (
        <p className="hint">{t("account:addresses.full", { count: maxAddresses })}</p>
      ) : (
        <p>
          <Link to="?address=new#address-form" preventScrollReset>
            {t("account:addresses.add")}
          </Link>
        </p>
      )}
    </section>
  );
}

function AddressForm({ address, result }: { address?: SavedAddressView; result?: FormResult | null }) {
  const t = useT();
  const value = (name: (typeof ADDRESS_FIELDS)[number]) => (result ? (typedValue(result, name) ?? "") : (address?.[name] ?? ""));
  const props: Record<(typeof ADDRESS_FIELDS)[number], React.InputHTMLAttributes<HTMLInputElement>> = {
    name: { autoComplete: "name", maxLength: DETAILS_LIMITS.name },
    phone: { type: "tel", autoComplete: "tel", inputMode: "numeric", maxLength: 16 },
    address: { autoComplete: "street-address", maxLength: DETAILS_LIMITS.address },
    city: { autoComplete: "address-level2", maxLength: DETAILS_LIMITS.city },
    pincode: { autoComplete: "postal-code", inputMode: "numeric", maxLength: DETAILS_LIMITS.pincode },
  };
  return (
    <AccountForm
      intent={address ? "address-edit" : "address-add"}
      result={result}
      submit={t("account:addresses.save")}
      cancelTo="/account#addresses"
      id="address-form"
      title={{ id: "address-form-title", text: address ? t("account:addresses.editTitle") : t("account:addresses.addTitle") }}
      {...(address ? { hidden: { id: address.id } } : {})}
    >
      {ADDRESS_FIELDS.map((name) => (
        <div className="field" key={name}>
          <label htmlFor={`address-${name}`}>{t(`account:addresses.field.${name}`)}</label>
          <input id={`address-${name}`} name={name} defaultValue={value(name)} {...fieldProps(result, name)} {...props[name]} />
          <FieldMessage result={result} name={name} />
        </div>
      ))}
    </AccountForm>
  );
}
