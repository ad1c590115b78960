import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { upstreamReady } from "./index";

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(async (s) => {
      s.closeAllConnections();
      return new Promise((resolve) => s.close(resolve));
    }),
  );
});

/** An upstream whose GET /api/health answers with the given status, content type and body. */
async function upstream(status: number, type: string, body: string): Promise<string> {
  const server = createServer((req, res) => {
    if (req.url !== "/api/health") return void res.writeHead(404).end();
    res.writeHead(status, { "content-type": type }).end(body);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("/readyz is ready only when the upstream answers GET /api/health with JSON", () => {
  it("200 with a JSON object: ready (also with a trailing slash or a base path)", async () => {
    const url = await upstream(200, "application/json; charset=utf-8", '{"status":"ok"}');
    expect(await upstreamReady(url, 1000)).toBe(true);
    expect(await upstreamReady(`${url}/`, 1000)).toBe(true);
  });

  it.each([
    ["an HTML page (a proxy's error or login page)", 200, "text/html", "<!doctype html><title>Login</title>"],
    ["JSON with an error status", 503, "application/json", '{"status":"down"}'],
    ["a 404 JSON", 404, "application/json", '{"error":"Not found"}'],
    ["a JSON type with a body that is not JSON", 200, "application/json", "<html>"],
    ["JSON that is not an object", 200, "application/json", '"ok"'],
    ["no content type", 200, "", '{"status":"ok"}'],
  ])("%s: not ready", async (_name, status, type, body) => {
    expect(await upstreamReady(await upstream(status, type, body), 1000)).toBe(false);
  });

  it("an upstream that cannot be reached: not ready", async () => {
    expect(await upstreamReady("http://127.0.0.1:9", 1000)).toBe(false);
  });
});
