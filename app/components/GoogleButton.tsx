/**
 * Leaves the app for the server's Google sign-in address (a plain link: it
 * must be a full page load, not a client-side navigation). When Google is not
 * configured the button says so instead of failing after a click.
 */
export function GoogleButton({ label, configured }: { label: string; configured: boolean }) {
  if (!configured) {
    return (
      <button type="button" className="button secondary google-button" disabled>
        Google sign-in is not set up
      </button>
    );
  }
  return (
    <a className="button secondary google-button" href="/api/users/google">
      {label}
    </a>
  );
}
