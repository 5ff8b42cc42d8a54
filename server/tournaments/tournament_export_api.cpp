#include "server/tournaments/tournament_export_api.h"

#include <charconv>
#include <string>

#include "db/read_thread.h"
#include "db/store_reader.h"
#include "server/api/reply.h"
#include "server/tournaments/stored_tournament.h"
#include "tournament/trf_conversion.h"

namespace rochade::server {

using protocol::ErrorCode;

namespace {

constexpr std::string_view export_prefix = "/tournaments/";
constexpr std::string_view export_suffix = ".trf";

std::optional<std::int64_t> tournament_id_in(std::string_view path)
{
    const std::string_view digits =
        path.substr(export_prefix.size(), path.size() - export_prefix.size() - export_suffix.size());
    std::int64_t id = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), id);
    if (digits.empty() || error != std::errc{} || end != digits.data() + digits.size() || id < 1) return std::nullopt;
    return id;
}

ApiResponse no_such_tournament(std::string_view path)
{
    return admin_error(ErrorCode::NoSuchTournament,
                       "tournaments: there is no tournament at " + std::string(path) +
                           " (the path is /tournaments/{id}.trf with the tournament's number)",
                       404);
}

} // namespace

bool TournamentExportApi::serves(std::string_view path)
{
    return path.size() > export_prefix.size() + export_suffix.size() && path.starts_with(export_prefix) &&
           path.ends_with(export_suffix);
}

void TournamentExportApi::handle(const ApiRequest& request, Answer answer)
{
    if (auto refused = refuse_unless_read(request, "the tournament export")) return answer(std::move(*refused));
    if (!request.query.empty())
        return answer(admin_error(ErrorCode::BadRequest, std::string(request.path) + ": takes no query parameters"));
    const auto id = tournament_id_in(request.path);
    if (!id) return answer(no_such_tournament(request.path));
    reads_.read(
        [id = *id](db::StoreReader& reader) { return reader.tournament(id); },
        [id = *id, path = std::string(request.path), answer](db::ReadResult<std::optional<db::TournamentLog>> log) {
            if (!log) return answer(store_unreadable("tournaments", "tournament " + std::to_string(id), log.error()));
            if (!*log) return answer(no_such_tournament(path));
            ApiResponse response;
            response.body = tournament::write_trf(model_of(**log));
            response.content_type = "text/plain; charset=utf-8";
            response.content_disposition = "attachment; filename=\"rochade-tournament-" + std::to_string(id) + ".trf\"";
            answer(std::move(response));
        });
}

} // namespace rochade::server
