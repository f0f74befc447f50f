import { Link } from "@remix-run/react";
import { PRIVACY_NOTICE_VERSION } from "../../domain/privacy/notice";
import { Message, useT } from "../i18n/I18n";

/**
 * The line beside sign-up's and checkout's button: what pressing it agrees to, with the notice one
 * link away. The action records the consent with this version (decision 124); the page's loader
 * sends the `privacy` namespace.
 */
export function PrivacyAgreement({ action }: { action: "signup" | "checkout" }) {
  const t = useT();
  return (
    <p className="privacy-agreement">
      <Message
        id="privacy:agree"
        values={{
          action: t(`privacy:agreeActions.${action}`),
          notice: <Link to="/privacy">{t("privacy:noticeLink")}</Link>,
          version: PRIVACY_NOTICE_VERSION,
        }}
      />
    </p>
  );
}
