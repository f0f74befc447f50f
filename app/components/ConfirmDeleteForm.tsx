import type { ReactNode } from "react";
import { Form, useNavigation, Link } from "@remix-run/react";
import type { FormResult } from "../forms/form.server";
import { FormMessage, everyMessage } from "../forms/messages";
import { useRefusal, useT } from "../i18n/I18n";

/**
 * The buttons of an admin 'Delete this ...?' page (the dialog's question without
 * JavaScript): the action's refusal, if any (every message: the form's fields are hidden), then Delete posting to the page itself
 * and Cancel going back. `children` are hidden fields sent with the post.
 */
export function ConfirmDeleteForm({ result, cancelTo, children }: { result: FormResult | undefined; cancelTo: string; children?: ReactNode }) {
  const busy = useNavigation().state === "submitting";
  const t = useT();
  const refusal = useRefusal();
  return (
    <>
      <FormMessage result={result} fallback={everyMessage(result).map(refusal).join(" ")} />
      <Form method="post" className="dialog-buttons">
        {children}
        <button type="submit" className="danger" disabled={busy}>
          {busy ? t("admin:deleting") : t("admin:delete")}
        </button>
        <Link to={cancelTo} className="button secondary">
          {t("admin:cancel")}
        </Link>
      </Form>
    </>
  );
}
