#include "server/api/analysis_api.h"

#include <charconv>

#include <nlohmann/json.hpp>

#include "db/read_thread.h"
#include "db/store_reader.h"
#include "server/analysis/game_analysis_service.h"
#include "server/api/analysis_json.h"
#include "server/api/reply.h"
#include "server/identity/authenticator.h"

namespace rochade::server {

using nlohmann::json;
using protocol::ErrorCode;

namespace {

constexpr std::string_view prefix = "/api/games/";
constexpr std::string_view suffix = "/analysis";

// The game id of /api/games/{id}/analysis, or nothing.
std::optional<std::int64_t> game_of(std::string_view path)
{
    if (!path.starts_with(prefix) || !path.ends_with(suffix)) return std::nullopt;
    const std::string_view digits = path.substr(prefix.size(), path.size() - prefix.size() - suffix.size());
    std::int64_t id = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), id);
    if (digits.empty() || error != std::errc() || end != digits.data() + digits.size() || id < 1) return std::nullopt;
    return id;
}

const char* state_name(AnalysisProgress::State state)
{
    switch (state) {
    case AnalysisProgress::State::None: return "none";
    case AnalysisProgress::State::Queued: return "queued";
    case AnalysisProgress::State::Running: return "running";
    case AnalysisProgress::State::Done: return "done";
    }
    return "none";
}

json progress_json(const AnalysisProgress& progress)
{
    json out{{"state", state_name(progress.state)}};
    if (progress.state == AnalysisProgress::State::Running)
        out["progress"] = json{{"positions_done", progress.positions_done}, {"positions", progress.positions}};
    return out;
}

} // namespace

AnalysisApi::AnalysisApi(std::shared_ptr<identity::Authenticator> authenticator, db::ReadThread& reads,
                         std::shared_ptr<GameAnalysisService> analyses)
    : authenticator_(std::move(authenticator)), reads_(reads), analyses_(std::move(analyses))
{
}

bool AnalysisApi::serves(std::string_view path) { return path.starts_with(prefix) && path.ends_with(suffix); }

void AnalysisApi::handle(ApiRequest request, std::function<void(ApiResponse)> answer)
{
    const auto game_id = game_of(request.path);
    if (!game_id)
        return answer(admin_error(ErrorCode::NoSuchGame,
                                  "analysis: a game id is a positive number, like /api/games/4711/analysis", 404));
    if (request.method == "GET" || request.method == "HEAD") return read(*game_id, std::move(answer));
    if (request.method != "POST") {
        auto refused = admin_error(ErrorCode::BadRequest, "analysis: use GET or POST", 405);
        refused.allow = "GET, HEAD, POST";
        return answer(std::move(refused));
    }
    // A request that costs the engines: JSON only, so that a plain HTML form of another site
    // cannot send one with the player's cookie.
    if (!request.content_type.starts_with("application/json"))
        return answer(admin_error(ErrorCode::BadRequest, "analysis: ask with Content-Type application/json"));
    if (!request.session_cookie) return answer(admin_error(ErrorCode::NotLoggedIn, "analysis: log in first"));
    ask(*game_id, *request.session_cookie, std::move(answer));
}

void AnalysisApi::ask(std::int64_t game_id, const std::string& cookie, std::function<void(ApiResponse)> answer)
{
    authenticator_->who(cookie, [analyses = analyses_, game_id, answer = std::move(answer)](auto result) {
        if (auto* refusal = std::get_if<identity::AuthRefusal>(&result))
            return answer(admin_error(refusal->code, "analysis: " + refusal->message));
        const auto who = std::get<identity::Authenticator::CookieSession>(result).identity;
        analyses->request(who, game_id, [answer](std::variant<AnalysisProgress, AnalysisRefusal> outcome) {
            if (const auto* refused = std::get_if<AnalysisRefusal>(&outcome))
                return answer(admin_error(refused->code, refused->message, refused->http_status));
            const auto& progress = std::get<AnalysisProgress>(outcome);
            answer(admin_json(progress_json(progress), progress.state == AnalysisProgress::State::Done ? 200 : 202));
        });
    });
}

void AnalysisApi::read(std::int64_t game_id, std::function<void(ApiResponse)> answer)
{
    reads_.read(
        [game_id](db::StoreReader& reader) { return reader.game_log(game_id); },
        [analyses = analyses_, game_id, answer = std::move(answer)](db::ReadResult<std::optional<db::GameLog>> log) {
            if (!log) return answer(store_unreadable("analysis", "reading the game", log.error()));
            if (!*log || (*log)->start.room <= 0)
                return answer(
                    admin_error(ErrorCode::NoSuchGame, "analysis: no public game " + std::to_string(game_id), 404));
            if ((*log)->analysis)
                return answer(admin_json(analysis_json(*(*log)->analysis, white_moves_first((*log)->start))));
            analyses->progress(game_id, [answer, finished = (*log)->end.has_value()](AnalysisProgress progress) {
                json out = progress_json(progress);
                out["finished"] = finished;
                answer(admin_json(out));
            });
        });
}

} // namespace rochade::server
