import net from "node:net";

/** A TCP port nobody listens on right now, for a server started in another process. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
    server.once("error", reject);
  });
}

/**
 * A port held open until `release()`, for a server whose address must be known
 * before it starts (the shop's SHOP_URL) while other tests pick ports meanwhile.
 */
export async function reservePort(): Promise<{ port: number; release(): Promise<void> }> {
  const holder = net.createServer();
  await new Promise<void>((resolve, reject) => {
    holder.once("error", reject);
    holder.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (holder.address() as net.AddressInfo).port;
  return { port, release: () => new Promise<void>((resolve) => holder.close(() => resolve())) };
}
