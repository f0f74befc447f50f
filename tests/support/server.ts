import { startWebServer, type WebServer } from "../../server/http";
import { startJobHandlers } from "../../workers/index";
import { startBackground } from "../../workers/background";
import { openTestShop, type TestShop } from "./shop";
import { copyBuild, removeBuildCopy } from "./build-copy";

export interface TestServer {
  url: string;
  shop: TestShop;
  close(): Promise<void>;
}

/**
 * The production build served on a free port against a scratch database, with
 * projectors, reactor and job handlers running as in `npm start`. It serves a private
 * copy of build/ (./build-copy.ts): another developer's test run may rebuild build/ meanwhile.
 */
export async function startTestServer(options: { env?: Record<string, string> } = {}): Promise<TestServer> {
  const shop = await openTestShop({ env: options.env });
  startJobHandlers(shop, () => {});
  const stopBackground = await startBackground(shop, () => {});
  let web: WebServer;
  let buildDir: string | undefined;
  try {
    buildDir = await copyBuild();
    web = await startWebServer(shop, { port: 0, host: "127.0.0.1", buildDir });
  } catch (err) {
    await stopBackground();
    await shop.close();
    if (buildDir) removeBuildCopy(buildDir);
    throw err;
  }
  return {
    url: web.url,
    shop,
    async close() {
      await web.close();
      await stopBackground();
      await shop.close();
      removeBuildCopy(buildDir!);
    },
  };
}
