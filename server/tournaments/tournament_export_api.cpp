#include "server/tournaments/tournament_export_api.h"

#include <charconv>
#include <string>

#include <spdlog/spdlog.h>

#include "db/read_thread.h"
#include "db/store_reader.h"
#include "server/api/reply.h"
#include "server/tournaments/stored_tournament.h"
#include "tournament/trf_conversion.h"

namespace rochade::server {

using protocol::ErrorCode;

namespace {

constexpr std::string_view export_prefix = "/tournaments/";
constexpr std::string_view trf_suffix = ".trf";
constexpr std::string_view pgn_suffix = ".pgn";

std::optional<std::int64_t> tournament_id_in(std::string_view path)
{
    const std::string_view digits = path.substr(export_prefix.size(), path.size() - export_prefix.size() - 4);
    std::int64_t id = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), id);
    if (digits.empty() || error != std::errc{} || end != digits.data() + digits.size() || id < 1) return std::nullopt;
    return id;
}

ApiResponse no_such_tournament(std::string_view path)
{
    return admin_error(ErrorCode::NoSuchTournament,
                       "tournaments: there is no tournament at " + std::string(path) +
                           " (the path is /tournaments/{id}.trf or .pgn with the tournament's number)",
                       404);
}

std::string file_name(std::int64_t id, std::string_view suffix)
{
    return "attachment; filename=\"rochade-tournament-" + std::to_string(id) + std::string(suffix) + "\"";
}

struct TournamentPgn {
    bool found = false;
    std::string text;
};

} // namespace

bool TournamentExportApi::serves(std::string_view path)
{
    return path.size() > export_prefix.size() + 4 && path.starts_with(export_prefix) &&
           (path.ends_with(trf_suffix) || path.ends_with(pgn_suffix));
}

void TournamentExportApi::handle(const ApiRequest& request, Answer answer)
{
    if (auto refused = refuse_unless_read(request, "the tournament export")) return answer(std::move(*refused));
    if (!request.query.empty())
        return answer(admin_error(ErrorCode::BadRequest, std::string(request.path) + ": takes no query parameters"));
    const auto id = tournament_id_in(request.path);
    if (!id) return answer(no_such_tournament(request.path));
    if (request.path.ends_with(pgn_suffix)) return pgn(*id, std::string(request.path), std::move(answer));
    trf(*id, std::string(request.path), std::move(answer));
}

void TournamentExportApi::trf(std::int64_t id, std::string path, Answer answer)
{
    reads_.read([id](db::StoreReader& reader) { return reader.tournament(id); },
                [id, path = std::move(path), answer](db::ReadResult<std::optional<db::TournamentLog>> log) {
                    if (!log)
                        return answer(store_unreadable("tournaments", "tournament " + std::to_string(id), log.error()));
                    if (!*log) return answer(no_such_tournament(path));
                    // TRF reports rounds of a Swiss or a round robin; an arena's waves are not rounds.
                    if (system_of((*log)->tournament.created) == protocol::TournamentSystem::Arena)
                        return answer(admin_error(ErrorCode::BadRequest,
                                                  "tournaments: tournament " + std::to_string(id) +
                                                      " is an arena, which has no rounds for a TRF; its games are at "
                                                      "/tournaments/" +
                                                      std::to_string(id) + ".pgn",
                                                  409));
                    ApiResponse response;
                    response.body = tournament::write_trf(model_of(**log));
                    response.content_type = "text/plain; charset=utf-8";
                    response.content_disposition = file_name(id, trf_suffix);
                    answer(std::move(response));
                });
}

// The games are read in the same read job as the tournament: one job, however many games (a
// Swiss of 500 players over 9 rounds has 2,250), as the archive's player export reads a page.
void TournamentExportApi::pgn(std::int64_t id, std::string path, Answer answer)
{
    reads_.read(
        [id, site = site_](db::StoreReader& reader) {
            TournamentPgn out;
            const auto log = reader.tournament(id);
            if (!log) return out;
            out.found = true;
            for (const auto& round : log->rounds)
                for (const auto& board : round.boards) {
                    if (!board.game_id) continue;
                    const auto game = reader.game_log(*board.game_id);
                    if (!game || !game->end) continue; // still being played
                    const PgnEvent event{log->tournament.created.name,
                                         std::to_string(round.round) + "." + std::to_string(board.pairing.board)};
                    const StoredGamePgn pgn = stored_game_pgn(*game, site, event);
                    if (!pgn.problem.empty())
                        spdlog::warn("tournament {}: game {} as PGN: {}", id, *board.game_id, pgn.problem);
                    if (!out.text.empty()) out.text += '\n';
                    out.text += pgn.text;
                }
            return out;
        },
        [id, path = std::move(path), answer](db::ReadResult<TournamentPgn> read) {
            if (!read) return answer(store_unreadable("tournaments", "tournament " + std::to_string(id), read.error()));
            if (!read->found) return answer(no_such_tournament(path));
            ApiResponse response;
            response.body = std::move(read->text);
            response.content_type = "application/x-chess-pgn; charset=utf-8";
            response.content_disposition = file_name(id, pgn_suffix);
            answer(std::move(response));
        });
}

} // namespace rochade::server
