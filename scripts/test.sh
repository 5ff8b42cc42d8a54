#!/usr/bin/env bash
# The whole test suite, as CI runs it (.ci/run calls this and nothing else):
#   1. dependencies        scripts/install-deps.sh
#   2. build Release       into build/ (Ninja)
#   3. ctest Release       every test, four at a time; the store's suite also on PostgreSQL (ctest label
#                          "postgres"), against a cluster scripts/postgres.sh starts in $build/postgres
#                          before the ctest stages and stops at exit
#   4. build sanitizers    -DROCHADE_SANITIZE=ON (AddressSanitizer + UBSan, -Og, the engine -O2) into build-asan/:
#                          what ctest runs (tests/ and tools/), not bench/
#   5. ctest sanitizers    three at a time, every test except those with the ctest label "slow" (the chaos harness,
#                          tests/server/cluster/test_chaos.cpp, which the Release stage runs)
#   6. differential        tests/differential: random games checked against chessops
#   6a. fuzz               scripts/fuzz.sh $FUZZ_SECONDS (default 20) for each libFuzzer target (clang; docs/fuzzing.md),
#                          one target per core at a time
#   7. build web           scripts/build-web.sh: npm ci in web/ when needed, esbuild into web/dist/ (the client, admin,
#                          archive, profile, leaderboard and analysis bundles, the browser's engine: web/build.mjs)
#   8. web client          node --test tests/web/ (the browser client's pure modules: session, catalogue, room and
#                          table models, board, sounds, ratings, the analysis board's; no browser), after the build's
#                          npm ci
#   9. browser             headless Chromium runs against the Release server and web/dist, three tests at a
#                          time (BROWSER_JOBS), each with its own server, database and browser:
#                          tests/browser/smoke-test.mjs (accounts, guests, a game, reloads, restart, logout) and
#                          tests/browser/play-test.mjs (drag-and-drop, premove, castling, en passant, promotion,
#                          spectator, resign, rematch, flag fall, German, phone and laptop layouts) and
#                          tests/browser/board-test.mjs (the board alone: chooser cancels, premoves dropped or cancelled),
#                          tests/browser/admin-test.mjs (the admin area), tests/browser/archive-test.mjs (the public game page) and
#                          tests/browser/ratings-test.mjs (a rated game, the rating changes, profile, leaderboards),
#                          and issue 26's: presentation-test.mjs (errors, touch targets, focus, live region,
#                          profile and archive layout, German words), lobby-flow-test.mjs (invitations, tables
#                          that go, move label, tab title, chat times), first-visit-test.mjs (a visitor, cached
#                          precompressed files), clock-start-test.mjs (clocks after both first moves, the
#                          first-move abort) and chat-admin-test.mjs (chat channels, admin link, audit, ban forfeit);
#                          issue 28's tournament-test.mjs (the Tournaments tab) and tournament-swiss-test.mjs (a Swiss
#                          of five over three rounds, from registration to the final standings);
#                          issue 29's bot-tokens-test.mjs (API tokens, a bot in "Bots online" challenged) and,
#                          from tests/bots/, bot-api-test.mjs (lichess-bot's calls: full games against a human
#                          client and another bot, streams reconnected, refusals) and self-check-test.mjs;
#                          screenshots in $BROWSER_SHOTS (default build/browser-shots)
#   9a. proxy              scripts/proxy-check.sh: docker/haproxy.cfg in front of three Release nodes on one Redis
#                          bus and one SQLite file, on loopback: /health, the client, /metrics refused, a
#                          WebSocket welcome and a game through the proxy, the client's own address (not the
#                          proxy's) seen by a node through X-Forwarded-For; one node killed with SIGKILL,
#                          and one full (503), leave the rotation within 5 s, new clients still get their
#                          welcome, and both come back
#  10. docker              scripts/docker-check.sh --prebuilt: podman builds docker/Dockerfile's target "prebuilt"
#                          from the Release stage's binary and web/dist (no compile; from source when either
#                          build failed) on a debian:bookworm made by
#                          debootstrap (in the background from the start; kept for the next run) and checks the running image: /health, the
#                          client, the WebSocket welcome, uid 10001, size < 150 MB, podman stop (exit 0,
#                          close 1001), the HEALTHCHECK on ROCHADE_PORT, a game kept across a restart
# A failing stage does not stop the later ones, except those that need its build; the exit
# status is non-zero if any stage failed. The time of each stage is printed at the end.
# ROCHADE_BUILD_DIR and ROCHADE_ASAN_BUILD_DIR override the two build directories.
set -uo pipefail
cd "$(dirname "$0")/.."

build=${ROCHADE_BUILD_DIR:-build}
asan_build=${ROCHADE_ASAN_BUILD_DIR:-build-asan}
# Tests at once per ctest stage. Most of the server's tests wait (timers, leases, other processes):
# at two at a time the Release stage kept the two cores 42% busy (208 CPU s in 247 s), at four 70%
# (225 in 162 s). The sanitized tests compute more: at four they kept the cores 94% busy (830 CPU s
# in 441 s, 498 s at two), so three, leaving timing-bound tests some room.
release_test_jobs=4
sanitizer_test_jobs=3

