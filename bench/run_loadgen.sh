#!/usr/bin/env bash
# Measures the game server under load against the ceiling of this machine (issue 3, section 8):
#   1. the echo ceiling: round trips per second of bench/echo_server (Beast, no chess, no db);
#   2. 1,000 games at one move per game per second plus 1,000 spectators;
#   3. peak durable move throughput: movers answer as soon as the opponent's move arrives;
# then prints the ratio peak / echo. Each scenario gets a fresh server and database, so one
# scenario's lingering tables do not load the next.
#
# Both throughputs depend on how many connections are busy (more sockets, more games: more cache
# misses), so SWEEP="100 250 500 1000" replaces scenarios 1 and 3 by a sweep: for each G, the echo
# ceiling with 2G clients and the peak with G games (2G players), a ratio per connection count,
# and the ratio of the best peak to the best echo.
#
# usage: bench/run_loadgen.sh [BUILD_DIR]          (default: build)
# environment (defaults in brackets):
#   DURATION [30] seconds measured per scenario     SERVER_THREADS [2]   LOADGEN_THREADS [2]
#   ECHO_CLIENTS [1000]   GAMES [1000]   SPECTATORS [1000]   RATE [1]   ROOMS [1]
#   PEAK_GAMES [1000]   PEAK_ROOMS [ROOMS]   RAMP_TIMEOUT [120] seconds to connect and seat everyone
#   SWEEP [unset] game counts for the sweep (each sweep peak uses G/10 rooms, at least one)
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
duration=${DURATION:-30}
server_threads=${SERVER_THREADS:-2}
loadgen_threads=${LOADGEN_THREADS:-2}
echo_clients=${ECHO_CLIENTS:-1000}
games=${GAMES:-1000}
spectators=${SPECTATORS:-1000}
rate=${RATE:-1}
rooms=${ROOMS:-1}
peak_games=${PEAK_GAMES:-1000}
peak_rooms=${PEAK_ROOMS:-$rooms}
ramp_timeout=${RAMP_TIMEOUT:-120}

cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
ninja -C "$build" rochade loadgen echo_server >/dev/null

work=$(mktemp -d /tmp/rochade-loadgen.XXXXXX)
server_pid=
cleanup() {
    if [[ -n $server_pid ]]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

# The defaults would refuse beyond 10,000 connections; raise it so only the machine limits us.
# The per-connection flood limit (20 messages/s, bursts of 40) is meant for people: a peak
# player answers at once and, with few games, moves a hundred times a second; it would be
# closed with 1008 long before the server is busy. All the load comes from one address, and
# thousands of its sockets wait for their hello during the ramp.
cat > "$work/config.json" <<'JSON'
{"limits": {"max_connections": 100000, "messages_per_second": 100000, "message_burst": 100000},
 "player_limits": {"connections_per_address_before_hello": 100000}}
JSON
ulimit -n "$(ulimit -Hn)"

# wait_for_port LOG PATTERN: the port the program printed once it listens (port 0 = any free).
wait_for_port() {
    local log=$1 pattern=$2
    for _ in $(seq 1 200); do
        local port
        port=$(sed -n -E "s/.*$pattern.*/\1/p" "$log" | head -n 1)
        if [[ -n $port ]]; then echo "$port"; return 0; fi
        sleep 0.05
    done
    echo "no port in $log:" >&2; cat "$log" >&2; return 1
}

start_echo_server() {
    "$build/bench/echo_server" --port 0 --threads "$server_threads" > "$work/echo.log" 2>&1 &
    server_pid=$!
    port=$(wait_for_port "$work/echo.log" 'listening on [0-9.]+:([0-9]+)')
}

start_rochade() {
    rm -f "$work"/load.db*
    "$build/tools/rochade" serve --port 0 --bind 127.0.0.1 --db "$work/load.db" --config "$work/config.json" \
        --threads "$server_threads" --web-root "$work" > "$work/server-$1.log" 2>&1 &
    server_pid=$!
    port=$(wait_for_port "$work/server-$1.log" 'listening on [^ ]+ port ([0-9]+)')
}

stop_server() {
    kill "$server_pid"; wait "$server_pid" || true; server_pid=
}

# run NAME ARGS...: one loadgen run; its JSON line is kept in $work/NAME.json.
run() {
    local name=$1; shift
    echo "== $name: loadgen $*" >&2
    "$build/bench/loadgen" --port "$port" --threads "$loadgen_threads" --duration "$duration" \
        --ramp-timeout "$ramp_timeout" --server-pid "$server_pid" "$@" > "$work/$name.json"
    cat "$work/$name.json"
}

field() { sed -n -E "s/.*\"$2\":([0-9.eE+-]+).*/\1/p" "$work/$1.json"; }

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); load $(cut -d' ' -f1-3 /proc/loadavg)" >&2

ratio_line() { # ratio_line LABEL ECHO PEAK
    awk -v l="$1" -v e="$2" -v p="$3" 'BEGIN {
        printf "%s: echo ceiling %.0f round trips/s; peak %.0f durable moves/s; peak/echo = %.3f (target >= 0.25)\n", l, e, p, (e > 0 ? p / e : 0)
    }'
}

if [[ -n ${SWEEP:-} ]]; then
    start_rochade games
    run games --games "$games" --spectators "$spectators" --rate "$rate" --rooms "$rooms"
    stop_server
    best_echo=0 best_peak=0 lines=()
    for g in $SWEEP; do
        start_echo_server
        run "echo-$g" --echo --clients $((2 * g)) --rate 0
        stop_server
        start_rochade "peak-$g"
        run "peak-$g" --games "$g" --max --rooms $(( g >= 10 ? g / 10 : 1 ))
        stop_server
        e=$(field "echo-$g" round_trips_per_s) p=$(field "peak-$g" moves_per_s)
        lines+=("$(ratio_line "$((2 * g)) connections" "$e" "$p")")
        best_echo=$(awk -v a="$best_echo" -v b="$e" 'BEGIN { print (b > a ? b : a) }')
        best_peak=$(awk -v a="$best_peak" -v b="$p" 'BEGIN { print (b > a ? b : a) }')
    done
    printf '%s\n' "${lines[@]}"
    ratio_line "best of each" "$best_echo" "$best_peak"
    exit 0
fi

start_echo_server
run echo --echo --clients "$echo_clients" --rate 0
stop_server

start_rochade games
run games --games "$games" --spectators "$spectators" --rate "$rate" --rooms "$rooms"
stop_server

start_rochade peak
run peak --games "$peak_games" --max --rooms "$peak_rooms"
stop_server

ratio_line "$echo_clients echo clients, $peak_games peak games" "$(field echo round_trips_per_s)" "$(field peak moves_per_s)"
