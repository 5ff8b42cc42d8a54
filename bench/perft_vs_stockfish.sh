#!/usr/bin/env bash
# Times our perft and Debian's Stockfish on the same positions at the same depths, in one run,
# and prints a table with the speed ratio ours/stockfish (above 1: we are faster).
#
# usage: bench/perft_vs_stockfish.sh [BUILD_DIR]     (default build/, must hold bench/perft_bench)
#
# Stockfish's `go perft N` prints the node count but no time, so the search is timed from the
# moment `go perft` is written to its stdin to the moment "Nodes searched" comes back, with one
# Stockfish process kept running for all positions: no process startup is counted. Both
# programs count leaves in bulk at depth 1 and run on one thread.
set -euo pipefail

build=${1:-build}
ours="$build/bench/perft_bench"
stockfish=${STOCKFISH:-/usr/games/stockfish}
[[ -x $ours ]] || { echo "perft_vs_stockfish: $ours not built (ninja -C $build perft_bench)" >&2; exit 2; }
[[ -x $stockfish ]] || { echo "perft_vs_stockfish: $stockfish missing (scripts/install-deps.sh)" >&2; exit 2; }

# name depth FEN
positions=(
    "start 6 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    "kiwipete 5 r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    "position3 7 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
    "position4 6 r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"
    "position5 5 rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"
    "position6 5 r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"
)

now_ns() { date +%s%N; }

coproc SF { "$stockfish"; }
trap 'kill "$SF_PID" 2>/dev/null || true' EXIT
sf_send() { printf '%s\n' "$*" >&"${SF[1]}"; }
# Reads Stockfish's output until a line starts with $1; leaves that line in $sf_line.
sf_wait_for()
{
    while IFS= read -r sf_line <&"${SF[0]}"; do
        [[ $sf_line == "$1"* ]] && return 0
    done
    echo "perft_vs_stockfish: stockfish closed its output" >&2
    exit 1
}
sf_send uci
sf_wait_for uciok
sf_version=$("$stockfish" <<<quit | head -1)

printf '%-10s %5s %12s %9s %9s %9s %9s %7s\n' position depth nodes ours_s sf_s ours_Mnps sf_Mnps ratio
total_ours=0 total_sf=0 total_nodes=0
for entry in "${positions[@]}"; do
    read -r name depth fen <<<"$entry"

    # Ours: the last data line of perft_bench is the total; the one before it is our position.
    ours_line=$("$ours" --fen "$fen" --depth "$depth" --name "$name" | sed -n 2p)
    read -r _ _ ours_nodes ours_s _ <<<"$ours_line"

    sf_send "position fen $fen"
    sf_send isready
    sf_wait_for readyok
    start=$(now_ns)
    sf_send "go perft $depth"
    sf_wait_for "Nodes searched"
    stop=$(now_ns)
    sf_nodes=${sf_line##*: }
    sf_s=$(awk -v a="$start" -v b="$stop" 'BEGIN { printf "%.3f", (b - a) / 1e9 }')

    if [[ $ours_nodes != "$sf_nodes" ]]; then
        echo "perft_vs_stockfish: node counts differ on $name: ours $ours_nodes, stockfish $sf_nodes" >&2
        exit 1
    fi
    awk -v n="$name" -v d="$depth" -v nodes="$ours_nodes" -v o="$ours_s" -v s="$sf_s" 'BEGIN {
        printf "%-10s %5d %12d %9.3f %9.3f %9.1f %9.1f %7.2f\n", n, d, nodes, o, s, nodes / o / 1e6, nodes / s / 1e6, s / o
    }'
    total_ours=$(awk -v a="$total_ours" -v b="$ours_s" 'BEGIN { print a + b }')
    total_sf=$(awk -v a="$total_sf" -v b="$sf_s" 'BEGIN { print a + b }')
    total_nodes=$((total_nodes + ours_nodes))
done
sf_send quit
awk -v nodes="$total_nodes" -v o="$total_ours" -v s="$total_sf" 'BEGIN {
    printf "%-10s %5s %12d %9.3f %9.3f %9.1f %9.1f %7.2f\n", "total", "", nodes, o, s, nodes / o / 1e6, nodes / s / 1e6, s / o
}'
echo "ratio = our speed / stockfish's speed (stockfish seconds / our seconds); $sf_version"
