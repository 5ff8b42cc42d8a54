#!/usr/bin/env bash
# A Redis of our own for several nodes on one machine (the message bus, server/cluster/redis/): Debian's
# redis-server on 127.0.0.1 only, protected mode on, nothing persisted, daemonized, with its
# configuration, pid file and log in DIR.
#   scripts/redis.sh start DIR [PORT]   start it (default port 6379) unless it runs; prints its URL
#   scripts/redis.sh stop DIR           stop it, if it runs
#   scripts/redis.sh url DIR            print its URL: redis://127.0.0.1:PORT
# Idempotent: start on a running one only prints its URL, stop on a stopped one does nothing.
# As root it runs redis-server as the unprivileged system user rochade-redis (created if missing),
# which then owns DIR.
set -euo pipefail

user=rochade-redis

usage()
{
    echo "usage: $0 start DIR [PORT] | stop DIR | url DIR" >&2
    exit 2
}

# The pid of the redis-server that DIR's pid file names, if that process still runs it.
running_pid()
{
    local pidfile=$dir/redis.pid pid
    [[ -f $pidfile ]] || return 1
    pid=$(<"$pidfile")
    [[ $pid =~ ^[0-9]+$ ]] || return 1
    kill -0 "$pid" 2>/dev/null || return 1
    [[ $(cat "/proc/$pid/comm" 2>/dev/null) == redis-server* ]] || return 1
    echo "$pid"
}

url()
{
    [[ -f $dir/port ]] || {
        echo "redis.sh: no Redis was started in $dir" >&2
        exit 1
    }
    echo "redis://127.0.0.1:$(<"$dir/port")"
}

# Runs a command as the unprivileged user when we are root, as ourselves otherwise.
as_redis_user()
{
    if ((EUID == 0)); then
        runuser -u "$user" -- "$@"
    else
        "$@"
    fi
}

start()
{
    local port=$1
    if ! [[ $port =~ ^[0-9]{1,5}$ ]] || ((10#$port < 1 || 10#$port > 65535)); then
        echo "redis.sh: bad port: $port" >&2
        exit 2
    fi
    port=$((10#$port))
    command -v redis-server >/dev/null || {
        echo "redis.sh: redis-server is not installed (scripts/install-deps.sh installs it)" >&2
        exit 1
    }
    mkdir -p "$dir"
    if running_pid >/dev/null; then
        if [[ $(<"$dir/port") != "$port" ]]; then
            echo "redis.sh: a Redis already runs in $dir on port $(<"$dir/port"), not $port" >&2
        fi
        url
        return
    fi
    if ((EUID == 0)); then
        id -u "$user" >/dev/null 2>&1 ||
            useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin "$user"
        chown "$user:" "$dir"
        runuser -u "$user" -- test -w "$dir" || {
            echo "redis.sh: $user cannot write to $dir (is a parent directory closed to others?)" >&2
            exit 1
        }
    fi
    echo "$port" >"$dir/port"
    cat >"$dir/redis.conf" <<CONF
# Written by scripts/redis.sh: loopback only, no persistence.
bind 127.0.0.1
protected-mode yes
port $port
daemonize yes
pidfile "$dir/redis.pid"
logfile "$dir/redis.log"
dir "$dir"
save ""
appendonly no
CONF
    as_redis_user redis-server "$dir/redis.conf"
    # Ready once it answers: a port taken by someone else shows here as a start-up failure.
    for _ in $(seq 100); do
        if running_pid >/dev/null && redis-cli -h 127.0.0.1 -p "$port" ping 2>/dev/null | grep -q PONG; then
            url
            return
        fi
        sleep 0.1
    done
    echo "redis.sh: redis-server did not come up on 127.0.0.1:$port; its log:" >&2
    tail -n 20 "$dir/redis.log" >&2 || true
    exit 1
}

stop()
{
    local pid
    pid=$(running_pid) || return 0
    kill -TERM "$pid"
    for _ in $(seq 100); do
        kill -0 "$pid" 2>/dev/null || {
            rm -f "$dir/redis.pid"
            return
        }
        sleep 0.1
    done
    kill -KILL "$pid" 2>/dev/null || true
    rm -f "$dir/redis.pid"
}

(($# >= 2)) || usage
action=$1
dir=$(realpath -m -- "$2")
case $action in
start)
    (($# <= 3)) || usage
    start "${3:-6379}"
    ;;
stop)
    (($# == 2)) || usage
    stop
    ;;
url)
    (($# == 2)) || usage
    url
    ;;
*) usage ;;
esac
