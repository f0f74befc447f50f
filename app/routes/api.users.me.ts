import type { LoaderFunctionArgs } from "@remix-run/node";
import { publicUser, requireApiUser } from "../auth/api.server";

/** The shopper behind a token: lets a client check that its stored token still works. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(request, context.shop);
  return Response.json({ user: publicUser(user) }, { headers: { "Cache-Control": "no-store" } });
}
