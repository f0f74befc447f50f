import { DEFAULT_LANGUAGE, languageFromAcceptLanguage, type Language } from "../../domain/i18n";

/**
 * The language of what an /api call makes the shop send a person (the order's SMS, a sign-in code).
 * The /api's own answers are English, a contract, and it ignores the `shop_lng` cookie; a client
 * whose `Accept-Language` puts Hindi first gets Hindi texts, every other call English.
 */
export function apiTextLanguage(request: Request): Language {
  return languageFromAcceptLanguage(request.headers.get("Accept-Language")) ?? DEFAULT_LANGUAGE;
}
