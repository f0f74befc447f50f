/**
 * India's states and union territories by their GST state code (the first two digits of a GSTIN and the
 * "place of supply" on an invoice), and the state a delivery pincode lies in. The codes are the GST
 * portal's list (https://www.gstzen.in/a/tax-invoice-cgst-rule-46.html names the field; the codes are in
 * every GSTIN). The pincode table reads the first three digits (the postal sorting district) with the
 * India Post circles' ranges; Hindi names are in app/locales/hi/tax.json under `state.<code>`.
 */

export const STATES = {
  "01": "Jammu and Kashmir",
  "02": "Himachal Pradesh",
  "03": "Punjab",
  "04": "Chandigarh",
  "05": "Uttarakhand",
  "06": "Haryana",
  "07": "Delhi",
  "08": "Rajasthan",
  "09": "Uttar Pradesh",
  "10": "Bihar",
  "11": "Sikkim",
  "12": "Arunachal Pradesh",
  "13": "Nagaland",
  "14": "Manipur",
  "15": "Mizoram",
  "16": "Tripura",
  "17": "Meghalaya",
  "18": "Assam",
  "19": "West Bengal",
  "20": "Jharkhand",
  "21": "Odisha",
  "22": "Chhattisgarh",
  "23": "Madhya Pradesh",
  "24": "Gujarat",
  "26": "Dadra and Nagar Haveli and Daman and Diu",
  "27": "Maharashtra",
  "29": "Karnataka",
  "30": "Goa",
  "31": "Lakshadweep",
  "32": "Kerala",
  "33": "Tamil Nadu",
  "34": "Puducherry",
  "35": "Andaman and Nicobar Islands",
  "36": "Telangana",
  "37": "Andhra Pradesh",
  "38": "Ladakh",
} as const;

export type StateCode = keyof typeof STATES;

export const RAJASTHAN: StateCode = "08";

export function isStateCode(code: string): code is StateCode {
  return Object.prototype.hasOwnProperty.call(STATES, code);
}

/**
 * First-three-digit ranges of pincodes, inclusive, and their state; a narrower range listed later wins
 * over a wider one before it (Goa inside Maharashtra's 40x, Puducherry inside Tamil Nadu's 60x).
 */
const PINCODE_RANGES: ReadonlyArray<readonly [number, number, StateCode]> = [
  [110, 110, "07"],
  [121, 136, "06"],
  [140, 160, "03"],
  [160, 160, "04"],
  [171, 177, "02"],
  [180, 193, "01"],
  [194, 194, "38"],
  [201, 285, "09"],
  [244, 244, "05"],
  [246, 249, "05"],
  [262, 263, "05"],
  [301, 345, "08"],
  [360, 396, "24"],
  [396, 396, "26"],
  [400, 445, "27"],
  [403, 403, "30"],
  [450, 488, "23"],
  [490, 497, "22"],
  [500, 509, "36"],
  [515, 535, "37"],
  [560, 591, "29"],
  [600, 643, "33"],
  [605, 605, "34"],
  [670, 695, "32"],
  [682, 682, "32"],
  [700, 743, "19"],
  [737, 737, "11"],
  [744, 744, "35"],
  [751, 770, "21"],
  [781, 788, "18"],
  [790, 792, "12"],
  [793, 794, "17"],
  [795, 795, "14"],
  [796, 796, "15"],
  [797, 798, "13"],
  [799, 799, "16"],
  [800, 855, "10"],
  [813, 816, "20"],
  [825, 835, "20"],
];

/**
 * The state a six-digit pincode is in, or undefined when its first digits are no postal district's. Rajasthan
 * (301–345) is exact, and that is what decides CGST + SGST against IGST; other states name the place of supply
 * on the invoice and in the month's summary.
 */
export function stateOfPincode(pincode: string): StateCode | undefined {
  if (!/^\d{6}$/.test(pincode)) return undefined;
  const district = Number(pincode.slice(0, 3));
  let found: StateCode | undefined;
  for (const [from, to, state] of PINCODE_RANGES) {
    if (district >= from && district <= to) found = state;
  }
  return found;
}
