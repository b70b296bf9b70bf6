// A mail server that accepts connections and never says a word: a relay whose process is stuck, or a firewall
// that lets the connection in and drops the rest.
import { createServer, type AddressInfo, type Socket } from 'node:net';

export async function startSilentMailServer() {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Connections made to it so far. */
    connections: () => sockets.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
