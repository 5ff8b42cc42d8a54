#!/usr/bin/env bash
# Installs the dependencies, builds Release into build/ and runs the `rochade` command-line tool
# with the given arguments (the main job until the server exists). Without arguments it prints
# the tool's usage.
#
#   scripts/run.sh perft "FEN" 5
#   scripts/run.sh analyze < requests.jsonl
#
# Everything but the tool's own output goes to stderr, so stdout can be piped.
# ROCHADE_BUILD_DIR overrides the build directory (default build).
set -euo pipefail
cd "$(dirname "$0")/.."

build=${ROCHADE_BUILD_DIR:-build}
scripts/install-deps.sh >&2
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
ninja -C "$build" --quiet rochade >&2

if (($# == 0)); then
    exec "$build/tools/rochade" --help
fi
exec "$build/tools/rochade" "$@"
