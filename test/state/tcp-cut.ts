import { createServer, connect, type Server, type Socket } from "node:net";

/**
 * A loopback TCP relay to `port` that can be cut (every connection dropped, new ones refused) and
 * restored: a database that goes away in the middle of a run, and comes back.
 */
export interface CuttableRelay {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function relayTo(port: number): Promise<CuttableRelay> {
  const sockets = new Set<Socket>();
  const make = (): Server =>
    createServer((client) => {
      const upstream = connect(port, "127.0.0.1");
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on("close", () => sockets.delete(s));
        s.on("error", () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
  let server = make();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const own = (server.address() as { port: number }).port;
  const stop = (): Promise<void> =>
    new Promise((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  return {
    port: own,
    cut: stop,
    async restore() {
      server = make();
      await new Promise<void>((resolve) => server.listen(own, "127.0.0.1", resolve));
    },
    close: stop,
  };
}
