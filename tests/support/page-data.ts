import { decode } from "turbo-stream";

// What a Remix page streams to the browser in its inline scripts (single fetch): each piece is
// `window.__remixContext.streamController.enqueue("<turbo-stream text>")`.
const DATA_PIECE = /window\.__remixContext\.streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);/g;

/**
 * A page cut in two: its markup with the data scripts' contents left out, and the loader data
 * those scripts stream, decoded as the browser decodes it. Two pages that encode the same data
 * differently (turbo-stream writes a string once and points to it after) read the same here.
 */
export async function readPage(html: string): Promise<{ markup: string; data: unknown }> {
  const pieces: string[] = [];
  const markup = html.replace(DATA_PIECE, (_whole, literal: string) => {
    pieces.push(JSON.parse(literal) as string);
    return "window.__remixContext.streamController.enqueue(DATA);";
  });
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
  const decoded = await decode(stream);
  await decoded.done;
  return { markup, data: decoded.value };
}
