/**
 * Every text the shop sends a customer's phone, in both languages: the order's SMS and the sign-in
 * code. One table per language, `{{placeholders}}` as in app/locales (filled by `interpolate`),
 * kept here and not in app/locales because the workers word them and may not import app/
 * (decision 090). The type makes both languages carry every text; tests/unit/customer-texts.test.ts
 * holds them to the same placeholders.
 *
 * A Hindi SMS goes as Unicode: 70 characters in one part, 67 in each part of a longer one, so the
 * Hindi texts say only the order number, the total, and the link (the English ones are unchanged).
 * A UPI order's texts must also carry the shop's UPI ID, which takes them to three parts.
 * The link goes last in both: a full stop after it would be taken as part of the address by some phones.
 */
import type { Language } from "./i18n";
import type { OrderStatus } from "./orders/events";

export interface CustomerTexts {
  order: {
    /**
     * A cash-on-delivery order: {{shop}}, {{number}} (the 8 characters the pages show), {{total}} (₹ with Indian
     * grouping), {{charges}} (the offer and delivery as `charges.*` words them, empty when neither), {{link}}.
     */
    placed: string;
    /** A UPI order, with where to pay: {{shop}}, {{number}}, {{total}}, {{charges}}, {{upiId}} (the shop's VPA), {{link}}. */
    placedUpi: string;
    /** A UPI order when the shop's UPI ID is no longer set: pay from the order's page. As `placedUpi` without {{upiId}}. */
    placedUpiOnPage: string;
    /** {{shop}}, {{number}}, {{link}} */
    shipped: string;
    delivered: string;
    cancelled: string;
    /** The shop cancelled an unpaid hold past its time (decision 190): {{shop}}, {{number}}, {{link}}. */
    holdExpired: string;
    /**
     * An item the shop could not supply was taken off before dispatch (decision 204): {{shop}}, {{item}} ("Steel Bottle
     * (Free Size) x 2"), {{number}}, {{total}} (the new total), {{link}}.
     */
    lineDropped: string;
    /** Any other new status, named by `status.*`: {{shop}}, {{number}}, {{status}}, {{link}}. */
    changed: string;
  };
  status: Record<OrderStatus, string>;
  /** What made up the total, put after it ({{charges}}); {{total}} is never repeated in them. */
  charges: {
    /** {{percent}}, {{discount}} (₹). */
    offer: string;
    /** {{delivery}} (₹). */
    delivery: string;
    /** {{percent}}, {{discount}}, {{delivery}}. */
    offerAndDelivery: string;
  };
  /** The one reminder for a UPI order still unpaid after a while (PAYMENT_REMINDER_MINUTES). */
  payment: {
    /** {{shop}}, {{number}}, {{amount}} (₹ still due), {{upiId}}, {{link}}. */
    reminder: string;
    /** The same when the shop's UPI ID is no longer set: {{shop}}, {{number}}, {{amount}}, {{link}}. */
    reminderOnPage: string;
  };
  /** {{code}} first (phones offer to copy it), {{shop}}, {{minutes}} it is valid for. */
  signInCode: string;
  /**
   * A complaint's ticket (decision 129): {{shop}}, {{number}} (G-3F9A1C2E), {{link}} (the ticket's page);
   * `filed` and `acknowledged` also {{resolveBy}} (the date the rules' month ends), `resolved` the admin's {{note}}.
   */
  grievance: { filed: string; acknowledged: string; resolved: string };
  /**
   * A return or exchange as the shop answers it (decision 243): {{shop}}, {{number}}, {{link}}; `refunded` (any refund
   * of the order, a return's or a cancel's) also {{amount}} (₹ given back).
   */
  returns: { approved: string; received: string; exchanged: string; refunded: string };
}

