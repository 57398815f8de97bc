# The portal's release artifact on Node 22, and nothing else: `pnpm release` makes release/portal-<version>.tgz
# (tested by scripts/release.test.ts), this image unpacks it and runs it as it is. Build: docker build -t portal .
# Configure it with the environment (server/README.md): PUBLIC_URL, DATABASE_URL, TRUST_PROXY, METRICS_*, ...
FROM node:22-slim
ARG VERSION=0.1.0
WORKDIR /portal
# ADD unpacks a local tar archive.
ADD release/portal-${VERSION}.tgz /portal/
# Data (PGlite's database, signing keys, files) lives in a volume, owned by the unprivileged user.
RUN mkdir /data && chown node:node /data
VOLUME /data
USER node
ENV HOST=0.0.0.0 PORT=8080 DATA_DIR=/data
EXPOSE 8080
CMD ["node", "--enable-source-maps", "server/main.js"]
