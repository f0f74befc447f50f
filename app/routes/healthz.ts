import type { LoaderFunctionArgs } from "@remix-run/node";

/**
 * Database, event store, queue, each projector's and the reactor's lag in events and in
 * seconds, and the job runners' heartbeat: 200 when all is well, 503 when not (server/health.ts).
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const health = await context.shop.health();
  return Response.json(health, {
    status: health.ok ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
