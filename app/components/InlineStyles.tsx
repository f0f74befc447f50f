import shopCss from "../styles/shop.css?inline";

const ID = "shop-css";

/**
 * The shop's stylesheet written into the page's head (decision 141): on a slow phone a linked
 * stylesheet is a second round trip before anything is drawn. On the server it is the built,
 * minified text; in the browser it is the text the page came with, read back from the page before
 * React hydrates, so the scripts do not carry the stylesheet a second time (the server-only import
 * is dropped from the browser's bundle). The element carries this response's CSP nonce: the policy
 * allows an inline style with it and nothing else (server/security-headers.ts).
 */
const served = import.meta.env.SSR || typeof document === "undefined" ? null : (document.getElementById(ID) as HTMLStyleElement | null);
const css = import.meta.env.SSR ? shopCss : (served?.textContent ?? "");
/**
 * The page's nonce, as the browser keeps it for scripts (the `nonce` property; the attribute reads "").
 * When React draws the document anew in the browser (the root's error page after a navigation in
 * the page), the new element must carry it, or the policy refuses the styles and the page is bare.
 */
const pageNonce = served?.nonce || undefined;

export function InlineStyles({ nonce }: { nonce: string | undefined }) {
  // The browser hides a nonce once the page is read (it reads ""): the attribute is not compared.
  return <style id={ID} nonce={nonce ?? pageNonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: css }} />;
}
