// Limits of account fields that both the decoder and the password code enforce.
#pragma once

#include <cstddef>

namespace rochade::protocol {

// A password longer than this is refused before it is hashed (docs/protocol.md, docs/admin.md).
inline constexpr std::size_t max_password_bytes = 256;

} // namespace rochade::protocol
