// An open challenge's terms between the store's row (db/open_challenge_records.h, JSON text
// columns) and the protocol's value, and the rules of who may accept a link when. Pure: no
// strand, no store.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "db/open_challenge_records.h"
#include "engine/expected.h"
#include "protocol/error_code.h"
#include "protocol/open_challenge_encode.h"

namespace rochade::server {

struct OpenChallengeRefusal {
    protocol::ErrorCode code = protocol::ErrorCode::InternalError;
    std::string message;
};

// The row to store for a new link made by `creator` from `create`, whose token hashes to `token_hash`.
db::OpenChallengeCreated open_challenge_row(const protocol::CreateOpenChallenge& create, const std::string& creator,
                                            bool creator_guest, const std::string& token_hash, std::int64_t now_ms);
// The stored row as the protocol shows it; a row whose JSON no longer reads is refused
// (internal_error, naming the link), never shown half.
rochade::Expected<protocol::OpenChallengeView, OpenChallengeRefusal>
open_challenge_view(const db::OpenChallengeRecord& row);

// Why the link cannot be taken up at `now_ms` by anyone: used, canceled or expired.
std::optional<OpenChallengeRefusal> refuse_spent_link(const db::OpenChallengeRecord& row, std::int64_t now_ms);
// Why `accepter` (a guest or not) may not accept the link at `now_ms`: spent, his own, named
// for others, or rated while he plays as a guest.
std::optional<OpenChallengeRefusal> refuse_acceptance(const db::OpenChallengeRecord& row, const std::string& accepter,
                                                      bool accepter_guest, std::int64_t now_ms);
// "2026-11-28 12:00 UTC": when a link stops being valid, for messages.
std::string utc_minute_text(std::int64_t at_ms);

} // namespace rochade::server
