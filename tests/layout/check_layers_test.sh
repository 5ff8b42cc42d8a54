#!/usr/bin/env bash
# The layer check itself (check_layers.sh), on small repositories made here: one whose includes
# all point down passes; each kind of wrong arrow fails and is named.
set -euo pipefail
check=$(cd "$(dirname "$0")" && pwd)/check_layers.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A repository holding `file` with `#include "header"` (and an empty header).
make_repo() {
    local repo=$1 file=$2 header=$3
    mkdir -p "$repo/$(dirname "$file")" "$repo/$(dirname "$header")"
    printf '#pragma once\n' >"$repo/$header"
    printf '#include "%s"\n' "$header" >"$repo/$file"
    git -C "$repo" init -q
    git -C "$repo" add -A
}

failures=0
expect() {
    local want=$1 file=$2 header=$3
    local repo="$work/$(echo "$file-$header" | tr '/.' '__')"
    make_repo "$repo" "$file" "$header"
    if output=$(bash "$check" "$repo" 2>&1); then got=pass; else got=fail; fi
    if [[ $got != "$want" ]]; then
        echo "FAILED: $file including $header should $want, did $got: $output"
        failures=$((failures + 1))
    elif [[ $want == fail && $output != *"$file"* ]]; then
        echo "FAILED: the refusal of $file including $header does not name the file: $output"
        failures=$((failures + 1))
    else
        echo "ok: $file -> $header: $got"
    fi
}

expect pass server/lobby/lobby.cpp server/table/table.h          # a floor down
expect pass server/table/table.cpp server/table/seats.h          # within its part
expect pass server/wiring/server.cpp db/sqlite/sqlite_store.h           # the wiring builds the backends
expect fail server/table/table.cpp server/lobby/lobby.h          # a floor up
expect fail server/api/reply.cpp server/lobby/room.h             # sideways, the same floor
expect pass server/lobby/lobby.cpp matchmaking/pool_queue.h      # the server uses the matcher
expect pass server/pools/pool_service.cpp server/lobby/lobby.h    # the pools start games in the lobby
expect pass server/router/router.cpp server/pools/pool_service.h  # the router hands requests to the pools
expect fail server/lobby/lobby.cpp server/pools/pool_service.h    # the lobby knows nothing of the pools
expect fail matchmaking/pool_matcher.cpp protocol/messages.h     # the matcher knows no JSON
expect fail matchmaking/pool_matcher.cpp rating/glicko2.h        # sideways, the same floor
expect fail server/clients/connection.h server/cluster/node.h    # up
expect fail server/table/table.cpp db/sqlite/sqlite.h            # a part past the store's interfaces
expect fail db/records.h server/table/table.h                    # the store knowing the server
expect fail engine/position.h protocol/messages.h                # the engine knowing the protocol
expect fail tools/games_command.cpp db/pg/pg.h                   # a tool past the store's interfaces

if ((failures > 0)); then
    echo "$failures case(s) of the layer check went wrong"
    exit 1
fi
