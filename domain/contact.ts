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
  /** The shop's street address with its pincode (SHOP_ADDRESS, as invoices print it). */
  address?: string;
  hours?: OpeningHours;
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

export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** When the shop's counter is open (SHOP_HOURS, SHOP_CLOSED_ON): /contact and the footer say it in the parent's language. */
export interface OpeningHours {
  /** "10:00", 24-hour, India time. */
  opens: string;
  closes: string;
  closedOn: Weekday[];
}

const CLOCK = /^([01]?\d|2[0-3]):([0-5]\d)$/;

/**
 * SHOP_HOURS as "10:00-20:00" (24-hour, India time) and SHOP_CLOSED_ON as weekdays in English,
 * comma-separated ("sunday"): the hours, or what is wrong in words.
 */
export function readOpeningHours(hours: string, closedOn = ""): OpeningHours | string {
  const [opensText = "", closesText = "", ...rest] = hours.split("-").map((part) => part.trim());
  const opens = CLOCK.exec(opensText);
  const closes = CLOCK.exec(closesText);
  if (rest.length > 0 || !opens || !closes) return `must be the opening and closing time as 10:00-20:00 (24-hour), got "${hours}"`;
  const minutes = (m: RegExpExecArray) => Number(m[1]) * 60 + Number(m[2]);
  if (minutes(closes) <= minutes(opens)) return `must close after it opens, got "${hours}"`;
  const days = closedOn.split(",").map((d) => d.trim().toLowerCase()).filter(Boolean);
  const unknown = days.find((d) => !(WEEKDAYS as readonly string[]).includes(d));
  if (unknown) return `SHOP_CLOSED_ON must name weekdays in English (${WEEKDAYS.join(", ")}), got "${unknown}"`;
  const two = (m: RegExpExecArray) => `${m[1].padStart(2, "0")}:${m[2]}`;
  return { opens: two(opens), closes: two(closes), closedOn: WEEKDAYS.filter((d) => days.includes(d)) };
}

/** "10:00 am", "8:30 pm" for a 24-hour "20:30": how Indian shops write their hours in English and in Hindi. */
export function clockText(hhmm: string): string {
  const [h, m] = hhmm.split(":").map(Number);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, "0")} ${h < 12 ? "am" : "pm"}`;
}
