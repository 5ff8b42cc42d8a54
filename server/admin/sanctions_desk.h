// Mutes, bans and address bans: imposes and lifts them, always in this order: the sanction and
// its audit line are stored in one submission (both, or neither and the request refused), then
// the Sanctions registry changes (nothing applies that is not stored), then the other nodes
// hear of it, then what a ban now refuses is closed, and a banned player's running game on this
// node ends by forfeit (Table::forfeit_banned; the other nodes do the same for theirs when they
// read the sanctions again). Also reads the sanctions in force again
// from the store when another node changed one, and answers the admin area's list of them.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "db/moderation_records.h"
#include "server/moderation/moderation_attempt.h"

namespace rochade::db {
class ReadThread;
class StoreWriter;
} // namespace rochade::db

namespace rochade::server {

class AuditTrail;
class Lobby;
class NickFinder;
class OtherNodes;
class Sanctions;
class SessionRegistry;
class TableDirectory;

class SanctionsDesk {
public:
    struct Owners {
        std::shared_ptr<Lobby> lobby; // closes a banned nick's connections
        db::StoreWriter& writer;
        db::ReadThread& reads;     // the sanctions in force, read again
        Sanctions& sanctions;      // changed here only, after the store committed
        SessionRegistry& sessions; // every live WebSocket, for closing those from a banned address
        TableDirectory& tables;    // this node's tables, where a banned player forfeits
    };

    SanctionsDesk(Owners owners, NickFinder& nicks, AuditTrail& audit, OtherNodes& others);

    void carry_out(ModerationAttempt attempt, Mute mute);
    void carry_out(ModerationAttempt attempt, Unmute unmute);
    void carry_out(ModerationAttempt attempt, Ban ban);
    void carry_out(ModerationAttempt attempt, Unban unban);
    void carry_out(ModerationAttempt attempt, BanAddress ban);
    void carry_out(ModerationAttempt attempt, UnbanAddress unban);

    // The mutes and bans in force now.
    std::vector<db::SanctionRecord> in_force() const;
    // Reads the sanctions in force from the store into the registry and closes the
    // connections a ban now refuses: another node changed one, or may have.
    void reload();

private:
    // Stores the sanction with its audit line, applies it to the registry, then `then`.
    void impose(ModerationAttempt attempt, db::SanctionSet set, std::string detail_json,
                std::function<void(ModerationAttempt)> then);
    void lift(ModerationAttempt attempt, db::SanctionLifted lifted, std::string detail_json, std::string summary);
    // Closes every live connection from `address` with the ban's error; returns how many.
    int close_address(const std::string& address, const db::SanctionRecord& ban);
    // Every table of this node ends a running game whose seated player is banned now.
    void forfeit_banned_players();

    Owners owners_;
    NickFinder& nicks_;
    AuditTrail& audit_;
    OtherNodes& others_;
};

} // namespace rochade::server
