// How a game starts (issue 27's shared contract, docs/protocol.md "Variants and positions"):
// the standard position, a Chess960 start by Scharnagl number, or a position given as FEN.
// One value type and one reader, used by every request that sets up a game (open_table,
// challenge), so that all of them accept and refuse exactly the same.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json_fwd.hpp>

#include "engine/expected.h"
#include "engine/position.h"
#include "protocol/error_code.h"

namespace rochade::protocol {

// The wire's "variant". FromPosition is standard chess from a FEN; it is no engine variant
// (engine/types.h Variant is Standard or Chess960), only a different start.
enum class GameVariant : std::uint8_t { Standard, Chess960, FromPosition };

inline constexpr int chess960_positions = 960;    // Scharnagl numbers 0..959
inline constexpr std::size_t max_fen_bytes = 100; // a full board with long counters is under 90

constexpr std::string_view game_variant_name(GameVariant variant)
{
    switch (variant) {
    case GameVariant::Standard: return "standard";
    case GameVariant::Chess960: return "chess960";
    case GameVariant::FromPosition: return "from_position";
    }
    return "standard";
}
std::optional<GameVariant> parse_game_variant(std::string_view name);

// A game's setup. As a request carries it, `chess960` may be empty (the server draws one);
// once a table holds it, a Chess960 setup always has its number, and `fen` of a FromPosition
// setup is the FEN as the server writes it (to_fen of the validated position).
struct GameSetup {
    GameVariant variant = GameVariant::Standard;
    std::optional<int> chess960;    // only with Chess960
    std::optional<std::string> fen; // only with FromPosition, required there
    bool is_standard() const { return variant == GameVariant::Standard; }
    friend bool operator==(const GameSetup&, const GameSetup&) = default;
};

// Why a setup is refused: bad_variant, bad_chess960_number, bad_fen (the message says what is
// wrong with the FEN, from the engine's FenParseError) or rated_from_position.
struct GameSetupRefusal {
    ErrorCode code = ErrorCode::BadVariant;
    std::string message;
};

// Reads the fields "variant", "chess960" and "fen" of a request object; null counts as
// absent. A FEN is checked with parse_start_fen (a game cannot start from a finished position)
// and comes back as the server writes it.
Expected<GameSetup, GameSetupRefusal> read_game_setup(const nlohmann::json& request);
// Games from a position are casual only (as on lichess); Chess960 may be rated.
std::optional<GameSetupRefusal> refuse_rated_setup(const GameSetup& setup, bool rated);

// The check of a FEN a game is to start from, shared by the requests and GET /api/position: at
// most max_fen_bytes, then parse_start_fen (standard chess). The error says what is wrong: for
// people in `message` (English), for programs in `reason`, the engine's fen_error_name or
// "fen_too_long", which a client turns into its own language.
struct SetupFenError {
    std::string reason;
    std::string message;
};
Expected<Position, SetupFenError> parse_setup_fen(std::string_view fen);

// The engine's variant the game is played in.
Variant engine_variant(const GameSetup& setup);
// The position a resolved setup starts from (a Chess960 setup with its number, a FromPosition
// setup with its FEN). A setup that is not resolved, or whose FEN no longer parses, is refused
// with the same codes as read_game_setup.
Expected<Position, GameSetupRefusal> start_position(const GameSetup& setup);

// Writes "variant", and "chess960" and "start_fen" where the contract asks for them, into a
// table summary, table_state or game record; and reads them back (a summary from another
// node, a stored game). Reading throws JsonFieldError naming the field.
void write_game_setup(nlohmann::ordered_json& out, const GameSetup& setup);
GameSetup game_setup_from_json(const nlohmann::json& object);

} // namespace rochade::protocol
