# The game server image, in two stages:
# - build: the whole workspace installed, the client built (Vite) and the server bundled (esbuild, dist/main.js with
#   the engine, protocol and bots inside, and the bot threads' dist/bot-worker.js); then `pnpm deploy --prod` copies
#   the server package (its `files`: dist) with its production dependencies only into /out.
# - runtime: a slim Node 24 with /out and the built client, run by plain `node dist/main.js` (no pnpm, no tsx: a
#   SIGTERM reaches the server itself) as the unprivileged `node` user, NODE_ENV=production.
# Configuration by environment (README "Deploy"): DATABASE_URL, REDIS_URL + PUBLIC_ADDRESS + INSTANCE_ID per replica.
# `docker stop` sends SIGTERM: live matches are kept in their write-ahead log (clients see "server restarting" and come
# back by themselves once this or another replica restores them), or played to their end first with SHUTDOWN_DRAIN_MS.
FROM node:24-bookworm-slim AS build
RUN npm install -g pnpm@12.21.0
WORKDIR /src
COPY . .
RUN pnpm install --frozen-lockfile \
  && pnpm build \
  && pnpm --filter @star-eater/server deploy --prod /out \
  && test -f /out/dist/main.js -a -f /out/dist/bot-worker.js \
  && cp -r packages/client/dist /out/client

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=2567 CLIENT_DIR=/app/client SQLITE_PATH=/data/star-eater.sqlite
WORKDIR /app
COPY --from=build --chown=node:node /out /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 2567
STOPSIGNAL SIGTERM
CMD ["node", "dist/main.js"]
