import { useT } from "../i18n/I18n";

export interface UpiPayPanelProps {
  /** `upiQrSvg(link, label)`: only the shop's own generated SVG, never text from a visitor. */
  svg: string;
  /** `upiPayLink(...)`: the `upi://pay` link the QR code holds. */
  link: string;
  /** The amount as the page shows it, `formatRupees(total)`. */
  amountText: string;
  payeeName: string;
  vpa: string;
  orderNumber: string;
}

/**
 * Paying without a gateway (decision 101): a phone elsewhere scans the code, this phone opens its UPI
 * app with the button; either way the shopper comes back with the app's 12-digit reference. Needs the
 * `payment` namespace in the page's `messages`.
 */
export function UpiPayPanel({ svg, link, amountText, payeeName, vpa, orderNumber }: UpiPayPanelProps) {
  const t = useT();
  return (
    <section className="upi-pay" aria-labelledby="upi-pay-title">
      <h2 id="upi-pay-title">{t("payment:upi.title")}</h2>
      <p className="upi-amount">{t("payment:upi.amount", { amount: amountText, order: orderNumber })}</p>
      <p className="upi-payee">{t("payment:upi.payTo", { name: payeeName, vpa })}</p>
      {/* The SVG is drawn by app/payments/upi-qr.server.ts from our own link: nothing a visitor typed. */}
      <div className="upi-qr" dangerouslySetInnerHTML={{ __html: svg }} />
      <p className="upi-scan">{t("payment:upi.scan")}</p>
      <p>
        <a className="button primary upi-open" href={link}>
          {t("payment:upi.open")}
        </a>
      </p>
      <p className="upi-reference-note">{t("payment:upi.reference")}</p>
    </section>
  );
}
