#include "tests/server/seated_game.h"

#include <stdexcept>

namespace rochade::test {

namespace {

void require_type(const json& frame, const std::string& type, const std::string& what)
{
    if (frame.value("type", "") != type)
        throw std::runtime_error(what + ": expected " + type + ", got " + frame.dump());
}

} // namespace

SeatedGame SeatedGame::start(std::uint16_t port, const json& time_control, const std::string& white_nick,
                             const std::string& black_nick)
{
    SeatedGame game;
    game.white = std::make_unique<WsTestClient>();
    game.black = std::make_unique<WsTestClient>();
    game.white->connect(port);
    game.black->connect(port);
    game.white_token = game.white->hello(white_nick);
    game.black_token = game.black->hello(black_nick);
    require_type(game.white->request({{"type", "enter_room"}, {"room", game.room}}), "room", "White enters");
    require_type(game.black->request({{"type", "enter_room"}, {"room", game.room}}), "room", "Black enters");
    json opened = game.white->request(
        {{"type", "open_table"}, {"room", game.room}, {"time_control", time_control}, {"color", "white"}});
    require_type(opened, "ok", "open_table");
    game.table = opened.at("table").get<std::int64_t>();
    require_type(game.black->request({{"type", "join_table"}, {"table", game.table}}), "ok", "join_table");
    game.started = game.white->receive_until("game_started", game.table);
    json black_started = game.black->receive_until("game_started", game.table);
    if (black_started.at("seq") != game.started.at("seq"))
        throw std::runtime_error("the players saw different game_started events");
    game.last_seq = game.started.at("seq").get<std::int64_t>();
    return game;
}

json SeatedGame::play(const std::vector<std::string>& moves)
{
    json last;
    for (const auto& move : moves) {
        auto& mover = ply % 2 == 0 ? *white : *black;
        mover.send({{"type", "move"}, {"table", table}, {"move", move}});
        json seen_by_white = white->receive_until("move", table);
        json seen_by_black = black->receive_until("move", table);
        if (seen_by_white != seen_by_black)
            throw std::runtime_error("the players saw different move events for " + move + ": " + seen_by_white.dump() +
                                     " / " + seen_by_black.dump());
        if (seen_by_white.at("seq").get<std::int64_t>() != last_seq + 1)
            throw std::runtime_error("move " + move + " has seq " + seen_by_white.at("seq").dump() + " after " +
                                     std::to_string(last_seq));
        last_seq = seen_by_white.at("seq").get<std::int64_t>();
        ++ply;
        last = seen_by_white;
    }
    return last;
}

json SeatedGame::act(const std::string& side, const std::string& type)
{
    return player(side).request({{"type", type}, {"table", table}});
}

} // namespace rochade::test
