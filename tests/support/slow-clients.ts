/**
 * A slow-client flood, as the second probe ran it, in a process of its own (its sockets are
 * its own file descriptors, under a limit its parent raises: tests/integration/slow-clients.test.ts).
 *
 *   node --import tsx tests/support/slow-clients.ts <host> <port> <from address> <sockets>
 *
 * Opens that many sockets from `from` (another loopback address, so the server tells it apart),
 * half sending a request head one byte a second, half a complete head announcing a 100 KB body
 * sent one byte a second. Prints a JSON line every 200 ms: sockets asked for, connected, still
 * open, and closed by the server. Stops on SIGTERM or when stdin closes.
 */
import net from "node:net";

const [host, portText, from, countText] = process.argv.slice(2);
const port = Number(portText);
const count = Number(countText);

let connected = 0;
let closed = 0;
let failed = 0;
const open = new Set<net.Socket>();

function flood(i: number) {
  const socket = net.connect({ host, port, localAddress: from });
  socket.setNoDelay(true);
  socket.on("error", () => {});
  socket.on("data", () => {});
  socket.once("connect", () => {
    connected++;
    open.add(socket);
    socket.write(
      i % 2 === 0
        ? `GET /schools HTTP/1.1\r\nHost: ${host}\r\nX-Slow: `
        : `POST /login HTTP/1.1\r\nHost: ${host}\r\nOrigin: http://${host}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\n`,
    );
  });
  socket.once("close", () => {
    if (open.delete(socket)) closed++;
    else failed++;
  });
}

for (let i = 0; i < count; i++) flood(i);

// One more byte a second on every socket still open: never a whole head, never a whole body.
const drip = setInterval(() => {
  for (const socket of open) if (socket.writable) socket.write("a");
}, 1000);
const report = setInterval(() => {
  process.stdout.write(`${JSON.stringify({ asked: count, connected, open: open.size, closed, failed })}\n`);
}, 200);

function stop() {
  clearInterval(drip);
  clearInterval(report);
  for (const socket of open) socket.destroy();
  process.exit(0);
}
process.on("SIGTERM", stop);
process.stdin.on("end", stop);
process.stdin.resume();
