import path from "node:path";
import { startWebServer, type WebServer } from "../../server/http";
import { startJobHandlers } from "../../workers/index";
import { startBackground } from "../../workers/background";
import { openTestShop, type TestShop } from "./shop";

export interface TestServer {
  url: string;
  shop: TestShop;
  close(): Promise<void>;
}

/**
 * The production build served on a free port against a scratch database, with
 * projectors, reactor and job handlers running as in `npm start`.
 */
export async function startTestServer(options: { env?: Record<string, string> } = {}): Promise<TestServer> {
  const shop = await openTestShop({ env: options.env });
  startJobHandlers(shop, () => {});
  const stopBackground = await startBackground(shop, () => {});
  let web: WebServer;
  try {
    web = await startWebServer(shop, { port: 0, host: "127.0.0.1", buildDir: path.resolve("build") });
  } catch (err) {
    await stopBackground();
    await shop.close();
    throw err;
  }
  return {
    url: web.url,
    shop,
    async close() {
      await web.close();
      await stopBackground();
      await shop.close();
    },
  };
}
