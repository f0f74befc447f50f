import { load, type CheerioAPI } from "cheerio";
import type { AnyNode, Document, Element } from "domhandler";
import { CookieJar, type Cookie } from "tough-cookie";
import { attr, descendants, hasAttr, normalise, tagOf } from "./dom";
import {
  buttonType,
  edited,
  formOwner,
  inputType,
  invalidFields,
  isButton,
  isDisabled,
  optionLabel,
  optionValue,
  optionsOf,
  selectedOptions,
  submission,
  textareaValue,
  type PickedFiles,
  type Submission,
} from "./form";
import { accessibleName, fieldLabel, pickByName, type NameMatcher } from "./names";
import { isShown, visibleLines, visibleText } from "./visible";

/**
 * A browser with JavaScript off, over HTTP: it parses the shop's real HTML with parse5 (the HTML standard's parser,
 * through cheerio), fills and sends forms as the standard says a browser does (the pressed button's name and value,
 * the form's or the button's action, method and enctype, multipart with files), follows redirects (a 303, or a 301/302
 * after a POST, becomes a GET), keeps cookies in a jar (path, expiry, SameSite: tough-cookie), sends the language the
 * parent's phone asks for, follows links and a meta refresh, and reads a page as a parent reads it: the shown text, the
 * headings, the alerts. Its API speaks as a parent acts: open a page, fill a field by its label, choose, press a button
 * by its words, read.
 *
 * Browser-only behaviour (scripts, focus, layout, colours) is Chromium's: tests/support/browser.ts.
 */

/** What a phone's browser in India says it is: an ordinary browser, so the shop answers as it answers parents. */
const USER_AGENT = "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

const ACCEPT_LANGUAGE: Record<string, string> = {
  en: "en-IN,en;q=0.9",
  hi: "hi-IN,hi;q=0.9,en;q=0.8",
};

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export interface BrowserOptions {
  /** The language the phone asks for (Accept-Language): "en" (English, India), "hi" (Hindi), or a header value. */
  language?: string;
}

export interface Hop {
  url: string;
  status: number;
  location: string;
}

interface Navigation {
  method: "GET" | "POST";
  url: URL;
  body?: URLSearchParams | Blob | string;
  contentType?: string;
  /** The page the navigation starts from: its address is the Referer, its origin the Origin of a POST. */
  from?: HtmlPage;
}

/** Sites for SameSite: the host (the shop's tests run on loopback names, which are sites of their own). */
function site(url: URL): string {
  return url.hostname;
}

export class HtmlBrowser {
  readonly jar = new CookieJar(undefined, { allowSecureOnLocal: true });
  readonly acceptLanguage: string;
  /** Every request made, in order (method and URL): what the server was asked. */
  readonly requests: { method: string; url: string }[] = [];

  constructor(
    readonly baseUrl: string,
    options: BrowserOptions = {},
  ) {
    const language = options.language ?? "en";
    this.acceptLanguage = ACCEPT_LANGUAGE[language] ?? language;
  }

  /** Types an address and goes there. */
  open(path: string): Promise<HtmlPage> {
    return this.navigate({ method: "GET", url: new URL(path, this.baseUrl) });
  }

  /** The cookies the browser would send to `path` (default the shop's root). */
  async cookies(path = "/"): Promise<Cookie[]> {
    return this.jar.getCookies(new URL(path, this.baseUrl).toString(), { http: true, sameSiteContext: "strict" });
  }

  async cookie(name: string, path = "/"): Promise<string | undefined> {
    return (await this.cookies(path)).find((c) => c.key === name)?.value;
  }

  /** Stores a cookie as if the shop had set it (a Set-Cookie header's text). */
  async setCookie(setCookie: string): Promise<void> {
    await this.jar.setCookie(setCookie, this.baseUrl);
  }

