// What a UCI engine writes back, one line at a time, read into typed values at this edge so the
// pool never compares strings of the protocol elsewhere. Only the lines the pool acts on are
// told apart: `uciok`, `readyok`, `bestmove` and the score of an `info` line (for the analysis of
// issue 29 §2 later); everything else (`id`, `option`, `info string`) is Other.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace rochade::server::engines {

enum class UciReplyKind { UciOk, ReadyOk, BestMove, Info, Other };

// An `info` line's score: centipawns from the side to move, or mate in so many moves (negative:
// the side to move is mated).
struct UciScore {
    std::optional<int> centipawns;
    std::optional<int> mate_in;
    static UciScore of_centipawns(int value) { return {value, std::nullopt}; }
    static UciScore of_mate_in(int moves) { return {std::nullopt, moves}; }
    friend bool operator==(const UciScore&, const UciScore&) = default;
};

struct UciReply {
    UciReplyKind kind = UciReplyKind::Other;
    // BestMove: the move in UCI spelling, or "(none)" / "0000" when the side to move has no move.
    std::string best_move;
    // Info: the depth reached and the score, when the line carries them.
    std::optional<int> depth;
    std::optional<UciScore> score;

    static UciReply of_kind(UciReplyKind kind) { return {kind, {}, std::nullopt, std::nullopt}; }
};

UciReply read_uci_reply(std::string_view line);

// True when a `bestmove` names no move (mate or stalemate on the board): Stockfish writes
// "(none)", other engines "0000".
bool names_no_move(std::string_view best_move);

} // namespace rochade::server::engines
