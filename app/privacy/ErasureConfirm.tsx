import type { ReactNode } from "react";
import { useT } from "../i18n/I18n";

/**
 * The confirmation before an erasure (decision 248), for the parent and the admin alike: what goes and what stays,
 * what is still open and loses its contact, then the page's own "Yes" and "No". Its id is where the page opens.
 */
export function ErasureConfirm({ title, what, matters, after, children }: { title: string; what: string[]; matters: string[]; after?: string; children: ReactNode }) {
  const t = useT();
  return (
    <section id="erase-confirm" className="error-box erase-confirm" aria-labelledby="erase-confirm-title">
      <h2 id="erase-confirm-title">{title}</h2>
      {what.map((text) => (
        <p key={text}>{text}</p>
      ))}
      <h3>{t("privacy:confirm.mattersTitle")}</h3>
      {matters.length === 0 ? (
        <p data-testid="open-matters">{t("privacy:matters.none")}</p>
      ) : (
        <>
          <ul data-testid="open-matters">
            {matters.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
          {after ? <p>{after}</p> : null}
        </>
      )}
      {children}
    </section>
  );
}
