#include "protocol/game_setup.h"

#include <nlohmann/json.hpp>

#include "engine/fen.h"
#include "protocol/json_field.h"

namespace rochade::protocol {
namespace {

using nlohmann::json;

rochade::Unexpected<GameSetupRefusal> refuse_setup(ErrorCode code, std::string message)
{
    return rochade::unexpected(GameSetupRefusal{code, std::move(message)});
}

const json* setup_field(const json& object, const char* name)
{
    const auto it = object.find(name);
    return it == object.end() || it->is_null() ? nullptr : &*it;
}

Expected<Position, GameSetupRefusal> read_start_fen(std::string_view fen)
{
    auto position = parse_setup_fen(fen);
    if (!position) return refuse_setup(ErrorCode::BadFen, "field 'fen': " + position.error().message);
    return *position;
}

} // namespace

Expected<Position, SetupFenError> parse_setup_fen(std::string_view fen)
{
    if (fen.size() > max_fen_bytes)
        return rochade::unexpected(SetupFenError{"fen_too_long", "the FEN is " + std::to_string(fen.size()) +
                                                                     " bytes long; at most " +
                                                                     std::to_string(max_fen_bytes) + " are allowed"});
    auto position = parse_start_fen(fen, Variant::Standard);
    if (!position)
        return rochade::unexpected(
            SetupFenError{std::string(fen_error_name(position.error().code)), std::move(position.error().message)});
    return *position;
}

std::optional<GameVariant> parse_game_variant(std::string_view name)
{
    for (const auto variant : {GameVariant::Standard, GameVariant::Chess960, GameVariant::FromPosition})
        if (game_variant_name(variant) == name) return variant;
    return std::nullopt;
}

Expected<GameSetup, GameSetupRefusal> read_game_setup(const json& request)
{
    GameSetup setup;
    if (const json* variant = setup_field(request, "variant")) {
        const auto parsed =
            variant->is_string() ? parse_game_variant(variant->get_ref<const std::string&>()) : std::nullopt;
        if (!parsed)
            return refuse_setup(ErrorCode::BadVariant, "field 'variant' must be \"standard\", \"chess960\" or "
                                                       "\"from_position\", not " +
                                                           variant->dump().substr(0, 40));
        setup.variant = *parsed;
    }
    const json* number = setup_field(request, "chess960");
    const json* fen = setup_field(request, "fen");
    if (number && setup.variant != GameVariant::Chess960)
        return refuse_setup(ErrorCode::BadVariant, "field 'chess960' belongs to variant \"chess960\", not \"" +
                                                       std::string(game_variant_name(setup.variant)) + "\"");
    if (fen && setup.variant != GameVariant::FromPosition)
        return refuse_setup(ErrorCode::BadVariant, "field 'fen' belongs to variant \"from_position\", not \"" +
                                                       std::string(game_variant_name(setup.variant)) + "\"");
    if (number) {
        const bool in_range = number->is_number_integer() && !number->is_number_float() &&
                              (number->is_number_unsigned() ? number->get<std::uint64_t>() < chess960_positions
                                                            : number->get<std::int64_t>() >= 0 &&
                                                                  number->get<std::int64_t>() < chess960_positions);
        if (!in_range)
            return refuse_setup(ErrorCode::BadChess960Number,
                                "field 'chess960' must be an integer from 0 to 959 (Scharnagl's numbering), not " +
                                    number->dump().substr(0, 40));
        setup.chess960 = number->get<int>();
    }
    if (setup.variant == GameVariant::FromPosition) {
        if (!fen)
            return refuse_setup(ErrorCode::BadFen,
                                "field 'fen' is missing: variant \"from_position\" needs the start FEN");
        if (!fen->is_string()) return refuse_setup(ErrorCode::BadFen, "field 'fen' must be a string");
        auto position = read_start_fen(fen->get_ref<const std::string&>());
        if (!position) return rochade::unexpected(position.error());
        setup.fen = to_fen(*position);
    }
    return setup;
}

std::optional<GameSetupRefusal> refuse_rated_setup(const GameSetup& setup, bool rated)
{
    if (rated && setup.variant == GameVariant::FromPosition)
        return GameSetupRefusal{ErrorCode::RatedFromPosition,
                                "a game from a position cannot be rated: leave 'rated' out, or start from the "
                                "standard position or a Chess960 one"};
    return std::nullopt;
}

Variant engine_variant(const GameSetup& setup)
{
    return setup.variant == GameVariant::Chess960 ? Variant::Chess960 : Variant::Standard;
}

Expected<Position, GameSetupRefusal> start_position(const GameSetup& setup)
{
    switch (setup.variant) {
    case GameVariant::Standard: return Position::start();
    case GameVariant::Chess960: {
        auto position = setup.chess960 ? Position::chess960_start(*setup.chess960) : std::nullopt;
        if (!position)
            return refuse_setup(ErrorCode::BadChess960Number, "a Chess960 game needs a number from 0 to 959");
        return *position;
    }
    case GameVariant::FromPosition:
        if (!setup.fen) return refuse_setup(ErrorCode::BadFen, "a game from a position needs its FEN");
        return read_start_fen(*setup.fen);
    }
    return Position::start();
}

void write_game_setup(nlohmann::ordered_json& out, const GameSetup& setup)
{
    out["variant"] = game_variant_name(setup.variant);
    if (setup.variant == GameVariant::Chess960 && setup.chess960) {
        out["chess960"] = *setup.chess960;
        if (const auto position = Position::chess960_start(*setup.chess960)) out["start_fen"] = to_fen(*position);
    }
    if (setup.variant == GameVariant::FromPosition && setup.fen) out["start_fen"] = *setup.fen;
}

GameSetup game_setup_from_json(const json& object)
{
    GameSetup setup;
    const json* variant = setup_field(object, "variant");
    if (!variant) return setup; // written before variants existed: standard
    if (!variant->is_string()) throw JsonFieldError{"'variant' must be a string"};
    const auto parsed = parse_game_variant(variant->get_ref<const std::string&>());
    if (!parsed) throw JsonFieldError{"'variant' names no variant: " + variant->get<std::string>()};
    setup.variant = *parsed;
    if (setup.variant == GameVariant::Chess960) setup.chess960 = json_field_as<int>(object, "chess960");
    if (setup.variant == GameVariant::FromPosition) setup.fen = json_field_as<std::string>(object, "start_fen");
    return setup;
}

} // namespace rochade::protocol
