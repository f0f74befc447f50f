/**
 * How parents reach the shop: its phone, email, WhatsApp and social pages. Each is a
 * setting (SHOP_PHONE, SHOP_EMAIL, SHOP_WHATSAPP, SHOP_FACEBOOK_URL, SHOP_INSTAGRAM_URL,
 * read by server/config.ts); one that is not set is not shown at all, so a parent never
 * sees a placeholder number or a link that leads nowhere (decision 096). The checks here
 * are the settings' rules; each returns what is wrong in words, or undefined. No I/O.
 */

export interface ShopContact {
  /** As the shop writes it ("+91 98765 43210"); the link dials `phoneLink`. */
  phone?: string;
  /** A bare address (the address part of SHOP_EMAIL). */
  email?: string;
  /** Digits with the country code, no plus: 919876543210 (wa.me's form). */
  whatsapp?: string;
  facebookUrl?: string;
  instagramUrl?: string;
}

/** "+91 98765 43210", "+91-98765-43210", "01562 250 123": digits, spaces, hyphens and an optional leading plus. */
const PHONE_WRITTEN = /^\+?[0-9][0-9 -]{5,24}$/;

export function phoneProblem(value: string): string | undefined {
  const digits = value.replace(/\D/g, "").length;
  if (!PHONE_WRITTEN.test(value) || digits < 6 || digits > 15) {
    return `must be a phone number as parents should dial it (digits, spaces or hyphens, an optional leading +; e.g. +91 98765 43210), got "${value}"`;
  }
  return undefined;
}

/** The tel: address of a phone the way it is written: its digits, with the plus if it has one. */
export function phoneLink(phone: string): string {
  return `tel:${phone.trim().startsWith("+") ? "+" : ""}${phone.replace(/\D/g, "")}`;
}

/** wa.me takes the full international number, digits only (country code first, no plus, no leading zero). */
const WHATSAPP_NUMBER = /^[1-9][0-9]{7,14}$/;

export function whatsappProblem(value: string): string | undefined {
  if (!WHATSAPP_NUMBER.test(value)) {
    return `must be the WhatsApp number as digits with the country code, no plus or spaces (e.g. 919876543210), got "${value}"`;
  }
  return undefined;
}

/** A chat with the shop on WhatsApp, with `text` already typed in when the page is about something (an order). */
export function whatsappLink(number: string, text?: string): string {
  return `https://wa.me/${number}${text ? `?text=${encodeURIComponent(text)}` : ""}`;
}

/** A social page: an https address of the site it claims to be on (a typo in the host shows as one line at start-up). */
export function socialUrlProblem(value: string, hosts: readonly string[]): string | undefined {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  const host = url?.hostname.toLowerCase() ?? "";
  const onSite = hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
  if (!url || url.protocol !== "https:" || !onSite || url.username || url.password) {
    return `must be the page's https address on ${hosts.join(" or ")} (e.g. https://www.${hosts[0]}/yourshop), got "${value}"`;
  }
  return undefined;
}

export const FACEBOOK_HOSTS = ["facebook.com", "fb.com"] as const;
export const INSTAGRAM_HOSTS = ["instagram.com"] as const;

/** The address part of an email setting: "Churu Uniform House <orders@example.in>" is orders@example.in. */
export function bareEmail(value: string): string {
  return (/<([^>]+)>$/.exec(value.trim())?.[1] ?? value).trim();
}
