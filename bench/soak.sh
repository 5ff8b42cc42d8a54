#!/usr/bin/env bash
# The soak (issue 14): a quarter of the 1,000-game load for 30 minutes, with a tenth of the
# clients reconnecting every minute, and a check that the server's resources stay flat. Run by
# hand (it takes DURATION plus the build); figures in docs/performance.md, "Soak".
#
#   1. builds Release (like run_loadgen.sh) and starts `rochade serve` on a free loopback port
#      with a fresh SQLite database in a temporary directory;
#   2. runs bench/loadgen: GAMES games at RATE moves per game per second plus SPECTATORS
#      spectators over ROOMS rooms, for DURATION seconds; every RECONNECT_EVERY seconds
#      RECONNECT_FRACTION of the clients (one at a time, spread over the period) close their
#      connection normally and come back with their resume token: a player watches its table
#      again and plays on, a spectator enters its room and watches again;
#   3. every SAMPLE_EVERY seconds writes a line of samples.csv: the server's VmRSS, open
#      descriptors, threads and CPU, the WAL's and the database's size, and from GET /metrics the
#      open connections, players online, running games and committed moves; loadgen prints the
#      move latency of each minute (latency.csv);
#   4. prints the samples every REPORT_EVERY seconds and a verdict on the samples after WARMUP
#      seconds, and exits 1 when a resource is not flat:
#      - RSS: the least-squares growth over the window after warm-up (slope x span) at most
#        RSS_GROWTH_PCT percent of the first sample after warm-up (5); or, when the plies of the
#        running games (live_plies.csv, from the database: a running game's memory grows with
#        its moves) vary apart from time, the growth the fit RSS = a + b plies + c time puts on
#        time (c x span) within the same limit;
#      - descriptors: max - min after warm-up at most the churn band, the clients that reconnect
#        per round (GAMES*2+SPECTATORS) * RECONNECT_FRACTION, at least 8;
#      - threads: max - min after warm-up at most THREADS_BAND (0: constant);
#      - WAL: never above WAL_MAX_MB (default 50 MB: the writer checkpoints once the WAL passes
#        10,000 pages, 41 MB, db/sqlite/sqlite_writer.h, plus a fifth), and its size at the end no larger than
#        at the end of the warm-up plus a fifth (it stopped growing).
#
# usage: bench/soak.sh [BUILD_DIR]            (default: build; run it under `nice -n 5`)
# environment (defaults in brackets):
#   DURATION [1800]  GAMES [250]  SPECTATORS [250]  ROOMS [10]  RATE [1]
#   RECONNECT_FRACTION [0.1]  RECONNECT_EVERY [60]  SAMPLE_EVERY [15]  WARMUP [300]
#   REPORT_EVERY [300]  SERVER_THREADS [2]  LOADGEN_THREADS [2]  RAMP_TIMEOUT [120]
#   RSS_GROWTH_PCT [5]  THREADS_BAND [0]  WAL_MAX_MB [50]
#   OUT [a new /tmp/rochade-soak.XXXXXX]: where the CSVs and logs stay (the database is removed)
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
duration=${DURATION:-1800}
games=${GAMES:-250}
spectators=${SPECTATORS:-250}
rooms=${ROOMS:-10}
rate=${RATE:-1}
reconnect_fraction=${RECONNECT_FRACTION:-0.1}
reconnect_every=${RECONNECT_EVERY:-60}
sample_every=${SAMPLE_EVERY:-15}
warmup=${WARMUP:-300}
report_every=${REPORT_EVERY:-300}
server_threads=${SERVER_THREADS:-2}
loadgen_threads=${LOADGEN_THREADS:-2}
ramp_timeout=${RAMP_TIMEOUT:-120}
rss_growth_pct=${RSS_GROWTH_PCT:-5}
threads_band=${THREADS_BAND:-0}
wal_max_mb=${WAL_MAX_MB:-50}

cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
ninja -C "$build" rochade loadgen >/dev/null

out=${OUT:-$(mktemp -d /tmp/rochade-soak.XXXXXX)}
mkdir -p "$out"
db=$out/soak.db
rm -f "$db" "$db-wal" "$db-shm"
server_pid= loadgen_pid=
cleanup() {
    if [[ -n $loadgen_pid ]]; then kill "$loadgen_pid" 2>/dev/null || true; wait "$loadgen_pid" 2>/dev/null || true; fi
    if [[ -n $server_pid ]]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
    rm -f "$db" "$db-wal" "$db-shm"
}
trap cleanup EXIT

