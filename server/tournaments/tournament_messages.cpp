#include "server/tournaments/tournament_messages.h"

#include <nlohmann/json.hpp>

#include "protocol/decode.h"
#include "protocol/json_field.h"
#include "protocol/nick.h"
#include "server/cluster/identity_json.h"
#include "server/tournaments/stored_tournament.h"

namespace rochade::server::tournaments {

using Json = nlohmann::json;

namespace {

using protocol::json_field;
using protocol::json_field_as;
using protocol::JsonFieldError;

std::string nick_field(const Json& object, const char* name)
{
    auto nick = json_field_as<std::string>(object, name);
    if (protocol::nick_error(nick)) throw JsonFieldError{std::string("'") + name + "' must be a nick"};
    return nick;
}

std::int64_t positive_field(const Json& object, const char* name)
{
    const auto value = json_field_as<std::int64_t>(object, name);
    if (value < 1) throw JsonFieldError{std::string("'") + name + "' must be at least 1"};
    return value;
}

int board_number_field(const Json& object, const char* name)
{
    const auto value = positive_field(object, name);
    if (value > 100'000) throw JsonFieldError{std::string("'") + name + "' is out of range"};
    return int(value);
}

Json to_json(const Changed& m)
{
    Json j{{"kind", "changed"}, {"node", m.node}, {"tournament", m.tournament}};
    if (m.next_round_ms) j["next_round_ms"] = *m.next_round_ms;
    return j;
}

Json to_json(const RequestForwarded& m)
{
    return Json{{"kind", "request"},
                {"node", m.node},
                {"to", m.to},
                {"connection", m.connection},
                {"identity", cluster::identity_json(m.identity)},
                {"tournament", m.tournament},
                {"text", m.text}};
}

Json to_json(const BoardStartAsked& m)
{
    return Json{{"kind", "start_asked"},
                {"node", m.node},
                {"to", m.to},
                {"tournament", m.tournament},
                {"round", m.round},
                {"board", m.board},
                {"white", m.white},
                {"black", m.black},
                {"time_control", protocol::time_control_to_json(m.time_control)},
                {"rated", m.rated},
                {"draw_offers_from_move", m.draw_offers_from_move},
                {"berserk_allowed", m.berserk_allowed}};
}

Json to_json(const BoardStartAnswered& m)
{
    Json j{{"kind", "start_answered"}, {"node", m.node},   {"to", m.to},          {"tournament", m.tournament},
           {"round", m.round},         {"board", m.board}, {"refusal", m.refusal}};
    if (m.table) j["table"] = *m.table;
    return j;
}

Json to_json(const BoardGame& m)
{
    Json j{{"kind", "board_game"},
           {"node", m.node},
           {"game", m.game_id},
           {"table", m.table},
           {"plies", m.plies},
           {"white_berserk", m.white_berserk},
           {"black_berserk", m.black_berserk}};
    if (m.result) j["result"] = *m.result;
    return j;
}

TournamentMessage from_json(const Json& j)
{
    const auto kind = json_field_as<std::string>(j, "kind");
    if (kind == "changed") {
        Changed changed{json_field_as<std::string>(j, "node"), positive_field(j, "tournament"), std::nullopt};
        if (j.contains("next_round_ms")) changed.next_round_ms = json_field_as<std::int64_t>(j, "next_round_ms");
        return changed;
    }
    if (kind == "request")
        return RequestForwarded{json_field_as<std::string>(j, "node"),
                                json_field_as<std::string>(j, "to"),
                                json_field_as<std::uint64_t>(j, "connection"),
                                cluster::identity_from(json_field(j, "identity")),
                                positive_field(j, "tournament"),
                                json_field_as<std::string>(j, "text")};
    if (kind == "start_asked") {
        auto time_control = protocol::parse_time_control(json_field(j, "time_control"));
        if (!time_control) throw JsonFieldError{"'time_control': " + time_control.error()};
        BoardStartAsked asked{json_field_as<std::string>(j, "node"),
                              json_field_as<std::string>(j, "to"),
                              positive_field(j, "tournament"),
                              board_number_field(j, "round"),
                              board_number_field(j, "board"),
                              nick_field(j, "white"),
                              nick_field(j, "black"),
                              *time_control,
                              json_field_as<bool>(j, "rated"),
                              json_field_as<int>(j, "draw_offers_from_move"),
                              json_field_as<bool>(j, "berserk_allowed")};
        return asked;
    }
    if (kind == "start_answered") {
        BoardStartAnswered answered{json_field_as<std::string>(j, "node"),   json_field_as<std::string>(j, "to"),
                                    positive_field(j, "tournament"),         board_number_field(j, "round"),
                                    board_number_field(j, "board"),          std::nullopt,
                                    json_field_as<std::string>(j, "refusal")};
        if (j.contains("table")) answered.table = positive_field(j, "table");
        if (!answered.table && answered.refusal.empty())
            throw JsonFieldError{"'start_answered' needs a table or a refusal"};
        return answered;
    }
    if (kind == "board_game") {
        BoardGame game{json_field_as<std::string>(j, "node"),
                       positive_field(j, "game"),
                       positive_field(j, "table"),
                       std::nullopt,
                       json_field_as<int>(j, "plies"),
                       json_field_as<bool>(j, "white_berserk"),
                       json_field_as<bool>(j, "black_berserk")};
        if (j.contains("result")) {
            game.result = json_field_as<std::string>(j, "result");
            if (!parse_result_word(*game.result)) throw JsonFieldError{"'result' names no board result"};
        }
        if (game.plies < 0) throw JsonFieldError{"'plies' must not be negative"};
        return game;
    }
    throw JsonFieldError{"'kind' names no tournament message: '" + kind + "'"};
}

} // namespace

std::string encode(const TournamentMessage& message)
{
    return std::visit([](const auto& m) { return to_json(m).dump(-1, ' ', false, Json::error_handler_t::replace); },
                      message);
}

rochade::Expected<TournamentMessage, std::string> decode_tournament_message(std::string_view text)
{
    const Json parsed = Json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (parsed.is_discarded()) return rochade::unexpected(std::string("tournament message: not JSON"));
    if (!parsed.is_object()) return rochade::unexpected(std::string("tournament message: not a JSON object"));
    try {
        return from_json(parsed);
    } catch (const JsonFieldError& error) {
        return rochade::unexpected("tournament message: " + error.message);
    }
}

} // namespace rochade::server::tournaments
