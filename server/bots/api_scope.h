// The scopes of a personal API token (issue 29 §3), named as lichess names them: what a token
// lets its holder do through the Bot API. A token holds a set of them, chosen when it is made.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rochade::server::bots {

enum class ApiScope : std::uint8_t {
    BotPlay,         // "bot:play": play as a bot (the game stream, moves, chat, resign, the upgrade)
    BoardPlay,       // "board:play": lichess's Board API; accepted on a token, no endpoint uses it here
    ChallengeRead,   // "challenge:read": the event stream's challenges
    ChallengeWrite,  // "challenge:write": challenge, accept, decline, cancel
    TournamentWrite, // "tournament:write": join and withdraw from tournaments
};

std::string_view scope_name(ApiScope scope);
std::optional<ApiScope> scope_from_name(std::string_view name);
// Every scope, in the order above: the account page's choices.
const std::vector<ApiScope>& all_scopes();

class ScopeSet {
public:
    bool has(ApiScope scope) const { return (bits_ & bit(scope)) != 0; }
    void add(ApiScope scope) { bits_ = static_cast<std::uint8_t>(bits_ | bit(scope)); }
    bool empty() const { return bits_ == 0; }
    std::vector<std::string> names() const;
    // The set `names` spell, or the first name that is no scope.
    static std::optional<ScopeSet> from_names(const std::vector<std::string>& names, std::string* unknown = nullptr);

private:
    static std::uint8_t bit(ApiScope scope) { return static_cast<std::uint8_t>(1u << static_cast<unsigned>(scope)); }
    std::uint8_t bits_ = 0;
};

} // namespace rochade::server::bots
