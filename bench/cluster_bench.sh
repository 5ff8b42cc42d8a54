#!/usr/bin/env bash
# The cost of several nodes (issue 15): the same load against
#   sqlite   one node on a SQLite file (the reference)
#   pg       one node on PostgreSQL, no bus
#   pg-bus   one node on PostgreSQL with the Redis bus
#   nodes2   two nodes (bus + PostgreSQL), the load split over them
#   nodes3   three nodes (bus + PostgreSQL), the load split over them
# and two loads, each against fresh servers and a fresh database:
#   peak     PEAK_GAMES games flat out (loadgen --max), as run_loadgen.sh's peak
#   rate     RATE_GAMES games at RATE moves per game per second, for latency
# With several nodes there is one loadgen per node, each with its share of the games; in a share
# CROSS of them the joiner connects to the next node (loadgen --cross-port), so its moves are
# forwarded to the table's owner over Redis and the owner's frames come back the same way.
# Every loadgen starts its window at the same second (--window-at); the first one also reports
# the CPU seconds of every postgres and redis-server process in that window (--watch-pids).
#
# Several nodes on one machine share its cores: this measures what the bus and PostgreSQL cost
# per move, not how far several machines would scale.
#
# usage: bench/cluster_bench.sh [BUILD_DIR]          (default: build)
# environment (defaults in brackets):
#   DURATION [10] seconds measured per run    PEAK_GAMES [100]    RATE_GAMES [500]    RATE [1]
#   ROOMS [10]    CROSS [0.5]    SERVER_THREADS [2]    LOADGEN_THREADS [1] per loadgen
#   RAMP_BUDGET [8] seconds between starting the loadgens and the window
#   SCENARIOS ["sqlite pg pg-bus nodes2 nodes3"]    LOADS ["peak rate"]    ROUNDS [1]
#   REDIS_PORT [56390]    PG_PORT [56391]
# Output: one JSON line per run on stdout (ratios against the first scenario of the same round),
# a table on stderr.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
duration=${DURATION:-10}
peak_games=${PEAK_GAMES:-100}
rate_games=${RATE_GAMES:-500}
rate=${RATE:-1}
rooms=${ROOMS:-10}
cross=${CROSS:-0.5}
server_threads=${SERVER_THREADS:-2}
loadgen_threads=${LOADGEN_THREADS:-1}
ramp_budget=${RAMP_BUDGET:-8}
scenarios=${SCENARIOS:-sqlite pg pg-bus nodes2 nodes3}
loads=${LOADS:-peak rate}
rounds=${ROUNDS:-1}
redis_port=${REDIS_PORT:-56390}
pg_port=${PG_PORT:-56391}

work=$(mktemp -d /tmp/rochade-cluster.XXXXXX)
chmod 755 "$work" # postgres.sh runs the cluster as another user when we are root
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    "$root/scripts/redis.sh" stop "$work/redis" >/dev/null 2>&1 || true
    "$root/scripts/postgres.sh" stop "$work/pg" >/dev/null 2>&1 || true
    rm -rf "$work"
}
trap cleanup EXIT

cat > "$work/config.json" <<'JSON'
{"limits": {"max_connections": 100000, "messages_per_second": 100000, "message_burst": 100000},
 "player_limits": {"connections_per_address_before_hello": 100000}}
JSON
ulimit -n "$(ulimit -Hn)"

needs_pg=0 needs_bus=0
for s in $scenarios; do
    [[ $s == sqlite ]] || needs_pg=1
    [[ $s == sqlite || $s == pg ]] || needs_bus=1
