// The two steps of the request decoder's tests: a text that must decode (its typed message), and
// a text that must be refused with `code` (the refusal's sentence, for the test to read).
#pragma once

#include <string>
#include <string_view>

#include <catch2/catch.hpp>

#include "protocol/decode.h"

namespace rochade::protocol::testing {

inline ClientMessage decoded_request(std::string_view text)
{
    auto request = decode(text, DecodeLimits{});
    INFO(text);
    REQUIRE(request);
    return request->message;
}

inline std::string refusal_of(std::string_view text, ErrorCode code = ErrorCode::BadRequest)
{
    auto request = decode(text, DecodeLimits{});
    INFO(text);
    REQUIRE_FALSE(request);
    CHECK(request.error().code == code);
    return request.error().message;
}

} // namespace rochade::protocol::testing