# ccache (CMakeLists.txt) names the sources below this folder relative to it, so that a second clone
# elsewhere on the machine finds what the first compiled (for the sources built file by file).
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$PWD}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
# The machine's busy CPU seconds so far (every core, every process: /proc/stat's first line less
# idle and iowait): a stage's share of the cores says whether it waits or computes, and so
# whether running it beside another would gain anything.
busy_cpu() { awk -v hz="$(getconf CLK_TCK)" '/^cpu /{ printf "%.1f", ($2+$3+$4+$7+$8+$9) / hz; exit }' /proc/stat; }

timings=()
failed=()
# stage NAME COMMAND...: runs one stage, records its time and whether it failed.
stage()
{
    local name=$1 start cpu_start result
    shift
    echo
    echo "== $name"
    start=$(now)
    cpu_start=$(busy_cpu)
    if "$@"; then result=ok; else result=FAILED; failed+=("$name"); fi
    timings+=("$(printf '%-18s %7s s  %-6s (CPU %s s)' "$name" "$(since "$start")" "$result" \
        "$(awk -v a="$cpu_start" -v b="$(busy_cpu)" 'BEGIN { printf "%.0f", b - a }')")")
    [[ $result == ok ]]
}
skip()
{
    timings+=("$(printf '%-18s %7s    skipped: %s' "$1" "-" "$2")")
    failed+=("$1")
}

