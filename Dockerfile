# The site and its enquiry service in one image (docs/deploy/containers.md, "Docker").
#   docker build -t neo-site --build-arg SITE_URL=https://www.example.com .
#   docker run -d -p 3000:3000 -v neo-data:/data --env-file site.env neo-site
# tests/deploy/docker-stages.test.ts runs this file's commands outside Docker (install, build,
# prune, start, health check), so keep each step a plain RUN/COPY/CMD line.

# Build stage: every dependency, the site, the compiled service; then only production dependencies.
FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles its native part when no prebuilt binary can be downloaded.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# npm ci: exactly the lock's tree, and a refusal if package.json and the lock disagree.
RUN npm ci --no-audit --no-fund
COPY . .
# The public address of the site (canonical links, sitemap); empty: content/site.yaml's origin.
ARG SITE_URL=
# Set when the pages go to a static host and the forms post to this service elsewhere.
ARG API_ORIGIN=
RUN npm run build
RUN npm prune --omit=dev

# Runtime stage: node, production dependencies and the build; no compiler, no source.
FROM node:20-bookworm-slim
ENV NODE_ENV=production
ENV PORT=3000
ENV DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# For `docker exec … npm run enquiries -- list` (the admin CLI) and `npm start`.
COPY --from=build /app/server/launch.mjs /app/server/build-freshness.mjs ./server/
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself is PID 1 (not npm): it handles SIGTERM and SIGINT and starts no child processes.
STOPSIGNAL SIGTERM
CMD ["node", "dist/service/main.js"]
