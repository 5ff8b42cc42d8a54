// The moderation service: the one implementation of server::Moderation (server/moderation.h).
// It owns no game state: it checks the asker's role and the request, then asks the owners of
// the state (the lobby's strand for players, rooms and notices; a table's strand for closing
// it or adjudicating its game; the Sanctions registry once the store committed a sanction) and
// writes one audit line per request through the store's writer, done or refused. A sanction
// and its audit line are one submission: both stored, or neither and the request refused.
//
// Built by the Server after the router and the sessions; every callback it hands out runs on
// a strand or the store's threads, all of which stop before the Server drops it.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "server/moderation.h"

namespace rochade::db {
class ReadThread;
class StoreWriter;
} // namespace rochade::db

namespace rochade::server {

class Lobby;
class Sanctions;
class SessionRegistry;
class TableDirectory;

struct ModerationServices {
    std::shared_ptr<Lobby> lobby;
    TableDirectory& tables;
    db::StoreWriter& writer;
    db::ReadThread& reads;     // is a nick registered?
    Sanctions& sanctions;      // changed here only, after the store committed
    SessionRegistry& sessions; // every live WebSocket, for closing those from a banned address
};

// The most a mute or a ban for a time may last: ten years. Longer is "for good" (bans only).
inline constexpr std::int64_t max_sanction_ms = 10LL * 366 * 24 * 3600 * 1000;
// A reason (and a notice's text): 1 to 500 characters.
inline constexpr std::size_t max_reason_chars = 500;

class ModerationService final : public Moderation {
public:
    explicit ModerationService(ModerationServices services);

    void act(identity::Identity who, std::string address, ModerationRequest request,
             std::function<void(ModerationResult)> done) override;
    void log_refusal(identity::Identity who, std::string address, std::string action, std::string target,
                     std::string message) override;
    void live(bool with_addresses, std::function<void(LiveView)> done) override;
    void sanctions(std::function<void(std::vector<db::SanctionRecord>)> done) override;

private:
    // One request on its way: who asked, what, and the callback; the audit line is made from it.
    struct Attempt {
        identity::Identity who;
        std::string address;
        ModerationAction action;
        std::string target;
        std::string reason;
        std::function<void(ModerationResult)> done;

        std::string name() const { return std::string(moderation_action_name(action)); }
    };

    db::ModerationLogged audit_line(const Attempt& attempt, bool refused, std::optional<std::int64_t> until_ms,
                                    std::string detail_json) const;
    // Writes the refused line, then answers the refusal.
    void refuse(Attempt&& attempt, protocol::ErrorCode code, std::string message);
    // Writes the done line, then answers. For what is done already (a kick, a closed table, an
    // adjudication, a notice); a sanction's line goes with the sanction (impose, lift).
    void finish(Attempt&& attempt, ModerationDone result, std::string detail_json);
    // The nick as written by an online player or a registered account, else no_such_nick.
    void find_nick(Attempt attempt, std::string nick, std::function<void(Attempt, std::string nick)> then);
    // Stores the sanction with its audit line, applies it to the registry, then `then`.
    void impose(Attempt attempt, db::SanctionSet set, std::string detail_json, std::function<void(Attempt)> then);
    void lift(Attempt attempt, db::SanctionLifted lifted, std::string detail_json, std::string summary);

    void carry_out(Attempt attempt, Kick kick);
    void carry_out(Attempt attempt, Mute mute);
    void carry_out(Attempt attempt, Unmute unmute);
    void carry_out(Attempt attempt, Ban ban);
    void carry_out(Attempt attempt, Unban unban);
    void carry_out(Attempt attempt, BanAddress ban);
    void carry_out(Attempt attempt, UnbanAddress unban);
    void carry_out(Attempt attempt, CloseTable close);
    void carry_out(Attempt attempt, Adjudicate adjudicate);
    void carry_out(Attempt attempt, SendNotice notice);

    // Closes every live connection from `address` with the ban's error; returns how many.
    int close_address(const std::string& address, const db::SanctionRecord& ban);

    ModerationServices services_;
};

// What is wrong with the request before anything is looked up (a reason, a duration, an
// address, a table id), or nothing. Pure, for the tests.
std::optional<std::string> moderation_request_error(const ModerationRequest& request);
// The target as the audit log shows it: "Bob", "203.0.113.7", "table 12", "room 34", "everyone".
std::string moderation_target(const ModerationRequest& request);

} // namespace rochade::server
