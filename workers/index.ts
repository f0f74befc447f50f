import { z } from "zod";
import type { Shop } from "../services/index";
import { OTP_VALID_MINUTES, otpSmsText } from "../domain/otp";
import { UnrecoverableJobError } from "./queue";
import { sendOnce } from "./sends";
import { createTransports } from "./transports/index";

const otpJob = z.object({ phone: z.string().regex(/^\d{10}$/), code: z.string().regex(/^\d{6}$/) });
const notificationJob = z.object({ key: z.string().min(1).max(200) });

/**
 * The worker role: registers a handler per queue. On Redis these run in
 * `shop worker`; embedded, in the one `npm start` process. Every send goes
 * through a sent-message record (workers/sends.ts), so a job that runs twice
 * sends at most once.
 */
export function startJobHandlers(shop: Shop, log: (line: string) => void = console.log): void {
  const { sms, email } = createTransports(shop.config, shop.db, log);
  const concurrency = shop.config.workerConcurrency;
  const transports = { sms: sms.name, email: email.name };

  shop.queue.process(
    "otp",
    async (data, job) => {
      const parsed = otpJob.safeParse(data);
      if (!parsed.success) throw new UnrecoverableJobError("a send-code job needs a 10-digit phone and a 6-digit code");
      const { phone, code } = parsed.data;
      const key = `otp:${job.id}`;
      const create = {
        key,
        kind: "otp",
        channel: "sms" as const,
        queue: "otp" as const,
        jobName: job.name,
        jobId: job.id,
        recipient: phone,
      };
      if (Date.now() - job.queuedAt.getTime() > OTP_VALID_MINUTES * 60_000) {
        // A code nobody can use any more is not worth a text.
        await sendOnce(shop.db, key, job, transports, async () => {
          throw new UnrecoverableJobError("the code expired before it could be sent");
        }, create);
        return;
      }
      const outcome = await sendOnce(
        shop.db,
        key,
        job,
        transports,
        () => sms.send({ to: phone, text: otpSmsText(shop.config.shopName, code) }),
        create,
      );
      if (outcome !== "sent") log(`otp job ${job.id}: not sent again (${outcome})`);
    },
    { concurrency },
  );

  shop.queue.process(
    "notifications",
    async (data, job) => {
      const parsed = notificationJob.safeParse(data);
      if (!parsed.success) throw new UnrecoverableJobError("a notification job needs the key of its record");
      const { key } = parsed.data;
      const outcome = await sendOnce(shop.db, key, job, transports, (message) => {
        if (message.body === null || (message.channel === "email" && message.subject === null)) {
          throw new UnrecoverableJobError(`notification ${key} has no message text`);
        }
        return message.channel === "sms"
          ? sms.send({ to: message.recipient, text: message.body })
          : email.send({ to: message.recipient, subject: message.subject ?? "", text: message.body });
      });
      if (outcome !== "sent" && outcome !== "already-sent") log(`notification ${key}: not sent (${outcome})`);
    },
    { concurrency },
  );
}
