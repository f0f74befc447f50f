import type { LoaderFunctionArgs } from "@remix-run/node";
import { isLoopbackGroup } from "../../domain/client-address";
import { getAdmin } from "../auth/session.server";

/**
 * Database, event store, queue, each projector's and the reactor's lag in events and in
 * seconds, and the job runners' heartbeat: 200 when all is well, 503 when not (server/health.ts).
 * The details (the database's and Redis' addresses, the data folder, counts) are for the owner:
 * an admin signed in, or a monitor on the machine itself (loopback). Anyone else gets the verdict
 * alone, which is all an uptime check needs. Behind a reverse proxy the client is the loopback
 * unless TRUST_PROXY names the proxy (docs/configuration.md).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const health = await context.shop.health();
  const status = health.ok ? 200 : 503;
  const headers = { "Cache-Control": "no-store" };
  const trusted = isLoopbackGroup(context.clientIp) || (await getAdmin(request, context.shop)) !== null;
  return Response.json(trusted ? health : { ok: health.ok }, { status, headers });
}
