import { describe, expect, it } from "vitest";
import { scriptsAfterPaint } from "../../app/scripts-after-paint.server";

// A page asks for its scripts once it has drawn (decision 172): what Remix's <Scripts> writes at the end of the body
// is taken out of the page as served and put back, the same elements in the same places, after `load` and a frame.

const NONCE = "Lol2WK0yDnq1vbyTjyPm/A==";
const CONTEXT = 'window.__remixContext = {"basename":"/","state":{"loaderData":{}}};';
// A module script as Remix writes it, with what a string in a script must survive: quotes, "</", line separators.
const MODULE = ';\nimport * as route0 from "/assets/root-DUSyftzB.js";\nwindow.__remixManifest = {"note":"a \\"quoted\\" <\\/b> \u2028 x"};\n\nimport("/assets/entry.client-Du84Mllr.js");';
const PRELOADS = ["/assets/entry.client-Du84Mllr.js", "/assets/vendor-6vAU0fi2.js", "/assets/root-DUSyftzB.js"];
const HEAD = '<!DOCTYPE html><html lang="en-IN"><head><title>Shop</title></head><body><main><h1>Shop</h1></main>';
const DATA = `<!--$--><script nonce="${NONCE}">window.__remixContext.streamController.enqueue("[]");</script><!--/$-->`;
const remixPage = (preloads = PRELOADS) =>
  HEAD +
  preloads.map((href) => `<link rel="modulepreload" href="${href}"/>`).join("") +
  `<script nonce="${NONCE}">${CONTEXT}</script>` +
  `<script nonce="${NONCE}" type="module" async="">${MODULE}</script>` +
  DATA +
  "</body></html>";

/** The element a DOM would hold, as far as the loader sees it. */
interface FakeElement {
  tag: string;
  rel?: string;
  href?: string;
  type?: string;
  async?: boolean;
  nonce?: string;
  textContent?: string;
}

/**
 * Runs the page's loader script against a document of three elements (the context script, the loader, the data
 * script), `load` already past; resolves with the body's elements once it has put the scripts back.
 */
function runLoader(loaderSource: string, state: { hidden?: boolean } = {}) {
  const context: FakeElement = { tag: "script", textContent: CONTEXT };
  const loader: FakeElement = { tag: "script", nonce: NONCE };
  const data: FakeElement = { tag: "script" };
  const body: FakeElement[] = [context, loader, data];
  const parent = {
    insertBefore(element: FakeElement, before: FakeElement) {
      body.splice(body.indexOf(before), 0, element);
    },
    replaceChild(element: FakeElement, old: FakeElement) {
      body.splice(body.indexOf(old), 1, element);
    },
  };
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
  const document = {
    hidden: state.hidden ?? false,
    readyState: "complete",
    currentScript: Object.assign(loader, { previousElementSibling: context, parentNode: parent }),
    createElement: (tag: string): FakeElement => ({ tag }),
  };
  new Function("document", "requestAnimationFrame", "setTimeout", "addEventListener", loaderSource)(
    document,
    (frame: () => void) => frames.push(frame),
    (timer: () => void) => timers.push(timer),
    () => {
      throw new Error("load has already happened");
    },
  );
  const element = (e: FakeElement) => ({ ...e, previousElementSibling: undefined, parentNode: undefined });
  return {
    body: () => body.map(element),
    /** The next frame drawn, then its timer. */
    draw() {
      frames.splice(0).forEach((frame) => frame());
      timers.splice(0).forEach((timer) => timer());
    },
  };
}

const loaderOf = (html: string) => /<script nonce="[^"]+">(\(function\(m,p\)[\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";

describe("a page's scripts asked for after it has drawn", () => {
  it("leaves nothing in the page that asks for a script while the page is read, and keeps everything else", () => {
    const page = scriptsAfterPaint(remixPage());
    expect(page).not.toMatch(/<link[^>]*modulepreload|<script[^>]*(type="module"|\ssrc=)/);
    expect(page.startsWith(`${HEAD}<script nonce="${NONCE}">${CONTEXT}</script><script nonce="${NONCE}">(function(m,p)`)).toBe(true);
    expect(page.endsWith(`${DATA}</body></html>`)).toBe(true);
    // Nothing in the loader can end its script or open a comment in it.
    expect(loaderOf(page)).not.toMatch(/<|>/);
  });

  it("puts back, once the page has drawn a frame after load, the same preloads and module script where Remix wrote them", () => {
    const dom = runLoader(loaderOf(scriptsAfterPaint(remixPage())));
    expect(dom.body().map((e) => e.tag)).toEqual(["script", "script", "script"]);
    dom.draw();
    expect(dom.body()).toEqual([
      ...PRELOADS.map((href) => ({ tag: "link", rel: "modulepreload", href })),
      { tag: "script", textContent: CONTEXT },
      { tag: "script", nonce: NONCE, type: "module", async: true, textContent: MODULE },
      { tag: "script" },
    ]);
  });

  it("loads them at load in a tab opened in the background, where no frame is drawn", () => {
    const dom = runLoader(loaderOf(scriptsAfterPaint(remixPage([]))), { hidden: true });
    expect(dom.body().map((e) => e.type ?? e.tag)).toEqual(["script", "module", "script"]);
  });

  it("leaves a page as it was rendered when it has no such scripts, or other markup than Remix's", () => {
    const plain = `${HEAD}<p>Busy, try again.</p></body></html>`;
    expect(scriptsAfterPaint(plain)).toBe(plain);
    const otherNonce = remixPage().replace(`nonce="${NONCE}" type="module"`, 'nonce="another" type="module"');
    expect(scriptsAfterPaint(otherNonce)).toBe(otherNonce);
  });
});
