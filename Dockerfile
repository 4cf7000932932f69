# The game server image: Node 22, the workspace, the built client; serves everything on $HOST:$PORT (0.0.0.0:2567).
# Configuration by environment (README "Deploy"): DATABASE_URL, REDIS_URL + PUBLIC_ADDRESS for several replicas.
# `docker stop` sends SIGTERM: the server stops taking new matches, lets live ones finish for SHUTDOWN_DRAIN_MS (default 0),
# then closes what is left (code 4001) and exits 0 (README "Deploy").
FROM node:22-bookworm-slim
RUN npm install -g pnpm@12.21.0
WORKDIR /app
COPY . .
RUN pnpm install --frozen-lockfile && pnpm build
ENV HOST=0.0.0.0 PORT=2567 NODE_ENV=production
EXPOSE 2567
STOPSIGNAL SIGTERM
CMD ["node", "--import", "tsx", "packages/server/src/main.ts"]