done
if ((needs_bus)); then redis_url=$("$root/scripts/redis.sh" start "$work/redis" "$redis_port"); fi
if ((needs_pg)); then
    mkdir -p "$work/pg" && chmod 777 "$work/pg"
    pg_url=$("$root/scripts/postgres.sh" start "$work/pg" "$pg_port")
    pg_base=${pg_url%/*}
fi
pg_user() { local u=${pg_url#postgresql://}; echo "${u%%@*}"; }

wait_for_port() {
    local log=$1
    for _ in $(seq 1 400); do
        local port
        port=$(sed -n -E 's/.*listening on [^ ]+ port ([0-9]+).*/\1/p' "$log" | head -n 1)
        if [[ -n $port ]]; then echo "$port"; return 0; fi
        sleep 0.05
    done
    echo "no port in $log:" >&2; cat "$log" >&2; return 1
}

# The processes whose CPU we report besides the nodes: PostgreSQL's postmaster and its children
# (backends, WAL writer, checkpointer ...) as they are now, and redis-server.
watched_pids() {
    local list=()
    if [[ -f $work/pg/data/postmaster.pid ]]; then
        local pm; pm=$(head -n 1 "$work/pg/data/postmaster.pid")
        list+=("$pm" $(ps -o pid= --ppid "$pm"))
    fi
    [[ -f $work/redis/redis.pid ]] && list+=("$(<"$work/redis/redis.pid")")
    local IFS=,; echo "${list[*]}"
}

# snapshot BUS DBNAME: Redis's calls per command and PostgreSQL's commits and WAL counters, one
# "key value" a line. PostgreSQL's backends publish their counters about once a second, so the
# commits and WAL of a 10-second window are good to some 10 %.
snapshot() {
    local bus=$1 dbname=$2
    if ((bus)); then
        redis-cli -p "$redis_port" info commandstats | sed -n -E 's/^cmdstat_([a-z|]+):calls=([0-9]+).*/redis_\1 \2/p'
        redis-cli -p "$redis_port" info stats | sed -n -E 's/^(total_commands_processed|total_net_input_bytes|total_net_output_bytes):([0-9]+).*/redis_\1 \2/p'
    fi
    if [[ -n $dbname ]]; then
        psql -h 127.0.0.1 -p "$pg_port" -U "$(pg_user)" -d "$dbname" -At -F ' ' -c \
            "select 'pg_xact_commit', xact_commit from pg_stat_database where datname = current_database()
             union all select 'pg_wal_records', wal_records from pg_stat_wal
             union all select 'pg_wal_bytes', wal_bytes from pg_stat_wal
             union all select 'pg_wal_write', wal_write from pg_stat_wal
             union all select 'pg_wal_sync', wal_sync from pg_stat_wal"
    fi
}

# sample_window NAME BUS DBNAME WINDOW_AT: snapshots at the start and the end of the window.
sample_window() {
    local name=$1 bus=$2 dbname=$3 at=$4
    sleep "$(python3 -c "import time; print(max(0.0, $at - time.time()))")"
    snapshot "$bus" "$dbname" > "$work/$name.stats0"
    sleep "$duration"
    snapshot "$bus" "$dbname" > "$work/$name.stats1"
}

