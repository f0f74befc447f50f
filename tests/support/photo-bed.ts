import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import type { Browser } from "playwright-core";
import { launchBrowser } from "./browser";
import { startTestServer, type TestServer } from "./server";
import { createTestAdmin, type TestAdmin } from "./admin";

/** A shop whose photos live in a scratch folder of their own, a browser and a signed-in admin, for the photo browser tests. */
export interface PhotoBed {
  server: TestServer;
  browser: Browser | null;
  admin: TestAdmin;
  scratch: string;
  close(): Promise<void>;
}

/** `env`: more settings for the shop (the photo test keeps catalogue pages long, to see a new photo drop them). */
export async function startPhotoBed(name: string, env: Record<string, string> = {}): Promise<PhotoBed> {
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), `shop-${name}-e2e-`));
  const [server, browser] = await Promise.all([startTestServer({ env: { SHOP_PHOTOS_DIR: path.join(scratch, "photos"), ...env } }), launchBrowser()]);
  const admin = await createTestAdmin(server.shop, server.url, `${name}-admin-${randomUUID().slice(0, 8)}@churu-uniforms.example`);
  return {
    server,
    browser,
    admin,
    scratch,
    async close() {
      await browser?.close();
      await server.close();
      await fs.rm(scratch, { recursive: true, force: true });
    },
  };
}
