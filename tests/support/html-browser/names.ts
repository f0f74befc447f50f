import type { AnyNode, Element } from "domhandler";
import { ancestors, attr, byId, descendants, documentOf, isElement, normalise, tagOf } from "./dom";
import { isShown } from "./visible";

/**
 * The names a reader finds things by, after the accessible-name rules (accname 1.2) as far as the shop's pages use
 * them: aria-labelledby, aria-label, the element's own words (a button's or link's text, an image's alt), a field's
 * <label>s, then its title or placeholder.
 */

/** Text for a name: words of shown descendants, an image's alt, a control inside a label read as its value. */
function nameText(node: AnyNode, skip?: Element): string {
  if (node.type === "text") return (node as unknown as { data: string }).data;
  if (!isElement(node)) return "";
  if (node === skip) return "";
  const tag = tagOf(node);
  if (tag === "script" || tag === "style" || tag === "template" || tag === "head") return "";
  if ("hidden" in node.attribs) return "";
  if (tag === "img") return ` ${attr(node, "alt") ?? ""} `;
  if (tag === "input" || tag === "select" || tag === "textarea") return "";
  if (attr(node, "aria-label")) return ` ${attr(node, "aria-label")} `;
  return node.children.map((child) => nameText(child, skip)).join("") + (tag === "td" || tag === "th" || tag === "br" ? " " : "");
}

function labelledBy(el: Element): string | null {
  const ids = attr(el, "aria-labelledby");
  if (!ids) return null;
  const doc = documentOf(el);
  return normalise(
    ids
      .split(/\s+/)
      .map((id) => byId(doc, id))
      .filter((ref): ref is Element => !!ref)
      .map((ref) => attr(ref, "aria-label") ?? nameText(ref))
      .join(" "),
  );
}

/** The accessible name of a button, link, form or region. */
export function accessibleName(el: Element): string {
  const by = labelledBy(el);
  if (by) return by;
  const label = attr(el, "aria-label");
  if (label && label.trim()) return normalise(label);
  const tag = tagOf(el);
  if (tag === "input") {
    const type = (attr(el, "type") ?? "text").toLowerCase();
    if (type === "submit") return normalise(attr(el, "value") ?? "Submit");
    if (type === "reset") return normalise(attr(el, "value") ?? "Reset");
    if (type === "button") return normalise(attr(el, "value") ?? "");
    if (type === "image") return normalise(attr(el, "alt") ?? attr(el, "value") ?? "Submit");
    return fieldLabel(el);
  }
  if (tag === "select" || tag === "textarea") return fieldLabel(el);
  if (tag === "form" || tag === "section" || tag === "nav" || tag === "fieldset") {
    if (tag === "fieldset") {
      const legend = el.children.find((c) => isElement(c) && tagOf(c) === "legend");
      if (legend) return normalise(nameText(legend));
    }
    return normalise(attr(el, "title") ?? "");
  }
  const own = normalise(nameText(el));
  return own || normalise(attr(el, "title") ?? "");
}

/** A field's name as a reader hears it: aria-labelledby, aria-label, its <label>s, title, placeholder. */
export function fieldLabel(field: Element): string {
  const by = labelledBy(field);
  if (by) return by;
  const aria = attr(field, "aria-label");
  if (aria && aria.trim()) return normalise(aria);
  const labels = labelsOf(field);
  if (labels.length) return normalise(labels.map((label) => nameText(label, field)).join(" "));
  return normalise(attr(field, "title") ?? attr(field, "placeholder") ?? "");
}

/** The standard's "labeled control": a label's `for` names the field's id, or the field is the first one inside it. */
export function labelsOf(field: Element): Element[] {
  const doc = documentOf(field);
  const id = attr(field, "id");
  const out: Element[] = [];
  for (const el of descendants(doc)) {
    if (tagOf(el) !== "label") continue;
    const target = attr(el, "for");
    if (target !== undefined) {
      if (id !== undefined && target === id) out.push(el);
    } else if (firstLabelable(el) === field) {
      out.push(el);
    }
  }
  return out;
}

const LABELABLE = new Set(["button", "input", "meter", "output", "progress", "select", "textarea"]);

function firstLabelable(label: Element): Element | undefined {
  for (const el of descendants(label)) {
    if (!LABELABLE.has(tagOf(el))) continue;
    if (tagOf(el) === "input" && (attr(el, "type") ?? "").toLowerCase() === "hidden") continue;
    return el;
  }
  return undefined;
}

export type NameMatcher = string | RegExp;

/**
 * Finds the one element among `candidates` whose name matches: a string matches the name exactly (whitespace
 * collapsed), or, when none does, as a part of it ignoring case; a RegExp is tested against the name. Only shown
 * elements count (a reader cannot press what they cannot see). None or several is an error that lists what there is.
 */
export function pickByName(candidates: Element[], matcher: NameMatcher, nameOf: (el: Element) => string, what: string): Element {
  const shown = candidates.filter((el) => isShown(el));
  const named = shown.map((el) => ({ el, name: nameOf(el) }));
  let found: typeof named;
  if (typeof matcher === "string") {
    const wanted = normalise(matcher);
    found = named.filter((c) => c.name === wanted);
    if (!found.length) found = named.filter((c) => c.name.toLowerCase().includes(wanted.toLowerCase()));
  } else {
    found = named.filter((c) => matcher.test(c.name));
  }
  if (found.length === 1) return found[0].el;
  const list = named.map((c) => JSON.stringify(c.name)).join(", ") || "none";
  if (!found.length) throw new Error(`no ${what} named ${String(matcher)} on the page; there are: ${list}`);
  throw new Error(`${found.length} ${what}s named ${String(matcher)}: ${found.map((c) => JSON.stringify(c.name)).join(", ")} (narrow it with within())`);
}

export function inside(el: Element, root: AnyNode): boolean {
  return el === root || ancestors(el).includes(root as Element);
}
