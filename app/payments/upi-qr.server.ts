import QRCode from "qrcode";

/**
 * The `upi://pay` link as a QR code, drawn on the server as an inline SVG: it shows with
 * JavaScript off and needs no image request (decision 101).
 */

/** Modules of white around the code: the QR standard's quiet zone, which cheap phone cameras need. */
const QUIET_ZONE = 4;

/** The same order page is reloaded often (a parent checks the payment went through): its code is drawn once. */
const CACHE_LIMIT = 500;
const drawn = new Map<string, { size: number; path: string }>();

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The dark modules as one path, each row's runs as one rectangle: a few KB, not one element per module. */
function draw(link: string): { size: number; path: string } {
  // M: a phone photographing a printed or scuffed screen still reads it, and the code stays small enough for 220px.
  const { modules } = QRCode.create(link, { errorCorrectionLevel: "M" });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col++;
      parts.push(`M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${col - start}v1h-${col - start}z`);
    }
  }
  return { size: modules.size + 2 * QUIET_ZONE, path: parts.join("") };
}

function cached(link: string): { size: number; path: string } {
  const hit = drawn.get(link);
  if (hit) {
    // Most recently used goes last, so the oldest is the first to go.
    drawn.delete(link);
    drawn.set(link, hit);
    return hit;
  }
  const fresh = draw(link);
  if (drawn.size >= CACHE_LIMIT) drawn.delete(drawn.keys().next().value!);
  drawn.set(link, fresh);
  return fresh;
}

/**
 * The QR code of a `upi://pay` link (`upiPayLink`) as an SVG string: black on white, error correction M,
 * a quiet zone of 4 modules, sized only by its viewBox so the page's CSS sets its width. `label` is what
 * a screen reader says for it, in the page's language.
 */
export function upiQrSvg(link: string, label: string): string {
  return svgOf(cached(link), label);
}

/** Any link as the same QR code, drawn each time and never kept: an admin's authenticator secret (decision 197). */
export function uncachedQrSvg(link: string, label: string): string {
  return svgOf(draw(link), label);
}

function svgOf({ size, path }: { size: number; path: string }, label: string): string {
  const text = escapeXml(label);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" role="img" aria-label="${text}" shape-rendering="crispEdges">` +
    `<title>${text}</title>` +
    `<rect width="${size}" height="${size}" fill="#fff"/>` +
    `<path fill="#000" d="${path}"/>` +
    `</svg>`
  );
}
