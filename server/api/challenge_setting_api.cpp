#include "server/api/challenge_setting_api.h"

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "db/read_thread.h"
#include "db/store_reader.h"
#include "db/store_writer.h"
#include "protocol/challenge.h"
#include "protocol/nick.h"
#include "server/api/reply.h"

namespace rochade::server {

using nlohmann::json;
using protocol::ErrorCode;

namespace {

ApiResponse setting_json(protocol::ChallengePolicy policy, bool guest)
{
    return admin_json(json{{"accept", protocol::challenge_policy_name(policy)}, {"guest", guest}});
}

} // namespace

ChallengeSettingApi::ChallengeSettingApi(std::shared_ptr<identity::Authenticator> authenticator, db::ReadThread& reads,
                                         db::StoreWriter& writer)
    : authenticator_(std::move(authenticator)), reads_(reads), writer_(writer)
{
}

void ChallengeSettingApi::handle(ApiRequest request, std::function<void(ApiResponse)> answer)
{
    if (request.method != "GET" && request.method != "POST") {
        auto refused = admin_error(ErrorCode::BadRequest, "account/challenges: use GET or POST", 405);
        refused.allow = "GET, POST";
        return answer(std::move(refused));
    }
    std::optional<protocol::ChallengePolicy> wanted;
    if (request.method == "POST") {
        // A change of state: JSON only, so a plain HTML form of another site cannot send one.
        if (!request.content_type.starts_with("application/json"))
            return answer(admin_error(ErrorCode::BadRequest, "account/challenges: the body must be application/json"));
        const json body = json::parse(request.body, nullptr, false);
        const auto accept = body.is_object() ? body.find("accept") : body.end();
        if (!body.is_object() || accept == body.end() || !accept->is_string())
            return answer(admin_error(ErrorCode::BadRequest,
                                      "account/challenges: the body must be "
                                      "{\"accept\": \"everyone\", \"registered\" or \"nobody\"}"));
        wanted = protocol::challenge_policy_from_name(accept->get_ref<const std::string&>());
        if (!wanted)
            return answer(admin_error(ErrorCode::BadRequest,
                                      "account/challenges: 'accept' must be \"everyone\", \"registered\" or "
                                      "\"nobody\", not \"" +
                                          accept->get_ref<const std::string&>().substr(0, 20) + "\""));
    }
    if (!request.session_cookie) return answer(admin_error(ErrorCode::NotLoggedIn, "account/challenges: log in first"));
    authenticator_->who(*request.session_cookie, [this, wanted, answer = std::move(answer)](auto result) {
        if (auto* refusal = std::get_if<identity::AuthRefusal>(&result))
            return answer(admin_error(refusal->code, "account/challenges: " + refusal->message));
        const identity::Identity who = std::get<identity::Authenticator::CookieSession>(result).identity;
        if (who.principal.guest()) {
            if (wanted)
                return answer(admin_error(ErrorCode::Forbidden, "account/challenges: a guest has no account to keep "
                                                                "a challenge setting in; register first"));
            return answer(setting_json(protocol::ChallengePolicy::Everyone, true));
        }
        if (!wanted) return read(who, answer);
        writer_.submit(db::ChallengePolicyChanged{who.principal.id, *wanted},
                       [policy = *wanted, answer](std::optional<db::StoreError> error) {
                           if (!error) return answer(setting_json(policy, false));
                           spdlog::error("account/challenges: storing the setting failed: {}", error->message);
                           answer(admin_error(ErrorCode::StorageUnavailable,
                                              "account/challenges: the setting could not be stored now; try again"));
                       });
    });
}

void ChallengeSettingApi::read(const identity::Identity& who, std::function<void(ApiResponse)> answer)
{
    reads_.read([key = protocol::nick_key(who.nick)](db::StoreReader& reader) { return reader.account(key); },
                [answer = std::move(answer)](db::ReadResult<std::optional<db::AccountRecord>> account) {
                    if (!account)
                        return answer(store_unreadable("account/challenges", "reading the setting", account.error()));
                    if (!*account)
                        return answer(admin_error(ErrorCode::NotLoggedIn, "account/challenges: no such account"));
                    answer(setting_json((*account)->challenge_policy, false));
                });
}

} // namespace rochade::server
