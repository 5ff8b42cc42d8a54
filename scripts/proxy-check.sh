#!/usr/bin/env bash
# The "proxy" stage of scripts/test.sh: docker/haproxy.cfg in front of three `rochade serve` nodes
# of one cluster, all on loopback, checked through the proxy:
#   1. start      Redis (scripts/redis.sh) as the bus, three nodes (--bus, --node) on one SQLite
#                 file, HAProxy with docker/haproxy.cfg, each on a free port of 127.0.0.1
#   2. through    /health answers 200, / serves the browser client, /metrics is refused (404)
#                 while a node's own port serves it, a WebSocket client gets its welcome, and two
#                 guests play a game (hello, a table, two moves, resign; leastconn puts them on
#                 different nodes)
#   2b. client    the nodes trust the proxy (--trusted-proxy 127.0.0.1/32) and HAProxy sends
#                 X-Forwarded-For: a WebSocket client connecting to the proxy from 127.0.0.2 (another
#                 loopback address than the proxy's own 127.0.0.1) is logged by its node as
#                 "open from 127.0.0.2 (via 127.0.0.1:PORT)", also when it sends an X-Forwarded-For
#                 of its own (198.51.100.9, appears nowhere); the same forged header straight to a
#                 node's port, from the untrusted 127.0.0.2, is ignored ("open from 127.0.0.2:PORT")
#   3. kill       one node gets SIGKILL: HAProxy's health check takes it out of the rotation
#                 within 5 s, and new WebSocket clients through the proxy get their welcome
#   4. back       the node is started again on its port and comes back into the rotation
#   5. full       node3 (limits.max_connections 4) is held full by three WebSocket clients on its
#                 own port: its /health answers 503 "full", HAProxy takes it out within 5 s, new
#                 clients through the proxy get their welcome; the three leave and it comes back
# Everything it started is stopped on exit, also on failure. Prints the time of each step.
#   ROCHADE_BIN   the server (default build/tools/rochade); the browser client must be built
#                 (web/dist, scripts/build-web.sh)
set -euo pipefail
cd "$(dirname "$0")/.."

bin=${ROCHADE_BIN:-build/tools/rochade}
web_root=${ROCHADE_WEB_ROOT:-web/dist}
# How long HAProxy may take to see a killed node (inter 1s, fall 2: about 2 s).
down_limit_s=5

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
step_start=$(now)
step_name=""
# step NAME: prints the time of the step before and starts timing NAME.
step()
{
    [[ -n $step_name ]] && echo "proxy-check: $step_name took $(since "$step_start") s"
    step_name=$1
    step_start=$(now)
    [[ -z $step_name ]] || echo "proxy-check: -- $step_name"
}

work=""
haproxy_pid=""
node_pids=("" "" "")
hold_pids=()
fail()
{
    echo "proxy-check: FAILED: $*" >&2
    if [[ -n $work ]]; then
        for log in "$work"/haproxy.log "$work"/node*.log; do
            [[ -f $log ]] || continue
            tail -n 15 "$log" | sed "s|^|proxy-check:   $(basename "$log"): |" >&2
        done
    fi
    exit 1
}

# Stops what this script started, by the pids it recorded; no error here may cut it short (set +e),
# and the script's own exit status stays.
cleanup()
{
    local status=$? pid
    set +e
    if [[ -n $haproxy_pid ]]; then kill "$haproxy_pid" 2>/dev/null; fi
    for pid in "${hold_pids[@]}"; do kill "$pid" 2>/dev/null; done
    for pid in "${node_pids[@]}"; do
        if [[ -n $pid ]]; then kill -TERM "$pid" 2>/dev/null; fi
    done
    for pid in "$haproxy_pid" "${node_pids[@]}"; do
        if [[ -n $pid ]]; then wait "$pid" 2>/dev/null; fi
    done
    if [[ -n $work ]]; then
        scripts/redis.sh stop "$work/redis"
        rm -rf "$work"
    fi
    exit "$status"
}
trap cleanup EXIT

