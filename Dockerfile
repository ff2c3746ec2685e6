# Production image for the site: one container, SQLite (uploaded covers included) and cached share
# cards (/data/media) on a volume at /data.
#
#   docker build -t keelstone-operations .
#   docker run --read-only --tmpfs /tmp -p 3000:3000 -v keelstone-data:/data \
#     -e SESSION_SECRET="$SESSION_SECRET" -e TWO_FACTOR_KEY="$TWO_FACTOR_KEY" keelstone-operations
#
# with both secrets made once (`openssl rand -base64 32`) and kept from run to run: a new
# TWO_FACTOR_KEY (or, without one, a new SESSION_SECRET) leaves the admins' two-factor keys
# unreadable; docs/security.md says how to rotate them.
#
# Fly.io builds the `litefs` target instead (fly.toml), for replicated SQLite across machines.
#
# `node scripts/docker-build-mirror.ts` performs these steps without a Docker engine (it
# understands only the instructions used here: keep to FROM node:24... or a stage AS name,
# WORKDIR, ENV key=value, COPY [--from=stage] without wildcards, RUN, USER, VOLUME, EXPOSE,
# HEALTHCHECK CMD and CMD in exec form). Like BuildKit it builds only the stages the default
# target needs, and it starts that target as an unprivileged user that can write nowhere but the
# volume, as `--read-only` would.

# Node with the compilers node-gyp needs: better-sqlite3 builds from source when no
# prebuilt binary fits.
FROM node:24-bookworm-slim AS build-tools
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*

# All dependencies (dev included), then the Vite/React Router build.
FROM build-tools AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build

# Production dependencies only: this node_modules is the one the final image gets.
FROM build-tools AS production-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev

# The runtime files, shared by the two images below: no compilers, no devDependencies.
FROM node:24-bookworm-slim AS app
ENV NODE_ENV=production PORT=3000 DATABASE_PATH=/data/app.db
# V8's heap for fly.toml's 512 MB machine (decision 044): the old generation capped at half of it,
# and a 16 MB young generation, without which a capped heap spends its time collecting garbage.
# On a bigger machine, raise the cap to about half its memory.
ENV NODE_OPTIONS="--max-old-space-size=256 --max-semi-space-size=8"
# Under that cap V8 lets the old generation grow only a little past what its last full collection
# kept before collecting again, which cost the uncached pages a fifth of their throughput: let it
# double (decision 047). Node refuses this V8 flag in NODE_OPTIONS, so server.ts sets it.
ENV HEAP_GROWING_PERCENT=100
# glibc's allocator (decision 045): two arenas rather than one per thread that ever allocated, and
# large blocks (compression windows, image buffers, password hashing) handed back to the system
# when freed, so memory a burst took returns after it.
ENV GLIBC_TUNABLES="glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=262144"
WORKDIR /app
COPY --from=production-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/public ./public
COPY --from=build /app/package.json /app/server.ts ./
COPY --from=build /app/server ./server
# The app/lib modules server.ts and server/ share with the app, which Node runs as they are.
COPY --from=build /app/app/lib/body-limits.server.ts ./app/lib/body-limits.server.ts
COPY --from=build /app/app/lib/litefs.server.ts ./app/lib/litefs.server.ts
COPY --from=build /app/app/lib/logger.server.ts ./app/lib/logger.server.ts
# `npm run admin:create` (the first admin of a new install) and `npm run backup` run on the image too.
COPY --from=build /app/scripts/admin-create.ts ./scripts/admin-create.ts
COPY --from=build /app/scripts/backup.ts ./scripts/backup.ts
COPY --from=build /app/app/features/accounts/password-hashing.server.ts ./app/features/accounts/password-hashing.server.ts
COPY --from=build /app/app/features/accounts/password-rules.ts ./app/features/accounts/password-rules.ts
COPY --from=build /app/app/features/accounts/password-strength.server.ts ./app/features/accounts/password-strength.server.ts
COPY --from=build /app/app/lib/demo-brand.ts ./app/lib/demo-brand.ts
HEALTHCHECK --interval=15s --timeout=5s --start-period=20s --retries=3 CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"

# Fly.io with LiteFS (fly.toml builds this target; see litefs.yml). LiteFS runs as root, as FUSE
# requires, over the volume at /var/lib/litefs, and starts the app as the `node` user. Not for
# `docker run`: it needs FUSE and Consul.
FROM app AS litefs
ENV DATABASE_PATH=/litefs/app.db LITEFS_DIR=/litefs
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates fuse3 && rm -rf /var/lib/apt/lists/*
COPY --from=flyio/litefs:0.5 /usr/local/bin/litefs /usr/local/bin/litefs
COPY litefs.yml /etc/litefs.yml
EXPOSE 8080
CMD ["litefs", "mount"]

# The default image (built when no target is named): one container, SQLite on the /data volume
# and cached share cards in /data/media beside it (made by the app on the first card), an
# unprivileged user, and nothing written outside /data, so the root filesystem can be read-only
# (the `docker run` line at the top).
FROM app AS runtime
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
CMD ["node", "server.ts"]
