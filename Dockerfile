# syntax=docker/dockerfile:1
# Homeward's production image: the compiled server (dist/server/main.js) with only the production
# dependencies, run as the unprivileged `node` user. Build: docker build -t homeward .
# Run and scale: compose.yaml and docs/deployment.md. These steps are mirrored and run on every CI
# build by scripts/check-dockerfile.mjs (no container engine there): keep the two in step; the script
# reads this file and fails on a COPY or RUN it does not know.

ARG NODE_IMAGE=node:20-bookworm-slim

# 1. Production dependencies only. --ignore-scripts: the package's `prepare` builds the app, which
#    needs the sources and the development tools. The lock's only other install scripts are
#    esbuild's (a check of its binary, which comes in its optional platform package anyway) and
#    protobufjs's (a version notice): nothing is lost.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund

# 2. The build: the web app, the public pages' renderer, the server bundle and the empty database
#    template (scripts/build.mjs), with every dependency.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build

# 3. What runs: dist/, the production node_modules, and the files the server reads at run time
#    (src/server/app-root.ts `fromAppRoot`: migrations, the common-password list, the sanctions
#    sandbox's sample lists). No TypeScript, no build tool.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/dist ./dist
COPY --chown=root:root package.json ./
COPY --chown=root:root src/server/db/migrations ./src/server/db/migrations
COPY --chown=root:root src/server/auth/common-passwords.txt src/server/auth/common-passwords.LICENSE.txt ./src/server/auth/
COPY --chown=root:root src/server/providers/sanctions-screening/sample ./src/server/providers/sanctions-screening/sample
COPY --chown=root:root deploy/healthcheck.mjs ./deploy/healthcheck.mjs
# The code is root's and read-only to the server; only DATA_DIR (secrets generated on a first start
# when not given, PGlite's files, uploads on disk storage) is writable, as the `node` user (uid 1000).
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 CMD ["node", "deploy/healthcheck.mjs"]
# The flags of `npm start` (package.json, scripts/server-flags.mjs), and source maps for stack traces
# (scripts/start.mjs turns them on); SIGTERM reaches Node directly (no npm, no shell in between).
CMD ["node", "--liftoff-only", "--max-semi-space-size=4", "--enable-source-maps", "dist/server/main.js"]
