# One image recipe for every Node process (the six services and the gateway); docker-compose picks the
# entry with `command:`. Builds with SWC like `npm run build:node`.
FROM node:22-bookworm-slim AS build
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json .npmrc ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/service-kit/package.json packages/service-kit/
COPY packages/ui/package.json packages/ui/
COPY services/auth/package.json services/auth/
COPY services/course/package.json services/course/
COPY services/consultation/package.json services/consultation/
COPY services/payment/package.json services/payment/
COPY services/revenue/package.json services/revenue/
COPY services/notification/package.json services/notification/
COPY gateway/package.json gateway/
COPY packages/embedded/package.json packages/embedded/
COPY shell/package.json shell/
COPY mfe-public/package.json mfe-public/
COPY mfe-member/package.json mfe-member/
COPY mfe-admin/package.json mfe-admin/
COPY e2e/package.json e2e/
RUN npm ci
COPY . .
RUN node scripts/build.mjs --node-only --force

FROM node:22-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app /app
USER node
ENTRYPOINT ["node", "--enable-source-maps"]
