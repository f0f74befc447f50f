import fs from "node:fs";
import { createRequire } from "node:module";
import type { BrowserContext, Page } from "playwright-core";
import { hydrated } from "./browser";

/** axe-core on the shop's pages in Chromium with JavaScript on (tests/e2e/accessibility*.e2e.test.ts). */

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

export async function openHydrated(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

type RoutedWindow = { __remixRouter?: { navigate(to: string): Promise<void>; state: { navigation: { state: string } } }; axe?: unknown };

/**
 * Goes to a page as a parent with JavaScript goes from page to page: by the router, in the document already open,
 * as a link does. A page the router does not take (no document open yet, a route that wants a whole document) is
 * loaded. One document then serves many pages: its scripts are read, and it hydrates, once, and so is axe loaded
 * once, instead of once a page; the page checked is the same page, drawn by the same components.
 */
export async function visit(page: Page, path: string): Promise<void> {
  const routed = await page
    .evaluate(async (to) => {
      const router = (window as unknown as RoutedWindow).__remixRouter;
      if (!router || !document.documentElement.dataset.hydrated) return false;
      await router.navigate(to);
      return true;
    }, path)
    .catch(() => false);
  if (!routed) await page.goto(path);
  await hydrated(page);
  await page.waitForFunction(() => (window as unknown as RoutedWindow).__remixRouter?.state.navigation.state === "idle");
  // React commits the new route's DOM after the router reports idle; two frames later it is on screen.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** The frames (header, navigation, footer) already checked for contrast in a browser context, by their markup. */
const framesChecked = new WeakMap<Page, Set<string>>();

/**
 * Runs axe on the page as it is (evaluated, so the page's CSP does not apply); loaded once a document. Every rule
 * runs on the whole page, but the colour contrast of the shop's frame (what sits beside `<main>`: header,
 * navigation, footer) is measured once for each markup it has in a context: the same markup under the same style
 * sheets and screen has the same colours, and contrast, measured text node by text node, is four fifths of axe's time.
 * A frame whose markup differs (another badge, another current link, another language) is measured again.
 */
export async function violationsHere(page: Page, path: string): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const seen = framesChecked.get(page) ?? new Set<string>();
  framesChecked.set(page, seen);
  const { violations, frames } = await page.evaluate(async (checked) => {
    const axe = (window as unknown as {
      axe: { run(context: unknown, options: object): Promise<{ violations: Violation[] }> };
    }).axe;
    // Beside <main> at each level up to <body>, with the attributes of the elements it sits in.
    const frame: { element: Element; key: string }[] = [];
    let at: Element | null = document.querySelector("main");
    const within: string[] = [];
    for (let el = at?.parentElement ?? null; el; el = el.parentElement) within.unshift(el.cloneNode(false) instanceof Element ? (el.cloneNode(false) as Element).outerHTML : "");
    while (at && at !== document.body && at.parentElement) {
      for (const sibling of Array.from(at.parentElement.children)) {
        if (sibling === at || ["SCRIPT", "STYLE", "TEMPLATE", "LINK", "META"].includes(sibling.tagName)) continue;
        frame.push({ element: sibling, key: `${within.join("")}${sibling.outerHTML}` });
      }
      at = at.parentElement;
    }
    const known = new Set(checked);
    const repeated = frame.filter((f) => known.has(f.key)).map((f) => f.element);
    const rest = await axe.run(document, { resultTypes: ["violations"], rules: { "color-contrast": { enabled: false } } });
    const contrast = await axe.run(repeated.length ? { include: [document], exclude: repeated } : document, {
      runOnly: { type: "rule", values: ["color-contrast"] },
      resultTypes: ["violations"],
    });
    return { violations: [...rest.violations, ...contrast.violations], frames: frame.map((f) => f.key) };
  }, [...seen]);
  for (const key of frames) seen.add(key);
  return violations.map((v) => `${path}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
}

export async function violationsOf(page: Page, path: string): Promise<string[]> {
  await visit(page, path);
  return violationsHere(page, path);
}

export async function inLanguage(context: BrowserContext, url: string, language: "en" | "hi") {
  await context.addCookies([{ name: "shop_lng", value: language, url }]);
}
