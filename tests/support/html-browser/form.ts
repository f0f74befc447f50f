import { randomBytes } from "node:crypto";
import type { Element } from "domhandler";
import { ancestors, attr, byId, collapse, descendants, documentOf, hasAttr, isElement, tagOf, textContent } from "./dom";

/**
 * A form's submission as the HTML standard defines it ("form submission algorithm", "constructing the entry list",
 * "interactive validation"), for a browser without scripts: what a parent's browser sends when they press a button.
 */

export type Entry = { name: string; value: string | File };

export interface Submission {
  method: "GET" | "POST";
  url: URL;
  /** For a POST: the body and its type. */
  body?: URLSearchParams | Blob | string;
  contentType?: string;
  entries: Entry[];
}

const SUBMITTABLE = new Set(["button", "input", "select", "textarea"]);

/** The element's form owner: the form its `form` attribute names, else its nearest form ancestor. */
export function formOwner(el: Element): Element | null {
  if (hasAttr(el, "form")) {
    const named = byId(documentOf(el), attr(el, "form") ?? "");
    return named && tagOf(named) === "form" ? named : null;
  }
  return ancestors(el).find((a) => tagOf(a) === "form") ?? null;
}

export function inputType(el: Element): string {
  if (tagOf(el) !== "input") return tagOf(el);
  const type = (attr(el, "type") ?? "text").toLowerCase();
  return KNOWN_TYPES.has(type) ? type : "text";
}

const KNOWN_TYPES = new Set([
  "hidden", "text", "search", "tel", "url", "email", "password", "date", "month", "week", "time", "datetime-local",
  "number", "range", "color", "checkbox", "radio", "file", "submit", "image", "reset", "button",
]);

export function isButton(el: Element): boolean {
  const tag = tagOf(el);
  if (tag === "button") return true;
  return tag === "input" && ["submit", "image", "reset", "button"].includes(inputType(el));
}

/** A button's type: a <button> with no or an unknown type submits. */
export function buttonType(el: Element): "submit" | "reset" | "button" {
  if (tagOf(el) === "input") {
    const t = inputType(el);
    return t === "image" ? "submit" : (t as "submit" | "reset" | "button");
  }
  const t = (attr(el, "type") ?? "submit").toLowerCase();
  return t === "reset" || t === "button" ? t : "submit";
}

/** Disabled: its own attribute, or inside a disabled fieldset but not in that fieldset's first legend. */
export function isDisabled(el: Element): boolean {
  if (hasAttr(el, "disabled") && SUBMITTABLE.has(tagOf(el))) return true;
  let child: Element = el;
  for (const a of ancestors(el)) {
    if (tagOf(a) === "fieldset" && hasAttr(a, "disabled")) {
      const firstLegend = a.children.find((c) => isElement(c) && tagOf(c) === "legend");
      if (child !== firstLegend) return true;
    }
    child = a;
  }
  return false;
}

/** Controls of `form`, in tree order: those inside it and those elsewhere whose `form` attribute names it. */
export function controlsOf(form: Element): Element[] {
  return [...descendants(documentOf(form))].filter((el) => SUBMITTABLE.has(tagOf(el)) && formOwner(el) === form);
}

export function optionsOf(select: Element): Element[] {
  const out: Element[] = [];
  for (const child of select.children) {
    if (!isElement(child)) continue;
    if (tagOf(child) === "option") out.push(child);
    else if (tagOf(child) === "optgroup") for (const o of child.children) if (isElement(o) && tagOf(o) === "option") out.push(o);
  }
  return out;
}

export function optionValue(option: Element): string {
  return attr(option, "value") ?? collapse(textContent(option));
}

export function optionLabel(option: Element): string {
  return attr(option, "label") ?? collapse(textContent(option));
}

function optionDisabled(option: Element): boolean {
  if (hasAttr(option, "disabled")) return true;
  const parent = option.parent;
  return !!parent && isElement(parent) && tagOf(parent) === "optgroup" && hasAttr(parent, "disabled");
}

