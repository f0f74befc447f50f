import { useT } from "../i18n/I18n";

/**
 * Leaves the app for the server's Google sign-in address (a plain link: it
 * must be a full page load, not a client-side navigation). When Google is not
 * configured the button says so instead of failing after a click.
 */
export function GoogleButton({ label, configured }: { label: string; configured: boolean }) {
  const t = useT();
  if (!configured) {
    return (
      <button type="button" className="button secondary google-button" disabled>
        {t("auth:googleNotConfigured")}
      </button>
    );
  }
  return (
    <a className="button secondary google-button" href="/api/users/google">
      {label}
    </a>
  );
}
