#!/usr/bin/env bash
# The one-way includes of docs/architecture.md ("The folders"): every #include "..." of a file in
# engine/, rating/, pairing/, matchmaking/, tournament/, protocol/, db/, server/ and tools/ names a part on a lower floor than the
# file's own part, or its own part. Prints each arrow that points up or sideways, and fails if
# there is one. Run from anywhere: tests/layout/check_layers.sh [repository root].
set -euo pipefail
root=${1:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$root"

# A file's part: the longest prefix of its path named here. A part's floor: a file may include
# a part on a lower floor, or its own part; never one on its own floor or above.
part_of() {
    case $1 in
        engine/*) echo engine ;;
        rating/*) echo rating ;;
        pairing/*) echo pairing ;;
        review/*) echo review ;;
        matchmaking/*) echo matchmaking ;;
        tournament/*) echo tournament ;;
        protocol/*) echo protocol ;;
        db/sqlite/*) echo db/sqlite ;;
        db/pg/*) echo db/pg ;;
        db/existing_store.*) echo db/existing_store ;;
        db/*) echo db ;;
        server/base/*) echo server/base ;;
        server/game/*) echo server/game ;;
        server/engines/*) echo server/engines ;;
        server/identity/authenticator.*) echo server/identity/authenticator ;;
        server/identity/*) echo server/identity ;;
        server/config/*) echo server/config ;;
        server/moderation/*) echo server/moderation ;;
        server/clients/*) echo server/clients ;;
        server/cluster/redis/*) echo server/cluster/redis ;;
        server/cluster/*) echo server/cluster ;;
        server/table/*) echo server/table ;;
        server/lobby/*) echo server/lobby ;;
        server/pools/*) echo server/pools ;;
        server/tournaments/*) echo server/tournaments ;;
        server/api/*) echo server/api ;;
        server/admin/*) echo server/admin ;;
        server/router/*) echo server/router ;;
        server/net/*) echo server/net ;;
        server/wiring/*) echo server/wiring ;;
        tools/*) echo tools ;;
        *) echo "" ;;
    esac
}

floor_of() {
    case $1 in
        engine) echo 0 ;;
        rating | pairing | matchmaking | review) echo 1 ;;
        tournament) echo 2 ;;
        protocol) echo 2 ;;
        db) echo 3 ;;
        db/sqlite | db/pg) echo 4 ;;
        db/existing_store) echo 5 ;;
        server/base | server/game | server/identity) echo 10 ;;
        server/engines | server/config) echo 11 ;;
        server/moderation) echo 12 ;;
        server/identity/authenticator) echo 13 ;;
        server/clients) echo 14 ;;
        server/cluster) echo 15 ;;
        server/cluster/redis) echo 16 ;;
        server/table) echo 17 ;;
        server/lobby | server/api) echo 18 ;;
        server/pools | server/tournaments) echo 19 ;;
        server/admin | server/router) echo 20 ;;
        server/net) echo 21 ;;
        server/wiring) echo 22 ;;
        tools) echo 30 ;;
        *) echo 99 ;;
    esac
}

# Arrows allowed although they skip the floors' order: the wiring builds the backends (through
# their factories only); the server's parts use the store only through its interfaces.
allowed() {
    local from=$1 to=$2 header=$3
    case "$from -> $header" in
        "server/wiring -> db/sqlite/sqlite_store.h" | "server/wiring -> db/pg/postgres_store.h") return 0 ;;
    esac
    case "$from -> $to" in
        server/*" -> db/sqlite" | server/*" -> db/pg" | server/*" -> db/existing_store") return 1 ;;
        "tools -> db/sqlite" | "tools -> db/pg") return 1 ;;
        db*" -> server/"*) return 1 ;;
    esac
    return 0
}

faults=0
while IFS= read -r file; do
    from=$(part_of "$file")
    [[ -n $from ]] || continue
    from_floor=$(floor_of "$from")
    while IFS= read -r header; do
        to=$(part_of "$header")
        [[ -n $to && $to != "$from" ]] || continue
        to_floor=$(floor_of "$to")
        if ((to_floor >= from_floor)) || ! allowed "$from" "$to" "$header"; then
            echo "$file ($from, floor $from_floor) includes $header ($to, floor $to_floor)"
            faults=$((faults + 1))
        fi
    done < <(sed -n 's/^#include "\([^"]*\)".*/\1/p' "$file")
done < <(git ls-files engine rating pairing matchmaking tournament protocol db server tools | grep -E '\.(h|cpp)$')

if ((faults > 0)); then
    echo "$faults include(s) point up or sideways (docs/architecture.md, \"The folders\")"
    exit 1
fi
echo "every include points down a floor or stays in its part"
