/**
 * The seller's settings (docs/tax.md): SHOP_LEGAL_NAME, SHOP_ADDRESS, SHOP_GSTIN, SHOP_GST_SCHEME,
 * SHOP_INVOICE_PREFIX, SHOP_GRIEVANCE_OFFICER. A malformed one stops start-up with one line naming it: an
 * invoice with a mistyped GSTIN is worse than none.
 */
import { ConfigError } from "./config-error";
import { phoneProblem, type ShopContact } from "../domain/contact";
import { gstinProblem, gstinState } from "../domain/tax/gstin";
import {
  defaultInvoicePrefix,
  GST_SCHEMES,
  invoicePrefixProblem,
  readGrievanceOfficer,
  type GstScheme,
  type SellerSettings,
} from "../domain/tax/seller";
import { RAJASTHAN } from "../domain/tax/states";
import { stateOfPincode } from "../domain/tax/pincode-states";
import { readTaxRateSettings, type TaxRateSettings } from "../domain/tax/rates";

type Env = Record<string, string | undefined>;

function oneLine(env: Env, name: string, max: number): string | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  if (raw.length > max || [...raw].some((c) => c < " ")) throw new ConfigError(`${name} must be one line of at most ${max} characters`);
  return raw;
}

export function sellerSettings(env: Env, shopName: string, contact: ShopContact): SellerSettings {
  const legalName = oneLine(env, "SHOP_LEGAL_NAME", 100) ?? shopName;
  const address = oneLine(env, "SHOP_ADDRESS", 300) ?? "";
  const gstinText = env.SHOP_GSTIN?.trim().toUpperCase() || null;
  if (gstinText) {
    const wrong = gstinProblem(gstinText);
    if (wrong) throw new ConfigError(`SHOP_GSTIN ${wrong}`);
  }
  const schemeText = env.SHOP_GST_SCHEME?.trim().toLowerCase();
  let scheme: GstScheme;
  if (!schemeText) scheme = gstinText ? "regular" : "unregistered";
  else if (!(GST_SCHEMES as readonly string[]).includes(schemeText)) {
    throw new ConfigError(`SHOP_GST_SCHEME must be one of ${GST_SCHEMES.join(", ")}, got "${schemeText}"`);
  } else scheme = schemeText as GstScheme;
  if (scheme !== "unregistered" && !gstinText) throw new ConfigError(`SHOP_GST_SCHEME=${scheme} needs SHOP_GSTIN (the shop's GST registration number)`);
  if (scheme === "unregistered" && gstinText) throw new ConfigError("SHOP_GST_SCHEME=unregistered cannot go with SHOP_GSTIN: a registered shop is regular or composition");
  const invoicePrefix = env.SHOP_INVOICE_PREFIX?.trim().toUpperCase() || defaultInvoicePrefix(shopName);
  const prefixWrong = invoicePrefixProblem(invoicePrefix);
  if (prefixWrong) throw new ConfigError(`SHOP_INVOICE_PREFIX ${prefixWrong}`);
  const officerText = env.SHOP_GRIEVANCE_OFFICER?.trim();
  let grievanceOfficer: SellerSettings["grievanceOfficer"];
  if (officerText) {
    const officer = readGrievanceOfficer(officerText, phoneProblem);
    if (typeof officer === "string") throw new ConfigError(`SHOP_GRIEVANCE_OFFICER ${officer}`);
    grievanceOfficer = officer;
  } else {
    // Unset: the owner answers complaints, reached as parents reach the shop.
    grievanceOfficer = { name: legalName, ...(contact.phone ? { phone: contact.phone } : {}), ...(contact.email ? { email: contact.email } : {}) };
  }
  const pincodeInAddress = /\b(\d{3})\s?(\d{3})\b/.exec(address);
  const stateCode = gstinText
    ? gstinState(gstinText)
    : (pincodeInAddress && stateOfPincode(pincodeInAddress[1] + pincodeInAddress[2])) || RAJASTHAN;
  return { legalName, address, gstin: gstinText, stateCode, scheme, invoicePrefix, grievanceOfficer };
}

/** SHOP_GST_RATES: `bag=5,bottle=18`, the rates of the classes whose rate is a setting (docs/tax.md). */
export function taxRateSettings(env: Env): TaxRateSettings {
  const raw = env.SHOP_GST_RATES?.trim();
  if (!raw) return {};
  const rates = readTaxRateSettings(raw);
  if (typeof rates === "string") throw new ConfigError(`SHOP_GST_RATES ${rates}`);
  return rates;
}
