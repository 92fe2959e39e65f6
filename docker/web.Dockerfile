# Multi-stage build of the web app: Vite static build served by unprivileged nginx with SPA fallback and an /api proxy.
FROM node:20-bookworm-slim AS build
WORKDIR /repo
RUN npm install -g pnpm@10.34.8
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json turbo.json tsconfig.base.json ./
# patchedDependencies in pnpm-workspace.yaml: a frozen install needs the patch files.
COPY patches ./patches
COPY packages ./packages
COPY apps/web ./apps/web
COPY scripts ./scripts
RUN pnpm install --frozen-lockfile --filter @cx/web... && pnpm --filter @cx/web... build

FROM nginxinc/nginx-unprivileged:1.27-alpine AS runtime
COPY docker/nginx.conf /etc/nginx/conf.d/default.conf
COPY docker/security-headers.conf /etc/nginx/security-headers.conf
COPY --from=build /repo/apps/web/dist-nginx/customer-security-headers.conf /etc/nginx/customer-security-headers.conf
COPY --from=build /repo/apps/web/dist /usr/share/nginx/html
EXPOSE 8080