[[ -x $bin ]] || fail "$bin is not built (cmake and ninja, or scripts/test.sh)"
[[ -f $web_root/index.html ]] || fail "$web_root has no index.html (scripts/build-web.sh)"
command -v haproxy >/dev/null || fail "haproxy is not installed (scripts/install-deps.sh installs it)"

free_port()
{
    node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => {
                 console.log(s.address().port); s.close(); });'
}

# The status line and body of GET PATH on 127.0.0.1:PORT, with bash's /dev/tcp.
http_get()
{
    local port=$1 path=$2
    exec 3<>"/dev/tcp/127.0.0.1/$port" || return 1
    printf 'GET %s HTTP/1.0\r\nHost: 127.0.0.1:%s\r\n\r\n' "$path" "$port" >&3
    timeout 10 cat <&3
    exec 3<&-
}

# Waits up to 20 s for GET /health on PORT to answer 200.
wait_healthy()
{
    local port=$1 i
    for ((i = 0; i < 100; ++i)); do
        http_get "$port" /health 2>/dev/null | head -n 1 | grep -q ' 200 ' && return 0
        sleep 0.2
    done
    fail "/health on port $port did not answer 200 in 20 s"
}

# Waits up to LIMIT seconds for a line matching PATTERN in HAProxy's log; prints the seconds.
wait_log()
{
    local pattern=$1 limit=$2 start
    start=$(now)
    while ! grep -q "$pattern" "$work/haproxy.log"; do
        awk -v s="$(since "$start")" -v l="$limit" 'BEGIN { exit !(s < l) }' || return 1
        sleep 0.1
    done
    since "$start"
}

# Waits up to 5 s for COUNT lines (over all nodes' logs) matching PATTERN (grep -E).
wait_node_log()
{
    local pattern=$1 count=$2 i
    for ((i = 0; i < 50; ++i)); do
        (($(cat "$work"/node?.log | grep -cE "$pattern") >= count)) && return 0
        sleep 0.1
    done
    return 1
}

# start_node N: node N (1-3) on its port, on the shared bus and database, trusting the proxy (on
# 127.0.0.1, as every peer here but the 127.0.0.2 of step 2b) to name the client.
start_node()
{
    local n=$1
    "$bin" serve --bind 127.0.0.1 --port "${node_ports[n - 1]}" --db "$work/rochade.db" --web-root "$web_root" \
        --bus "$bus" --node "node$n" --config "$work/node$n.json" --trusted-proxy 127.0.0.1/32 \
        >>"$work/node$n.log" 2>&1 &
    node_pids[n - 1]=$!
    wait_healthy "${node_ports[n - 1]}"
}

# ---- 1. start -----------------------------------------------------------------------------------
step "start"
work=$(mktemp -d /tmp/rochade-proxy-check.XXXXXX)
# scripts/redis.sh runs redis-server as its own user when we are root: it must reach its folder.
chmod 755 "$work"
bus=$(scripts/redis.sh start "$work/redis" "$(free_port)")
node_ports=("$(free_port)" "$(free_port)" "$(free_port)")
# node3 is full at 4 open sockets, so that step 5 can fill it with three clients (the health
# probe's own socket is the fourth).
echo '{}' >"$work/node1.json"
echo '{}' >"$work/node2.json"
echo '{"limits": {"max_connections": 4}}' >"$work/node3.json"
proxy_port=$(free_port)
# One after the other: the first creates the database's schema, the others find it.
for n in 1 2 3; do start_node "$n"; done
echo "proxy-check: bus $bus; nodes on 127.0.0.1:${node_ports[0]}, :${node_ports[1]}, :${node_ports[2]}"
ROCHADE_PROXY_BIND="127.0.0.1:$proxy_port" \
    ROCHADE_NODE1="127.0.0.1:${node_ports[0]}" ROCHADE_NODE2="127.0.0.1:${node_ports[1]}" \
    ROCHADE_NODE3="127.0.0.1:${node_ports[2]}" \
    haproxy -db -f docker/haproxy.cfg >"$work/haproxy.log" 2>&1 &
