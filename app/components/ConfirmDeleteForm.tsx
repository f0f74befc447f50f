import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "@remix-run/react";
import type { FormResult } from "../forms/form.server";
import { FormMessage, everyMessage } from "../forms/messages";

/**
 * The buttons of an admin 'Delete this ...?' page (the dialog's question without
 * JavaScript): the action's refusal, if any (every message: the form's fields are hidden), then Delete posting to the page itself
 * and Cancel going back. `children` are hidden fields sent with the post.
 */
export function ConfirmDeleteForm({ result, cancelTo, children }: { result: FormResult | undefined; cancelTo: string; children?: ReactNode }) {
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <FormMessage result={result} fallback={everyMessage(result).join(" ")} />
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
