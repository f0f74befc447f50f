import type { Shop } from "../services/index";

/**
 * The worker role: registers a handler per queue. On Redis these run in
 * `shop worker`; embedded, in the one `npm start` process.
 */
export function startJobHandlers(shop: Shop, log: (line: string) => void = console.log): void {
  shop.queue.process("otp", async (data) => {
    const { phone } = data as { phone?: string };
    log(`otp: code for ${phone ?? "unknown phone"} handed to the console transport`);
  });
}
