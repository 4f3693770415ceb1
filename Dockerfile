# syntax=docker/dockerfile:1
# The playground's production image (docs/operations.md, "Deploy with a container").
# Two stages on the same slim Node 20: `build` installs everything and runs `npm run build`;
# `runtime` installs only the runtime dependencies (docs/decisions/0001-dependencies.md,
# "Runtime or build") and takes dist/ from `build`, so neither the build tools nor the web
# app's packages are in the image. It runs as the unprivileged `node` user, and writes nothing
# to its own file system (Kubernetes can mount it read-only: deploy/kubernetes/playground.yaml).
# No secret is baked in: SESSION_SECRET, YUQUE_CLIENT_SECRET and REDIS_URL come from the
# environment at run time. scripts/deploy/dockerfile.test.ts checks these rules.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080
WORKDIR /app
COPY package.json package-lock.json ./
# --ignore-scripts: no runtime dependency needs an install script; none runs as root here.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
USER node
# The app (PORT).
EXPOSE 8080
# Prometheus metrics, when METRICS_PORT=9464 is set: never on the app's port
# (docs/operations.md#metrics).
EXPOSE 9464
# The server drains on SIGTERM: /readyz answers 503, then the requests in flight finish
# (SHUTDOWN_DRAIN_DELAY_MS, SHUTDOWN_TIMEOUT_MS); the orchestrator's grace period must cover both.
STOPSIGNAL SIGTERM
# Node itself, since a slim image has neither curl nor wget. /healthz is liveness only.
HEALTHCHECK --interval=10s --timeout=3s --start-period=15s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--enable-source-maps", "dist/server.js"]
