import type { LoaderFunctionArgs } from "@remix-run/node";
import { API_MESSAGES } from "../../domain/api/policy";
import { jsonError } from "../api/http.server";

/** Any /api address no route claims: a JSON 404 (an API client cannot read the HTML not-found page). */
function notFound({ request }: LoaderFunctionArgs): Response {
  const path = new URL(request.url).pathname;
  return jsonError(404, API_MESSAGES.notFound(request.method, path.length > 200 ? `${path.slice(0, 200)}...` : path));
}
export const loader = notFound;
export const action = notFound;
