/**
 * A page asks for its scripts only once it has drawn (decision 172). Remix's `<Scripts>` writes, at the end of
 * the body, the modules' `<link rel="modulepreload">` tags, a script that sets up the page's context, and a module
 * script whose imports fetch the route modules while the page is still being read. On a slow phone those
 * 80-160 KB take the line from the document's end, its stylesheet and the pictures of the first screen, though
 * every page is whole and usable without them (every page works with JavaScript off).
 *
 * The rendered page is whole in memory (entry.server.tsx), so the preload tags are taken out and the module
 * script is swapped for a small classic script carrying the response's nonce. That script waits for the page's
 * `load` event, then for the next frame to be drawn, and only then puts the very same tags back where they
 * stood: the preload links before the context script, the module script in its own place. So the document React
 * hydrates is the one Remix wrote, element for element. A tab opened in the background (`document.hidden`: no
 * frame is drawn there) loads them at `load`.
 *
 * Only the run Remix writes is touched: the preload links, straight after them the context script, straight
 * after it the one module script with this response's nonce. Anything else (another framework version's
 * markup, an error page without scripts) goes out as it was rendered, with the scripts loading as Remix asks.
 */

/** The run `<Scripts>` writes: preload links, then two scripts, the second a module. Attributes as React writes them. */
const SCRIPTS_RUN = /((?:<link rel="modulepreload" href="[^"<>]*"\/>)*)(<script nonce="([^"<>]+)">)((?:(?!<\/script>)[\s\S])*)<\/script><script nonce="\3" type="module" async="">((?:(?!<\/script>)[\s\S])*)<\/script>/;
const PRELOAD_HREF = /<link rel="modulepreload" href="([^"<>]*)"\/>/g;

/**
 * The classic script that takes the module script's place: `m`, the module script's text; `p`, the preloads'
 * addresses. It reads the nonce from its own element (the attribute reads "" once the page is parsed).
 */
const LOADER =
  "(function(m,p){var me=document.currentScript,ctx=me.previousElementSibling,n=me.nonce;" +
  'function go(){var at=me.parentNode;p.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;at.insertBefore(l,ctx)});' +
  'var s=document.createElement("script");s.nonce=n;s.type="module";s.async=true;s.textContent=m;at.replaceChild(s,me)}' +
  "function drawn(){document.hidden?go():requestAnimationFrame(function(){setTimeout(go)})}" +
  'document.readyState==="complete"?drawn():addEventListener("load",drawn,{once:true})})';

/** A value as a JavaScript literal that cannot end the script it stands in, nor open a comment in it. */
function scriptLiteral(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** The attribute text React wrote, as the browser reads it (asset addresses have no other entity). */
const attributeValue = (text: string) => text.replace(/&amp;/g, "&");

/** The page with its scripts asked for after the first paint; the page as it was when it has no such run. */
export function scriptsAfterPaint(html: string): string {
  const run = SCRIPTS_RUN.exec(html);
  if (!run) return html;
  const [whole, preloads, contextOpen, nonce, context, moduleText] = run;
  const hrefs = [...preloads.matchAll(PRELOAD_HREF)].map((link) => attributeValue(link[1]));
  const loader = `<script nonce="${nonce}">${LOADER}(${scriptLiteral(moduleText)},${scriptLiteral(hrefs)});</script>`;
  return html.slice(0, run.index) + `${contextOpen}${context}</script>` + loader + html.slice(run.index + whole.length);
}
