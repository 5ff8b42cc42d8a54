// The account page's personal API tokens (issue 29 §3; docs/bots.md, "Tokens"), with the
// session cookie, JSON and an allowed Origin, as the account API:
//   GET    /api/tokens                    {"tokens":[{"id","description","scopes","created_ms","last_used_ms"}]}
//   POST   /api/tokens {"description","scopes":["bot:play",...]}
//                                         201 {"token":"rch_...","id",...}: the token, shown this once
//   DELETE /api/tokens/{id}               revokes it
// A token is 32 random bytes from libsodium's generator (identity::new_token) behind "rch_"; the
// store keeps its BLAKE2b hash only, which is also its id on this page. Registered players only.
#pragma once

#include <functional>
#include <memory>
#include <string_view>

#include "server/api/account_api.h"

namespace rochade::db {
class ReadThread;
class StoreWriter;
} // namespace rochade::db

namespace rochade::server::bots {

class TokenApi {
public:
    static constexpr std::size_t max_tokens_per_account = 20;
    static constexpr std::size_t max_description_bytes = 100;
    static constexpr std::string_view token_prefix = "rch_";

    TokenApi(std::shared_ptr<identity::Authenticator> authenticator, db::ReadThread& reads, db::StoreWriter& writer);

    static bool serves(std::string_view path) { return path == "/api/tokens" || path.starts_with("/api/tokens/"); }
    // Answers `request` through `answer`, exactly once.
    void handle(ApiRequest request, std::function<void(ApiResponse)> answer);

private:
    void list(const identity::Identity& who, std::function<void(ApiResponse)> answer);
    void create(const identity::Identity& who, std::string description, std::vector<std::string> scopes,
                std::function<void(ApiResponse)> answer);
    void revoke(const identity::Identity& who, std::string id, std::function<void(ApiResponse)> answer);

    std::shared_ptr<identity::Authenticator> authenticator_;
    db::ReadThread& reads_;
    db::StoreWriter& writer_;
};

} // namespace rochade::server::bots
