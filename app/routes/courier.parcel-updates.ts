import type { ActionFunctionArgs } from "@remix-run/node";
import { readCappedBody } from "../body.server";
import { json, jsonError, methodNotAllowed } from "../api/http.server";

/**
 * POST /courier/parcel-updates: Shiprocket's tracking webhook (decision 235). Its address names no "shiprocket": the
 * panel refuses one that does. Only a request with the shop's token in `x-api-key` is read; each scan enters its
 * order's trail once. Without a courier set up there is nothing here (404).
 */
const MAX_BYTES = 64 * 1024;

export async function action({ request, context }: ActionFunctionArgs) {
  const courier = context.shop.courier;
  if (!courier) return jsonError(404, "Not found.");
  if (request.method !== "POST") return methodNotAllowed("POST");
  const body = await readCappedBody(request, MAX_BYTES);
  if (!body.ok) return jsonError(body.problem === "too-large" ? 413 : 400, "The update could not be read.");
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(body.bytes));
  } catch {
    // A forged or broken body is refused after the sender: an unknown sender learns nothing about the shape.
    parsed = undefined;
  }
  const answer = await courier.receiveWebhook(request.headers.get("x-api-key"), parsed);
  return json(answer, { status: answer.status });
}

export function loader() {
  return methodNotAllowed("POST");
}
