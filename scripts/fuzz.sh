#!/usr/bin/env bash
# Builds the libFuzzer targets (tests/fuzz, docs/fuzzing.md) with clang into build-fuzz/ and runs
# each for a fixed time:
#   scripts/fuzz.sh [SECONDS] [TARGET...]     default 30 seconds each, every target
#   scripts/fuzz.sh 3600 fuzz_pgn             one target for an hour
#   scripts/fuzz.sh merge [TARGET...]         shrink each learnt corpus to the inputs that add
#                                             coverage (libFuzzer's -merge=1), no fuzzing
# The committed seeds (tests/fuzz/corpus/<name>) are read, never written: what a run learns goes
# to build-fuzz/fuzz/<name>/corpus, kept between runs. A crash, a broken property, a leak, a
# timeout or an out-of-memory input stops that target; its input is saved under
# build-fuzz/fuzz/<name>/ and printed at the end, and the exit status is non-zero.
# The targets run FUZZ_PARALLEL at a time (default: the core count), each on a core of its own.
# ROCHADE_FUZZ_BUILD_DIR overrides the build directory; FUZZ_JOBS=N runs N fuzzing processes
# per target in parallel (libFuzzer's -fork=N), for long runs on a bigger machine.
set -uo pipefail
cd "$(dirname "$0")/.."

mode=run
if [ "${1:-}" = merge ]; then
    mode=merge
    shift
fi
seconds=${1:-30}
[ $mode = run ] && shift $(($# > 0 ? 1 : 0))
build=${ROCHADE_FUZZ_BUILD_DIR:-build-fuzz}
all_targets=(fuzz_decode fuzz_hello fuzz_fen fuzz_move_text fuzz_pgn fuzz_static_path fuzz_websocket)
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=("${all_targets[@]}")

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

start=$(now)
if [ ! -f "$build/build.ninja" ]; then
    CC=clang CXX=clang++ cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DROCHADE_FUZZ=ON \
        -DROCHADE_BUILD_TESTS=OFF -DROCHADE_MIMALLOC=OFF || exit 1
fi
ninja -C "$build" -j2 fuzz_targets || exit 1
echo "build: $(since "$start") s"

export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

# merge: a long run leaves many inputs that add nothing over the others; keep the ones that add
# coverage over the committed seeds and each other, so the next run starts from a small corpus.
if [ $mode = merge ]; then
    status=0
    for target in "${targets[@]}"; do
        name=${target#fuzz_}
        work=$build/fuzz/$name
        mkdir -p "$work/corpus"
        rm -rf "$work/corpus.merged"
        mkdir "$work/corpus.merged"
        before=$(ls "$work/corpus" | wc -l)
        if "$build/tests/fuzz/$target" -merge=1 -timeout=10 -rss_limit_mb=2048 "$work/corpus.merged" \
            "tests/fuzz/corpus/$name" "$work/corpus" > "$work/merge.log" 2>&1; then
            rm -rf "$work/corpus"
            mv "$work/corpus.merged" "$work/corpus"
            echo "$target: corpus $before -> $(ls "$work/corpus" | wc -l) files"
        else
            status=1
            echo "$target: merge failed, corpus kept; log: $work/merge.log"
        fi
    done
    exit $status
fi
# One target's run; its summary goes to $work/summary and its exit status to $work/status, read
# below in the targets' order once all have ended.
run_target()
{
    local target=$1 name=${1#fuzz_} work status runs target_start options input
    work=$build/fuzz/$name
    mkdir -p "$work/corpus"
    options=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1
             -artifact_prefix="$work/")
    [ -f "tests/fuzz/dict/$name.dict" ] && options+=(-dict="tests/fuzz/dict/$name.dict")
    [ -n "${FUZZ_JOBS:-}" ] && options+=(-fork="$FUZZ_JOBS" -ignore_crashes=0)
    rm -f "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/oom-* "$work"/slow-unit-* "$work/status"
    target_start=$(now)
    "$build/tests/fuzz/$target" "${options[@]}" "$work/corpus" "tests/fuzz/corpus/$name" > "$work/log" 2>&1
    status=$?
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$work/log" | grep -o '[0-9]*$' | tail -1)
    {
        echo "$target: exit $status, ${runs:-?} inputs in $(since "$target_start") s, corpus $(ls "$work/corpus" | wc -l) files"
        if [ $status -ne 0 ]; then
            grep -E 'ERROR|property failed|runtime error|SUMMARY' "$work/log" | head -5 | sed 's/^/    /'
            echo "    log: $work/log"
        fi
    } > "$work/summary"
    echo $status > "$work/status"
}

# FUZZ_PARALLEL targets at a time (default: one per core); each still fuzzes for the full SECONDS
# on a core of its own, so running them side by side only shortens the stage.
# With FUZZ_JOBS each target forks its own processes, so the targets run one at a time.
default_parallel=$(nproc)
[ -n "${FUZZ_JOBS:-}" ] && default_parallel=1
parallel=${FUZZ_PARALLEL:-$default_parallel}
for target in "${targets[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge "$parallel" ]; do wait -n; done
    run_target "$target" &
done
wait
failed=()
found=()
for target in "${targets[@]}"; do
    work=$build/fuzz/${target#fuzz_}
    cat "$work/summary" 2>/dev/null
    if [ "$(cat "$work/status" 2>/dev/null)" != 0 ]; then
        failed+=("$target")
        for input in "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/oom-*; do
            [ -e "$input" ] && found+=("$target: $input")
        done
    fi
done

if [ ${#failed[@]} -ne 0 ]; then
    echo
    echo "failed: ${failed[*]}"
    for input in "${found[@]}"; do echo "  input: $input"; done
    echo "reproduce: $build/tests/fuzz/<target> <input>"
    exit 1
fi
echo "all ${#targets[@]} targets ran ${seconds} s each without a finding"
