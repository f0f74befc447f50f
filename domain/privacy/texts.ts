// The text a parent gets when their data is erased, in their language (kept here, not in app/locales,
// because the service words it and may not import app/: decision 090, as domain/customer-texts.ts).
import type { Language } from "../i18n";

const ERASED_SMS: Record<Language, string> = {
  en: "{{shop}}: as you asked, your details (name, phone, address) are erased. Tax invoices stay as the GST law requires, without them.",
  hi: "{{shop}}: आपके कहने पर आपका नाम, फ़ोन और पता मिटा दिया गया है। GST क़ानून के अनुसार बिल रखे जाते हैं, इनके बिना।",
};

export function privacyErasedSms(language: Language, shop: string): string {
  return ERASED_SMS[language].replace("{{shop}}", shop);
}
