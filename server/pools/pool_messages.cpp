#include "server/pools/pool_messages.h"

#include <nlohmann/json.hpp>

#include "matchmaking/pool_catalogue.h"
#include "protocol/json_field.h"
#include "protocol/nick.h"

namespace rochade::server::pools {

using Json = nlohmann::json;

namespace {

using protocol::json_field;
using protocol::json_field_as;
using protocol::JsonFieldError;

std::string pool_field(const Json& object, const char* name)
{
    auto pool = json_field_as<std::string>(object, name);
    if (!matchmaking::pool_named(pool))
        throw JsonFieldError{std::string("'") + name + "' names no pool: '" + pool + "'"};
    return pool;
}

const Json& array_field(const Json& object, const char* name)
{
    const Json& value = json_field(object, name);
    if (!value.is_array()) throw JsonFieldError{std::string("'") + name + "' must be an array"};
    return value;
}

Json entrant_json(const PoolEntrant& e)
{
    return Json{{"player", e.player}, {"nick", e.nick},     {"guest", e.guest},
                {"pool", e.pool},     {"rating", e.rating}, {"deviation", e.deviation}};
}

PoolEntrant entrant_from(const Json& value)
{
    if (!value.is_object()) throw JsonFieldError{"an entrant must be an object"};
    PoolEntrant entrant;
    entrant.player = json_field_as<std::string>(value, "player");
    entrant.nick = json_field_as<std::string>(value, "nick");
    if (protocol::nick_error(entrant.nick)) throw JsonFieldError{"'nick' must be a nick"};
    entrant.guest = json_field_as<bool>(value, "guest");
    entrant.pool = pool_field(value, "pool");
    entrant.rating = json_field_as<int>(value, "rating");
    entrant.deviation = json_field_as<int>(value, "deviation");
    return entrant;
}

Json to_json(const Waiting& m)
{
    return Json{{"kind", "waiting"}, {"node", m.node}, {"entrant", entrant_json(m.entrant)}};
}

Json to_json(const WaitEnded& m)
{
    return Json{{"kind", "wait_ended"}, {"node", m.node}, {"player", m.player}, {"for_good", m.for_good}};
}

Json to_json(const Roster& m)
{
    Json waiting = Json::array();
    for (const auto& entrant : m.waiting) waiting.push_back(entrant_json(entrant));
    Json running = Json::object();
    for (const auto& [pool, count] : m.running) running[pool] = count;
    return Json{{"kind", "roster"}, {"node", m.node}, {"waiting", waiting}, {"running", running}};
}

Json to_json(const AuthorityIs& m) { return Json{{"kind", "authority_is"}, {"node", m.node}}; }

Json to_json(const ClaimAsked& m)
{
    return Json{{"kind", "claim_asked"},
                {"authority", m.authority},
                {"pairing", m.pairing},
                {"node", m.node},
                {"player", m.player}};
}

Json to_json(const ClaimAnswered& m)
{
    return Json{{"kind", "claim_answered"}, {"authority", m.authority}, {"pairing", m.pairing},
                {"node", m.node},           {"player", m.player},       {"claimed", m.claimed}};
}

Json to_json(const AnswerAsked& m)
{
    return Json{
        {"kind", "answer_asked"}, {"authority", m.authority}, {"pairing", m.pairing}, {"black_node", m.black_node}};
}

Json to_json(const StartAsked& m)
{
    return Json{{"kind", "start_asked"},
                {"authority", m.authority},
                {"pairing", m.pairing},
                {"node", m.node},
                {"pool", m.pool},
                {"white", m.white},
                {"black_node", m.black_node},
                {"black", m.black},
                {"black_nick", m.black_nick},
                {"rated", m.rated}};
}

Json to_json(const StartAnswered& m)
{
    Json j{{"kind", "start_answered"}, {"authority", m.authority}, {"pairing", m.pairing},
           {"node", m.node},           {"pool", m.pool},           {"black_node", m.black_node},
           {"black", m.black},         {"refusal", m.refusal},     {"white_connected", m.white_connected}};
    if (m.table) j["table"] = *m.table;
    return j;
}

Json to_json(const Counts& m)
{
    Json pools = Json::array();
    for (const auto& count : m.pools)
        pools.push_back(Json{{"pool", count.pool}, {"waiting", count.waiting}, {"games_running", count.games_running}});
    return Json{{"kind", "counts"}, {"authority", m.authority}, {"pools", pools}};
}

PoolMessage from_json(const Json& j)
{
    const auto kind = json_field_as<std::string>(j, "kind");
    if (kind == "waiting")
        return Waiting{json_field_as<std::string>(j, "node"), entrant_from(json_field(j, "entrant"))};
    if (kind == "wait_ended")
        return WaitEnded{json_field_as<std::string>(j, "node"), json_field_as<std::string>(j, "player"),
                         json_field_as<bool>(j, "for_good")};
    if (kind == "roster") {
        Roster roster{json_field_as<std::string>(j, "node"), {}, {}};
        for (const Json& entrant : array_field(j, "waiting")) roster.waiting.push_back(entrant_from(entrant));
        const Json& running = json_field(j, "running");
        if (!running.is_object()) throw JsonFieldError{"'running' must be an object"};
        for (const auto& [pool, count] : running.items()) {
            if (!matchmaking::pool_named(pool)) throw JsonFieldError{"'running' names no pool: '" + pool + "'"};
            if (!count.is_number_unsigned()) throw JsonFieldError{"'running' counts must be whole numbers"};
            roster.running[pool] = count.get<std::size_t>();
        }
        return roster;
    }
    if (kind == "authority_is") return AuthorityIs{json_field_as<std::string>(j, "node")};
    if (kind == "claim_asked")
        return ClaimAsked{json_field_as<std::string>(j, "authority"), json_field_as<std::uint64_t>(j, "pairing"),
                          json_field_as<std::string>(j, "node"), json_field_as<std::string>(j, "player")};
    if (kind == "claim_answered")
        return ClaimAnswered{json_field_as<std::string>(j, "authority"), json_field_as<std::uint64_t>(j, "pairing"),
                             json_field_as<std::string>(j, "node"), json_field_as<std::string>(j, "player"),
                             json_field_as<bool>(j, "claimed")};
    if (kind == "answer_asked")
        return AnswerAsked{json_field_as<std::string>(j, "authority"), json_field_as<std::uint64_t>(j, "pairing"),
                           json_field_as<std::string>(j, "black_node")};
    if (kind == "start_asked") {
        StartAsked m;
        m.authority = json_field_as<std::string>(j, "authority");
        m.pairing = json_field_as<std::uint64_t>(j, "pairing");
        m.node = json_field_as<std::string>(j, "node");
        m.pool = pool_field(j, "pool");
        m.white = json_field_as<std::string>(j, "white");
        m.black_node = json_field_as<std::string>(j, "black_node");
        m.black = json_field_as<std::string>(j, "black");
        m.black_nick = json_field_as<std::string>(j, "black_nick");
        if (protocol::nick_error(m.black_nick)) throw JsonFieldError{"'black_nick' must be a nick"};
        m.rated = json_field_as<bool>(j, "rated");
        return m;
    }
    if (kind == "start_answered") {
        StartAnswered m;
        m.authority = json_field_as<std::string>(j, "authority");
        m.pairing = json_field_as<std::uint64_t>(j, "pairing");
        m.node = json_field_as<std::string>(j, "node");
        m.pool = pool_field(j, "pool");
        m.black_node = json_field_as<std::string>(j, "black_node");
        m.black = json_field_as<std::string>(j, "black");
        if (j.contains("table")) m.table = json_field_as<protocol::TableId>(j, "table");
        m.refusal = json_field_as<std::string>(j, "refusal");
        m.white_connected = json_field_as<bool>(j, "white_connected");
        return m;
    }
    if (kind == "counts") {
        Counts counts{json_field_as<std::string>(j, "authority"), {}};
        for (const Json& count : array_field(j, "pools")) {
            if (!count.is_object()) throw JsonFieldError{"a pool's count must be an object"};
            counts.pools.push_back(protocol::PoolCountView{pool_field(count, "pool"),
                                                           json_field_as<std::size_t>(count, "waiting"),
                                                           json_field_as<std::size_t>(count, "games_running")});
        }
        return counts;
    }
    throw JsonFieldError{"'kind' names no pool message: '" + kind + "'"};
}

} // namespace

StartAnswered answer_to(const StartAsked& asked)
{
    StartAnswered answer;
    answer.authority = asked.authority;
    answer.pairing = asked.pairing;
    answer.node = asked.node;
    answer.pool = asked.pool;
    answer.black_node = asked.black_node;
    answer.black = asked.black;
    return answer;
}

std::string encode(const PoolMessage& message)
{
    return std::visit([](const auto& m) { return to_json(m).dump(); }, message);
}

rochade::Expected<PoolMessage, std::string> decode_pool_message(std::string_view text)
{
    const Json parsed = Json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (parsed.is_discarded()) return rochade::unexpected(std::string("pool message: not JSON"));
    if (!parsed.is_object()) return rochade::unexpected(std::string("pool message: not a JSON object"));
    try {
        return from_json(parsed);
    } catch (const JsonFieldError& error) {
        return rochade::unexpected("pool message: " + error.message);
    } catch (const Json::exception& error) {
        return rochade::unexpected(std::string("pool message: ") + error.what());
    }
}

} // namespace rochade::server::pools
