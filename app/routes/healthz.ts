import type { LoaderFunctionArgs } from "@remix-run/node";

/** Database, event store, queue and each projector's lag: 200 when all is well, 503 when not. */
export async function loader({ context }: LoaderFunctionArgs) {
  const health = await context.shop.health();
  return Response.json(health, {
    status: health.ok ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