# As run_loadgen.sh: the load comes from one address, so the per-connection flood limit and the
# sockets waiting for hello per address are lifted; the connection limit is the machine's.
cat > "$out/config.json" <<'JSON'
{"limits": {"max_connections": 100000, "messages_per_second": 100000, "message_burst": 100000},
 "player_limits": {"connections_per_address_before_hello": 100000}}
JSON
ulimit -n "$(ulimit -Hn)"

"$build/tools/rochade" serve --port 0 --bind 127.0.0.1 --db "$db" --config "$out/config.json" \
    --threads "$server_threads" --web-root "$out" > "$out/server.log" 2>&1 &
server_pid=$!
port=
for _ in $(seq 1 200); do
    port=$(sed -n -E 's/.*listening on [^ ]+ port ([0-9]+).*/\1/p' "$out/server.log" | head -n 1)
    [[ -n $port ]] && break
    sleep 0.05
done
if [[ -z $port ]]; then echo "soak: the server did not start:" >&2; cat "$out/server.log" >&2; exit 1; fi

echo "soak: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); commit $(git -C "$root" rev-parse --short HEAD)" \
     "$(git -C "$root" diff --quiet HEAD -- 2>/dev/null || echo '(with local changes)'); out $out" >&2
echo "soak: $games games x $rate move/s + $spectators spectators in $rooms rooms for $duration s;" \
     "$reconnect_fraction of the clients reconnect every $reconnect_every s" >&2

"$build/bench/loadgen" --port "$port" --threads "$loadgen_threads" --games "$games" --spectators "$spectators" \
    --rate "$rate" --rooms "$rooms" --duration "$duration" --ramp-timeout "$ramp_timeout" --server-pid "$server_pid" \
    --reconnect-fraction "$reconnect_fraction" --reconnect-every "$reconnect_every" --progress 60 \
    > "$out/loadgen.json" 2> "$out/loadgen.log" &
loadgen_pid=$!
start=$(date +%s.%N)

# sample: one line of samples.csv.
proc_field() { awk -v k="$2:" '$1 == k { print $2; exit }' "/proc/$1/status"; }
# metric NAME: its value in the last GET /metrics, summed over its labels; empty when absent.
metric() { awk -v k="$1" '$1 == k || index($1, k "{") == 1 { sum += $2; found = 1 } END { if (found) printf "%d", sum }' "$out/metrics.txt"; }
sample() {
    local t rss fds threads cpu wal dbsize
    t=$(awk -v s="$start" -v n="$(date +%s.%N)" 'BEGIN { printf "%.0f", n - s }')
    rss=$(proc_field "$server_pid" VmRSS) threads=$(proc_field "$server_pid" Threads)
    fds=$(find "/proc/$server_pid/fd" -mindepth 1 -maxdepth 1 2>/dev/null | wc -l)
    # utime + stime (fields 14 and 15; the command name in field 2 has no spaces here).
    cpu=$(awk -v hz="$(getconf CLK_TCK)" '{ printf "%.1f", ($14 + $15) / hz }' "/proc/$server_pid/stat")
    wal=$(stat -c %s "$db-wal" 2>/dev/null || echo 0) dbsize=$(stat -c %s "$db" 2>/dev/null || echo 0)
    curl -s -m 5 "http://127.0.0.1:$port/metrics" > "$out/metrics.txt" || : > "$out/metrics.txt"
    echo "$t,$(date +%s%3N),$rss,$fds,$threads,$cpu,$wal,$dbsize,$(metric rochade_connections_open),$(metric rochade_players_online),$(metric rochade_games_running),$(metric rochade_moves_committed_total),$(proc_field "$loadgen_pid" VmRSS)" >> "$out/samples.csv"
}
echo "t_s,epoch_ms,rss_kib,fds,threads,cpu_s,wal_bytes,db_bytes,connections,players_online,games_running,moves_committed,loadgen_rss_kib" > "$out/samples.csv"
# Samples are taken until the measurement window ends (its start is the end of loadgen's ramp):
# then loadgen closes every connection, which is not the server's doing.
window_end=
while kill -0 "$loadgen_pid" 2>/dev/null; do
    if [[ -z $window_end ]]; then
        ramp_s=$(sed -n -E 's/^loadgen: ramp .* after ([0-9.]+) s.*/\1/p' "$out/loadgen.log")
        [[ -n $ramp_s ]] && window_end=$(awk -v s="$start" -v r="$ramp_s" -v d="$duration" 'BEGIN { printf "%.3f", s + r + d - 1 }')
    fi
    if [[ -n $window_end ]] && awk -v e="$window_end" -v n="$(date +%s.%N)" 'BEGIN { exit !(n > e) }'; then
        sleep 1
        continue
    fi
    sample
    for _ in $(seq 1 "$sample_every"); do kill -0 "$loadgen_pid" 2>/dev/null && sleep 1; done
