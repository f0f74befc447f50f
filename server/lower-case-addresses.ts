import type express from "express";

/**
 * The catalogue's addresses are lower case (a school's slug is its lower-cased name,
 * spec §2), but parents type them from a school notice or a WhatsApp message as written
 * there: /schools/DPS. Such an address answers 301 to its lower-case form, query string
 * kept, instead of a 404, for every catalogue route at once (schools, their items,
 * accessories and their categories, products, the shop). Only ASCII letters are lowered,
 * and never inside a %XX escape, so the target is the address the routes know and a
 * lower-case address never redirects (no loop).
 */
const CATALOGUE = /^\/(?:schools|accessories|product|white-products|shop)(?:\/|$)/i;
const UPPER_OUTSIDE_ESCAPES = /%[0-9A-Fa-f]{2}|[A-Z]+/g;

export function lowerCaseAddress(path: string): string {
  return path.replace(UPPER_OUTSIDE_ESCAPES, (part) => (part.startsWith("%") ? part : part.toLowerCase()));
}

export const redirectToLowerCase: express.RequestHandler = (req, res, next) => {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  const raw = req.originalUrl;
  const queryAt = raw.indexOf("?");
  const path = queryAt === -1 ? raw : raw.slice(0, queryAt);
  if (!CATALOGUE.test(path)) return next();
  const lower = lowerCaseAddress(path);
  if (lower === path) return next();
  res.redirect(301, lower + (queryAt === -1 ? "" : raw.slice(queryAt)));
};
