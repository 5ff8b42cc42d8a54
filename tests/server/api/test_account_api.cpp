// The account endpoints' pure parts: the session cookie read from a Cookie header and the
// Origin policy against cross-site WebSocket hijacking.
#include <catch2/catch.hpp>

#include "server/api/account_api.h"

using rochade::server::AccountApi;

TEST_CASE("the session cookie is found among others, and nothing else is taken for it", "[account_api]")
{
    const struct {
        const char* header;
        std::optional<std::string> token;
    } cases[] = {
        {"rochade_session=abc", "abc"},
        {"theme=dark; rochade_session=abc; lang=de", "abc"},
        {"theme=dark;rochade_session=abc", "abc"},
        {"rochade_session=", std::nullopt},
        {"rochade_sessionX=abc", std::nullopt},
        {"xrochade_session=abc", std::nullopt},
        {"", std::nullopt},
        {"theme=dark", std::nullopt},
    };
    for (const auto& c : cases) {
        INFO(c.header);
        CHECK(AccountApi::session_cookie(c.header) == c.token);
    }
    // Appended in place: `"rochade_session=" + std::string(129, 'a')` draws g++ 12's -Warray-bounds
    // false positive on the moved temporary (server/api/account_api.cpp, expired_cookie).
    std::string too_long = "rochade_session=";
    too_long.append(129, 'a');
    CHECK_FALSE(AccountApi::session_cookie(too_long));
}

TEST_CASE("an Origin is allowed when absent, listed, or the server's own", "[account_api]")
{
    const std::vector<std::string> none;
    const std::vector<std::string> listed{"https://schach.example.org"};
    const struct {
        std::optional<std::string_view> origin;
        std::string_view host;
        const std::vector<std::string>& allowed;
        bool ok;
    } cases[] = {
        {std::nullopt, "localhost:8080", none, true}, // not a browser
        {"http://localhost:8080", "localhost:8080", none, true},
        {"https://localhost:8080", "localhost:8080", none, true},
        {"http://evil.example:8080", "localhost:8080", none, false},
        {"http://localhost:8080.evil.example", "localhost:8080", none, false},
        {"http://localhost", "localhost:8080", none, false},
        {"null", "localhost:8080", none, false},
        {"http://localhost:8080", "", none, false},
        {"https://schach.example.org", "localhost:8080", listed, true},
        {"http://localhost:8080", "localhost:8080", listed, false}, // a list replaces the default
    };
    for (const auto& c : cases) {
        INFO((c.origin ? std::string(*c.origin) : "(none)") << " for host " << c.host);
        CHECK(AccountApi::origin_allowed(c.origin, c.host, c.allowed) == c.ok);
    }
}
