import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "@remix-run/react";

/**
 * The buttons of an admin 'Delete this ...?' page (the dialog's question without
 * JavaScript): the action's refusal, if any, then Delete posting to the page itself
 * and Cancel going back. `children` are hidden fields sent with the post.
 */
export function ConfirmDeleteForm({ error, cancelTo, children }: { error?: string; cancelTo: string; children?: ReactNode }) {
  const busy = useNavigation().state === "submitting";
  return (
    <>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <Form method="post" className="dialog-buttons">
        {children}
        <button type="submit" className="danger" disabled={busy}>
          {busy ? "Deleting..." : "Delete"}
        </button>
        <Link to={cancelTo} className="button secondary">
          Cancel
        </Link>
      </Form>
    </>
  );
}
