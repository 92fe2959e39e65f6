# Multi-stage build of the API: install with the frozen lockfile, build, then a small non-root runtime image.
FROM node:20-bookworm-slim AS build
WORKDIR /repo
RUN npm install -g pnpm@10.34.8
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json turbo.json tsconfig.base.json ./
# patchedDependencies in pnpm-workspace.yaml: a frozen install needs the patch files.
COPY patches ./patches
COPY packages ./packages
COPY apps/api ./apps/api
COPY scripts ./scripts
RUN pnpm install --frozen-lockfile --filter @cx/api... \
 && pnpm --filter @cx/api... build \
 && pnpm deploy --filter @cx/api --prod --legacy /out

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=4000
WORKDIR /app
COPY --from=build --chown=node:node /out ./
USER node
EXPOSE 4000
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:4000/api/v1/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "dist/server.js"]