  async navigate(nav: Navigation): Promise<HtmlPage> {
    let { method, url, body, contentType } = nav;
    const hops: Hop[] = [];
    const initiator = nav.from?.url;
    for (let hop = 0; hop <= 20; hop++) {
      const sameSite = !initiator || site(initiator) === site(url);
      const sameSiteContext = sameSite ? "strict" : method === "GET" ? "lax" : "none";
      const headers: Record<string, string> = {
        accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
        "accept-language": this.acceptLanguage,
        "user-agent": USER_AGENT,
      };
      const cookie = await this.jar.getCookieString(url.toString(), { http: true, sameSiteContext });
      if (cookie) headers.cookie = cookie;
      if (initiator) {
        const ref = new URL(initiator);
        ref.hash = "";
        // strict-origin-when-cross-origin: the whole address to the same origin, only the origin elsewhere.
        headers.referer = ref.origin === url.origin ? ref.toString() : `${ref.origin}/`;
      }
      if (method === "POST") {
        // A browser sends the page's origin with every POST (the shop refuses posts from other sites by it).
        headers.origin = initiator ? initiator.origin : "null";
        if (contentType) headers["content-type"] = contentType;
      }
      // A fragment is the browser's alone: the server is asked without it.
      const asked = new URL(url);
      asked.hash = "";
      this.requests.push({ method, url: asked.toString() });
      const res = await fetch(asked, { method, headers, body, redirect: "manual" });
      for (const line of res.headers.getSetCookie()) {
        await this.jar.setCookie(line, url.toString(), { ignoreError: true, http: true, sameSiteContext });
      }
      const location = res.headers.get("location");
      if (REDIRECTS.has(res.status) && location) {
        await res.arrayBuffer();
        hops.push({ url: url.toString(), status: res.status, location });
        if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === "POST")) {
          method = "GET";
          body = undefined;
          contentType = undefined;
        }
        // A redirect without a fragment keeps the request's (the fetch standard's rule).
        const next = new URL(location, url);
        if (!next.hash) next.hash = url.hash;
        url = next;
        continue;
      }
      const bytes = Buffer.from(await res.arrayBuffer());
      return new HtmlPage(this, url, res.status, res.headers, bytes, hops);
    }
    throw new Error(`more than 20 redirects from ${nav.url}`);
  }
}

export interface FileToAttach {
  name: string;
  type: string;
  data: Uint8Array | string;
}

export interface FieldState {
  type: string;
  value: string;
  /** A select's chosen options' labels; a checkbox's or radio's own value when checked. */
  values: string[];
  checked: boolean;
  disabled: boolean;
  required: boolean;
  /** A select's options, by their labels. */
  options: string[];
  element: Element;
}

/** A field by its label (as a reader finds it), or by a CSS selector where a test names it by its id. */
export type FieldRef = NameMatcher | { css: string };

function refName(label: FieldRef): string {
  return typeof label === "object" && "css" in label ? label.css : String(label);
}

export type ScopeTarget = string | { form: NameMatcher } | { region: NameMatcher } | Element;

/** A part of a page: what a parent looks at and acts on. The page itself is the whole document. */
export class Scope {
  constructor(
    readonly page: HtmlPage,
    readonly root: AnyNode,
  ) {}

  /** The elements under this part matching a CSS selector (cheerio's engine, with :contains() and :has()). */
  all(selector: string): Element[] {
    return this.page.$(this.root).find(selector).toArray() as Element[];
  }

  /** A part of this part: a CSS selector (its first match), a form or region by its accessible name, or an element. */
  within(target: ScopeTarget): Scope {
    if (typeof target === "string") {
      const found = this.all(target).filter((el) => isShown(el));
      if (!found.length) throw new Error(`nothing shown matches ${target}`);
      return new Scope(this.page, found[0]);
    }
    if ("form" in target && !("type" in target)) {
      return new Scope(this.page, pickByName(this.all("form"), target.form, accessibleName, "form"));
    }
    if ("region" in target && !("type" in target)) {
      const regions = this.all("section, nav, aside, main, [role=region], [role=group], fieldset, form, table");
      return new Scope(this.page, pickByName(regions, target.region, accessibleName, "region"));
    }
    return new Scope(this.page, target as Element);
  }

  // ---- reading ----

  /** The shown text of this part (or of a selector's first shown match) on one line. */
  text(selector?: string): string {
    if (selector === undefined) return visibleText(this.root);
    const found = this.all(selector).filter((el) => isShown(el));
    if (!found.length) throw new Error(`nothing shown matches ${selector}`);
    return visibleText(found[0]);
  }

  /** The shown text of each shown match of a selector. */
  texts(selector: string): string[] {
    return this.all(selector)
      .filter((el) => isShown(el))
      .map((el) => visibleText(el));
  }

  /** The shown text line by line, as blocks and line breaks lay it out. */
  lines(selector?: string): string[] {
    return visibleLines(selector === undefined ? this.root : this.within(selector).root);
  }

