// The rows of open challenges (docs/protocol.md, "Open challenges"): a link whose first opener
// accepts a game. Plain values, no SQL types. Only the hash of a link's token is ever stored
// (64 hex digits, BLAKE2b-256, as a session token's), so a copy of the database opens no game.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rochade::db {

// ---- writes -----------------------------------------------------------------------------

// A new link. Refused when a link with this hash is stored already.
struct OpenChallengeCreated {
    std::string token_hash;
    std::string creator_nick, creator_key; // the nick as shown, and folded (protocol::nick_key)
    bool creator_guest = false;
    std::string time_control_json; // protocol::time_control_json
    std::string setup_json;        // protocol::game_setup_json: the variant, a 960 number, a FEN
    std::string color;             // the creator's colour: "white", "black" or "random"
    bool rated = false;
    std::vector<std::string> allowed; // at most two nicks who alone may accept; empty: anyone
    std::int64_t created_at_ms = 0;
    std::int64_t expires_at_ms = 0;
};

// The first accepter uses the link up. Refused unless the link stands at `at_ms` (stored, not
// used, not canceled, not expired): of two accepting at once exactly one is stored, in the
// writer's order, and the other is refused.
struct OpenChallengeClaimed {
    std::string token_hash;
    std::string accepted_by;
    std::int64_t at_ms = 0;
};

// The creator withdraws a standing link. Refused unless it stands at `at_ms` and is his.
struct OpenChallengeCanceled {
    std::string token_hash;
    std::string creator_key;
    std::int64_t at_ms = 0;
};

// Deletes every link expired at `at_ms` (used and canceled ones too, once their time is over).
struct ExpiredOpenChallengesPruned {
    std::int64_t at_ms = 0;
};

// ---- reads ------------------------------------------------------------------------------

struct OpenChallengeRecord {
    OpenChallengeCreated created;
    std::optional<std::string> accepted_by;
    std::optional<std::int64_t> accepted_at_ms;
    std::optional<std::int64_t> canceled_at_ms;

    bool stands_at(std::int64_t at_ms) const
    {
        return !accepted_by && !canceled_at_ms && created.expires_at_ms > at_ms;
    }
};

} // namespace rochade::db