/**
 * The options a select has selected. The standard's selectedness setting: a single select shown as a drop-down
 * with none marked selected has its first enabled option selected; with several marked, the last one.
 */
export function selectedOptions(select: Element): Element[] {
  const options = optionsOf(select);
  const marked = options.filter((o) => hasAttr(o, "selected"));
  if (hasAttr(select, "multiple")) return marked;
  const size = Number(attr(select, "size") ?? "1");
  if (marked.length) return [marked[marked.length - 1]];
  if (size > 1) return [];
  const first = options.find((o) => !optionDisabled(o));
  return first ? [first] : [];
}

/** The files a parent picked in a file input (kept beside the document: the markup cannot hold them). */
export type PickedFiles = WeakMap<Element, File[]>;

/** The standard's "constructing the entry list" for `form` submitted by `submitter` (null: submitted by Enter). */
export function entryList(form: Element, submitter: Element | null, files: PickedFiles): Entry[] {
  const entries: Entry[] = [];
  for (const field of controlsOf(form)) {
    if (ancestors(field).some((a) => tagOf(a) === "datalist")) continue;
    if (isDisabled(field)) continue;
    const tag = tagOf(field);
    const type = inputType(field);
    if (isButton(field) && field !== submitter) continue;
    if ((type === "checkbox" || type === "radio") && !hasAttr(field, "checked")) continue;
    const name = attr(field, "name") ?? "";
    if (type === "image") {
      // Pressed from the keyboard: the point is 0,0.
      const prefix = name ? `${name}.` : "";
      entries.push({ name: `${prefix}x`, value: "0" }, { name: `${prefix}y`, value: "0" });
      continue;
    }
    if (name === "") continue;
    if (tag === "select") {
      for (const option of selectedOptions(field)) if (!optionDisabled(option)) entries.push({ name, value: optionValue(option) });
    } else if (type === "checkbox" || type === "radio") {
      entries.push({ name, value: attr(field, "value") ?? "on" });
    } else if (type === "file") {
      const picked = files.get(field) ?? [];
      if (!picked.length) entries.push({ name, value: new File([], "", { type: "application/octet-stream" }) });
      for (const file of picked) entries.push({ name, value: file });
    } else if (type === "hidden" && name.toLowerCase() === "_charset_") {
      entries.push({ name, value: "UTF-8" });
    } else if (tag === "textarea") {
      entries.push({ name, value: textareaValue(field) });
    } else if (type === "color") {
      // The standard's value sanitization: a valid simple colour in lower case, else black.
      const value = attr(field, "value") ?? "";
      entries.push({ name, value: /^#[0-9a-f]{6}$/i.test(value) ? value.toLowerCase() : "#000000" });
    } else {
      entries.push({ name, value: attr(field, "value") ?? "" });
    }
    // A field with a dirname also sends the text's direction; the shop's texts are written left to right.
    const dirname = attr(field, "dirname");
    if (dirname && (tag === "textarea" || ["text", "search", "hidden", "tel", "url", "email", "password", "submit", "reset"].includes(type))) {
      entries.push({ name: dirname, value: "ltr" });
    }
  }
  return entries;
}

/** A textarea's value: its text (the parser already dropped a newline right after the start tag). */
export function textareaValue(textarea: Element): string {
  const own = (textarea as unknown as { filledValue?: string }).filledValue;
  return own ?? textContent(textarea);
}

/** The standard's escaping of a name or file name in a multipart header: LF, CR and the double quote percent-encoded. */
function escapeHeaderName(text: string): string {
  return text.replace(/\n/g, "%0A").replace(/\r/g, "%0D").replace(/"/g, "%22");
}

/**
 * The standard's multipart/form-data encoding (RFC 7578 as the HTML standard applies it): every entry a part, a
 * file with its name (empty when none was picked) and type (application/octet-stream when it has none).
 */
function multipart(entries: Entry[], boundary: string): Blob {
  const parts: BlobPart[] = [];
  const text = (s: string) => parts.push(s);
  for (const e of entries) {
    text(`--${boundary}\r\nContent-Disposition: form-data; name="${escapeHeaderName(crlf(e.name))}"`);
    if (typeof e.value === "string") {
      text(`\r\n\r\n${crlf(e.value)}\r\n`);
    } else {
      text(`; filename="${escapeHeaderName(e.value.name)}"\r\nContent-Type: ${e.value.type || "application/octet-stream"}\r\n\r\n`);
      parts.push(e.value);
      text("\r\n");
    }
  }
  text(`--${boundary}--\r\n`);
  return new Blob(parts);
}

/** Every line break a CR, LF or CRLF becomes CRLF, as the standard's encodings do. */
function crlf(text: string): string {
  return text.replace(/\r\n|\r|\n/g, "\r\n");
}

function formAttr(form: Element, submitter: Element | null, own: string, override: string): string | undefined {
  if (submitter && hasAttr(submitter, override)) return attr(submitter, override);
  return attr(form, own);
}

/** The standard's form submission algorithm from the entries on: the request a browser makes. */
export function submission(form: Element, submitter: Element | null, documentUrl: URL, baseUrl: URL, files: PickedFiles): Submission {
  const entries = entryList(form, submitter, files);
  const action = formAttr(form, submitter, "action", "formaction");
  const url = action ? new URL(action, baseUrl) : new URL(documentUrl);
  const methodAttr = (formAttr(form, submitter, "method", "formmethod") ?? "get").toLowerCase();
  if (methodAttr === "dialog") throw new Error("a dialog form closes its dialog: there is no request to make");
  const method = methodAttr === "post" ? "POST" : "GET";
  const enctypeAttr = (formAttr(form, submitter, "enctype", "formenctype") ?? "").toLowerCase();
  const enctype = enctypeAttr === "multipart/form-data" || enctypeAttr === "text/plain" ? enctypeAttr : "application/x-www-form-urlencoded";
  const pairs = () => entries.map((e) => [crlf(e.name), typeof e.value === "string" ? crlf(e.value) : e.value.name] as [string, string]);
  // The action's fragment stays on the navigation (never sent): the answer opens at that place, as in a browser.
  if (method === "GET") {
    url.search = new URLSearchParams(pairs()).toString();
    return { method, url, entries };
  }
  if (enctype === "multipart/form-data") {
    const boundary = `----WebKitFormBoundary${randomBytes(12).toString("base64url").slice(0, 16)}`;
    return { method, url, body: multipart(entries, boundary), contentType: `multipart/form-data; boundary=${boundary}`, entries };
  }
  if (enctype === "text/plain") {
    const body = pairs()
      .map(([n, v]) => `${n}=${v}\r\n`)
      .join("");
    return { method, url, body, contentType: "text/plain;charset=UTF-8", entries };
  }
  return { method, url, body: new URLSearchParams(pairs()), contentType: "application/x-www-form-urlencoded;charset=UTF-8", entries };
}

// ---- interactive validation: the checks a browser makes before it sends a form ----

/** The standard's valid e-mail address (the same expression browsers use). */
const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

const TEXT_LIKE = new Set(["text", "search", "tel", "url", "email", "password"]);

export interface Invalid {
  field: Element;
  reason: "valueMissing" | "typeMismatch" | "patternMismatch" | "tooLong" | "tooShort" | "rangeUnderflow" | "rangeOverflow" | "stepMismatch";
}

/** Whether the field was changed by the parent (minlength counts only then, as in a browser). */
export const edited = new WeakSet<Element>();

function radioGroup(radio: Element): Element[] {
  const name = attr(radio, "name");
  const owner = formOwner(radio);
  const scope = owner ? controlsOf(owner) : [...descendants(documentOf(radio))];
  return scope.filter((el) => inputType(el) === "radio" && name && attr(el, "name") === name && formOwner(el) === owner);
}

/** Why the field would stop the form being sent, or null. Disabled, read-only, hidden fields and buttons are not checked. */
export function validity(field: Element, files: PickedFiles): Invalid["reason"] | null {
  const tag = tagOf(field);
  const type = inputType(field);
  if (isDisabled(field) || isButton(field) || type === "hidden") return null;
  if (hasAttr(field, "readonly") && tag !== "select" && !["checkbox", "radio", "file"].includes(type)) return null;
  const required = hasAttr(field, "required");
  if (tag === "select") {
    const selected = selectedOptions(field);
    if (!required) return null;
    if (!selected.length) return "valueMissing";
    // A required drop-down's first option with an empty value is its placeholder: choosing it is choosing nothing.
    const options = optionsOf(field);
    const placeholder =
      !hasAttr(field, "multiple") && Number(attr(field, "size") ?? "1") <= 1 && options[0] && optionValue(options[0]) === "" && options[0].parent === field
        ? options[0]
        : null;
    return selected.every((o) => o === placeholder) ? "valueMissing" : null;
  }
  if (type === "checkbox") return required && !hasAttr(field, "checked") ? "valueMissing" : null;
  if (type === "radio") {
    const group = radioGroup(field);
    return group.some((r) => hasAttr(r, "required")) && !group.some((r) => hasAttr(r, "checked")) ? "valueMissing" : null;
  }
  if (type === "file") return required && !(files.get(field)?.length ?? 0) ? "valueMissing" : null;
  const value = tag === "textarea" ? textareaValue(field) : (attr(field, "value") ?? "");
  if (required && value === "") return "valueMissing";
  if (value === "") return null;
  if (type === "email") {
    const addresses = hasAttr(field, "multiple") ? value.split(",").map((v) => v.trim()) : [value];
    if (addresses.some((a) => !EMAIL.test(a))) return "typeMismatch";
  }
  if (type === "url") {
    try {
      new URL(value);
    } catch {
      return "typeMismatch";
    }
  }
  const pattern = attr(field, "pattern");
  if (pattern !== undefined && TEXT_LIKE.has(type)) {
    const values = type === "email" && hasAttr(field, "multiple") ? value.split(",").map((v) => v.trim()) : [value];
    let expression: RegExp | null = null;
    try {
      expression = new RegExp(`^(?:${pattern})$`, "v");
    } catch {
      expression = null; // An invalid pattern is ignored, as browsers ignore it.
    }
    if (expression && values.some((v) => !expression.test(v))) return "patternMismatch";
  }
  const length = [...value].length;
  const max = attr(field, "maxlength");
  if (max !== undefined && edited.has(field) && length > Number(max)) return "tooLong";
  const min = attr(field, "minlength");
  if (min !== undefined && edited.has(field) && length < Number(min)) return "tooShort";
  if (type === "number" || type === "range") {
    const n = Number(value);
    const lo = attr(field, "min");
    const hi = attr(field, "max");
    if (lo !== undefined && lo !== "" && n < Number(lo)) return "rangeUnderflow";
    if (hi !== undefined && hi !== "" && n > Number(hi)) return "rangeOverflow";
    const stepAttr = (attr(field, "step") ?? "1").toLowerCase();
    if (stepAttr !== "any") {
      const step = Number(stepAttr) > 0 ? Number(stepAttr) : 1;
      const base = lo !== undefined && lo !== "" ? Number(lo) : Number(attr(field, "value") ?? 0) || 0;
      const steps = (n - base) / step;
      if (Math.abs(steps - Math.round(steps)) > 1e-9) return "stepMismatch";
    }
  }
  if (type === "date" && (attr(field, "min") ?? "") !== "" && value < (attr(field, "min") ?? "")) return "rangeUnderflow";
  if (type === "date" && (attr(field, "max") ?? "") !== "" && value > (attr(field, "max") ?? "")) return "rangeOverflow";
  return null;
}

/** The fields that would stop `form` being sent by `submitter`, unless the form or button says novalidate. */
export function invalidFields(form: Element, submitter: Element | null, files: PickedFiles): Invalid[] {
  if (hasAttr(form, "novalidate") || (submitter && hasAttr(submitter, "formnovalidate"))) return [];
  const out: Invalid[] = [];
  for (const field of controlsOf(form)) {
    const reason = validity(field, files);
    if (reason) out.push({ field, reason });
  }
  return out;
}
