// The mutes and bans in force: asked by the lobby (room chat, whispers), the tables
// (table chat), the authenticator (every way in: login, guest entry, resume, cookie,
// registration) and the router (a new WebSocket from a banned address). Loaded at start-up
// from the store (StoreReader::sanctions) and changed by the moderation service only after the
// store committed the change, so it never shows a sanction the store does not hold; in a
// cluster, read again from the store when another node says it changed one.
//
// Owner: asked from many strands at once and changed rarely, so a mutex guards the one map and
// is held only to look up or copy an entry (docs/architecture.md, "Who owns what"). A sanction
// whose end has passed simply stops applying; it is dropped at the next change.
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "db/moderation_records.h"
#include "protocol/encode.h"

namespace rochade::server {

class Sanctions {
public:
    Sanctions() = default;
    explicit Sanctions(const std::vector<db::SanctionRecord>& in_force);

    // After the store committed it.
    void apply(const db::SanctionSet& set);
    void apply(const db::SanctionLifted& lifted);
    // Everything in force, as the store holds it now: in a cluster another node changed a
    // sanction in the shared store (server/admin/sanctions_desk.cpp reads them all again).
    void replace(const std::vector<db::SanctionRecord>& in_force);

    // The mute that keeps `nick` from chatting in `room` at `now_ms`: one for that room or one
    // for everywhere (the one that ends later when both stand).
    std::optional<db::SanctionRecord> mute(std::string_view nick, std::int64_t room, std::int64_t now_ms) const;
    // A mute of `nick` in any of `rooms`, or everywhere.
    std::optional<db::SanctionRecord> mute_in_any(std::string_view nick, const std::vector<std::int64_t>& rooms,
                                                  std::int64_t now_ms) const;
    // Only the mute set for exactly this room (0: everywhere), for unmute.
    std::optional<db::SanctionRecord> exact_mute(std::string_view nick, std::int64_t room, std::int64_t now_ms) const;
    std::optional<db::SanctionRecord> nick_ban(std::string_view nick, std::int64_t now_ms) const;
    // `address` as the server sees a peer (Connection::ip_address).
    std::optional<db::SanctionRecord> address_ban(std::string_view address, std::int64_t now_ms) const;
    // Every sanction in force at `now_ms`, by kind, target and room.
    std::vector<db::SanctionRecord> in_force(std::int64_t now_ms) const;

private:
    using Key = std::tuple<db::SanctionKind, std::string, std::int64_t>; // kind, target key, room
    std::optional<db::SanctionRecord> find(const Key& key, std::int64_t now_ms) const;
    void drop_expired(std::int64_t now_ms);

    mutable std::mutex mutex_;
    std::map<Key, db::SanctionRecord> sanctions_;
};

// "until 2026-11-25 10:00 UTC" or "for good".
std::string sanction_end_text(std::optional<std::int64_t> until_ms);
// The sentence a sanctioned player reads: "banned until 2026-11-25 10:00 UTC: spam",
// "muted in room 34 until ...: insults", "muted everywhere until ...: insults".
std::string sanction_text(const db::SanctionRecord& sanction);
// The reason and the end, for the error frame.
protocol::ErrorSanction error_sanction(const db::SanctionRecord& sanction);

} // namespace rochade::server
