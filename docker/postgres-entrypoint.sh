#!/bin/sh
# The entrypoint of docker/cluster.Dockerfile's postgres target: on the first start, makes a
# PostgreSQL 15 cluster in the volume with the role and database `rochade` (password
# $POSTGRES_PASSWORD, scram-sha-256 over TCP); then runs the server in the foreground.
set -eu
bin=/usr/lib/postgresql/15/bin
data=/var/lib/postgresql/data

if [ ! -s "$data/PG_VERSION" ]; then
    : "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD must be set for the first start}"
    pwfile=$(mktemp)
    printf '%s\n' "$POSTGRES_PASSWORD" >"$pwfile"
    # The socket inside the container may trust its own user (only this container reaches it);
    # every TCP client, the nodes included, gives the password.
    "$bin/initdb" -D "$data" -U rochade --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 \
        --encoding=UTF8 --locale=C.UTF-8 >/dev/null
    rm -f "$pwfile"
    # Every address of the container: the nodes come over the compose network, which is not
    # published. The unix socket goes to /tmp (a tmpfs), since the root file system is read-only.
    cat >>"$data/postgresql.conf" <<CONF
listen_addresses = '*'
unix_socket_directories = '/tmp'
CONF
    echo "host all all all scram-sha-256" >>"$data/pg_hba.conf"
    echo "CREATE DATABASE rochade" | "$bin/postgres" --single -D "$data" -c unix_socket_directories=/tmp postgres >/dev/null
    echo "postgres-entrypoint: made the cluster with database rochade in $data"
fi
exec "$bin/postgres" -D "$data"
