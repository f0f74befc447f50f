/**
 * Leaves the app for the server's Google sign-in address (a plain link: it must be a full page
 * load, not a client-side navigation). Shown only where Google is set up (GOOGLE_CLIENT_ID and
 * GOOGLE_CLIENT_SECRET): a shop without it offers no Google button at all, rather than one that
 * says it does not work.
 */
export function GoogleButton({ label }: { label: string }) {
  return (
    <a className="button secondary google-button" href="/api/users/google">
      {label}
    </a>
  );
}
