/**
 * The production entry (docs/decisions/018-one-compiled-server.md). `npm run build` compiles this file, the
 * server it starts (server/*.ts, the reference API) and the React Router app into ONE bundle,
 * build/server/index.js, started with plain `node build/server/index.js`: the app and the server are one
 * module graph, and no TypeScript compiler runs in production. Not runnable from source (the virtual module
 * exists only in the Vite build): `npm run dev` (server/dev.ts) is the way to run the sources.
 * With WEB_CONCURRENCY > 1 this same file is the cluster's primary and each of its workers.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "react-router";
import * as build from "virtual:react-router/server-build";
import { runPortal } from "./cluster.ts";
import { clientAssets } from "./index.ts";

/** build/: this module is compiled to build/server/index.js. */
const BUILD_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

// One process, or with WEB_CONCURRENCY > 1 a cluster of workers (server/cluster.ts, ADR 025).
void runPortal(process.env, {
  root: path.dirname(BUILD_DIR),
  build: build satisfies ServerBuild,
  assets: clientAssets(path.join(BUILD_DIR, "client")),
});
