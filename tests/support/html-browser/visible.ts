import type { AnyNode, Element } from "domhandler";
import { attr, hasAttr, isElement, normalise, tagOf } from "./dom";

/** Never rendered as text: the head, scripts, templates, and controls whose text is their value, not their words. */
const NOT_TEXT = new Set(["head", "script", "style", "template", "select", "option", "datalist", "textarea", "iframe", "object", "svg"]);

/** Elements that have no box at all. */
const NEVER_RENDERED = new Set(["head", "script", "style", "template", "datalist"]);

/** Elements a browser lays out as blocks (its default style sheet): their text starts a line of its own. */
const BLOCKS = new Set([
  "address", "article", "aside", "blockquote", "body", "caption", "dd", "details", "dialog", "div", "dl", "dt", "fieldset",
  "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "html", "legend",
  "li", "main", "menu", "nav", "ol", "p", "pre", "section", "summary", "table", "tbody", "tfoot", "thead", "tr", "ul",
]);

/** Table cells are side by side: their words are kept apart, as the columns keep them apart on screen. */
const CELLS = new Set(["td", "th"]);

/**
 * Whether a browser shows the element (and so nothing inside it). Without a style engine this reads what the
 * markup says: the `hidden` attribute, `display: none` or `visibility: hidden` in its style attribute, an input of
 * type hidden, a closed `<dialog>`, and everything but the summary of a closed `<details>`. The shop's style sheets
 * hide nothing a parent reads by class (print rules aside), and a visually hidden label is what a screen reader
 * says, so it counts as shown, as in a browser's innerText.
 */
export function isShown(el: Element): boolean {
  let node: Element = el;
  for (;;) {
    if (!ownBoxShown(node)) return false;
    const parent: AnyNode | null = node.parent;
    if (!parent || !isElement(parent)) return true;
    if (tagOf(parent) === "details" && !hasAttr(parent, "open")) {
      const summary: AnyNode | undefined = parent.children.find((c) => isElement(c) && tagOf(c) === "summary");
      if (summary !== node) return false;
    }
    node = parent;
  }
}

function ownBoxShown(el: Element): boolean {
  const tag = tagOf(el);
  if (hasAttr(el, "hidden")) return false;
  if (NEVER_RENDERED.has(tag)) return false;
  if (tag === "input" && (attr(el, "type") ?? "").toLowerCase() === "hidden") return false;
  if (tag === "dialog" && !hasAttr(el, "open")) return false;
  const style = (attr(el, "style") ?? "").replace(/\s+/g, "").toLowerCase();
  if (/(^|;)display:none(;|!|$)/.test(style) || /(^|;)visibility:hidden(;|!|$)/.test(style)) return false;
  return true;
}

/**
 * The text a reader meets in `node`, one string per line as the browser breaks them at blocks and `<br>`, with
 * table cells kept apart by a space: what innerText gives, less the hidden parts (isShown). A button's words are
 * in it, and so is an `<input type=submit>`'s value: both are on the page.
 */
export function visibleLines(node: AnyNode): string[] {
  const parts: string[] = [];
  walk(node, parts);
  return parts
    .join("")
    .split(BREAK)
    .map((line) => normalise(line))
    .filter((line) => line !== "");
}

/** The visible text of `node` on one line, every run of whitespace one space. */
export function visibleText(node: AnyNode): string {
  return visibleLines(node).join(" ");
}

/** Where a line ends: a block's edge or a <br>. */
const BREAK = "\u0000";

function walk(node: AnyNode, out: string[]): void {
  if (node.type === "text") {
    // A line break in the markup is a space on the page (the shop's pages put no text in <pre>).
    out.push((node as unknown as { data: string }).data.replace(/[\r\n]/g, " "));
    return;
  }
  if (node.type === "root") {
    for (const child of (node as unknown as Element).children) walk(child, out);
    return;
  }
  if (!isElement(node)) return;
  if (!ownBoxShown(node)) return;
  const tag = tagOf(node);
  if (NOT_TEXT.has(tag)) return;
  if (tag === "br") {
    out.push(BREAK);
    return;
  }
  if (tag === "input") {
    const type = (attr(node, "type") ?? "text").toLowerCase();
    if (type === "submit" || type === "reset" || type === "button") out.push(` ${attr(node, "value") ?? (type === "reset" ? "Reset" : type === "submit" ? "Submit" : "")} `);
    return;
  }
  const block = BLOCKS.has(tag);
  if (block) out.push(BREAK);
  const closedDetails = tag === "details" && !hasAttr(node, "open");
  let summarySeen = false;
  for (const child of node.children) {
    if (closedDetails) {
      if (!isElement(child) || tagOf(child) !== "summary" || summarySeen) continue;
      summarySeen = true;
    }
    walk(child, out);
  }
  if (block) out.push(BREAK);
  if (CELLS.has(tag)) out.push(" ");
}
