#!/usr/bin/env bash
# A private PostgreSQL 15 cluster for Rochade's tests and for trying the PostgreSQL store:
#
#   scripts/postgres.sh start DIR [PORT]   initdb DIR if needed, start it, print its URL (PORT: by
#                                          default one derived from DIR, 50000-59999)
#   scripts/postgres.sh stop DIR           stop it (fast shutdown); nothing when not running
#   scripts/postgres.sh crash DIR          stop it as a power cut would (pg_ctl -m immediate: no
#                                          checkpoint, clients cut off); for the store's tests
#   scripts/postgres.sh url DIR            print the URL of the cluster in DIR
#
# Debian's PostgreSQL binaries (/usr/lib/postgresql/15/bin), listening on 127.0.0.1 only, with
# the unix socket inside DIR (never /var/run/postgresql), fsync and synchronous_commit on (the
# store promises durability; a test cluster that lied about it would hide bugs), and a database
# `rochade`. Authentication is `trust` for 127.0.0.1 and the socket: the cluster is for this
# machine's tests and development, not for production (docs/admin.md says how to point --db at
# a real server). Idempotent: start on a running cluster only prints the URL.
#
# initdb refuses to run as root: then a system user `rochade-pg` (created on first use) owns DIR
# and runs the server, through runuser.
set -euo pipefail

bin=${ROCHADE_PG_BIN:-/usr/lib/postgresql/15/bin}
system_user=rochade-pg

usage()
{
    echo "usage: $0 start DIR [PORT] | stop DIR | crash DIR | url DIR" >&2
    exit 2
}

(($# >= 2)) || usage
command=$1
dir=$(realpath -m "$2")
port=${3:-}

# The user the cluster runs as, and how to run a command as it.
if ((EUID == 0)); then
    user=$system_user
    as_user() { runuser -u "$user" -- "$@"; }
else
    user=$(id -un)
    as_user() { "$@"; }
fi

url_of()
{
    local p
    p=$(sed -n 's/^port = \([0-9]*\).*/\1/p' "$dir/data/rochade.conf")
    echo "postgresql://$user@127.0.0.1:$p/rochade"
}

running() { [[ -f $dir/data/postmaster.pid ]] && as_user "$bin/pg_ctl" -D "$dir/data" status >/dev/null 2>&1; }

case $command in
start)
    if ((EUID == 0)) && ! id "$user" >/dev/null 2>&1; then
        useradd --system --no-create-home --shell /usr/sbin/nologin "$user"
    fi
    mkdir -p "$dir"
    if ((EUID == 0)); then chown "$user" "$dir"; fi
    if ! as_user test -w "$dir"; then
        echo "postgres.sh: $dir is not writable by $user (every directory above it must be searchable)" >&2
        exit 1
    fi
    if [[ ! -f $dir/data/PG_VERSION ]]; then
        # Without a PORT, one derived from DIR: clusters of different checkouts on one machine
        # (several engineers' test runs) do not meet on one port. Below the kernel's ephemeral
        # range (ip_local_port_range, 32768 and up by default): a port in it may be handed to any
        # outgoing connection while the cluster is down, and a restart on the same port (the
        # power-cut test restarts its cluster) would then fail with "Address already in use".
        [[ -n $port ]] || port=$((20000 + $(printf %s "$dir" | cksum | cut -d' ' -f1) % 10000))
        as_user "$bin/initdb" -D "$dir/data" -U "$user" --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log"
        # Our settings in a file of their own, included last, so they win over initdb's defaults.
        cat >"$dir/data/rochade.conf" <<EOF
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$dir'
fsync = on
synchronous_commit = on
full_page_writes = on
max_connections = 100
EOF
        if ((EUID == 0)); then chown "$user" "$dir/data/rochade.conf"; fi
        echo "include 'rochade.conf'" >>"$dir/data/postgresql.conf"
    elif [[ -n $port ]] && ! grep -q "^port = $port\$" "$dir/data/rochade.conf"; then
        sed -i "s/^port = .*/port = $port/" "$dir/data/rochade.conf"
        if running; then as_user "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null; fi
    fi
    if ! running; then
        if ! as_user "$bin/pg_ctl" -D "$dir/data" -l "$dir/postgres.log" -w -t 60 start >/dev/null; then
            echo "postgres.sh: the cluster in $dir did not start; the end of $dir/postgres.log:" >&2
            tail -n 20 "$dir/postgres.log" >&2
            exit 1
        fi
    fi
    p=$(sed -n 's/^port = \([0-9]*\).*/\1/p' "$dir/data/rochade.conf")
    if ! as_user "$bin/psql" -h "$dir" -p "$p" -U "$user" -d postgres -tAc \
        "SELECT 1 FROM pg_database WHERE datname = 'rochade'" | grep -q 1; then
        as_user "$bin/createdb" -h "$dir" -p "$p" -U "$user" rochade
    fi
    url_of
    ;;
stop)
    if running; then as_user "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null; fi
    ;;
crash)
    if running; then as_user "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null; fi
    ;;
url)
    [[ -f $dir/data/rochade.conf ]] || {
        echo "postgres.sh: no cluster in $dir (run: $0 start $dir)" >&2
        exit 1
    }
    url_of
    ;;
*) usage ;;
esac
