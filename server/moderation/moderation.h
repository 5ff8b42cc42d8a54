// What moderators and admins may do to players, tables and rooms, as one service:
// the admin API (server/admin/admin_api.h) and the WebSocket `notice` hand it a typed request and the
// identity that asks; it checks the role, carries the action out through the owners of the state
// (the lobby, the tables, the authenticator's sessions, the sanctions), and writes one line of
// the audit log for every request, done or refused.
//
// Every answer is handed to the callback exactly once, on whatever thread finished the work.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "db/moderation_records.h"
#include "engine/outcome.h"
#include "protocol/error_code.h"
#include "protocol/role.h"
#include "server/identity/principal.h"

namespace rochade::server {

// A reason (and a notice's text): 1 to this many characters (code points). The admin API checks
// it before asking, the moderation service again before it acts.
inline constexpr std::size_t max_reason_chars = 500;

enum class ModerationAction : std::uint8_t {
    Kick,
    Mute,
    Unmute,
    Ban,
    Unban,
    BanAddress,
    UnbanAddress,
    CloseTable,
    Adjudicate,
    Notice,
};

// "kick", "mute", "unmute", "ban", "unban", "ban_address", "unban_address", "close_table",
// "adjudicate", "notice"; and back.
std::string_view moderation_action_name(ModerationAction action);
std::optional<ModerationAction> parse_moderation_action(std::string_view name);
// Address bans need the admin role; everything else the moderator role.
protocol::Role role_needed(ModerationAction action);

// Closes every connection of the nick; the player is told the reason.
struct Kick {
    std::string nick, reason;
};
// The nick may not chat (room chat, whispers, table chat) in `room`, or anywhere when empty,
// for `duration_ms`.
struct Mute {
    std::string nick;
    std::optional<std::int64_t> room;
    std::int64_t duration_ms = 0;
    std::string reason;
};
struct Unmute {
    std::string nick;
    std::optional<std::int64_t> room;
    std::string reason;
};
// The nick may not log in or enter (its connections are closed and its sessions end) for
// `duration_ms`, or for good when empty.
struct Ban {
    std::string nick;
    std::optional<std::int64_t> duration_ms;
    std::string reason;
};
struct Unban {
    std::string nick, reason;
};
// Admins only: no connection from this address (IPv4 or IPv6, as the server sees it).
struct BanAddress {
    std::string address;
    std::optional<std::int64_t> duration_ms;
    std::string reason;
};
struct UnbanAddress {
    std::string address, reason;
};
// A table waiting for its opponent goes away; its opener is told why. Neither this nor an
// adjudication is for the one asking when they sit at the table (forbidden, for admins too).
struct CloseTable {
    std::int64_t table = 0;
    std::string reason;
};
// A running game ends now: aborted (Score::Unfinished), or the score given (termination
// Adjudicated), with the reason in the game_over message and the log.
enum class Adjudication : std::uint8_t { Abort, WhiteWins, BlackWins, Draw };
// The moderator's words for a decision: "abort", or the score's text ("1-0", "0-1", "1/2-1/2").
std::string_view adjudication_name(Adjudication adjudication);
std::optional<Adjudication> parse_adjudication(std::string_view text);
// The score a decision gives the game.
constexpr Score score_of(Adjudication adjudication)
{
    switch (adjudication) {
    case Adjudication::WhiteWins: return Score::WhiteWins;
    case Adjudication::BlackWins: return Score::BlackWins;
    case Adjudication::Draw: return Score::Draw;
    case Adjudication::Abort: break;
    }
    return Score::Unfinished;
}
struct Adjudicate {
    std::int64_t table = 0;
    Adjudication decision = Adjudication::Abort;
    std::string reason;
};
// A notice to one room's members, or to everyone online.
struct SendNotice {
    std::optional<std::int64_t> room;
    std::string text;
};

using ModerationRequest =
    std::variant<Kick, Mute, Unmute, Ban, Unban, BanAddress, UnbanAddress, CloseTable, Adjudicate, SendNotice>;

ModerationAction action_of(const ModerationRequest& request);

struct ModerationDone {
    std::string summary;                  // "Bob muted in room 34 until 2026-11-24 14:00 UTC"
    std::optional<std::int64_t> until_ms; // the end of a mute or ban for a time
    int connections_closed = 0;           // kick, ban, address ban
};

// Why nothing was done: the code (forbidden, no_such_nick, no_such_table, bad_request,
// storage_unavailable, ...) and a sentence naming what was wrong.
struct ModerationRefused {
    protocol::ErrorCode code;
    std::string message;
};

using ModerationResult = std::variant<ModerationDone, ModerationRefused>;

// The live view of the admin area.
struct OnlinePlayer {
    std::string nick;
    bool guest = false;
    protocol::Role role = protocol::Role::Player;
    std::int64_t since_ms = 0;          // wall clock, when the first open connection said hello
    std::optional<std::string> address; // only in an admin's view
    std::vector<std::int64_t> rooms;    // the rooms the player is in
    int connections = 0;
    std::optional<std::string> node; // in a cluster: the node the player is connected to
};
struct LiveRoom {
    std::int64_t number = 0;
    std::string name;
    std::vector<std::string> members;
};
struct LiveTable {
    std::int64_t table = 0;
    std::int64_t room = 0;
    std::optional<std::int64_t> game_id; // a running game
    std::optional<std::string> white, black;
    std::string state;             // "waiting", "playing", "finished"
    std::string time_control_json; // protocol::time_control_to_json
    int spectators = 0;
    std::optional<std::string> node; // in a cluster: the node that owns the table
    // False for a table of a node that did not answer: as this node's replica of its summary
    // knows it (no game id).
    bool described = true;
};
struct LiveView {
    std::vector<OnlinePlayer> players;
    std::vector<LiveRoom> rooms;
    std::vector<LiveTable> tables;
    // In a cluster: the nodes asked that did not answer in time. Their players are missing
    // (their room memberships still show in `rooms`), their tables are the replica's.
    std::vector<std::string> silent_nodes;
};

class Moderation {
public:
    virtual ~Moderation() = default;

    // Checks `who`'s role against the action, carries it out and logs it (also when refused).
    // `address` is the asking client's, for the log.
    virtual void act(identity::Identity who, std::string address, ModerationRequest request,
                     std::function<void(ModerationResult)> done) = 0;
    // Logs a refused request that never became a typed one (a player calling the admin API, a
    // body that names no action), so the audit shows every attempt.
    virtual void log_refusal(identity::Identity who, std::string address, std::string action, std::string target,
                             std::string message) = 0;
    // Who is online, the rooms, the tables; addresses only when `with_addresses`.
    virtual void live(bool with_addresses, std::function<void(LiveView)> done) = 0;
    // The mutes and bans in force now.
    virtual void sanctions(std::function<void(std::vector<db::SanctionRecord>)> done) = 0;
};

} // namespace rochade::server