  /** Whether the text (or pattern) is shown anywhere in this part. */
  has(text: string | RegExp): boolean {
    const shown = this.text();
    return typeof text === "string" ? shown.includes(normalise(text)) : text.test(shown);
  }

  /** How many shown elements match a selector. */
  count(selector: string): number {
    return this.all(selector).filter((el) => isShown(el)).length;
  }

  /** The headings, in order, as "h1 words". */
  headings(): string[] {
    return this.all("h1, h2, h3, h4, h5, h6")
      .filter((el) => isShown(el))
      .map((el) => visibleText(el));
  }

  /** What the page announces: the shown, non-empty alerts and status messages. */
  alerts(): string[] {
    return this.all("[role=alert], [role=status], output")
      .filter((el) => isShown(el))
      .map((el) => visibleText(el))
      .filter((text) => text !== "");
  }

  /** The shown links, by name and address. */
  links(): { name: string; href: string }[] {
    return this.all("a[href]")
      .filter((el) => isShown(el))
      .map((el) => ({ name: accessibleName(el), href: attr(el, "href") ?? "" }));
  }

  /** The shown buttons' names. */
  buttons(): string[] {
    return this.all("button, input")
      .filter((el) => isButton(el) && isShown(el))
      .map((el) => accessibleName(el));
  }

  /** An attribute of the first element matching a selector. */
  attr(selector: string, name: string): string | undefined {
    const el = this.all(selector)[0];
    if (!el) throw new Error(`nothing matches ${selector}`);
    return attr(el, name);
  }

  /** A field by its label: what it holds and how it is set up. */
  field(label: FieldRef): FieldState {
    const el = this.fieldElement(label);
    const type = inputType(el);
    const tag = tagOf(el);
    const selected = tag === "select" ? selectedOptions(el) : [];
    const value =
      tag === "select" ? (selected[0] ? optionValue(selected[0]) : "") : tag === "textarea" ? textareaValue(el) : type === "checkbox" || type === "radio" ? (attr(el, "value") ?? "on") : (attr(el, "value") ?? "");
    return {
      type,
      value,
      values: tag === "select" ? selected.map((o) => optionLabel(o)) : hasAttr(el, "checked") ? [value] : [],
      checked: hasAttr(el, "checked"),
      disabled: isDisabled(el),
      required: hasAttr(el, "required"),
      options: tag === "select" ? optionsOf(el).map((o) => optionLabel(o)) : [],
      element: el,
    };
  }

  // ---- acting ----

  /** Types into a text field, text area or number field found by its label (replacing what it held), or picks a colour. */
  fill(label: FieldRef, value: string): this {
    const el = this.fieldElement(label);
    const type = inputType(el);
    this.usable(el, label);
    if (tagOf(el) === "textarea") {
      (el as unknown as { filledValue?: string }).filledValue = value;
    } else if (tagOf(el) === "input" && type === "color") {
      // A colour picker holds a valid simple colour: the standard's value sanitization lowers its case, and any other
      // text becomes black.
      el.attribs.value = /^#[0-9a-f]{6}$/i.test(value) ? value.toLowerCase() : "#000000";
    } else if (tagOf(el) === "input" && !["checkbox", "radio", "file", "hidden", "submit", "image", "reset", "button", "range", "color"].includes(type)) {
      let typed = value;
      if (type === "number" && typed !== "" && !Number.isFinite(Number(typed))) throw new Error(`a number field (${refName(label)}) takes no "${value}"`);
      // The browser's value sanitization: no line breaks in one-line fields; e-mail and URL fields trim.
      typed = typed.replace(/[\r\n]/g, "");
      if (type === "email" || type === "url") typed = typed.trim();
      // A parent cannot type more than maxlength characters.
      const max = attr(el, "maxlength");
      if (max !== undefined && /^\d+$/.test(max)) typed = [...typed].slice(0, Number(max)).join("");
      el.attribs.value = typed;
    } else {
      throw new Error(`${refName(label)} is a ${type}: use choose(), check(), select() or attach()`);
    }
    edited.add(el);
    return this;
  }

  /** Picks a radio button (or checks a checkbox) by its own label. */
  choose(label: NameMatcher): this {
    const el = pickByName(this.controls().filter((c) => ["radio", "checkbox"].includes(inputType(c))), label, fieldLabel, "radio button or checkbox");
    this.usable(el, label);
    if (inputType(el) === "radio") {
      const owner = formOwner(el);
      const name = attr(el, "name");
      for (const other of descendants(this.page.document)) {
        if (other !== el && inputType(other) === "radio" && name && attr(other, "name") === name && formOwner(other) === owner) delete other.attribs.checked;
      }
    }
    el.attribs.checked = "";
    edited.add(el);
    return this;
  }

