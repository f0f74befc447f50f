import { redirect, type AppLoadContext } from "@remix-run/node";
import type { Actor } from "../../domain/orders/events";
import { isRuleViolation } from "../../domain/errors";
import { STATEMENT_UPLOAD_OPTIONS, statementUploadForm } from "../../domain/forms/statements";
import { STATEMENT_MAX_BYTES, STATEMENT_MAX_FILES } from "../../domain/payments/limits";
import { readPageForm, refusalStatus, type UploadedDocument } from "../forms/form.server";
import { languageOf, serverT } from "../i18n/i18n.server";
import { refusalText } from "../i18n/refusals.server";
import { requirePermission } from "./guard.server";
import { adminActor } from "./orders.server";

/**
 * An upload of the money's own papers (a bank statement, the gateway's settlement report): one file under the
 * statements' caps through the form pipeline, read by `read`, then the paper's page, where the answer says whether
 * it was new. A paper the shop cannot read is refused on the upload page with its reason.
 */
export async function uploadMoneyPaper(
  request: Request,
  context: AppLoadContext,
  field: string,
  read: (file: UploadedDocument, actor: Actor) => Promise<{ page: string; changed: boolean }>,
) {
  const admin = await requirePermission(request, context, "orders");
  const form = await readPageForm(request, statementUploadForm, {
    ...STATEMENT_UPLOAD_OPTIONS,
    documents: { field, maxCount: STATEMENT_MAX_FILES, maxBytes: STATEMENT_MAX_BYTES },
  });
  if (!form.ok) return form.answer;
  const lang = languageOf(request);
  const [file] = form.documents;
  if (!file) return form.refuse(serverT(lang)("refusals:statements.noFile"), 422);
  try {
    const { page, changed } = await read(file, adminActor(admin));
    return redirect(`${page}?read=${changed ? "new" : "same"}`);
  } catch (err) {
    if (!isRuleViolation(err)) throw err;
    return form.refuse(refusalText(lang, err), refusalStatus(err.status));
  }
}
