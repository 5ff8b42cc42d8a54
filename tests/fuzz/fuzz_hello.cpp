// The login and register messages: the decoder fed inputs shaped like hello and register (its
// seed corpus and dictionary, tests/fuzz/corpus/hello and hello.dict, hold their keys). Besides
// decode's properties (fuzz_decode.cpp), a decoded hello or register keeps every limit of
// docs/protocol.md: nick, password and resume token within their byte limits, a password only
// with a nick and never with a token, and every string valid UTF-8.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

#include "fuzz_check.h"
#include "valid_utf8.h"
#include "protocol/account_limits.h"
#include "protocol/decode.h"

using namespace rochade::protocol;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto request = decode(text);
    if (!request) {
        const DecodeError& error = request.error();
        FUZZ_CHECK(error.code == ErrorCode::BadRequest || error.code == ErrorCode::UnknownType ||
                   error.code == ErrorCode::MessageTooLarge);
        FUZZ_CHECK(!error.message.empty());
        FUZZ_CHECK(!error.message.starts_with("message could not be decoded"));
        return 0;
    }
    if (const auto* hello = std::get_if<Hello>(&request->message)) {
        FUZZ_CHECK(hello->nick.size() <= 80 && valid_utf8(hello->nick));
        if (hello->password) {
            FUZZ_CHECK(!hello->nick.empty());
            FUZZ_CHECK(!hello->resume_token);
            FUZZ_CHECK(hello->password->size() <= max_password_bytes && valid_utf8(*hello->password));
        }
        if (hello->resume_token) FUZZ_CHECK(hello->resume_token->size() <= 128 && valid_utf8(*hello->resume_token));
    } else if (const auto* account = std::get_if<Register>(&request->message)) {
        FUZZ_CHECK(account->nick.size() <= 80 && valid_utf8(account->nick));
        FUZZ_CHECK(account->password.size() <= max_password_bytes && valid_utf8(account->password));
    }
    return 0;
}
