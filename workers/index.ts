import { z } from "zod";
import type { Shop } from "../services/index";
import { otpSmsText } from "../domain/otp";
import { ConsoleTransport } from "./transports/console";

const otpJob = z.object({ phone: z.string().regex(/^\d{10}$/), code: z.string().regex(/^\d{6}$/) });

/**
 * The worker role: registers a handler per queue. On Redis these run in
 * `shop worker`; embedded, in the one `npm start` process.
 */
export function startJobHandlers(shop: Shop, log: (line: string) => void = console.log): void {
  const sms = new ConsoleTransport(shop.db, log);
  shop.queue.process("otp", async (data) => {
    const job = otpJob.parse(data);
    await sms.send({ to: job.phone, text: otpSmsText(shop.config.shopName, job.code) });
  });
}
