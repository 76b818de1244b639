# Production image: one image, two commands (api, worker).
FROM node:20-bookworm-slim AS web
WORKDIR /src/web
COPY web/package.json web/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY web/ ./
RUN npm run build

FROM rust:1-bookworm AS rust
RUN apt-get update && apt-get install -y --no-install-recommends libespeak-ng-dev libclang-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
ENV SQLX_OFFLINE=true
COPY . .
RUN cargo build --release --bins -p api -p worker

FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends espeak-ng libespeak-ng1 ffmpeg curl ca-certificates \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=rust /src/target/release/stimmwerk-api /src/target/release/stimmwerk-worker /usr/local/bin/
COPY --from=web /src/web/dist /app/web/dist
ENV APP__HTTP__HOST=0.0.0.0 APP__HTTP__WEB_DIST=/app/web/dist APP__STORAGE__DIR=/data/audio \
    APP__MAIL__OUTBOX_DIR=/data/outbox
EXPOSE 8080
CMD ["stimmwerk-api", "serve"]
