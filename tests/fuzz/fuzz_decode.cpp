// Any bytes -> protocol::decode. The decoder is the only entry point for client input, so:
// it never throws, an error names one of the codes the decoder may give (BadRequest,
// UnknownType, MessageTooLarge) with a message, and the decoder's own safety net (the catch in
// decode() that turns an internal exception into "message could not be decoded") never fires.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_check.h"
#include "protocol/decode.h"

using namespace rochade::protocol;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto request = decode(text);
    if (request) {
        FUZZ_CHECK(!message_type_name(request->message).empty());
        return 0;
    }
    const DecodeError& error = request.error();
    FUZZ_CHECK(error.code == ErrorCode::BadRequest || error.code == ErrorCode::UnknownType ||
               error.code == ErrorCode::MessageTooLarge);
    FUZZ_CHECK(!error.message.empty());
    FUZZ_CHECK(!error.message.starts_with("message could not be decoded"));
    return 0;
}
