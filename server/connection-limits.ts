import type http from "node:http";
import type { HttpLimits } from "../services/settings";

/**
 * Slow clients must not hold the server (decision 117). Node's own limits do most of it, set
 * from the settings: a request's head must arrive within `headersSeconds` and the whole request
 * within `requestSeconds` (else 408 and the socket closed), and an idle kept-alive connection is
 * closed after `keepAliveSeconds`. They are checked every second, not Node's default 30 s.
 *
 * What the timeouts cannot bound is how many sockets one address opens meanwhile: the probe held
 * 1,500 sockets from 4 addresses. So each remote address of a socket may hold at most
 * `maxConnectionsPerAddress` (one more is closed as soon as it is accepted, before a byte of
 * HTTP is read), and an address with more than `maxIdlePerAddress` open is answered
 * `Connection: close`, so what it keeps alive between requests stays under that number.
 *
 * This counts the socket's own address: the cap acts before HTTP, where no X-Forwarded-For has
 * been read. A socket from a proxy that TRUST_PROXY trusts (`trusted`, Express's own test, the
 * one `req.ip` uses) is not counted: every client behind it shares its address, and the proxy
 * holds its own clients' slow sockets.
 */
export function limitConnections(server: http.Server, limits: HttpLimits, trusted: (address: string) => boolean): void {
  server.headersTimeout = limits.headersSeconds * 1000;
  server.requestTimeout = limits.requestSeconds * 1000;
  server.keepAliveTimeout = limits.keepAliveSeconds * 1000;

  const open = new Map<string, number>();
  server.on("connection", (socket) => {
    const address = socket.remoteAddress;
    if (!address || trusted(address)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > limits.maxConnectionsPerAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
  // First of the request listeners: the app may answer at once, and a header is set before it.
  server.prependListener("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    const address = req.socket.remoteAddress;
    if (address && (open.get(address) ?? 0) > limits.maxIdlePerAddress) res.setHeader("Connection", "close");
  });
}

/** Node checks its head and request timeouts this often (its default is 30 s, which would let a slow head live 40). */
export const CONNECTIONS_CHECKING_INTERVAL_MS = 1000;
