#include "server/api/archive_api.h"

#include <spdlog/spdlog.h>

#include "db/read_thread.h"
#include "protocol/nick.h"
#include "server/api/games_json.h"
#include "server/api/query_string.h"
#include "server/api/reply.h"

namespace rochade::server {

using protocol::ErrorCode;

namespace {

constexpr std::string_view game_prefix = "/games/";
constexpr std::string_view api_game_prefix = "/api/games/";
constexpr std::string_view player_prefix = "/api/players/";
constexpr std::string_view player_suffix = "/games.pgn";
constexpr std::string_view pgn_content_type = "application/x-chess-pgn; charset=utf-8";

ApiResponse no_such_game(std::string_view id_text)
{
    return admin_error(ErrorCode::NoSuchGame, "no public game " + std::string(id_text) +
                                                  " (a game id is a positive number, like /games/4711.pgn)");
}

// A game the public may see: one not played in a secret room.
bool is_public(std::int64_t room) { return room > 0; }

ApiResponse pgn_download(std::string text, const std::string& content_disposition)
{
    ApiResponse response;
    response.body = std::move(text);
    response.content_type = std::string(pgn_content_type);
    response.content_disposition = content_disposition;
    return response;
}

// The nick in a path, percent-decoded; '+' is a plus here, not a space as in a query.
std::optional<std::string> path_segment(std::string_view text)
{
    std::string escaped;
    for (char c : text) escaped += c == '+' ? std::string("%2B") : std::string(1, c);
    return percent_decode(escaped);
}

// RFC 6266's filename*: the nick may be any UTF-8, which a plain quoted filename cannot carry.
std::string player_file_disposition(const std::string& nick)
{
    static constexpr char hex[] = "0123456789ABCDEF";
    std::string encoded;
    for (unsigned char c : nick) {
        if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
            c == '.') {
            encoded += static_cast<char>(c);
        } else {
            encoded += '%';
            encoded += hex[c >> 4];
            encoded += hex[c & 15];
        }
    }
    return "attachment; filename=\"rochade-games.pgn\"; filename*=UTF-8''rochade-" + encoded + ".pgn";
}

} // namespace

struct ArchiveApi::Export {
    std::string nick;
    Answer answer;
    db::GameQuery query;
    std::string text;
    int games = 0;
    bool known = false; // the nick has an account or a public game
};

ArchiveApi::ArchiveApi(db::ReadThread& reads, PgnSite site) : reads_(reads), site_(std::move(site)) {}

bool ArchiveApi::serves(std::string_view path)
{
    return (path.starts_with(game_prefix) && path.ends_with(".pgn")) || path.starts_with(api_game_prefix) ||
           (path.size() >= player_prefix.size() + player_suffix.size() && path.starts_with(player_prefix) &&
            path.ends_with(player_suffix));
}

void ArchiveApi::handle(const ApiRequest& request, Answer answer)
{
    if (auto refused = refuse_unless_read(request, "the archive's endpoints")) return answer(std::move(*refused));
    if (!request.query.empty())
        return answer(admin_error(ErrorCode::BadRequest, std::string(request.path) + ": takes no query parameters"));
    const std::string_view path = request.path;
    if (path.starts_with(api_game_prefix)) return game_json(path.substr(api_game_prefix.size()), std::move(answer));
    if (path.starts_with(game_prefix)) return game_pgn(path.substr(game_prefix.size()), std::move(answer));

    const std::string_view nick_text =
        path.substr(player_prefix.size(), path.size() - player_prefix.size() - player_suffix.size());
    const auto nick = path_segment(nick_text);
    if (!nick)
        return answer(admin_error(ErrorCode::BadRequest,
                                  "players/" + std::string(nick_text) + ": a broken percent escape in the nick"));
    if (const auto error = protocol::nick_error(*nick))
        return answer(admin_error(ErrorCode::BadRequest, "players/{nick}/games.pgn: " + *error));
    player_pgn(*nick, std::move(answer));
}

