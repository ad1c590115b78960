import { type Server, createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A pass-through HTTP proxy in front of the upstream that adds `delayMs` before forwarding each call and
 * counts the calls: the bench's depth (how many upstream waits a page load costs in a row) is how much
 * slower a page gets per added millisecond.
 */
export interface LatencyProxy {
  url: string;
  delayMs: number;
  calls: number;
  close(): Promise<void>;
}

export async function startLatencyProxy(target: string): Promise<LatencyProxy> {
  const upstream = new URL(target);
  const proxy: LatencyProxy = { url: "", delayMs: 0, calls: 0, close: async () => {} };
  const server: Server = createServer((req, res) => {
    proxy.calls += 1;
    const forward = () => {
      const outgoing = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: upstream.host },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      outgoing.on("error", () => res.destroy());
      req.pipe(outgoing);
    };
    if (proxy.delayMs > 0) setTimeout(forward, proxy.delayMs);
    else forward();
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}
