// Whole-text UTF-8 validation (protocol/utf8.h), which the WebSocket session applies to every
// text message because Beast's own check has a gap (tests/server/net/test_hardening.cpp).
#include <string>

#include <catch2/catch.hpp>

#include "protocol/utf8.h"

using rochade::protocol::is_valid_utf8;

TEST_CASE("whole UTF-8 texts are valid, cut, stray, overlong and surrogate sequences are not", "[protocol][utf8]")
{
    CHECK(is_valid_utf8(""));
    CHECK(is_valid_utf8("Gästezimmer \xE2\x82\xAC \xF0\x9F\x98\x80"));
    CHECK_FALSE(is_valid_utf8("\xE2\x82"));         // the euro sign cut short at the end
    CHECK_FALSE(is_valid_utf8("a\xE2\x82z"));       // cut short in the middle
    CHECK_FALSE(is_valid_utf8("\x80"));             // a continuation byte without a lead
    CHECK_FALSE(is_valid_utf8("\xC0\xAF"));         // an overlong '/'
    CHECK_FALSE(is_valid_utf8("\xED\xA0\x80"));     // a UTF-16 surrogate
    CHECK_FALSE(is_valid_utf8("\xF4\x90\x80\x80")); // past U+10FFFF
    CHECK_FALSE(is_valid_utf8(std::string("ok\xFF", 3)));
}