# configure_and_build DIR [CMAKE_ARGS...] [-- NINJA_TARGETS...]: every target unless some are named.
configure_and_build()
{
    local dir=$1 cmake_args=() targets=()
    shift
    while (($#)) && [[ $1 != -- ]]; do cmake_args+=("$1"); shift; done
    (($#)) && shift && targets=("$@")
    # ROCHADE_BUILD_TESTS explicitly: scripts/run.sh may have configured the same directory
    # without the tests.
    cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DROCHADE_BUILD_TESTS=ON "${cmake_args[@]}" >/dev/null &&
        ninja -C "$dir" --quiet "${targets[@]}"
}
# The sanitizer stage runs ctest, which needs the test programs (tests/) and the rochade binary
# that the server's and the CLI's tests start (tools/); bench/'s load generator, echo server and
# benchmarks run in no test, and the Release stage builds them (CMake's per-folder "all" targets).
asan_targets=(tests/all tools/all)

differential()
{
    (cd tests/differential && npm ci --no-audit --no-fund --loglevel=error) &&
        node tests/differential/run.mjs --bin "$build/tools/rochade"
}

# The browser tests share nothing (each starts its own server on a free port with its own
# database, and its own chromium), so they run BROWSER_JOBS (default 3) at a time; each one's
# output is printed whole when it ends, in the order below.
browser_tests=(smoke:SMOKE_SHOTS play:BROWSER_SHOTS board:BOARD_SHOTS admin:BROWSER_SHOTS archive:BROWSER_SHOTS
               ratings:BROWSER_SHOTS presentation:BROWSER_SHOTS lobby-flow:BROWSER_SHOTS first-visit:BROWSER_SHOTS
               clock-start:BROWSER_SHOTS chat-admin:BROWSER_SHOTS)
# Issue 27's client: a game from a FEN, a Chess960 game (the setup form, castling on the board).
browser_tests+=(position-game:POSITION_SHOTS chess960-game:CHESS960_SHOTS)
# Issue 30's courtesies: a takeback accepted and declined, more time.
browser_tests+=(takeback:BROWSER_SHOTS)
# A test of this stage lives in tests/browser/, or (the Bot API's, which needs no browser but the
# same server harness) in tests/bots/.
browser_test_file()
{
    if [[ -f tests/browser/$1-test.mjs ]]; then echo "tests/browser/$1-test.mjs"; else echo "tests/bots/$1-test.mjs"; fi
}
browser_test()
(
    shots=${BROWSER_SHOTS:-$build/browser-shots}
    jobs_at_once=${BROWSER_JOBS:-3}
    result=0
    declare -A pids=()
    mkdir -p "$shots"
    for entry in "${browser_tests[@]}"; do
        name=${entry%%:*}
        while (($(jobs -rp | wc -l) >= jobs_at_once)); do wait -n; done
        (
            started=$(now)
            env ROCHADE_BIN="$build/tools/rochade" "${entry#*:}=$shots/$name" node "$(browser_test_file "$name")" \
                >"$shots/$name.log" 2>&1
            status=$?
            since "$started" >"$shots/$name.seconds"
            exit $status
        ) &
        pids[$name]=$!
    done
    for entry in "${browser_tests[@]}"; do
        name=${entry%%:*}
        if wait "${pids[$name]}"; then status=ok; else status=FAILED; result=1; fi
        echo "-- $(browser_test_file "$name"): $status ($(cat "$shots/$name.seconds" 2>/dev/null) s)"
        sed "s/^/[$name] /" "$shots/$name.log"
    done
    exit $result
)
# Issue 27's rating category chess960 on the profile and the leaderboards (run by browser_test).
browser_tests+=(chess960-rating:BROWSER_SHOTS)

# Issue 27's challenges: accepted, declined with a reason, withdrawn (run by browser_test).
browser_tests+=(challenge:BROWSER_SHOTS challenge-setup:BROWSER_SHOTS challenge-preferences:BROWSER_SHOTS open-challenge:BROWSER_SHOTS)
# Issue 27's quick pairing: the pools on the first page, waiting, leaving, a pool game.
browser_tests+=(pools:BROWSER_SHOTS)
# Issue 29's analysis board: Stockfish in the browser on a finished game and on a FEN.
browser_tests+=(analysis:BROWSER_SHOTS)
# Issue 29's "Play the computer": a guest plays level 1 from the first page (run by browser_test).
browser_tests+=(computer:BROWSER_SHOTS)
# Issue 28's Tournaments tab: a director creates a Swiss, players join, it starts (and its round is played).
browser_tests+=(tournament:BROWSER_SHOTS)
# Issue 28 §7: a Swiss of five over three rounds, from registration to the final standings.
browser_tests+=(tournament-swiss:BROWSER_SHOTS)
# Issue 29 §3's browser side: API tokens on the account panel, a bot (this test over HTTP) in
# "Bots online", challenged, accepted, answering a move and resigning.
browser_tests+=(bot-tokens:BROWSER_SHOTS)
# Issue 29 §3: tests/bots/bot-api-test.mjs, a client of our own that makes lichess-bot's calls in
# its order, playing full games against a human test client and another bot; and its self-check.
browser_tests+=(bot-api:BROWSER_SHOTS self-check:BROWSER_SHOTS)

# The docker stage's base image (debootstrap: network and disk more than CPU) is made in the
# background while the C++ builds run; the stage waits for it and makes it itself if this failed.
docker_base()
{
    docker_base_log=$(mktemp)
    scripts/docker-check.sh --base-image >"$docker_base_log" 2>&1 &
    docker_base_pid=$!
}
# The image is built from the Release stage's binary and the client the web stage built, so that
# the server is not compiled a third time; without them it is built from source as by hand.
docker_stage()
{
    wait "$docker_base_pid"
    sed 's/^/(in the background) /' "$docker_base_log"
    rm -f "$docker_base_log"
    if ((release_built && web_built)); then
        scripts/docker-check.sh --prebuilt "$build/tools/rochade"
    else
        scripts/docker-check.sh
    fi
}

# The PostgreSQL cluster of the store's tests (db_tests_postgres in both ctest stages), stopped
# however the run ends. Its URL goes to tests/db/with_postgres.sh as ROCHADE_POSTGRES_FOR_TESTS,
# which sets ROCHADE_TEST_POSTGRES for the *_postgres runs alone: set for every test, it would
# move db_tests itself to PostgreSQL and leave the suite's SQLite side untested.
start_postgres()
{
    mkdir -p "$build" && ROCHADE_POSTGRES_FOR_TESTS=$(scripts/postgres.sh start "$build/postgres") &&
        export ROCHADE_POSTGRES_FOR_TESTS && echo "PostgreSQL for the tests: $ROCHADE_POSTGRES_FOR_TESTS"
}
stop_postgres() { [[ -d $build/postgres ]] && scripts/postgres.sh stop "$build/postgres"; }

total_start=$(now)
stage "dependencies" scripts/install-deps.sh || exit 1
docker_base
trap stop_postgres EXIT
stage "postgres" start_postgres
if stage "build Release" configure_and_build "$build"; then
    stage "ctest Release" ctest --test-dir "$build" --output-on-failure -j "$release_test_jobs"
    release_built=1
else
    skip "ctest Release" "the build failed"
    release_built=0
fi
if stage "build sanitizers" configure_and_build "$asan_build" -DROCHADE_SANITIZE=ON -- "${asan_targets[@]}"; then
    stage "ctest sanitizers" ctest --test-dir "$asan_build" --output-on-failure -j "$sanitizer_test_jobs" -LE slow
else
    skip "ctest sanitizers" "the build failed"
fi
if ((release_built)); then
    stage "differential" differential
else
    skip "differential" "the Release build failed"
fi
stage "fuzz" scripts/fuzz.sh "${FUZZ_SECONDS:-20}"

web_built=0
stage "build web" scripts/build-web.sh && web_built=1
# After the build: its npm ci installs what the analysis board's pure modules import (chessops).
stage "web client" node --test tests/web/
if ((!web_built)); then
    skip "browser" "the web client's build failed"
    skip "proxy" "the web client's build failed"
elif ((release_built)); then
    stage "browser" browser_test
    stage "proxy" env ROCHADE_BIN="$build/tools/rochade" scripts/proxy-check.sh
else
    skip "browser" "the Release build failed"
    skip "proxy" "the Release build failed"
fi
stage "docker" docker_stage

echo
echo "== stage timings"
for line in "${timings[@]}"; do echo "  $line"; done
printf '  %-18s %7s s\n' "total" "$(since "$total_start")"
if ((${#failed[@]})); then
    echo "FAILED: ${failed[*]}"
    exit 1
fi
echo "all stages passed"