done
loadgen_status=0
wait "$loadgen_pid" || loadgen_status=$?
loadgen_pid=
kill "$server_pid"; wait "$server_pid" || true; server_pid=
grep -v '^loadgen progress' "$out/loadgen.log" >&2 || true

# latency.csv from loadgen's progress lines (one a minute of the measurement window).
echo "t_s,moves,p50_ms,p99_ms,max_ms,reconnects,resumes,errors,connection_failures" > "$out/latency.csv"
sed -n -E 's/^loadgen progress: t ([0-9]+) s, moves ([0-9]+), latency p50 ([0-9.]+) ms p99 ([0-9.]+) ms max ([0-9.]+) ms, reconnects ([0-9]+), resumes ([0-9]+), errors ([0-9]+), connection failures ([0-9]+)$/\1,\2,\3,\4,\5,\6,\7,\8,\9/p' \
    "$out/loadgen.log" >> "$out/latency.csv"

# live_plies.csv: the plies of the games running at each sample, from the database (every move
# and every game's end carry their time). A running game's memory grows with its moves, and the
# games of random movers run 300 plies and more, so the load's own state keeps growing until
# the mix of game ages settles; the RSS verdict below separates that from a growth in time.
if command -v sqlite3 > /dev/null; then
    sqlite3 -separator , "$db" "SELECT at_ms, 1, game_id FROM moves UNION ALL
        SELECT ended_at_ms, 0, id FROM games WHERE ended_at_ms IS NOT NULL ORDER BY 1, 2 DESC" > "$out/events.csv"
    {
        echo "t_s,live_plies"
        awk -F, 'NR == FNR { if (FNR > 1) { n++; t[n] = $1; at[n] = $2 }; next }
            { while (i < n && at[i + 1] < $1) { i++; print t[i] "," live }
              if ($2 == 1) { plies[$3]++; live++ } else { live -= plies[$3]; delete plies[$3] } }
            END { while (i < n) { i++; print t[i] "," live } }' "$out/samples.csv" "$out/events.csv"
    } > "$out/live_plies.csv"
    rm -f "$out/events.csv"
else
    echo "t_s,live_plies" > "$out/live_plies.csv"
fi

churn_band=$(awk -v c=$((2 * games + spectators)) -v f="$reconnect_fraction" 'BEGIN { b = int(c * f + 0.5); print (b < 8 ? 8 : b) }')
echo
echo "samples every $report_every s (all in $out/samples.csv; latency per minute in $out/latency.csv):"
awk -F, -v every="$report_every" 'NR == FNR { if (FNR > 1) plies[$1] = $2; next }
    FNR == 1 { next }
    { t = $1; mark = int((t + every / 2) / every) * every
      if (mark > 0 && !(mark in done)) { done[mark] = 1
          printf "  %5d s  RSS %7.1f MB  fds %5d  threads %3d  WAL %6.1f MB  db %7.1f MB  connections %5s  live plies %6s  moves %s\n",
                 t, $3 / 1024, $4, $5, $7 / 1e6, $8 / 1e6, $9, plies[t], $12 } }' "$out/live_plies.csv" "$out/samples.csv"

