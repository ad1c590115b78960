# Agent portal: one compiled server (docs/decisions/018-one-compiled-server.md). `npm run build` compiles the
# HTTP server, the bundled reference API and the React Router app into build/server/index.js (plus the
# browser's files in build/client); the runtime image runs it with plain node: no tsx, no esbuild, no
# TypeScript sources.
# Node 20 is past end of life: the image uses the current LTS (22); the code also runs on Node >= 20.19.

# ---- deps: every dependency, for the build ----------------------------------------------------------
FROM node:22-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# ---- build: react-router build -> build/ (client assets and the compiled server) -----------------------
FROM node:22-slim AS build
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN npm run build

# ---- prod-deps: production dependencies only (tsx and the build tools are dev dependencies) ------------
FROM node:22-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# ---- runtime: build/, package.json, production node_modules; non-root ---------------------------------
FROM node:22-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000
WORKDIR /app

COPY package.json ./
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build

# Set UPSTREAM_API_URL (and SESSION_SECRET); without it the server exits with one line. Only for a demo,
# DEMO=1 starts the bundled reference API (published demo passwords), which keeps its SQLite file and the
# generated session secret here: mount a volume on /app/.data to keep them.
RUN mkdir -p /app/.data && chown node:node /app/.data

USER node
EXPOSE 3000

HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# node itself is PID 1 (not npm), so SIGTERM reaches the server: it drains (SHUTDOWN_DRAIN_MS, default 25 s,
# under docker stop's and Kubernetes' 30 s) and exits 0.
CMD ["node", "build/server/index.js"]
