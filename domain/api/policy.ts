// The /api's rules of the road: size limits and the texts of its generic refusals
// (decision 071). Business messages stay with their rules (domain/checkout-fields.ts,
// domain/auth.ts, domain/admin-products.ts); these are about the request itself.

/** Any /api body above this is a 413: a full cart of 50 lines with long names fits in a quarter of it. */
export const MAX_BODY_BYTES = 64 * 1024;
/** Sign-in bodies (email, password, phone, code) are tiny: their calls refuse more than this. */
export const SIGN_IN_MAX_BODY_BYTES = 16 * 1024;

const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;

export const API_MESSAGES = {
  /** Spec section 8: the network-failure text the spec's clients show. */
  serverError: "Server error. Please try again later.",
  notJson: "Send the body as JSON (Content-Type: application/json).",
  tooLarge: (max: number) => `The request body is too large (at most ${kb(max)}).`,
  unreadable: "The request body could not be read.",
  notUtf8: "The request body is not valid UTF-8.",
  malformed: "The request body is not valid JSON.",
  wrongShape: "Invalid request: the body does not have the expected shape.",
  invalidPrefix: "Invalid request: ",
  unknownFields: (fields: readonly string[]) => `Invalid request: unknown field${fields.length > 1 ? "s" : ""} ${fields.join(", ")}.`,
  methodNotAllowed: (allow: string) => `Use ${allow} for this address.`,
  notFound: (method: string, path: string) => `There is no API call ${method} ${path}.`,
  badIdempotencyKey: "The Idempotency-Key header must be 8 to 128 letters, digits or - _ . :",
  /** The field name for TEXT_MESSAGES (domain/text.ts) when a key of the body, not a value, is broken. */
  fieldName: (where: string) => (where ? `A field name in ${where}` : "A field name"),
  /** The name of the body itself when it is one broken string. */
  wholeBody: "The body",
} as const;

/**
 * The refusals the HTTP edge answers before any route, for pages and the /api alike
 * (server/request-guards.ts, decision 081): JSON `{ message }` under /api, a short page elsewhere.
 */
export const EDGE_MESSAGES = {
  crossSite: "This form was sent from another website and was refused.",
  opaqueOrigin: "This form was sent from a page without an address of its own (a sandboxed frame or a saved file) and was refused. Please open the shop's own page and try again.",
  noOrigin: "This form did not say which page sent it and was refused. Please open the shop's own page and send it from there.",
  dotSegments: "The address may not contain /./ or /../ parts.",
  /** The field names for TEXT_MESSAGES (domain/text.ts). */
  address: "The address",
  parameterName: "A parameter name in the address",
  parameter: (name: string) => `The address's "${name.length > 40 ? `${name.slice(0, 40)}…` : name}" parameter`,
} as const;
