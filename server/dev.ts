/**
 * `npm run dev` (docs/decisions/018-one-compiled-server.md): the same server as production (server/index.ts:
 * security headers, admission, the bundled reference API with DEMO=1) with Vite in middleware mode in front
 * of it, React Router's custom-server shape. Vite loads server/index.ts and the app through its own module
 * runner, so they are one module graph as in the build; each request renders the app's current version, and
 * the browser hot-reloads over Vite's HMR websocket. A change under server/ needs a restart.
 * Run with tsx (development only): `NODE_ENV=development DEMO=1 tsx server/dev.ts`.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "react-router";
import type * as Portal from "./index.ts";
import { createServer, isRunnableDevEnvironment } from "vite";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** Vite's HMR websocket (its own port in middleware mode). */
const HMR_PORT = Number(process.env.VITE_HMR_PORT ?? 24678);

const vite = await createServer({
  root: ROOT,
  server: { middlewareMode: true, hmr: { port: HMR_PORT } },
  appType: "custom",
});
const ssr = vite.environments.ssr;
if (!ssr || !isRunnableDevEnvironment(ssr)) throw new Error("Vite's ssr environment cannot run modules");

const server = (await ssr.runner.import("/server/index.ts")) as typeof Portal;

await server.runMain(async () =>
  server.startPortal(process.env, {
    root: ROOT,
    build: async () => (await ssr.runner.import("virtual:react-router/server-build")) as ServerBuild,
    assets: [vite.middlewares],
    // The Vite client opens ws://<page's host>:<HMR_PORT>.
    connectSources: [`ws://localhost:${HMR_PORT}`, `ws://127.0.0.1:${HMR_PORT}`],
    onShutdown: async () => vite.close(),
  }),
);
