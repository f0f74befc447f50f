import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { encode } from "turbo-stream";
import { describe, expect, it } from "vitest";
import { asHtml, asScriptData } from "../../server/page-cache";

// What a kept page's holes may be filled with: the badge's words are the shop's own, but the
// filling must be right for any text, as React and Remix would have written it.
const TEXTS = [
  "2 items in cart",
  "कार्ट में 2 सामान",
  `<script>alert("x")</script>`,
  "</script><script>alert(1)</script>",
  `Tom & "Jerry" 'quoted' <b>`,
  "back\\slash and \\u0041 and \n new line \t tab",
  "line\u2028separator\u2029paragraph",
  "😀 emoji and \u0000 NUL",
  "",
];

async function turboStreamText(value: unknown): Promise<string> {
  return new Response(encode(value)).text();
}

describe("filling a kept page's holes", () => {
  it.each(TEXTS)("writes %j into HTML exactly as React does, in text and in an attribute", (text) => {
    expect(`<span aria-label="${asHtml(text)}">${asHtml(text)}</span>`).toBe(
      renderToStaticMarkup(createElement("span", { "aria-label": text }, text || undefined)),
    );
  });

  it.each(TEXTS)("writes %j into the page's data script as Remix does, and nothing can end the script", async (text) => {
    // Remix writes each piece of the turbo-stream text as enqueue(JSON string, with <, >, & and line separators escaped).
    const placeholder = "badge-placeholder";
    const withPlaceholder = JSON.stringify(await turboStreamText([placeholder]));
    const filled = withPlaceholder.replace(placeholder, asScriptData(text));
    expect(JSON.parse(filled)).toBe(await turboStreamText([text]));
    expect(asScriptData(text)).not.toMatch(/[<>&\u2028\u2029]/);
  });
});
