#!/usr/bin/env bash
# Installs what building and running need, builds Release into build/ and the browser client into web/dist/
# (scripts/build-web.sh) and runs the game server,
# `rochade serve`, with the given options (default: port 8080, database data/rochade.db; see
# docs/admin.md). It runs until Ctrl-C or SIGTERM.
#
#   scripts/run.sh
#   scripts/run.sh --port 9000 --config docs/rochade.example.json
#
# The other commands of the tool are the built binary's: build/tools/rochade perft|analyze|pgn.
# Build output goes to stderr. ROCHADE_BUILD_DIR overrides the build directory (default build).
set -euo pipefail
cd "$(dirname "$0")/.."

build=${ROCHADE_BUILD_DIR:-build}
# What building and running need, not the tests' tools (scripts/test.sh installs those), and no
# test programs built.
scripts/install-deps.sh run >&2
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DROCHADE_BUILD_TESTS=OFF >/dev/null
ninja -C "$build" --quiet rochade >&2
scripts/build-web.sh >&2

exec "$build/tools/rochade" serve "$@"
