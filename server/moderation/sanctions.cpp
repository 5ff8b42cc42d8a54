#include "server/moderation/sanctions.h"

#include <ctime>

#include "protocol/nick.h"

namespace rochade::server {

namespace {

bool in_force_at(const db::SanctionRecord& sanction, std::int64_t now_ms)
{
    return !sanction.until_ms || *sanction.until_ms > now_ms;
}

// Of two sanctions that both apply, the one that lasts longer tells the player when it ends.
const db::SanctionRecord* later_ending(const db::SanctionRecord* a, const db::SanctionRecord* b)
{
    if (!a) return b;
    if (!b) return a;
    if (!a->until_ms) return a;
    if (!b->until_ms) return b;
    return *a->until_ms >= *b->until_ms ? a : b;
}

} // namespace

Sanctions::Sanctions(const std::vector<db::SanctionRecord>& in_force)
{
    for (const auto& sanction : in_force) sanctions_[Key{sanction.kind, sanction.target_key, sanction.room}] = sanction;
}

void Sanctions::apply(const db::SanctionSet& set)
{
    std::lock_guard lock(mutex_);
    drop_expired(set.at_ms);
    sanctions_[Key{set.kind, set.target_key, set.room}] = set;
}

void Sanctions::apply(const db::SanctionLifted& lifted)
{
    std::lock_guard lock(mutex_);
    drop_expired(lifted.at_ms);
    sanctions_.erase(Key{lifted.kind, lifted.target_key, lifted.room});
}

void Sanctions::replace(const std::vector<db::SanctionRecord>& in_force)
{
    std::map<Key, db::SanctionRecord> fresh;
    for (const auto& sanction : in_force) fresh[Key{sanction.kind, sanction.target_key, sanction.room}] = sanction;
    std::lock_guard lock(mutex_);
    sanctions_.swap(fresh);
}

void Sanctions::drop_expired(std::int64_t now_ms)
{
    std::erase_if(sanctions_, [now_ms](const auto& entry) { return !in_force_at(entry.second, now_ms); });
}

std::optional<db::SanctionRecord> Sanctions::find(const Key& key, std::int64_t now_ms) const
{
    const auto found = sanctions_.find(key);
    if (found == sanctions_.end() || !in_force_at(found->second, now_ms)) return std::nullopt;
    return found->second;
}

std::optional<db::SanctionRecord> Sanctions::mute(std::string_view nick, std::int64_t room, std::int64_t now_ms) const
{
    return mute_in_any(nick, {room}, now_ms);
}

std::optional<db::SanctionRecord> Sanctions::mute_in_any(std::string_view nick, const std::vector<std::int64_t>& rooms,
                                                         std::int64_t now_ms) const
{
    const std::string key = protocol::nick_key(nick);
    std::lock_guard lock(mutex_);
    if (sanctions_.empty()) return std::nullopt;
    std::optional<db::SanctionRecord> best = find(Key{db::SanctionKind::Mute, key, 0}, now_ms);
    for (const auto room : rooms) {
        if (room == 0) continue;
        if (auto here = find(Key{db::SanctionKind::Mute, key, room}, now_ms))
            if (!best || later_ending(&*best, &*here) == &*here) best = std::move(here);
    }
    return best;
}

std::optional<db::SanctionRecord> Sanctions::exact_mute(std::string_view nick, std::int64_t room,
                                                        std::int64_t now_ms) const
{
    std::lock_guard lock(mutex_);
    return find(Key{db::SanctionKind::Mute, protocol::nick_key(nick), room}, now_ms);
}

std::optional<db::SanctionRecord> Sanctions::nick_ban(std::string_view nick, std::int64_t now_ms) const
{
    std::lock_guard lock(mutex_);
    if (sanctions_.empty()) return std::nullopt;
    return find(Key{db::SanctionKind::NickBan, protocol::nick_key(nick), 0}, now_ms);
}

std::optional<db::SanctionRecord> Sanctions::address_ban(std::string_view address, std::int64_t now_ms) const
{
    std::lock_guard lock(mutex_);
    if (sanctions_.empty()) return std::nullopt;
    return find(Key{db::SanctionKind::AddressBan, std::string(address), 0}, now_ms);
}

std::vector<db::SanctionRecord> Sanctions::in_force(std::int64_t now_ms) const
{
    std::vector<db::SanctionRecord> result;
    std::lock_guard lock(mutex_);
    for (const auto& [key, sanction] : sanctions_)
        if (in_force_at(sanction, now_ms)) result.push_back(sanction);
    return result;
}

std::string sanction_end_text(std::optional<std::int64_t> until_ms)
{
    if (!until_ms) return "for good";
    const std::time_t seconds = static_cast<std::time_t>(*until_ms / 1000);
    std::tm utc{};
    gmtime_r(&seconds, &utc);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%d %H:%M", &utc);
    return std::string("until ") + text + " UTC";
}

std::string sanction_text(const db::SanctionRecord& sanction)
{
    std::string what;
    switch (sanction.kind) {
    case db::SanctionKind::Mute:
        what = sanction.room ? "muted in room " + std::to_string(sanction.room) : std::string("muted everywhere");
        break;
    case db::SanctionKind::NickBan: what = "banned"; break;
    case db::SanctionKind::AddressBan: what = "your address is banned"; break;
    }
    return what + " " + sanction_end_text(sanction.until_ms) + ": " + sanction.reason;
}

protocol::ErrorSanction error_sanction(const db::SanctionRecord& sanction)
{
    std::optional<protocol::BanTarget> ban;
    if (sanction.kind == db::SanctionKind::NickBan) ban = protocol::BanTarget::Account;
    if (sanction.kind == db::SanctionKind::AddressBan) ban = protocol::BanTarget::Address;
    return protocol::ErrorSanction{sanction.reason, true, sanction.until_ms, ban};
}

} // namespace rochade::server