# run_one ROUND SCENARIO LOAD: fresh store, N nodes, N loadgens; prints the loadgens' JSON lines
# into $work/R-S-L.N.json.
run_one() {
    local round=$1 scenario=$2 load=$3 nodes=1 store=pg bus=0
    case $scenario in
        sqlite) store=sqlite ;;
        pg) ;;
        pg-bus) bus=1 ;;
        nodes2) bus=1 nodes=2 ;;
        nodes3) bus=1 nodes=3 ;;
        *) echo "unknown scenario $scenario" >&2; return 1 ;;
    esac
    local db name="$round-$scenario-$load" dbname=
    if [[ $store == sqlite ]]; then
        db=$work/$name.db
    else
        dbname="bench_${round}_${scenario//-/_}_$load"
        createdb -h 127.0.0.1 -p "$pg_port" -U "$(pg_user)" "$dbname"
        db=$pg_base/$dbname
    fi
    ((bus)) && redis-cli -p "$redis_port" flushall >/dev/null
    local ports=() node_pids=()
    for ((i = 0; i < nodes; i++)); do
        local args=(serve --port 0 --bind 127.0.0.1 --db "$db" --config "$work/config.json"
                    --threads "$server_threads" --web-root "$work")
        ((bus)) && args+=(--bus "$redis_url" --node "n$i")
        "$build/tools/rochade" "${args[@]}" > "$work/$name.server$i.log" 2>&1 &
        node_pids+=($!) pids+=($!)
        ports+=("$(wait_for_port "$work/$name.server$i.log")")
    done
    ((nodes > 1)) && sleep 2.5 # heartbeats: every node has heard of the others
    local watch; watch=$(watched_pids)
    local games=$peak_games load_args=(--max)
    [[ $load == rate ]] && games=$rate_games load_args=(--rate "$rate")
    window_at=$(python3 -c "import time; print(f'{time.time() + $ramp_budget:.3f}')")
    sample_window "$name" "$bus" "$dbname" "$window_at" &
    local sampler=$!
    local lg_pids=()
    for ((i = 0; i < nodes; i++)); do
        local share=$(( games / nodes + (i < games % nodes ? 1 : 0) ))
        local extra=()
        ((nodes > 1)) && [[ $cross != 0 ]] &&
            extra+=(--cross-port "${ports[(i + 1) % nodes]}" --cross-fraction "$cross")
        ((i == 0)) && [[ -n $watch ]] && extra+=(--watch-pids "$watch")
        "$build/bench/loadgen" --port "${ports[i]}" --threads "$loadgen_threads" --duration "$duration" \
            --ramp-timeout "$ramp_budget" --window-at "$window_at" --server-pid "${node_pids[i]}" \
            --games "$share" --rooms "$rooms" --room $((34 + 100 * i)) "${load_args[@]}" "${extra[@]}" \
            > "$work/$name.$i.json" 2> "$work/$name.$i.log" &
        lg_pids+=($!)
    done
    for pid in "${lg_pids[@]}"; do wait "$pid" || echo "loadgen $pid failed, see $work/$name.*.log" >&2; done
    wait "$sampler" || true
    for pid in "${node_pids[@]}"; do kill "$pid"; wait "$pid" || true; done
    pids=()
    grep -h 'ramp' "$work/$name".*.log | sed "s/^/  $name: /" >&2 || true
}

summarise() { # summarise ROUND LOAD: one JSON line per scenario, ratios against the first
    python3 - "$work" "$1" "$2" "$redis_port" $scenarios <<'PY'
import glob, json, sys
work, rnd, load, redis_port, scenarios = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:]
redis_pid = None
try:
    redis_pid = open(f"{work}/redis/redis.pid").read().strip()
except OSError:
    pass