void ArchiveApi::game_pgn(std::string_view id_text, Answer answer)
{
    const auto path = parse_game_path(id_text);
    if (!path || !path->pgn) return answer(no_such_game(id_text));
    const std::int64_t id = path->game_id;
    reads_.read([id](db::StoreReader& reader) { return reader.game_log(id); },
                [this, id, answer](db::ReadResult<std::optional<db::GameLog>> log) {
                    if (!log) return answer(store_unreadable("archive", "game " + std::to_string(id), log.error()));
                    if (!*log || !is_public((*log)->start.room)) return answer(no_such_game(std::to_string(id)));
                    const StoredGamePgn pgn = stored_game_pgn(**log, site_);
                    if (!pgn.problem.empty()) spdlog::warn("archive: game {} as PGN: {}", id, pgn.problem);
                    answer(pgn_download(pgn.text, "attachment; filename=\"" + pgn_file_name(id) + "\""));
                });
}

void ArchiveApi::game_json(std::string_view id_text, Answer answer)
{
    const auto path = parse_game_path(id_text);
    if (!path || path->pgn) return answer(no_such_game(id_text));
    const std::int64_t id = path->game_id;
    reads_.read([id](db::StoreReader& reader) { return reader.game_log(id); },
                [id, answer](db::ReadResult<std::optional<db::GameLog>> log) {
                    if (!log) return answer(store_unreadable("archive", "game " + std::to_string(id), log.error()));
                    if (!*log || !is_public((*log)->start.room)) return answer(no_such_game(std::to_string(id)));
                    // Table chat was said to the table, not to the world: it stays in the admin's log.
                    std::erase_if((*log)->events, [](const db::TableEvent& event) {
                        return event.kind == db::TableEventKind::TableChat ||
                               event.kind == db::TableEventKind::SpectatorChat;
                    });
                    answer(admin_json(game_log_json(**log)));
                });
}

void ArchiveApi::player_pgn(std::string nick, Answer answer)
{
    auto state = std::make_shared<Export>();
    state->nick = std::move(nick);
    state->answer = std::move(answer);
    state->query.player = state->nick;
    state->query.state = db::GameState::Finished;
    state->query.limit = db::max_page_games;
    reads_.read([key = protocol::nick_key(state->nick)](db::StoreReader& reader) { return reader.account(key); },
                [this, state](db::ReadResult<std::optional<db::AccountRecord>> account) {
                    if (!account)
                        return state->answer(store_unreadable("archive", "player " + state->nick, account.error()));
                    state->known = account->has_value();
                    export_page(state);
                });
}

// One page of the player's games per read job, then the next page is queued behind whatever
// other reads came meanwhile.
void ArchiveApi::export_page(std::shared_ptr<Export> state)
{
    // The query fills `state` on the read thread, where `done` reads it after.
    reads_.read(
        [this, state](db::StoreReader& reader) {
            db::GamePage page = reader.find_games(state->query);
            for (const db::GameSummary& game : page.games) {
                if (!is_public(game.room)) continue;
                if (state->games == max_export_games) {
                    page.next_page.reset();
                    break;
                }
                const auto log = reader.game_log(game.game_id);
                if (!log) continue; // cannot happen while games are never deleted; skip rather than fail
                const StoredGamePgn pgn = stored_game_pgn(*log, site_);
                if (!pgn.problem.empty()) spdlog::warn("archive: game {} as PGN: {}", game.game_id, pgn.problem);
                if (!state->text.empty()) state->text += '\n';
                state->text += pgn.text;
                ++state->games;
                state->known = true;
            }
            return page.next_page;
        },
        [this, state](db::ReadResult<std::optional<db::GameCursor>> next_page) {
            if (!next_page)
                return state->answer(store_unreadable("archive", "the games of " + state->nick, next_page.error()));
            if (*next_page) {
                state->query.after = *next_page;
                return export_page(state);
            }
            if (!state->known)
                return state->answer(admin_error(ErrorCode::NoSuchNick,
                                                 "no player " + state->nick + " (no account and no public game)"));
            state->answer(pgn_download(std::move(state->text), player_file_disposition(state->nick)));
        });
}

} // namespace rochade::server
