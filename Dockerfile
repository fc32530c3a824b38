# The portal's image: the same build and start as `npm run demo` / `npm start` (scripts/demo.sh), in three
# stages. compose.yaml runs two of it behind nginx; lib/config/compose.test.ts checks this file's images and
# command. Build: docker build -t sports-portal:local .

# 1. Dependencies, exactly as locked.
FROM node:20-bookworm-slim AS deps
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# 2. The production build of the pages, then the build cache and the dev-only packages dropped (tsx,
#    which runs server.ts, is a runtime dependency).
FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN npx next build && rm -rf .next/cache && npm prune --omit=dev --no-audit --no-fund

# 3. Runtime: Debian's ffmpeg (HLS packaging, recordings) and CJK fonts (text that sharp draws from SVG on
#    the server, e.g. level badges, has a font for every script), the built tree, an unprivileged user.
FROM node:20-bookworm-slim AS runtime
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg fonts-noto-cjk ca-certificates \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    FFMPEG_PATH=/usr/bin/ffmpeg
COPY --from=build /app /app
# Next writes its cache under .next at run time; DATA_DIR holds HLS recordings (embedded media server) and
# local uploads (STORAGE_PROVIDER=local).
RUN mkdir -p /data && chown -R node:node /data /app/.next
USER node
VOLUME /data
# Pages, API and websockets; RTMP pushes when the embedded media server runs (MEDIA=on).
EXPOSE 3000 1935
HEALTHCHECK --interval=15s --timeout=5s --start-period=180s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>{process.exitCode=r.ok?0:1},()=>{process.exitCode=1})"]
# `npm start`: NODE_ENV=production tsx server.ts (migrates, then serves). npm passes SIGTERM on; server.ts
# drains and closes on it. compose.yaml adds `init: true` so signals and orphans are handled by an init.
CMD ["npm", "start"]
