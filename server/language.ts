import type express from "express";
import { isLanguage, LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE, LANGUAGE_PARAM } from "../domain/i18n";

/**
 * `?lng=hi` / `?lng=en` on any page address (the navbar's switch, a link shared in Hindi) keeps
 * the choice in a year-long cookie and answers 303 to the same address without the parameter:
 * the switch works with JavaScript off, and every page keeps one address per language choice
 * (the page cache keys on the language, not on `?lng`). A value that is neither language is
 * dropped without a cookie. The /api is a machine contract in English and is left alone.
 */
export const languageSwitch: express.RequestHandler = (req, res, next) => {
  // Every page answers in the visitor's language: a shared cache must not mix them.
  if (!req.path.startsWith("/api/")) res.vary("Accept-Language");
  if ((req.method !== "GET" && req.method !== "HEAD") || req.path.startsWith("/api/")) return next();
  const url = new URL(req.originalUrl, "http://shop.invalid");
  if (!url.searchParams.has(LANGUAGE_PARAM)) return next();
  const chosen = url.searchParams.get(LANGUAGE_PARAM);
  url.searchParams.delete(LANGUAGE_PARAM);
  if (isLanguage(chosen)) {
    res.cookie(LANGUAGE_COOKIE, chosen, { maxAge: LANGUAGE_COOKIE_MAX_AGE * 1000, sameSite: "lax", path: "/" });
  }
  res.set("Cache-Control", "no-store");
  res.redirect(303, `${url.pathname}${url.search}`);
};
