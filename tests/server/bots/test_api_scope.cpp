// The scopes of a personal API token (server/bots/api_scope.h): lichess's names, a set of them
// read from names and written back in one order, and an unknown name refused by name.
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "server/bots/api_scope.h"

using namespace rochade::server::bots;

TEST_CASE("api scopes: lichess's names both ways", "[bots][api_scope]")
{
    const std::vector<std::string> names{"bot:play", "board:play", "challenge:read", "challenge:write",
                                         "tournament:write"};
    REQUIRE(all_scopes().size() == names.size());
    for (std::size_t i = 0; i < names.size(); ++i) {
        CHECK(scope_name(all_scopes()[i]) == names[i]);
        CHECK(scope_from_name(names[i]) == all_scopes()[i]);
    }
    CHECK(scope_from_name("bot:play") == ApiScope::BotPlay);
    CHECK(scope_from_name("challenge:write") == ApiScope::ChallengeWrite);
    CHECK_FALSE(scope_from_name("Bot:Play"));
    CHECK_FALSE(scope_from_name("email:read"));
    CHECK_FALSE(scope_from_name(""));
}

TEST_CASE("api scopes: a set from names, written in one order, each once", "[bots][api_scope]")
{
    const auto set = ScopeSet::from_names({"challenge:write", "bot:play", "challenge:write"});
    REQUIRE(set);
    CHECK(set->has(ApiScope::BotPlay));
    CHECK(set->has(ApiScope::ChallengeWrite));
    CHECK_FALSE(set->has(ApiScope::ChallengeRead));
    CHECK_FALSE(set->has(ApiScope::BoardPlay));
    CHECK_FALSE(set->empty());
    CHECK(set->names() == std::vector<std::string>{"bot:play", "challenge:write"});

    const auto none = ScopeSet::from_names({});
    REQUIRE(none);
    CHECK(none->empty());
    CHECK(none->names().empty());

    ScopeSet built;
    built.add(ApiScope::ChallengeRead);
    built.add(ApiScope::ChallengeRead);
    CHECK(built.names() == std::vector<std::string>{"challenge:read"});
}

TEST_CASE("api scopes: an unknown scope is refused and named", "[bots][api_scope]")
{
    std::string unknown;
    CHECK_FALSE(ScopeSet::from_names({"bot:play", "preferences:write", "nonsense"}, &unknown));
    CHECK(unknown == "preferences:write");
    CHECK_FALSE(ScopeSet::from_names({"bot:play "}));
}
