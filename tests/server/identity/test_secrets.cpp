#include <catch2/catch.hpp>

#include <set>

#include "server/identity/secrets.h"

using namespace rochade::identity;

TEST_CASE("tokens are 256 random bits in unpadded base64url, and never repeat")
{
    std::set<std::string> seen;
    for (int i = 0; i < 1000; ++i) {
        const std::string token = new_token();
        REQUIRE(token.size() == 43);
        for (const char c : token) CHECK((std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_'));
        CHECK(seen.insert(token).second);
    }
}

TEST_CASE("a token's stored hash is 32 bytes in hex, the same for the same token, different for another")
{
    const std::string token = new_token();
    CHECK(token_hash(token).size() == 64);
    CHECK(token_hash(token) == token_hash(token));
    CHECK(token_hash(token) != token_hash(new_token()));
    CHECK(token_hash(token).find(token) == std::string::npos);
}

TEST_CASE("passwords are hashed with argon2id at OWASP's minimum and verified")
{
    const std::string stored = hash_password("correct horse");
    CHECK(stored.rfind("$argon2id$", 0) == 0);
    CHECK(stored.find("m=19456,t=2") != std::string::npos);
    CHECK(stored.find("correct horse") == std::string::npos);
    CHECK(verify_password(stored, "correct horse"));
    CHECK_FALSE(verify_password(stored, "correct horsE"));
    CHECK_FALSE(verify_password(stored, ""));
    CHECK_FALSE(verify_password("not a hash", "correct horse"));
    CHECK_FALSE(verify_password("", "correct horse"));
    CHECK(hash_password("correct horse") != stored); // a fresh salt each time
}

TEST_CASE("a password is refused before hashing when too short or too long")
{
    const struct {
        std::string password;
        std::string error;
    } cases[] = {
        {"", "password: at least 8 characters"},
        {"1234567", "password: at least 8 characters"},
        {"äöüäöüä", "password: at least 8 characters"}, // 7 characters in 14 bytes
        {"12345678", ""},
        {std::string(256, 'x'), ""},
        {std::string(257, 'x'), "password: at most 256 bytes"},
    };
    for (const auto& c : cases) {
        INFO(c.password.size() << " bytes");
        CHECK(password_error(c.password) == c.error);
    }
}

TEST_CASE("coin_flip: both sides come up, about as often each", "[secrets]")
{
    int heads = 0;
    constexpr int flips = 2000;
    for (int i = 0; i < flips; ++i) heads += rochade::identity::coin_flip() ? 1 : 0;
    // A fair coin lands outside 850..1150 of 2000 with a probability below 1e-10.
    CHECK(heads > 850);
    CHECK(heads < 1150);
}
