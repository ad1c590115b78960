import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReferenceApi } from "../../index.ts";
import { startTestApi, tempDbPath, testClient } from "../test-support.ts";

const { remove: removeDb, dbPath } = tempDbPath("reference-api-file-imports-http-");
let api: ReferenceApi;
const client = testClient(() => api.url, { jsonContentTypeOnly: true });

beforeAll(async () => {
  api = await startTestApi(dbPath);
});
afterAll(async () => {
  await api.close();
  removeDb();
});

/**
 * Sends `head` on a socket of its own (an HTTP client would stop writing once answered), waits for the whole answer,
 * then sends `after` bytes more — the writes a sender streaming a file (the portal, a browser's) makes before it has
 * read the answer — and ends the body. The answer, and the error the sender's writes met (a reset: EPIPE,
 * ECONNRESET), if any.
 */
async function sendAfterAnswer(path: string, token: string, head: string, after: number) {
  const { hostname, port } = new URL(api.url);
  const filler = Buffer.alloc(64 * 1024, "1,2\n");
  const chunks = Math.ceil(after / filler.length);
  return new Promise<{ status: number; body: string; writeError: string | null }>((resolve) => {
    const socket = connect(Number(port), hostname);
    let writeError: string | null = null;
    let answer = "";
    let sending = false;
    socket.on("error", (error: NodeJS.ErrnoException) => (writeError = error.code ?? error.message));
    socket.on("close", () => {
      const [status = "", body = ""] = [/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1], answer.split("\r\n\r\n")[1]];
      resolve({ status: Number(status), body, writeError });
    });
    socket.on("data", (data: Buffer) => {
      answer += data.toString();
      const length = Number(/content-length: (\d+)/i.exec(answer)?.[1] ?? -1);
      const body = answer.split("\r\n\r\n")[1];
      if (sending || body === undefined || Buffer.byteLength(body) < length) return;
      sending = true;
      let sent = 0;
      const pump = () => {
        while (sent < chunks) {
          sent++;
          if (!socket.write(filler)) return void socket.once("drain", pump);
        }
        socket.end();
      };
      pump();
    });
    const length = Buffer.byteLength(head) + chunks * filler.length;
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: text/csv\r\nContent-Length: ${length}\r\n\r\n${head}`,
    );
  });
}

/**
 * Issue 35 §2: an upload refused at its first line is answered at once, and what the sender still sends is read and
 * dropped (a lingering close), so the sender — the portal, streaming a browser's file — reads the answer rather than
 * a reset. Closing at once (Connection: close) made the portal's next write fail with EPIPE, sometimes before it had
 * read the answer: it said "The service is not answering" although the upstream had made the refused import.
 */
describe("an upload refused before its end", () => {
  it("is answered, and the sender's writes after the answer meet no reset", async () => {
    const token = await client.tokenOf("admin@demo.test");
    const header = Array.from({ length: 100_000 }, (_, n) => `c${n}`).join(",");
    for (const path of [
      "/api/admin/carrier_imports/upload?carrierId=4&kind=rts&fileName=wide.csv",
      "/api/admin/sunfire_imports/upload?fileName=wide.csv",
    ]) {
      const sent = await sendAfterAnswer(path, token, `${header}\n`, 1024 * 1024);
      expect(sent.writeError, path).toBeNull();
      expect(sent.status, path).toBe(422);
      const { error, import: refused } = JSON.parse(sent.body) as { error: string; import: { problem: string } };
      expect(refused.problem, path).toBe(error);
    }
  });
});