awk -F, -v warmup="$warmup" -v rss_pct="$rss_growth_pct" -v band="$churn_band" -v tband="$threads_band" \
    -v wal_max_mb="$wal_max_mb" '
    NR == FNR { if (FNR > 1) plies_at[$1] = $2; next }
    FNR == 1 { next }
    { wal_max_all = ($7 > wal_max_all ? $7 : wal_max_all) }
    $1 < warmup { wal_at_warmup = $7; next }
    { n++; t[n] = $1; rss[n] = $3; fd[n] = $4; th[n] = $5; wal[n] = $7; if ($1 in plies_at) { np++; p[n] = plies_at[$1] } }
    END {
        if (n < 3) { print "soak: fewer than 3 samples after the warm-up: no verdict"; exit 2 }
        sx = sy = sxx = sxy = 0
        for (i = 1; i <= n; i++) { sx += t[i]; sy += rss[i]; sxx += t[i] * t[i]; sxy += t[i] * rss[i] }
        slope = (n * sxy - sx * sy) / (n * sxx - sx * sx) # KiB per second
        span = t[n] - t[1]
        growth = slope * span
        rmin = rmax = rss[1]; fmin = fmax = fd[1]; hmin = hmax = th[1]; wmax = wal[1]
        for (i = 2; i <= n; i++) {
            rmin = rss[i] < rmin ? rss[i] : rmin; rmax = rss[i] > rmax ? rss[i] : rmax
            fmin = fd[i] < fmin ? fd[i] : fmin; fmax = fd[i] > fmax ? fd[i] : fmax
            hmin = th[i] < hmin ? th[i] : hmin; hmax = th[i] > hmax ? th[i] : hmax
            wmax = wal[i] > wmax ? wal[i] : wmax
        }
        rss_ok = growth <= rss[1] * rss_pct / 100
        # RSS = a + b * live plies + c * time, least squares on centred values: c * span is the
        # growth at a constant number of live plies (what the server keeps apart from the games).
        have_plies = 0
        if (np == n) {
            mt = mp = mr = 0
            for (i = 1; i <= n; i++) { mt += t[i] / n; mp += p[i] / n; mr += rss[i] / n }
            s11 = s22 = s12 = s1y = s2y = 0
            for (i = 1; i <= n; i++) {
                x1 = t[i] - mt; x2 = p[i] - mp; y = rss[i] - mr
                s11 += x1 * x1; s22 += x2 * x2; s12 += x1 * x2; s1y += x1 * y; s2y += x2 * y
            }
            det = s11 * s22 - s12 * s12
            if (s22 > 0 && det > 0.1 * s11 * s22) { # not if time and plies are nearly collinear (|r| > 0.95)
                have_plies = 1
                per_s = (s1y * s22 - s2y * s12) / det
                per_ply = (s2y * s11 - s1y * s12) / det
                growth_at_plies = per_s * span
                pmin = pmax = p[1]
                for (i = 2; i <= n; i++) { pmin = p[i] < pmin ? p[i] : pmin; pmax = p[i] > pmax ? p[i] : pmax }
            }
        }
        rss_ok_at_plies = have_plies && growth_at_plies <= rss[1] * rss_pct / 100
        fd_ok = fmax - fmin <= band
        th_ok = hmax - hmin <= tband
        wal_ok = wal_max_all <= wal_max_mb * 1e6 && wal[n] <= wal_at_warmup * 1.2 + 4096
        printf "\nafter the warm-up of %d s (%d samples, %d s to %d s):\n", warmup, n, t[1], t[n]
        printf "  RSS      first %.1f MB, last %.1f MB, min %.1f, max %.1f; slope %+.2f MB per 10 min, fitted growth %+.1f MB (%+.2f %%; limit %s %%): %s\n",
               rss[1] / 1024, rss[n] / 1024, rmin / 1024, rmax / 1024, slope * 600 / 1024, growth / 1024,
               100 * growth / rss[1], rss_pct, rss_ok ? "flat" : "GROWS"
        if (have_plies)
            printf "           live plies %d to %d (first %d, last %d); RSS = a + %.0f bytes per live ply %+.2f MB per 10 min: growth at constant plies %+.1f MB (%+.2f %%): %s\n",
                   pmin, pmax, p[1], p[n], per_ply * 1024, per_s * 600 / 1024, growth_at_plies / 1024,
                   100 * growth_at_plies / rss[1], rss_ok_at_plies ? "flat" : "GROWS"
        if (!rss_ok && rss_ok_at_plies) print "           (the growth follows the running games'"'"' plies, not time: counted as flat)"
        rss_ok = rss_ok || rss_ok_at_plies
        printf "  fds      first %d, last %d, min %d, max %d; band %d (limit %d, the clients reconnecting per round): %s\n",
               fd[1], fd[n], fmin, fmax, fmax - fmin, band, fd_ok ? "flat" : "NOT FLAT"
        printf "  threads  first %d, last %d, min %d, max %d (limit max - min <= %d): %s\n",
               th[1], th[n], hmin, hmax, tband, th_ok ? "flat" : "NOT FLAT"
        printf "  WAL      max %.1f MB over the whole run (limit %s MB), %.1f MB at the end of the warm-up, %.1f MB at the end: %s\n",
               wal_max_all / 1e6, wal_max_mb, wal_at_warmup / 1e6, wal[n] / 1e6, wal_ok ? "bounded" : "NOT BOUNDED"
        ok = rss_ok && fd_ok && th_ok && wal_ok
        printf "soak verdict: %s\n", ok ? "FLAT" : "NOT FLAT"
        exit ok ? 0 : 1
    }' "$out/live_plies.csv" "$out/samples.csv" && verdict=0 || verdict=$?
if [[ $loadgen_status -ne 0 ]]; then echo "soak: loadgen exited with $loadgen_status" >&2; exit 1; fi
exit "$verdict"