  check(label: NameMatcher): this {
    return this.choose(label);
  }

  uncheck(label: NameMatcher): this {
    const el = pickByName(this.controls().filter((c) => inputType(c) === "checkbox"), label, fieldLabel, "checkbox");
    this.usable(el, label);
    delete el.attribs.checked;
    return this;
  }

  /** Chooses an option (or several, in a multiple select) of a drop-down found by its label; options by label or value. */
  select(label: FieldRef, option: NameMatcher | NameMatcher[]): this {
    const el = this.fieldElement(label);
    if (tagOf(el) !== "select") throw new Error(`${refName(label)} is not a drop-down`);
    this.usable(el, label);
    const wanted = Array.isArray(option) ? option : [option];
    if (wanted.length > 1 && !hasAttr(el, "multiple")) throw new Error(`${refName(label)} takes one option`);
    const options = optionsOf(el);
    const picked = wanted.map((w) => {
      const byValue = typeof w === "string" ? options.filter((o) => optionValue(o) === w) : [];
      return byValue.length === 1 ? byValue[0] : pickByName(options, w, optionLabel, "option");
    });
    for (const o of options) delete o.attribs.selected;
    for (const o of picked) o.attribs.selected = "";
    edited.add(el);
    return this;
  }

  /**
   * Clicks a `<details>`' summary by its words: the browser opens it (or closes an open one) by itself, no script
   * needed, and what it held is then shown.
   */
  toggle(summary: NameMatcher): this {
    const el = pickByName(this.all("details > summary"), summary, (s) => visibleText(s), "summary");
    const details = el.parent as Element;
    if (hasAttr(details, "open")) delete details.attribs.open;
    else details.attribs.open = "";
    return this;
  }

  /** Picks files in a file field found by its label. */
  attach(label: FieldRef, files: FileToAttach | FileToAttach[]): this {
    const el = this.fieldElement(label);
    if (inputType(el) !== "file") throw new Error(`${refName(label)} is not a file field`);
    this.usable(el, label);
    const list = Array.isArray(files) ? files : [files];
    if (list.length > 1 && !hasAttr(el, "multiple")) throw new Error(`${refName(label)} takes one file`);
    this.page.files.set(
      el,
      list.map((f) => new File([typeof f.data === "string" ? f.data : new Uint8Array(f.data)], f.name, { type: f.type })),
    );
    return this;
  }

  /**
   * Presses a button by its words (its accessible name) and goes where the browser goes: the form is checked as a
   * browser checks it (required, patterns, ranges: refused before sending, as a browser refuses), then sent.
   */
  async press(name: NameMatcher): Promise<HtmlPage> {
    const { form, button } = this.submitterNamed(name);
    const invalid = invalidFields(form, button, this.page.files);
    if (invalid.length) {
      const list = invalid.map((i) => `${fieldLabel(i.field) || attr(i.field, "name")}: ${i.reason}`).join("; ");
      throw new FormNotSent(`the browser does not send the form: ${list}`, invalid.map((i) => i.reason));
    }
    return this.page.browser.navigate({ ...this.page.submissionOf(form, button), from: this.page });
  }

  /** What pressing the button would send, without sending it (the contract between a page and the route it posts to). */
  request(name: NameMatcher): Submission {
    const { form, button } = this.submitterNamed(name);
    return this.page.submissionOf(form, button);
  }

  /** Follows a link by its words. A link to a place on the same page stays on the page. */
  async follow(name: NameMatcher): Promise<HtmlPage> {
    const link = pickByName(this.all("a[href], area[href]"), name, accessibleName, "link");
    const target = new URL(attr(link, "href") ?? "", this.page.baseUrl);
    const here = new URL(this.page.url);
    if (target.hash && target.origin === here.origin && target.pathname === here.pathname && target.search === here.search) return this.page;
    target.hash = "";
    return this.page.browser.navigate({ method: "GET", url: target, from: this.page });
  }

  // ---- finding ----

  private controls(): Element[] {
    return this.all("input, select, textarea");
  }

