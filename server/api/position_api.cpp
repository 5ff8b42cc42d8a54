#include "server/api/position_api.h"

#include <nlohmann/json.hpp>

#include "engine/fen.h"
#include "protocol/game_setup.h"
#include "server/api/query_string.h"
#include "server/api/reply.h"

namespace rochade::server {

using protocol::ErrorCode;

namespace {

ApiResponse verdict(const Expected<Position, protocol::SetupFenError>& position, protocol::GameVariant variant)
{
    if (!position)
        return admin_json(
            nlohmann::json{{"valid", false}, {"error", position.error().message}, {"reason", position.error().reason}});
    return admin_json(
        nlohmann::json{{"valid", true}, {"fen", to_fen(*position)}, {"variant", protocol::game_variant_name(variant)}});
}

} // namespace

ApiResponse PositionApi::answer(const ApiRequest& request)
{
    if (auto refusal = refuse_unless_read(request, "the position preview")) return std::move(*refusal);
    const auto query = parse_query(request.query, {"fen", "chess960"});
    if (!query) return admin_error(ErrorCode::BadRequest, "/api/position: " + query.error(), 400);
    const auto fen = query->get("fen");
    const auto number_text = query->get("chess960");
    if (fen.has_value() == number_text.has_value())
        return admin_error(ErrorCode::BadRequest,
                           "/api/position: give either 'fen' (a FEN) or 'chess960' (a number from 0 to 959)", 400);
    if (fen) return verdict(protocol::parse_setup_fen(*fen), protocol::GameVariant::FromPosition);

    const auto number = parse_integer(*number_text);
    if (!number)
        return admin_error(ErrorCode::BadRequest,
                           "/api/position: 'chess960' must be an integer from 0 to 959, not '" +
                               number_text->substr(0, 20) + "'",
                           400);
    const auto start = *number >= 0 && *number < protocol::chess960_positions
                           ? Position::chess960_start(static_cast<int>(*number))
                           : std::nullopt;
    if (!start)
        return verdict(rochade::unexpected(protocol::SetupFenError{
                           "no_chess960_start", "there is no Chess960 start position " + std::to_string(*number) +
                                                    "; Scharnagl's numbers run from 0 to 959"}),
                       protocol::GameVariant::Chess960);
    return verdict(*start, protocol::GameVariant::Chess960);
}

} // namespace rochade::server
