# Agent portal: React Router build served by server/index.ts (run with tsx, see docs/decisions/004-tsx-runtime.md).
# Node 20 is past end of life: the image uses the current LTS (22); the code also runs on Node >= 20.19.

# ---- deps: every dependency, for the build ----------------------------------------------------------
FROM node:22-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# ---- build: react-router build -> build/ ---------------------------------------------------------------
FROM node:22-slim AS build
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN npm run build

# ---- runtime: production dependencies only, non-root ---------------------------------------------------
FROM node:22-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000
WORKDIR /app

COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# tsconfig.json: tsx reads the "~/*" path alias from it.
COPY tsconfig.json ./
COPY --from=build /app/build ./build
# server/index.ts imports app/.server/env.ts and runtime.ts; the reference API imports
# app/.server/upstream/schemas.ts and app/domain.
COPY server ./server
COPY app ./app
COPY public ./public

# Set UPSTREAM_API_URL (and SESSION_SECRET); without it the server exits with one line. Only for a demo,
# DEMO=1 starts the bundled reference API (published demo passwords), which keeps its SQLite file and the
# generated session secret here: mount a volume on /app/.data to keep them.
RUN mkdir -p /app/.data && chown node:node /app/.data

USER node
EXPOSE 3000

HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# node itself is PID 1 (not npm), so SIGTERM reaches server/index.ts: it drains (SHUTDOWN_DRAIN_MS, default
# 25 s, under docker stop's and Kubernetes' 30 s) and exits 0.
CMD ["node", "--import", "tsx", "server/index.ts"]