haproxy_pid=$!
wait_healthy "$proxy_port"
echo "proxy-check: haproxy $(haproxy -v | awk 'NR == 1 { print $3 }') on 127.0.0.1:$proxy_port"

# ---- 2. through the proxy -----------------------------------------------------------------------
step "through the proxy"
http_get "$proxy_port" /health | tail -n 1 | grep -q '"status":"ok"' || fail "/health through the proxy has no status ok"
echo "proxy-check: /health answers 200 through the proxy"
http_get "$proxy_port" / | grep -Eq 'rochade-[A-Z0-9]{8}[.]js' || fail "/ through the proxy does not serve the browser client"
echo "proxy-check: / serves the browser client through the proxy"
http_get "${node_ports[0]}" /metrics | head -n 1 | grep -q ' 200 ' || fail "a node's own /metrics does not answer 200"
http_get "$proxy_port" /metrics | head -n 1 | grep -q ' 404 ' || fail "/metrics through the proxy is not refused with 404"
echo "proxy-check: /metrics is 404 through the proxy, 200 on a node's own port"
node scripts/ws-check.mjs welcome 127.0.0.1 "$proxy_port" | grep -q '"type":"welcome"' ||
    fail "no welcome on /ws through the proxy"
echo "proxy-check: a WebSocket client gets the welcome through the proxy"
game=$(node scripts/ws-check.mjs play 127.0.0.1 "$proxy_port" 2>"$work/play.log" | awk '/^game_id/ { print $2 }') || true
[[ $game =~ ^[0-9]+$ ]] || fail "the game through the proxy was not played: $(cat "$work/play.log")"
echo "proxy-check: game $game played through the proxy (two guests: hello, 1.e4 e5, White resigns)"

# ---- 2b. the client's address -------------------------------------------------------------------
# Honest only with a client address that is not the proxy's: 127.0.0.2 is loopback too (all of
# 127.0.0.0/8 is), but neither the proxy's address nor trusted. Without X-Forwarded-For, or without
# the proxy trusted, the node would log the proxy's "127.0.0.1:PORT".
step "client address"
via_proxy='open from 127\.0\.0\.2 \(via 127\.0\.0\.1:[0-9]+\)'
WS_CHECK_FROM=127.0.0.2 node scripts/ws-check.mjs welcome 127.0.0.1 "$proxy_port" | grep -q '"type":"welcome"' ||
    fail "no welcome through the proxy from 127.0.0.2"
wait_node_log "$via_proxy" 1 || fail "no node logged the client 127.0.0.2 via the proxy"
echo "proxy-check: a node sees the client's 127.0.0.2 through the proxy, not the proxy's 127.0.0.1"
WS_CHECK_FROM=127.0.0.2 WS_CHECK_FORWARDED_FOR=198.51.100.9 node scripts/ws-check.mjs welcome 127.0.0.1 \
    "$proxy_port" | grep -q '"type":"welcome"' || fail "no welcome through the proxy with a forged X-Forwarded-For"
wait_node_log "$via_proxy" 2 || fail "the client with a forged X-Forwarded-For was not logged as 127.0.0.2"
! grep -q '198\.51\.100\.9 (via' "$work"/node?.log || fail "a node took the client's forged X-Forwarded-For"
echo "proxy-check: a client's own X-Forwarded-For through the proxy is not taken (the proxy's entry is)"
WS_CHECK_FROM=127.0.0.2 WS_CHECK_FORWARDED_FOR=198.51.100.9 node scripts/ws-check.mjs welcome 127.0.0.1 \
    "${node_ports[0]}" | grep -q '"type":"welcome"' || fail "no welcome on node1's own port from 127.0.0.2"