export const CUSTOMER_TEXTS: Record<Language, CustomerTexts> = {
  en: {
    order: {
      placed:
        "{{shop}}: thank you! We have your order {{number}} for {{total}}{{charges}}. We will text you when it ships. Track it at {{link}}",
      placedUpi: "{{shop}}: we have your order {{number}}. Total {{total}}{{charges}}. Pay by UPI to {{upiId}}. Pay or track: {{link}}",
      placedUpiOnPage: "{{shop}}: we have your order {{number}}. Total {{total}}{{charges}}. Pay by UPI on its page: {{link}}",
      shipped: "{{shop}}: your order {{number}} has been shipped and is on its way to you. Track it at {{link}}",
      delivered: "{{shop}}: your order {{number}} has been delivered. Thank you for shopping with us! Details: {{link}}",
      cancelled: "{{shop}}: your order {{number}} has been cancelled. If you did not ask for this, please call us. Details: {{link}}",
      holdExpired:
        "{{shop}}: your order {{number}} was not paid or confirmed in time, so it is cancelled and its items are on sale again. Paid already? Call us. Details: {{link}}",
      lineDropped:
        "{{shop}}: sorry, we cannot supply {{item}} of your order {{number}}, so it is taken off. New total {{total}}; anything paid above it is refunded. Details: {{link}}",
      changed: "{{shop}}: your order {{number}} is now {{status}}. Track it at {{link}}",
    },
    // The stored values, as the English texts always said them.
    status: { pending: "pending", processing: "processing", shipped: "shipped", delivered: "delivered", cancelled: "cancelled" },
    charges: {
      offer: " ({{percent}}% off {{discount}})",
      delivery: " (with {{delivery}} delivery)",
      offerAndDelivery: " ({{percent}}% off {{discount}}, {{delivery}} delivery)",
    },
    payment: {
      reminder: "{{shop}}: order {{number}} is not paid yet. Please pay {{amount}} by UPI to {{upiId}}. Pay or track: {{link}}",
      reminderOnPage: "{{shop}}: order {{number}} is not paid yet. Please pay {{amount}} by UPI on its page: {{link}}",
    },
    signInCode: "{{code}} is your {{shop}} sign-in code. It is valid for {{minutes}} minutes. Do not share it with anyone.",
    grievance: {
      filed: "{{shop}}: we have your complaint, ticket {{number}}. We will resolve it by {{resolveBy}}. See it at {{link}}",
      acknowledged: "{{shop}}: we are looking into your complaint {{number}} and will resolve it by {{resolveBy}}. See it at {{link}}",
      resolved: "{{shop}}: your complaint {{number}} is resolved. {{note}} See it at {{link}}",
    },
    returns: {
      approved: "{{shop}}: we agreed to your return on order {{number}}. We will call you about pickup or drop-off. Details: {{link}}",
      received: "{{shop}}: we have the items you returned from order {{number}}. Details: {{link}}",
      exchanged: "{{shop}}: your exchange on order {{number}} is done: the new size is yours. Details: {{link}}",
      refunded: "{{shop}}: we have refunded {{amount}} for order {{number}}. Details: {{link}}",
    },
  },
  hi: {
    order: {
      // Two Unicode parts with the shop's name, a total in lakhs and its link (no room for a thank-you).
      placed: "{{shop}}: आपका ऑर्डर {{number}} ({{total}}{{charges}}) मिल गया। ट्रैक करें: {{link}}",
      placedUpi: "{{shop}}: ऑर्डर {{number}} ({{total}}{{charges}}) मिला। UPI से {{upiId}} पर भेजें। ट्रैक: {{link}}",
      placedUpiOnPage: "{{shop}}: ऑर्डर {{number}} ({{total}}{{charges}}) मिला। UPI से पैसे यहाँ भेजें: {{link}}",
      shipped: "{{shop}}: आपका ऑर्डर {{number}} भेज दिया गया है। ट्रैक करें: {{link}}",
      delivered: "{{shop}}: आपका ऑर्डर {{number}} पहुँच गया है। धन्यवाद! ब्योरा: {{link}}",
      cancelled: "{{shop}}: आपका ऑर्डर {{number}} रद्द हो गया है। आपने नहीं कहा था तो हमें फ़ोन करें। ब्योरा: {{link}}",
      holdExpired: "{{shop}}: ऑर्डर {{number}} का भुगतान या पुष्टि समय पर नहीं हुई, इसलिए रद्द हुआ। भुगतान किया हो तो फ़ोन करें। ब्योरा: {{link}}",
      lineDropped: "{{shop}}: माफ़ करें, {{item}} (ऑर्डर {{number}}) हम नहीं दे सकते, इसलिए हटाया। नया कुल {{total}}; ज़्यादा दिया हो तो लौटाएँगे। ब्योरा: {{link}}",
      changed: "{{shop}}: आपके ऑर्डर {{number}} की स्थिति: {{status}}। ट्रैक करें: {{link}}",
    },
    // As the account pages name them (app/locales/hi/account.json `status`).
    status: { pending: "लंबित", processing: "तैयार हो रहा है", shipped: "भेज दिया गया", delivered: "पहुँच गया", cancelled: "रद्द" },
    // Inside the placed texts' brackets, after the total: "(₹3,186, 10% छूट ₹353)".
    charges: {
      offer: ", {{percent}}% छूट {{discount}}",
      delivery: ", डिलीवरी {{delivery}} सहित",
      offerAndDelivery: ", {{percent}}% छूट {{discount}}, डिलीवरी {{delivery}}",
    },
    payment: {
      reminder: "{{shop}}: ऑर्डर {{number}} के {{amount}} अभी बाकी हैं। UPI से {{upiId}} पर भेजें। ट्रैक: {{link}}",
      reminderOnPage: "{{shop}}: ऑर्डर {{number}} के {{amount}} अभी बाकी हैं। UPI से यहाँ भेजें: {{link}}",
    },
    signInCode: "{{code}} आपका {{shop}} OTP है। यह {{minutes}} मिनट तक चलेगा। इसे किसी को न बताएँ।",
    grievance: {
      filed: "{{shop}}: आपकी शिकायत का टिकट {{number}} है। {{resolveBy}} तक हल करेंगे। देखें: {{link}}",
      acknowledged: "{{shop}}: शिकायत {{number}} पर काम शुरू हो गया है। {{resolveBy}} तक हल करेंगे। देखें: {{link}}",
      resolved: "{{shop}}: शिकायत {{number}} हल हो गई। {{note}} देखें: {{link}}",
    },
    returns: {
      approved: "{{shop}}: ऑर्डर {{number}} की वापसी मान ली गई। सामान लेने या लौटाने के लिए फ़ोन करेंगे। ब्योरा: {{link}}",
      received: "{{shop}}: ऑर्डर {{number}} का लौटाया सामान मिल गया। ब्योरा: {{link}}",
      exchanged: "{{shop}}: ऑर्डर {{number}} का साइज़ बदल दिया गया। ब्योरा: {{link}}",
      refunded: "{{shop}}: ऑर्डर {{number}} के {{amount}} लौटा दिए गए। ब्योरा: {{link}}",
    },
  },
};