rows = []
for s in scenarios:
    reps = [json.loads(open(f).read().strip().splitlines()[-1])
            for f in sorted(glob.glob(f"{work}/{rnd}-{s}-{load}.*.json")) if open(f).read().strip()]
    if not reps:
        continue
    window = reps[0]["window_s"]
    moves = sum(r["moves_per_s"] for r in reps)
    watched = reps[0].get("watched_cpu_s", {})
    redis = sum(v for k, v in watched.items() if k == redis_pid)
    postgres = sum(v for k, v in watched.items() if k != redis_pid)
    node = sum(r.get("server_cpu_s", 0) for r in reps)
    loadgen = sum(r["loadgen_cpu_s"] for r in reps)
    per_move = lambda cpu: 1e6 * cpu / (moves * window) if moves else 0
    errors = {}
    for r in reps:
        for k, v in r["errors"].items():
            errors[k] = errors.get(k, 0) + v
    rows.append({
        "round": int(rnd), "scenario": s, "load": load, "nodes": len(reps), "window_s": round(window, 2),
        "moves_per_s": round(moves), "p50_ms": max(r["latency_us"]["p50"] for r in reps) / 1000,
        "p99_ms": max(r["latency_us"]["p99"] for r in reps) / 1000,
        "p50_ms_per_node": [r["latency_us"]["p50"] / 1000 for r in reps],
        "p99_ms_per_node": [r["latency_us"]["p99"] / 1000 for r in reps],
        "cpu_s": {"rochade": round(node, 2), "postgres": round(postgres, 2), "redis": round(redis, 2),
                  "loadgen": round(loadgen, 2)},
        "cpu_us_per_move": {"rochade": round(per_move(node), 1), "postgres": round(per_move(postgres), 1),
                            "redis": round(per_move(redis), 1), "loadgen": round(per_move(loadgen), 1)},
        "games_started": sum(r["games_started"] for r in reps), "errors": errors,
        "connection_failures": sum(sum(r["connection_failures"].values()) for r in reps),
        "ramp_complete": all(r["ramp_complete"] for r in reps),
        "window_late_s": max(r.get("window_late_s", 0) for r in reps),
    })
    # Redis calls and PostgreSQL commits in the window (sampled by the script, not the loadgens).
    def read(path):
        try:
            return {k: float(v) for k, v in (line.split() for line in open(path) if line.strip())}
        except OSError:
            return {}
    before, after = read(f"{work}/{rnd}-{s}-{load}.stats0"), read(f"{work}/{rnd}-{s}-{load}.stats1")
    delta = {k: after[k] - before.get(k, 0) for k in after}
    total_moves = moves * window
    if any(k.startswith("redis_cmd") or k.startswith("redis_") for k in delta):
        per = {k[6:]: round(v / total_moves, 3) for k, v in delta.items()
               if k.startswith("redis_") and not k.startswith("redis_total") and v > 0}
        rows[-1]["redis_calls_per_move"] = per
        rows[-1]["redis_commands_per_s"] = round(delta.get("redis_total_commands_processed", 0) / window)
        rows[-1]["redis_bytes_per_move"] = {
            "in": round(delta.get("redis_total_net_input_bytes", 0) / total_moves),
            "out": round(delta.get("redis_total_net_output_bytes", 0) / total_moves)}
    if "pg_xact_commit" in delta:
        rows[-1]["pg"] = {"commits_per_s": round(delta["pg_xact_commit"] / window),
                          "moves_per_commit": round(total_moves / delta["pg_xact_commit"], 2) if delta["pg_xact_commit"] else None,
                          "wal_syncs_per_s": round(delta.get("pg_wal_sync", 0) / window),
                          "wal_bytes_per_move": round(delta.get("pg_wal_bytes", 0) / total_moves)}
if rows:
    ref = rows[0]
    for row in rows:
        row["ratio"] = {k: round(row[k] / ref[k], 3) if ref[k] else None for k in ("moves_per_s", "p50_ms", "p99_ms")}
        print(json.dumps(row))
        c = row["cpu_us_per_move"]
        print(f"{row['scenario']:>7} {load:>4}: {row['moves_per_s']:>6} moves/s (x{row['ratio']['moves_per_s']}), "
              f"p50 {row['p50_ms']:.2f} ms (x{row['ratio']['p50_ms']}), p99 {row['p99_ms']:.2f} ms "
              f"(x{row['ratio']['p99_ms']}); CPU us/move rochade {c['rochade']} postgres {c['postgres']} "
              f"redis {c['redis']} loadgen {c['loadgen']}; errors {row['errors']}; ramp complete "
              f"{row['ramp_complete']}, window late {row['window_late_s']:.2f} s; "
              f"redis {row.get('redis_commands_per_s')} cmd/s {row.get('redis_calls_per_move')}; pg {row.get('pg')}",
              file=sys.stderr)
PY
}

echo "machine: $(nproc) cores; load $(cut -d' ' -f1-3 /proc/loadavg)" >&2
for ((round = 1; round <= rounds; round++)); do
    for load in $loads; do
        for s in $scenarios; do
            echo "== round $round, $s, $load" >&2
            run_one "$round" "$s" "$load"
        done
        summarise "$round" "$load"
    done
done
