import type { AnyNode, Document, Element } from "domhandler";

/**
 * Small walks over the parsed document (parse5's tree in domhandler's nodes, as cheerio loads it).
 * Written here rather than imported so each follows the HTML standard's wording it names.
 */

export function isElement(node: AnyNode | null | undefined): node is Element {
  return !!node && (node.type === "tag" || node.type === "script" || node.type === "style");
}

export function tagOf(el: Element): string {
  return el.name.toLowerCase();
}

export function attr(el: Element, name: string): string | undefined {
  return el.attribs[name];
}

export function hasAttr(el: Element, name: string): boolean {
  return Object.prototype.hasOwnProperty.call(el.attribs, name);
}

/** Every element under `root` in tree order (the standard's "tree order": preorder, depth first). */
export function* descendants(root: AnyNode): Generator<Element> {
  const children = (root as Element).children ?? [];
  for (const child of children) {
    if (isElement(child)) {
      yield child;
      yield* descendants(child);
    }
  }
}

export function ancestors(el: AnyNode): Element[] {
  const out: Element[] = [];
  for (let p = el.parent; p; p = p.parent) if (isElement(p)) out.push(p);
  return out;
}

export function documentOf(el: AnyNode): Document {
  let node: AnyNode = el;
  while (node.parent) node = node.parent;
  return node as Document;
}

export function byId(doc: AnyNode, id: string): Element | undefined {
  for (const el of descendants(doc)) if (attr(el, "id") === id) return el;
  return undefined;
}

/** Text of every text node under `node` (the DOM's textContent), unprocessed. */
export function textContent(node: AnyNode): string {
  if (node.type === "text") return (node as unknown as { data: string }).data;
  const children = (node as Element).children ?? [];
  return children.map((child) => textContent(child)).join("");
}

/** The standard's "strip and collapse ASCII whitespace". */
export function collapse(text: string): string {
  return text.replace(/[\t\n\f\r ]+/g, " ").trim();
}

/** Whitespace as a reader meets it: any run of spaces (no-break ones too) is one space. */
export function normalise(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
