import { startWebServer, type WebServer } from "../../server/http";
import type { Logger } from "../../server/logger";
import { startJobHandlers } from "../../workers/index";
import { startBackground } from "../../workers/background";
import { openTestShop, type TestShop } from "./shop";
import { runBuild } from "./run-build";
import { reservePort } from "./ports";
import { startSmsInbox, type SmsInbox } from "./sms-inbox";
import type { JobQueue } from "../../services/queue";

export interface TestServer {
  url: string;
  shop: TestShop;
  /** Where the shop's texts go (unless the test's env names another SMS provider): read sign-in codes here. */
  sms: SmsInbox;
  close(): Promise<void>;
}

/**
 * The production build served on a free port against a scratch database, with
 * projectors, reactor and job handlers running as in `npm start`. It serves the run's
 * copy of build/ (./run-build.ts): another developer's test run may rebuild build/ meanwhile.
 */
export async function startTestServer(
  options: {
    env?: Record<string, string>;
    log?: Logger;
    queue?: JobQueue;
    /** Where the job handlers' and background sweeps' lines go (the shop's log besides its request lines); dropped unless given. */
    appLog?: (line: string) => void;
  } = {},
): Promise<TestServer> {
  // First: the run's first server waits here for the build, before it opens anything it must close.
  const buildDir = await runBuild();
  const sms = await startSmsInbox();
  // The shop's public address (SHOP_URL) is where it will listen: Google's redirect_uri is built from it.
  const reserved = await reservePort();
  const shopUrl = `http://localhost:${reserved.port}`;
  const shop = await openTestShop({ env: { ...sms.env, SHOP_URL: shopUrl, ...options.env }, queue: options.queue }).catch(
    async (err: unknown) => {
      await reserved.release();
      throw err;
    },
  );
  const stopJobHandlers = startJobHandlers(shop, options.appLog ?? (() => {}));
  const stopBackground = await startBackground(shop, options.appLog ?? (() => {}));
  let web: WebServer;
  try {
    await reserved.release();
    web = await startWebServer(shop, { port: reserved.port, host: "127.0.0.1", buildDir, log: options.log });
  } catch (err) {
    await reserved.release();
    await stopBackground();
    await stopJobHandlers();
    await shop.close();
    await sms.close();
    throw err;
  }
  return {
    url: web.url,
    shop,
    sms,
    async close() {
      // A test that reads only an answer's status leaves its body unread: no reason to wait for it.
      await web.close({ graceMs: 500 });
      await stopBackground();
      await stopJobHandlers();
      await shop.close();
      await sms.close();
    },
  };
}
