#!/usr/bin/env bash
# The one-way includes of docs/architecture.md ("The folders"): every #include "..." of a file in
# engine/, rating/, pairing/, matchmaking/, tournament/, protocol/, db/, server/ and tools/ names a part on a lower floor than the
# file's own part, or its own part. Prints each arrow that points up or sideways, and fails if
# there is one. Run from anywhere: tests/layout/check_layers.sh [repository root].
set -euo pipefail
root=${1:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$root"

# A file's part: the longest prefix of its path named here. A part's floor: a file may include
# a part on a lower floor, or its own part; never one on its own floor or above. Both answer in
# REPLY rather than on standard output: a subshell per include made the check take 20 s.
part_of() {
    case $1 in
        engine/*) REPLY=engine ;;
        rating/*) REPLY=rating ;;
        pairing/*) REPLY=pairing ;;
        review/*) REPLY=review ;;
        matchmaking/*) REPLY=matchmaking ;;
        tournament/*) REPLY=tournament ;;
        protocol/*) REPLY=protocol ;;
        db/sqlite/*) REPLY=db/sqlite ;;
        db/pg/*) REPLY=db/pg ;;
        db/existing_store.*) REPLY=db/existing_store ;;
        db/*) REPLY=db ;;
        server/base/*) REPLY=server/base ;;
        server/game/*) REPLY=server/game ;;
        server/engines/*) REPLY=server/engines ;;
        server/analysis/*) REPLY=server/analysis ;;
        server/identity/authenticator.*) REPLY=server/identity/authenticator ;;
        server/identity/*) REPLY=server/identity ;;
        server/config/*) REPLY=server/config ;;
        server/moderation/*) REPLY=server/moderation ;;
        server/clients/*) REPLY=server/clients ;;
        server/cluster/redis/*) REPLY=server/cluster/redis ;;
        server/cluster/*) REPLY=server/cluster ;;
        server/table/*) REPLY=server/table ;;
        server/lobby/*) REPLY=server/lobby ;;
        server/pools/*) REPLY=server/pools ;;
        server/tournaments/*) REPLY=server/tournaments ;;
        server/api/*) REPLY=server/api ;;
        server/admin/*) REPLY=server/admin ;;
        server/bots/*) REPLY=server/bots ;;
        server/router/*) REPLY=server/router ;;
        server/net/*) REPLY=server/net ;;
        server/wiring/*) REPLY=server/wiring ;;
        tools/*) REPLY=tools ;;
        *) REPLY="" ;;
    esac
}

floor_of() {
    case $1 in
        engine) REPLY=0 ;;
        rating | pairing | matchmaking | review) REPLY=1 ;;
        tournament) REPLY=2 ;;
        protocol) REPLY=2 ;;
        db) REPLY=3 ;;
        db/sqlite | db/pg) REPLY=4 ;;
        db/existing_store) REPLY=5 ;;
        server/base | server/game | server/identity) REPLY=10 ;;
        server/engines | server/config) REPLY=11 ;;
        server/moderation | server/analysis) REPLY=12 ;;
        server/identity/authenticator) REPLY=13 ;;
        server/clients) REPLY=14 ;;
        server/cluster) REPLY=15 ;;
        server/cluster/redis) REPLY=16 ;;
        server/table) REPLY=17 ;;
        server/lobby | server/api) REPLY=18 ;;
        server/pools | server/tournaments) REPLY=19 ;;
        server/admin | server/router | server/bots) REPLY=20 ;;
        server/net) REPLY=21 ;;
        server/wiring) REPLY=22 ;;
        tools) REPLY=30 ;;
        *) REPLY=99 ;;
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
# Every include of every file, as "file<TAB>header", read by one sed (not one per file).
while IFS=$'\t' read -r file header; do
    part_of "$file"
    from=$REPLY
    [[ -n $from ]] || continue
    floor_of "$from"
    from_floor=$REPLY
    part_of "$header"
    to=$REPLY
    [[ -n $to && $to != "$from" ]] || continue
    floor_of "$to"
    to_floor=$REPLY
    if ((to_floor >= from_floor)) || ! allowed "$from" "$to" "$header"; then
        echo "$file ($from, floor $from_floor) includes $header ($to, floor $to_floor)"
        faults=$((faults + 1))
    fi
done < <(git ls-files -z engine rating pairing matchmaking tournament protocol db server tools |
    grep -zE '\.(h|cpp)$' | xargs -0 -r grep -H '^#include "' |
    sed -n 's/^\([^:]*\):#include "\([^"]*\)".*/\1\t\2/p')

if ((faults > 0)); then
    echo "$faults include(s) point up or sideways (docs/architecture.md, \"The folders\")"
    exit 1
fi
echo "every include points down a floor or stays in its part"
