/**
 * The 80 mm receipt's pages (decision 138): the stylesheet that gives each document a page as
 * long as its text (the server's reckoning, which needs no JavaScript), and, with JavaScript,
 * each page set to the length the document measures on the screen, where its lines wrap as on
 * the paper (app/styles/print.css gives it the same box in print).
 */
import { useEffect } from "react";

/** Millimetres in a CSS pixel. */
const MM_PER_PX = 25.4 / 96;
/** A hair of roll more than the text: a page a fraction too short would cut the slip in two. */
const SPARE_MM = 1;

/** Each receipt's page to its document's measured length: the page rules of the stylesheet, in the documents' order. */
function fitPages(link: HTMLLinkElement | null) {
  const sheet = link?.sheet;
  if (!sheet) return;
  const pages = [...sheet.cssRules].filter((rule): rule is CSSPageRule => rule instanceof CSSPageRule);
  const docs = document.querySelectorAll<HTMLElement>(".paper-receipt > .print-doc");
  docs.forEach((doc, i) => {
    const mm = Math.ceil((doc.getBoundingClientRect().height * MM_PER_PX + SPARE_MM) * 10) / 10;
    pages[i]?.style.setProperty("size", `80mm ${mm}mm`);
  });
}

export function ReceiptPages({ href }: { href: string }) {
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>("link[data-receipt-pages]");
    const fit = () => fitPages(link);
    fit();
    // The stylesheet may still be on its way, and a font may change a line's wrap: fit again then, and before printing.
    link?.addEventListener("load", fit);
    void document.fonts?.ready.then(fit);
    window.addEventListener("beforeprint", fit);
    return () => {
      link?.removeEventListener("load", fit);
      window.removeEventListener("beforeprint", fit);
    };
  }, [href]);
  return <link rel="stylesheet" href={href} data-receipt-pages="" />;
}