wait_node_log 'open from 127\.0\.0\.2:[0-9]+$' 1 || fail "node1 did not log the untrusted peer 127.0.0.2 as itself"
! grep -q '198\.51\.100\.9' "$work"/node?.log || fail "a node took X-Forwarded-For from an untrusted peer"
echo "proxy-check: X-Forwarded-For from an untrusted peer (127.0.0.2 on a node's own port) is ignored"

# ---- 3. kill one node ---------------------------------------------------------------------------
step "kill node2"
kill -KILL "${node_pids[1]}"
wait "${node_pids[1]}" 2>/dev/null || true
node_pids[1]=""
killed_at=$(now)
down_after=$(wait_log 'nodes/node2 is DOWN' "$down_limit_s") ||
    fail "HAProxy did not take node2 out of the rotation within $down_limit_s s"
echo "proxy-check: HAProxy took node2 out of the rotation $down_after s after the SIGKILL"
for i in 1 2 3 4 5 6; do
    node scripts/ws-check.mjs welcome 127.0.0.1 "$proxy_port" | grep -q '"type":"welcome"' ||
        fail "WebSocket client $i after the kill got no welcome through the proxy"
done
http_get "$proxy_port" /health | head -n 1 | grep -q ' 200 ' || fail "/health through the proxy after the kill"
echo "proxy-check: six new WebSocket clients got their welcome through the proxy, $(since "$killed_at") s after the kill"

# ---- 4. back ------------------------------------------------------------------------------------
step "node2 back"
start_node 2
up_after=$(wait_log 'nodes/node2 is UP' 10) || fail "node2 did not come back into the rotation within 10 s"
echo "proxy-check: node2 restarted, back in the rotation $up_after s after it answered /health"
node scripts/ws-check.mjs welcome 127.0.0.1 "$proxy_port" | grep -q '"type":"welcome"' ||
    fail "no welcome through the proxy with node2 back"

# ---- 5. full ------------------------------------------------------------------------------------
step "node3 full"
# The earlier steps' clients that node3 served are gone first (on a loaded machine their closes
# may still be under way): the three below then fill it exactly.
for ((i = 0; i < 100; ++i)); do
    http_get "${node_ports[2]}" /metrics | grep -q '^rochade_connections_open 0' && break
    sleep 0.1
done
for i in 1 2 3; do
    node scripts/ws-check.mjs hold 127.0.0.1 "${node_ports[2]}" >"$work/hold$i.log" 2>&1 &
    hold_pids+=($!)
done
for ((i = 0; i < 100; ++i)); do
    (($(cat "$work"/hold?.log | grep -c ready) == 3)) && break
    sleep 0.1
done
(($(cat "$work"/hold?.log | grep -c ready) == 3)) || fail "three clients did not get into node3: $(cat "$work"/hold?.log)"
http_get "${node_ports[2]}" /health | head -n 1 | grep -q ' 503 ' || fail "node3's /health does not answer 503 when full"
full_after=$(wait_log 'nodes/node3 is DOWN' "$down_limit_s") ||
    fail "HAProxy did not take the full node3 out of the rotation within $down_limit_s s"
grep -q 'nodes/node3 is DOWN.*503' "$work/haproxy.log" || fail "HAProxy took node3 out, but not for its 503"
echo "proxy-check: node3 full (503), out of the rotation after $full_after s"
for i in 1 2 3 4 5 6; do
    node scripts/ws-check.mjs welcome 127.0.0.1 "$proxy_port" | grep -q '"type":"welcome"' ||
        fail "WebSocket client $i with node3 full got no welcome through the proxy"
done
echo "proxy-check: six new WebSocket clients got their welcome through the proxy while node3 was full"
kill "${hold_pids[@]}" 2>/dev/null
wait "${hold_pids[@]}" 2>/dev/null || true
hold_pids=()
back_after=$(wait_log 'nodes/node3 is UP' 10) || fail "node3 did not come back into the rotation within 10 s of having room"
echo "proxy-check: node3 had room again and was back in the rotation after $back_after s"
step ""
echo "proxy-check: all checks passed"
