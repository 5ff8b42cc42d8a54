// Text -> typed message. The only entry point for client input: anything that is not a
// well-formed message of a known type, with every field present and of the right type and
// size, is rejected with a code and a message naming the field. It never throws.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "engine/expected.h"
#include "protocol/messages.h"

namespace rochade::protocol {

struct DecodeLimits {
    std::size_t max_text_bytes = 4096;   // the whole message
    std::size_t max_string_bytes = 500;  // any one string (chat text)
    std::size_t max_nesting = 8;         // objects/arrays within each other
};

struct DecodeError {
    ErrorCode code = ErrorCode::BadRequest; // BadRequest, UnknownType, or a game setup's refusal (game_setup.h)
    std::string message;                    // "field 'table' must be an integer"
    std::optional<RequestId> id;            // echoed when the id itself could be read
};

rochade::Expected<Request, DecodeError> decode(std::string_view text, const DecodeLimits& limits = {});

// The wire `type` of a client message ("hello", "move", ...), for logs and docs.
std::string_view message_type_name(const ClientMessage& message);

// Reads a time control in any of the forms docs/protocol.md allows ("5+3", "untimed", or an
// object); on error, the message names what was wrong.
rochade::Expected<TimeControl, std::string> parse_time_control(const nlohmann::json& value);
nlohmann::json time_control_to_json(const TimeControl& tc);

} // namespace rochade::protocol
