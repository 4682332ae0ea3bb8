# syntax=docker/dockerfile:1
# Multi-stage build on the official Node 24 image: one stage builds the client, one installs only the
# production dependencies, and the runtime image carries those two and the TypeScript sources that Node
# runs directly (type stripping; no compile step for server and shared).
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS base
WORKDIR /app
RUN npm install --global --no-fund --no-audit pnpm@12.4.2
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml tsconfig.base.json ./
COPY shared/package.json shared/
COPY painter/package.json painter/
COPY server/package.json server/
COPY client/package.json client/

FROM base AS build
RUN pnpm install --frozen-lockfile
COPY . .
RUN pnpm --filter @habibka/client build

FROM base AS prod-deps
RUN pnpm install --frozen-lockfile --prod

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production PORT=2567 HOST=0.0.0.0
# The shot pictures (GET /m/<id>/<n>.png) write names and verdicts in Cyrillic: the slim image has no fonts.
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=prod-deps /app ./
COPY package.json ./
COPY shared/src shared/src
# The server paints the shot pictures with the same painters as the client's canvas.
COPY painter/src painter/src
COPY server/src server/src
COPY --from=build /app/client/dist client/dist
RUN mkdir -p data && chown node:node data
USER node
EXPOSE 2567
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s \
  CMD node -e "fetch('http://127.0.0.1:2567/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# A young generation of 64 MiB a half, and no memory reducer: see docs/OPERATIONS.md, "The collector".
CMD ["node", "--max-semi-space-size=64", "--no-memory-reducer", "server/src/main.ts"]
