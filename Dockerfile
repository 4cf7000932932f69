# The game server image: Node 22, the workspace, the built client; serves everything on $PORT (2567).
FROM node:22-bookworm-slim
RUN npm install -g pnpm@12.21.0
WORKDIR /app
COPY . .
RUN pnpm install --frozen-lockfile && pnpm build
ENV PORT=2567
EXPOSE 2567
CMD ["node", "--import", "tsx", "packages/server/src/main.ts"]
