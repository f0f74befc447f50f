// Renders docs/api.md from the call catalogue and the zod schemas. Pure: the file is written by
// `npx tsx bin/api-docs.ts`, and tests/integration/api-docs.test.ts fails when it is stale.
import "../zod-in-browser";
import { z } from "zod";
import { API_CALLS, type ApiCall } from "./calls";
import { API_MESSAGES, MAX_BODY_BYTES, SIGN_IN_MAX_BODY_BYTES } from "./policy";

interface JsonSchema {
  type?: string | string[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  pattern?: string;
  enum?: unknown[];
}

/** The body's fields as rows: dotted path (`items[].quantity`), type, required, limits. */
export function bodyFields(schema: z.ZodType): { field: string; type: string; required: boolean; rules: string }[] {
  const root = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  const rows: { field: string; type: string; required: boolean; rules: string }[] = [];
  const typeOf = (s: JsonSchema): string => {
    if (s.anyOf) return s.anyOf.map(typeOf).join(" or ");
    const t = Array.isArray(s.type) ? s.type.join(" or ") : (s.type ?? "any");
    return t === "array" && s.items ? `array of ${typeOf(s.items)}` : t;
  };
  const rulesOf = (s: JsonSchema): string => {
    const alternatives = s.anyOf?.filter((a) => a.type !== "null") ?? [];
    // Each kind of value with its own limits: "integer from 1 to 999999999; string at most 200 characters".
    if (alternatives.length > 1) return alternatives.map((a) => `${typeOf(a)} ${rulesOf(a)}`.trim()).join("; ");
    const inner = alternatives[0] ?? s;
    const parts: string[] = [];
    if (inner.minLength !== undefined && inner.minLength > 0) parts.push(`at least ${inner.minLength} character${inner.minLength === 1 ? "" : "s"}`);
    if (inner.maxLength !== undefined) parts.push(`at most ${inner.maxLength} characters`);
    if (inner.minimum !== undefined) parts.push(`from ${inner.minimum}`);
    if (inner.maximum !== undefined) parts.push(`to ${inner.maximum}`);
    if (inner.maxItems !== undefined) parts.push(`at most ${inner.maxItems} items`);
    if (inner.enum) parts.push(`one of ${inner.enum.join(", ")}`);
    return parts.join(", ");
  };
  const walk = (s: JsonSchema, prefix: string) => {
    for (const [name, child] of Object.entries(s.properties ?? {})) {
      const field = `${prefix}${name}`;
      rows.push({ field, type: typeOf(child), required: (s.required ?? []).includes(name), rules: rulesOf(child) });
      if (child.properties) walk(child, `${field}.`);
      if (child.items?.properties) walk(child.items, `${field}[].`);
    }
  };
  walk(root, "");
  return rows;
}

const AUTH_TEXT: Record<ApiCall["auth"], string> = {
  none: "none",
  shopper: "shopper token (`Authorization: Bearer <token>` from login, register or verify-otp)",
  admin: "admin token (`Authorization: Bearer <token>` from admin-login)",
  any: "a shopper or an admin token (`Authorization: Bearer <token>`)",
};

const code = (value: unknown) => "```json\n" + JSON.stringify(value, null, 2) + "\n```";

function renderCall(call: ApiCall): string {
  const out: string[] = [];
  out.push(`### ${call.method} ${call.path}`, "");
  out.push(call.summary, "");
  out.push(`- Auth: ${AUTH_TEXT[call.auth]}`);
  if (call.query) out.push(`- Query: ${call.query}`);
  if (call.idempotent) out.push("- Header: `Idempotency-Key` (optional, 8 to 128 of `A-Z a-z 0-9 - _ . :`): a retry with the same key answers the same order");
  if (!call.spec) out.push("- Not in the spec's section 7: an addition of the shop");
  out.push("");
  if (call.body) {
    out.push("Body (JSON; any other field is refused with 400):", "", "| field | type | required | limits |", "|---|---|---|---|");
    for (const row of bodyFields(call.body)) out.push(`| \`${row.field}\` | ${row.type} | ${row.required ? "yes" : "no"} | ${row.rules} |`);
    out.push("");
  }
  const path = call.example.path ?? call.path;
  out.push("Example:", "", "```http", `${call.method} ${path}`);
  if (call.auth !== "none") out.push("Authorization: Bearer <token>");
  if (call.idempotent) out.push("Idempotency-Key: 7f0c2a6e-4a1b-4f7e-9d33-0c5b8e1d2a44");
  if (call.body) out.push("Content-Type: application/json");
  out.push("```", "");
  if (call.example.request !== undefined) out.push(code(call.example.request), "");
  out.push(`Answer: ${call.example.status}${call.example.note ? `, ${call.example.note}` : ""}`, "");
  if (call.example.answer !== undefined) out.push(code(call.example.answer), "");
  out.push("Errors:", "", "| status | when |", "|---|---|");
  for (const error of call.errors) out.push(`| ${error.status} | ${error.when} |`);
  out.push("");
  return out.join("\n");
}

export function renderApiDocs(): string {
  const toc = API_CALLS.map((c) => `- [${c.method} ${c.path}](#${`${c.method} ${c.path}`.toLowerCase().replace(/[^a-z0-9 -]/g, "").replace(/ /g, "-")})`);
  return [
    "# The /api",
    "",
    "<!-- Generated from domain/api/calls.ts and the zod schemas by `npx tsx bin/api-docs.ts`. Do not edit by hand:",
    "     tests/integration/api-docs.test.ts fails when this file is stale. -->",
    "",
    "Every call of the spec's section 7, with the shop's few additions. Bodies are JSON, answers are JSON (but the Google",
    "redirect). Authenticated calls carry `Authorization: Bearer <token>`. The reasons are in `docs/decisions/070` to `073`.",
    "",
    "## Rules every call keeps",
    "",
    "- A refusal is JSON `{ \"message\": \"...\" }` with the spec's text where it has one, and never a page of HTML:",
    `  an unknown /api address is a JSON 404 (\`${API_MESSAGES.notFound("GET", "/api/nope")}\`).`,
    "- A business rule's refusal also carries `code`, the refusal's stable key (decision 108):",
    "  `{ \"message\": \"This UPI reference was already reported for another order. ...\", \"code\": \"payment.referenceTaken\" }`.",
    "  A client tells refusals apart by `code`, never by `message`: a message may be reworded, its code stays. A refusal",
    "  of the request itself (its shape, a field's format, a token, a method) has no `code`.",
    "- Messages are English, a contract. A caller whose `Accept-Language` puts Hindi first (`hi-IN,hi;q=0.9`) gets a",
    "  refusal's `message` in Hindi where the shop words it (`Content-Language: hi-IN`), and its order's and sign-in",
    "  code's SMS in Hindi; the status, `code` and every other field are the same.",
    `- Bodies: \`Content-Type: application/json\` (else 415), at most ${MAX_BODY_BYTES / 1024} KB (${SIGN_IN_MAX_BODY_BYTES / 1024} KB for the sign-in calls; else 413, counted while`,
    "  reading, so a chunked body is cut off too), valid UTF-8 JSON (else 400).",
    "- Text: a string or a field name holding a NUL (`\\u0000`) or a lone surrogate (`\\ud800`) is a 400 naming the field",
    "  (`address.name contains a broken character. Please type it again.`); the same in the path or a query parameter is a",
    "  400 naming the parameter. Nothing the shop cannot store gets past the edge.",
    "- A request with `Origin: null` or another site's origin is a 403 (decision 081); API clients send no Origin.",
    "- A wrong shape is a 400 naming the field: a missing field, a wrong type, a field the call does not know",
    "  (`Invalid request: unknown field role.`). A right shape with a value the rules refuse is a 422 naming the field or",
    "  with the spec's message (`Pincode must be 6 digits`). The spec's cart and order items may carry id, productId, name,",
    "  size, quantity, price, school, imageUrl and image: all known. An item names its product by `id` or `productId`:",
    "  a catalogue id (`school/dps/shirt`), a shop product's cart id (`product/12`), or the shop product's id exactly as",
    "  `GET /api/products` lists it (`12` or `\"12\"`), which is the same product.",
    "- Prices are the server's. A price or total a client sends is compared: a difference is a 409 naming the line and",
    "  its current price, and nothing is written.",
    "- Order calls take an optional `Idempotency-Key` header: the same key (for the same guest phone or user) answers the",
    "  same order (200, `Idempotent-Replayed: true`) however often it is sent; the same key with another body is a 422.",
    "- Status codes: 400 malformed, 401 no or bad token, 403 wrong role, 404 unknown id or address, 405 wrong method (with",
    `  \`Allow\`), 409 conflict, 413 too large, 415 not JSON, 422 invalid, 429 rate limited, 500 a fault of the shop's`,
    `  (\`${API_MESSAGES.serverError}\`, logged, no details). Nothing a client sends can cause a 5xx.`,
    "- Answers are not cached (`Cache-Control: no-store`), but the categories list (5 minutes).",
    "",
    "## Calls",
    "",
    ...toc,
    "",
    ...API_CALLS.map(renderCall),
    "### GET /api/users/google/callback",
    "",
    "Where Google sends the browser back; signs the shopper in with a page session and redirects. Not for API clients.",
    "",
  ].join("\n");
}