  private fieldElement(label: FieldRef): Element {
    const fields = this.controls().filter((el) => !isButton(el) && inputType(el) !== "hidden");
    if (typeof label === "object" && "css" in label) {
      const found = this.all(label.css).filter((el) => fields.includes(el));
      if (found.length !== 1) throw new Error(`${found.length} fields match ${label.css}`);
      return found[0];
    }
    return pickByName(fields, label, fieldLabel, "field");
  }

  private usable(el: Element, label: FieldRef): void {
    if (isDisabled(el)) throw new Error(`${refName(label)} is disabled`);
    if (hasAttr(el, "readonly") && tagOf(el) !== "select") throw new Error(`${refName(label)} is read-only`);
  }

  private submitterNamed(name: NameMatcher): { form: Element; button: Element } {
    const button = pickByName(this.all("button, input").filter((el) => isButton(el)), name, accessibleName, "button");
    if (isDisabled(button)) throw new Error(`the button ${String(name)} is disabled`);
    const kind = buttonType(button);
    if (kind !== "submit") throw new Error(`the button ${String(name)} is a ${kind} button: without JavaScript it sends nothing`);
    const form = formOwner(button);
    if (!form) throw new Error(`the button ${String(name)} is in no form: without JavaScript it does nothing`);
    return { form, button };
  }
}

/** The browser refused to send a form: a field breaks its own rules (the reasons are the standard's validity states). */
export class FormNotSent extends Error {
  constructor(
    message: string,
    readonly reasons: string[],
  ) {
    super(message);
  }
}

/** A page the browser shows: the answer to one navigation, after its redirects. */
export class HtmlPage extends Scope {
  readonly $: CheerioAPI;
  readonly document: Document;
  readonly body: string;
  readonly files: PickedFiles = new WeakMap();

  constructor(
    readonly browser: HtmlBrowser,
    readonly url: URL,
    readonly status: number,
    readonly headers: Headers,
    readonly bytes: Buffer,
    /** The redirects that led here, in order. */
    readonly redirects: Hop[],
  ) {
    const body = bytes.toString("utf8");
    // parse5 as a browser with scripting off parses: a <noscript>'s content is markup.
    const $ = load(body, { scriptingEnabled: false });
    const document = $.root()[0] as unknown as Document;
    super(undefined as unknown as HtmlPage, document);
    (this as { page: HtmlPage }).page = this;
    this.$ = $;
    this.document = document;
    this.body = body;
  }

  get contentType(): string {
    return this.headers.get("content-type") ?? "";
  }

  /** The page's language, from `<html lang>`. */
  get lang(): string | undefined {
    return this.$("html").attr("lang");
  }

  get title(): string {
    return normalise(this.$("title").first().text());
  }

  /** The document's base URL: its `<base href>`, else its own address. */
  get baseUrl(): URL {
    const base = this.$("base[href]").first().attr("href");
    return base ? new URL(base, this.url) : this.url;
  }

  /** The page's meta refresh: after how many seconds it goes where. */
  get refresh(): { seconds: number; url: URL } | null {
    const content = this.$('meta[http-equiv="refresh" i]').first().attr("content");
    if (content === undefined) return null;
    const m = /^\s*(\d+)(?:\.[\d.]*)?\s*(?:[;,]\s*(?:url\s*=\s*)?(['"]?)(.*?)\2\s*)?$/i.exec(content);
    if (!m) return null;
    return { seconds: Number(m[1]), url: m[3] ? new URL(m[3], this.baseUrl) : new URL(this.url) };
  }

  /** Goes where the meta refresh goes, now rather than after its seconds (a test waits for nothing). */
  async followRefresh(): Promise<HtmlPage> {
    const refresh = this.refresh;
    if (!refresh) throw new Error(`${this.url.pathname} has no meta refresh`);
    return this.browser.navigate({ method: "GET", url: refresh.url, from: this });
  }

  /** Loads the page again. */
  reload(): Promise<HtmlPage> {
    return this.browser.navigate({ method: "GET", url: new URL(this.url) });
  }

  /** Opens another address in the same browser (as typing it in the address bar). */
  open(path: string): Promise<HtmlPage> {
    return this.browser.open(path);
  }

  submissionOf(form: Element, button: Element | null): Submission {
    return submission(form, button, this.url, this.baseUrl, this.files);
  }
}

/** A new browser with JavaScript off, cookies of its own, asking for English (India) unless told. */
export function htmlBrowser(baseUrl: string, options: BrowserOptions = {}): HtmlBrowser {
  return new HtmlBrowser(baseUrl, options);
}
