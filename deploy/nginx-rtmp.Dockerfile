# The external media engine of compose.yaml: Debian bookworm's nginx + libnginx-mod-rtmp, the very packages
# e2e/external-engine.spec.ts runs docs/nginx-rtmp.conf with. compose.yaml mounts that file and points
# its hooks at the load balancer.
FROM debian:bookworm-slim
RUN apt-get update \
  && apt-get install -y --no-install-recommends nginx libnginx-mod-rtmp \
  && rm -rf /var/lib/apt/lists/*
EXPOSE 1935 8080
STOPSIGNAL SIGQUIT
