/**
 * India's states and union territories by their GST state code (the first two digits of a GSTIN and the
 * "place of supply" on an invoice), and the state a delivery pincode lies in. The codes are the GST
 * portal's list (https://www.gstzen.in/a/tax-invoice-cgst-rule-46.html names the field; the codes are in
 * every GSTIN). A pincode's state is India Post's directory's (./pincode-states.ts, decision 201); Hindi names are
 * in app/locales/hi/tax.json under `state.<code>`.
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
