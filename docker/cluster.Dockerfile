# The other services of docker/compose.yaml's profile "cluster", each a target of this file, built
# from Debian 12's own packages on the same debian:bookworm base as docker/Dockerfile (no registry
# images: scripts/docker-check.sh makes that base with debootstrap where no registry is reachable):
#   redis      Debian's redis-server, the bus between the nodes (--bus redis://redis:6379)
#   postgres   Debian's PostgreSQL 15, the nodes' shared store (--db postgresql://...)
#   haproxy    Debian's HAProxy 2.6 with docker/haproxy.cfg, in front of the nodes
# Built from the repository root: docker build -f docker/cluster.Dockerfile --target haproxy .

# ---- redis ----------------------------------------------------------------------------------
FROM debian:bookworm AS redis
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends redis-server \
 && rm -rf /var/lib/apt/lists/*
# The package's unprivileged user; the bus needs no root.
USER redis
EXPOSE 6379
HEALTHCHECK --interval=10s --timeout=3s --retries=3 CMD ["redis-cli", "ping"]
# On every address of the container, since the nodes reach it over the compose network (which is
# not published: no port of this service leaves the host). Protected mode would refuse them without
# a password, and the nodes' redis:// URL carries none (server/config/redis_url.cpp). The bus keeps
# nothing worth saving (channels and leases that expire), so nothing is written: the root file
# system can stay read-only.
ENTRYPOINT ["redis-server", "--bind", "0.0.0.0", "--protected-mode", "no", "--port", "6379", \
            "--save", "", "--appendonly", "no", "--dir", "/tmp"]

# ---- postgres -------------------------------------------------------------------------------
FROM debian:bookworm AS postgres
# postgresql-common first, told not to make the package's main cluster (the official postgres
# image does the same): the entrypoint makes the cluster in the volume on the first start.
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql-common \
 && sed -ri 's/#(create_main_cluster) .*$/\1 = false/' /etc/postgresql-common/createcluster.conf \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql-15 \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /var/lib/postgresql/data \
 && chown postgres:postgres /var/lib/postgresql/data \
 && chmod 700 /var/lib/postgresql/data
COPY docker/postgres-entrypoint.sh /usr/local/bin/postgres-entrypoint.sh
# The package's unprivileged user, which owns the data directory; initdb refuses root anyway.
USER postgres
VOLUME /var/lib/postgresql/data
EXPOSE 5432
HEALTHCHECK --interval=5s --timeout=3s --start-period=30s --retries=5 \
    CMD ["/usr/lib/postgresql/15/bin/pg_isready", "-h", "127.0.0.1", "-U", "rochade", "-d", "rochade"]
# SIGINT is PostgreSQL's fast shutdown: sessions are ended, a checkpoint is written, exit 0.
STOPSIGNAL SIGINT
ENTRYPOINT ["/usr/local/bin/postgres-entrypoint.sh"]

# ---- haproxy --------------------------------------------------------------------------------
FROM debian:bookworm AS haproxy
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends haproxy \
 && rm -rf /var/lib/apt/lists/*
COPY docker/haproxy.cfg /etc/haproxy/rochade.cfg
# The package's unprivileged user: the proxy listens on 8080 inside the container, so it needs no
# capability, no chroot and no user switch.
USER haproxy
ENV ROCHADE_PROXY_BIND=:8080
EXPOSE 8080
# In the foreground (-db), logging to stderr (docker/haproxy.cfg), as PID 1: SIGTERM stops it.
ENTRYPOINT ["haproxy", "-db", "-f", "/etc/haproxy/rochade.cfg"]
