// The three fields a player reads from a `move` or `game_started` frame (ply, to_move,
// legal_moves), found in one pass over the text instead of a parse into a JSON DOM. A move frame
// is ~600 bytes (FEN, clocks, the legal moves) and every move brings two of them; building a
// DOM for each cost the load generator more CPU than the rest of its work per move, CPU it
// takes from the server under test on the same cores.
//
// The scanner is exact or silent: it walks the whole object by the JSON grammar, so a key is
// matched only at the top level (not inside a string or a nested object such as "clocks"), and
// it returns nothing for anything it cannot vouch for (invalid JSON, a key spelt with escapes, a
// repeated key, a non-integer ply, an escaped to_move, a legal_moves that is not an array of
// strings). read_turn then parses the frame with nlohmann::json, and says so to be counted.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <string_view>

namespace rochade::bench {

// Views into the scanned frame; valid as long as its text is.
struct TurnFields {
    std::optional<std::int64_t> ply;         // absent from game_started
    std::optional<std::string_view> to_move; // "white" or "black"; empty when null or absent
    std::string_view legal_moves;            // the array's text, "[...]"; empty when absent
    std::size_t legal_move_count = 0;
};

// Reads the fields from the top level of a JSON object; empty when the scanner cannot vouch
// for the result (see above).
std::optional<TurnFields> scan_turn_fields(std::string_view frame);

// The value of the first top-level `key` of a JSON object when it is a string without escapes;
// empty when there is no such key, or the text is not a JSON object, or the value is not such a
// string (keys spelt with escapes are not matched, as above).
std::optional<std::string_view> top_level_string(std::string_view frame, std::string_view key);

// The `index`-th string of the `legal_moves` of a scan (index < legal_move_count), unescaped.
// Only that one string is copied; the array is never materialised.
std::string legal_move_at(std::string_view legal_moves, std::size_t index);

// What a player takes from a move or game_started frame.
struct PlayerTurn {
    std::optional<std::int64_t> ply; // absent from game_started
    std::string move;                // a random legal move when `side` is to move; else empty
    bool scanned = true;             // false: the scanner declined and nlohmann::json read the frame
};

// Scans the frame, or parses it with nlohmann::json when the scanner declines (an unparsable
// frame then throws, as a full parse always did). `side` is "white" or "black"; the move is
// drawn uniformly from legal_moves with `random`, which is used only when a move is drawn.
PlayerTurn read_turn(std::string_view frame, std::string_view side, std::mt19937_64& random);

} // namespace rochade::bench
