import type { MetaFunction } from "@remix-run/node";

export const meta: MetaFunction = () => [{ title: "Hello | Churu Uniform House" }];

/**
 * The benchmark's yardstick (tests/bench/storefront.bench.ts): the smallest page the shop
 * can serve through the same root (frame loader, navbar, footer). Only with SHOP_BENCH_HELLO=1.
 */
export async function loader() {
  if (process.env.SHOP_BENCH_HELLO !== "1") throw new Response("Not Found", { status: 404 });
  return null;
}

export default function BenchHello() {
  return <h1>Hello</h1>;
}
