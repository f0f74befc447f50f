/**
 * An admin changes their own password (decision 120): on /admin/password whenever they like, and
 * first of all after signing in with a temporary one (`shop admin add`, the Admins page), which
 * every admin page sends them to until it is changed. The current password is asked for (a
 * session left open on a shared PC must not be enough to take the account), tries of it are
 * limited, and the new one follows the rules every admin password follows (createAdmin).
 */
import { ADMIN_PASSWORD_MIN_LENGTH, AUTH_MESSAGES, LOGIN_WINDOW_MINUTES, PASSWORD_MAX_LENGTH } from "./auth";

/** Wrong current passwords one admin may give per window before the page refuses for a while. */
export const PASSWORD_CHANGE_MAX_WRONG = 5;
export const PASSWORD_CHANGE_WINDOW_MINUTES = LOGIN_WINDOW_MINUTES;

/** Where an admin changes their password; every admin page sends one with a temporary password here. */
export const ADMIN_PASSWORD_PATH = "/admin/password";

export const PASSWORD_CHANGE_MESSAGES = {
  currentRequired: "Please enter your current password.",
  currentWrong: "That is not your current password.",
  tooShort: AUTH_MESSAGES.adminPasswordTooShort,
  tooLong: AUTH_MESSAGES.passwordTooLong,
  notRepeated: "The two new passwords are not the same.",
  sameAsCurrent: "Choose a new password, not the one you have now.",
  // Counted per session (decision 193): the browser that guessed waits, the admin's other browsers are not held.
  tooManyTries: `Too many wrong passwords from this browser. Please try again in ${PASSWORD_CHANGE_WINDOW_MINUTES} minutes.`,
} as const;

/** The /api's answer to an admin-login with a temporary password: no token until it is changed. */
export const ADMIN_PASSWORD_CHANGE_FIRST = "Change your temporary password on the admin pages (/admin/password) first.";

export type PasswordChangeField = "current" | "next" | "repeat";

/** What is wrong with a new password and its repetition, by field; null when it may be set. Checked before the current one is. */
export function newAdminPasswordProblem(input: { current: string; next: string; repeat: string }): { field: PasswordChangeField; message: string } | null {
  if (!input.current) return { field: "current", message: PASSWORD_CHANGE_MESSAGES.currentRequired };
  if (input.next.length < ADMIN_PASSWORD_MIN_LENGTH) return { field: "next", message: PASSWORD_CHANGE_MESSAGES.tooShort };
  if (input.next.length > PASSWORD_MAX_LENGTH) return { field: "next", message: PASSWORD_CHANGE_MESSAGES.tooLong };
  if (input.next !== input.repeat) return { field: "repeat", message: PASSWORD_CHANGE_MESSAGES.notRepeated };
  if (input.next === input.current) return { field: "next", message: PASSWORD_CHANGE_MESSAGES.sameAsCurrent };
  return null;
}

/** Whether a page of the admin area may be shown to an admin who must still change a temporary password. */
export function allowedBeforePasswordChange(pathname: string): boolean {
  const path = pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
  return path === ADMIN_PASSWORD_PATH || path === "/admin/logout";
}
