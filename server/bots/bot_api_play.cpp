// The Bot API's game side: the event stream, a game's stream and its actions (move, chat, abort,
// resign, draw), and challenges. Each goes through the bot's BotSession as a protocol request.
#include <spdlog/spdlog.h>

#include "db/read_thread.h"
#include "db/store_reader.h"
#include "protocol/nick.h"
#include "server/api/query_string.h"
#include "server/bots/bot_api.h"
#include "server/bots/json_read.h"
#include "server/bots/lichess_challenge.h"

namespace rochade::server::bots {

using nlohmann::json;

namespace {

// A game stream asked for before the session knows the game (a session opened after this node
// restarted reads its tables' states first) is looked for again after this long, once.
constexpr auto game_looked_for_again = std::chrono::milliseconds(1500);

// The HTTP answer to a protocol reply: 200 {"ok":true}, or the error's message with a status
// that says what kind of refusal it was.
ApiResponse reply_answer(const json& frame)
{
    if (text_or(frame, "type") != "error") return lichess_json(json{{"ok", true}});
    const std::string code = text_or(frame, "code");
    const std::string message = text_or(frame, "message");
    if (code == "no_such_table" || code == "no_such_game" || code == "no_such_challenge" || code == "no_such_nick")
        return lichess_error(404, message);
    if (code == "not_logged_in" || code == "busy" || code == "storage_unavailable") return lichess_error(503, message);
    if (code == "limit_reached") return lichess_error(429, message);
    if (code == "not_a_player" || code == "banned" || code == "muted" || code == "challenges_refused" ||
        code == "forbidden")
        return lichess_error(403, message);
    return lichess_error(400, message);
}

} // namespace

void BotApi::event_stream(const Caller& caller, const ApiRequest& request, Answer answer)
{
    auto session = session_of(caller, request);
    ApiResponse response;
    response.stream = [session](std::shared_ptr<LineStream> stream) { session->open_event_stream(std::move(stream)); };
    answer(std::move(response));
}

void BotApi::game_stream(const Caller& caller, const ApiRequest& request, std::string game_id, Answer answer)
{
    auto session = session_of(caller, request);
    auto open = [session, game_id, answer](const BotGame* game) {
        if (!game) return answer(lichess_error(404, "No such game of yours: " + game_id));
        ApiResponse response;
        response.stream = [session, game_id](std::shared_ptr<LineStream> stream) {
            session->open_game_stream(game_id, stream, [stream](bool found) {
                if (found) return;
                stream->push(json{{"type", "error"}, {"error", "No such game"}}.dump());
                stream->finish();
            });
        };
        answer(std::move(response));
    };
    session->with_game(game_id, [session, game_id, open](const BotGame* game) {
        if (game) return open(game);
        // Not known yet: the session may be reading its tables again. One more look.
        auto timer = std::make_shared<net::steady_timer>(session->executor());
        timer->expires_after(game_looked_for_again);
        timer->async_wait(
            [session, game_id, open, timer](const boost::system::error_code&) { session->with_game(game_id, open); });
    });
}

void BotApi::playing(const Caller& caller, const ApiRequest& request, Answer answer)
{
    if (!caller.token.bot) return answer(lichess_json(json{{"nowPlaying", json::array()}}));
    session_of(caller, request)->playing([answer](json games) { answer(lichess_json(games)); });
}

void BotApi::game_action(const Caller& caller, const ApiRequest& request, std::string game_id, std::string action,
                         std::string argument, Answer answer)
{
    json message;
    bool spectator_room = false;
    if (action == "move") {
        const auto query = parse_query(request.query, {"offeringDraw"});
        if (!query) return answer(lichess_error(400, query.error()));
        if (argument.empty() || argument.size() > 5)
            return answer(lichess_error(400, "the move must be in UCI, like e2e4"));
        message = json{{"type", "move"}, {"move", argument}};
        if (query->get("offeringDraw") == "true") message["offer_draw"] = true;
    } else if (action == "chat") {
        const auto body = body_parameters(request, {"room", "text"});
        if (!body) return answer(lichess_error(400, body.error()));
        const auto room = body->get("room").value_or("player");
        if (room != "player" && room != "spectator")
            return answer(lichess_error(400, "'room' must be player or spectator"));
        const auto text = body->get("text");
        if (!text || text->empty()) return answer(lichess_error(400, "'text' is missing"));
        message = json{{"type", "table_chat"}, {"text", *text}};
        spectator_room = room == "spectator";
    } else if (action == "abort" || action == "resign") {
        message = json{{"type", action}};
    } else if (action == "claim-victory") {
        message = json{{"type", "claim_win"}};
    } else if (action == "draw") {
        if (argument != "yes" && argument != "no" && argument != "true" && argument != "false")
            return answer(lichess_error(400, "draw/{yes|no}"));
    } else {
        return answer(lichess_error(404, "No such endpoint: " + action.substr(0, 20)));
    }
    if (action != "draw" && !argument.empty() && action != "move")
        return answer(lichess_error(404, "No such endpoint"));
    auto session = session_of(caller, request);
    session->with_game(game_id, [session, game_id, action, argument, spectator_room, message = std::move(message),
                                 answer](const BotGame* game) mutable {
        if (!game) return answer(lichess_error(404, "No such game of yours: " + game_id));
        // lichess keeps the spectators' room apart. Here a seated player's line goes to the
        // players' channel while the game runs (FIDE 11.3: the spectators talk apart) and to
        // everyone at the table after it, the opponent included: a line meant for the spectators
        // alone has no place, so it is refused rather than shown to the opponent.
        if (action == "chat" && spectator_room)
            return answer(lichess_error(400, "a player cannot write to the spectators' room here (the players' "
                                             "lines reach the players, and after the game everyone at the table); "
                                             "write to room=player"));
        if (action == "draw") {
            // yes: accept the opponent's offer, or offer one; no: decline the opponent's offer.
            const char opponent = game->white() ? 'b' : 'w';
            const bool offered = game->draw_offer() == opponent;
            const bool yes = argument == "yes" || argument == "true";
            if (!yes && !offered) return answer(lichess_json(json{{"ok", true}}));
            message = json{{"type", yes ? (offered ? "accept_draw" : "offer_draw") : "decline_draw"}};
        }
        message["table"] = game->table();
        session->request(std::move(message), [answer](const json& reply) { answer(reply_answer(reply)); });
    });
}

void BotApi::create_challenge(const Caller& caller, const ApiRequest& request, std::string to, Answer answer)
{
    const auto nick = percent_decode(to);
    if (!nick || nick->empty() || nick->size() > 64) return answer(lichess_error(404, "No such user"));
    const auto body = body_parameters(request, {"rated", "clock.limit", "clock.increment", "days", "color", "variant",
                                                "fen", "keepAliveStream", "message", "rules", "acceptByToken"});
    if (!body) return answer(lichess_error(400, body.error()));
    if (body->has("days"))
        return answer(lichess_error(400, "Correspondence games (days) are not played here yet: give clock.limit "
                                         "and clock.increment, or neither for a game without a clock"));
    json challenge{{"type", "challenge"}, {"to", *nick}};
    challenge["rated"] = body->get("rated") == "true";
    const auto limit = body->get("clock.limit");
    const auto increment = body->get("clock.increment");
    if (limit || increment) {
        const auto limit_s = parse_integer(limit.value_or(""));
        const auto increment_s = parse_integer(increment.value_or("0"));
        if (!limit_s || *limit_s < 0 || *limit_s > 10800 || !increment_s || *increment_s < 0 || *increment_s > 180)
            return answer(lichess_error(400, "clock.limit must be 0 to 10800 seconds and clock.increment 0 to 180"));
        if (*limit_s == 0 && *increment_s == 0)
            return answer(lichess_error(400, "clock.limit and clock.increment cannot both be 0"));
        // A clock of increments alone starts with one increment, so that the first move is possible.
        const std::int64_t base_ms = (*limit_s > 0 ? *limit_s : *increment_s) * 1000;
        challenge["time_control"] =
            *increment_s > 0 ? json{{"kind", "fischer"}, {"base_ms", base_ms}, {"increment_ms", *increment_s * 1000}}
                             : json{{"kind", "sudden_death"}, {"base_ms", base_ms}};
    } else {
        challenge["time_control"] = "untimed";
    }
    const std::string color = body->get("color").value_or("random");
    if (color != "white" && color != "black" && color != "random")
        return answer(lichess_error(400, "color must be white, black or random"));
    challenge["color"] = color;
    const std::string variant = body->get("variant").value_or("standard");
    if (variant == "chess960")
        challenge["variant"] = "chess960";
    else if (variant == "fromPosition" || body->has("fen")) {
        challenge["variant"] = "from_position";
        challenge["fen"] = body->get("fen").value_or("");
    } else if (variant != "standard")
        return answer(lichess_error(400, "variant must be standard, chess960 or fromPosition here"));
    if (const auto text = body->get("message")) challenge["message"] = *text;

    auto session = session_of(caller, request);
    reads_.read([key = protocol::nick_key(*nick)](db::StoreReader& reader) { return reader.account(key); },
                [session, challenge = std::move(challenge), me = caller.token.nick,
                 answer](db::ReadResult<std::optional<db::AccountRecord>> account) mutable {
                    const bool dest_bot = account && *account && (*account)->bot;
                    json ours{{"from", me},
                              {"to", challenge["to"]},
                              {"time_control", challenge["time_control"].is_string() ? json{{"kind", "untimed"}}
                                                                                     : challenge["time_control"]},
                              {"color", challenge["color"]},
                              {"rated", challenge["rated"]},
                              {"variant", challenge.value("variant", std::string("standard"))}};
                    if (challenge.contains("fen")) ours["start_fen"] = challenge["fen"];
                    session->request(std::move(challenge),
                                     [session, ours = std::move(ours), dest_bot, answer](const json& reply) mutable {
                                         if (text_or(reply, "type") == "error") return answer(reply_answer(reply));
                                         ours["id"] = text_or(reply, "challenge");
                                         json made = lichess_challenge(ours, ChallengeSides{true, dest_bot, false});
                                         session->remember_outgoing(ours["id"].get<std::string>(), made);
                                         answer(lichess_json(made));
                                     });
                });
}

void BotApi::answer_challenge(const Caller& caller, const ApiRequest& request, std::string id, std::string action,
                              Answer answer)
{
    json message{{"challenge", id}};
    if (action == "accept") {
        message["type"] = "accept_challenge";
    } else if (action == "cancel") {
        message["type"] = "cancel_challenge";
    } else {
        message["type"] = "decline_challenge";
        const auto body = body_parameters(request, {"reason"});
        if (!body) return answer(lichess_error(400, body.error()));
        if (const auto reason = body->get("reason")) {
            const auto ours = rochade_decline_reason(*reason);
            if (!ours)
                return answer(lichess_error(400, "reason must be one of lichess's: generic, later, tooFast, tooSlow, "
                                                 "timeControl, rated, casual, standard, variant, noBot, onlyBot"));
            message["reason"] = *ours;
        }
    }
    session_of(caller, request)->request(std::move(message), [answer](const json& reply) {
        answer(reply_answer(reply));
    });
}

// POST /api/tournament/{id}/join (form `password`), .../withdraw: a tournament's entry, as the
// protocol's join_tournament and withdraw_tournament; the tournament's director must have
// admitted bots (`bots_allowed`). Its games come to the bot as any game: gameStart, the stream.
void BotApi::tournament_entry(const Caller& caller, const ApiRequest& request, std::int64_t tournament,
                              std::string action, Answer answer)
{
    json message{{"type", action == "join" ? "join_tournament" : "withdraw_tournament"}, {"tournament", tournament}};
    if (action == "join") {
        const auto body = body_parameters(request, {"password", "team", "pairMeAsap"});
        if (!body) return answer(lichess_error(400, body.error()));
        if (const auto password = body->get("password")) message["password"] = *password;
    }
    session_of(caller, request)->request(std::move(message), [answer](const json& reply) {
        answer(reply_answer(reply));
    });
}

} // namespace rochade::server::bots
