// Server -> client messages as JSON text. Each function returns the finished frame; the
// server encodes an event once and shares the string with every recipient.
//
// Replies echo the request id when there was one (`id`). Table events carry the table id and
// the table's sequence number `seq`; room events carry the room number. docs/protocol.md shows
// every message with an example.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/messages.h"
#include "protocol/role.h"

namespace rochade::protocol {

using OptionalId = std::optional<RequestId>;

// ---- connection ---------------------------------------------------------------------------
// Sent first on every connection: {"type":"welcome","protocol":1,"server":"rochade/0.1.0",
// "limits":{...}}
struct ServerLimits {
    std::size_t max_message_bytes = 0;
    double messages_per_second = 0;
    int message_burst = 0;
    std::int64_t idle_timeout_ms = 0;
    std::int64_t reconnect_grace_ms = 0;
};
std::string encode_welcome(std::string_view server_version, const ServerLimits& limits);
std::string encode_error(const OptionalId& id, ErrorCode code, std::string_view message);
// What a moderator's sanction adds to its error frame (muted, banned, kicked): the reason, and
// for mutes and bans the end, `until` in Unix ms or null for good. A kick has no end. A ban says
// what it bans, so the player knows whether another account would help (not for an address).
enum class BanTarget { Account, Address };
std::string_view ban_target_name(BanTarget target); // "account", "address"
struct ErrorSanction {
    std::string reason;
    bool has_end = true; // muted, banned: "until" is sent (null: for good); kicked: no "until"
    std::optional<std::int64_t> until_ms;
    std::optional<BanTarget> ban; // bans only: "ban":"account"|"address"
};
// {"type":"error","code":...,"message":...,"until":MS|null,"reason":...,"ban":...}
std::string encode_error(const OptionalId& id, ErrorCode code, std::string_view message, const ErrorSanction& sanction);
// {"type":"ok","id":...} plus optional fields (`table` for open_table).
std::string encode_ok(const OptionalId& id, std::optional<TableId> table = std::nullopt);
std::string encode_pong(const OptionalId& id);
// Reply to hello and register: who the connection now is.
struct HelloOk {
    std::string nick;
    std::optional<std::string> resume_token; // none for a browser's cookie session
    bool resumed = false;
    bool guest = true;
    Role role = Role::Player;
    std::vector<TableId> tables; // unfinished tables where this player sits (to watch again with since)
};
std::string encode_hello_ok(const OptionalId& id, const HelloOk& hello);
// Reply to change_password: {"type":"ok","id":..,"resume_token":..}, the new session's token.
std::string encode_password_changed(const OptionalId& id, std::string_view resume_token);

// ---- lobby and rooms ----------------------------------------------------------------------
std::string encode_rooms(const OptionalId& id, const std::vector<RoomSummary>& rooms);
// A room's member list as it is sent: every nick (and which of them are guests) while the room
// has at most listed_members_max members; above that only the count, and the list is paged
// with room_members. Sorted by nick key, the order room_members pages in.
struct RoomMemberList {
    int count = 0;
    std::optional<std::vector<std::string>> members; // empty: the room is too large to list
    std::vector<std::string> guests;                 // those of `members` who are guests
};
// A line said in a room, as the room's recent chat in its `room` reply lists it.
struct RoomChatLine {
    std::string from;
    std::string text;
    std::int64_t at_ms = 0; // when the server heard it (Unix time, milliseconds)
};
// Reply to enter_room: the room, its members (or their count), its tables and what was said in it
// lately (oldest first).
std::string encode_room(const OptionalId& id, const RoomSummary& room, bool secret, const RoomMemberList& members,
                        const std::vector<TableSummary>& tables, const std::vector<RoomChatLine>& chat);
// The room's presence after a batch of entries and exits (docs/protocol.md, "Room updates"):
// {"type":"room_presence","room":34,"member_count":3,"members":[..]|null,"guests":[..]|null}
std::string encode_room_presence(RoomNumber room, const RoomMemberList& members);
// The room's tables that opened or changed, and those that closed, since the last update:
// {"type":"room_tables","room":34,"tables":[summary..],"closed":[12,..]}
std::string encode_room_tables(RoomNumber room, const std::vector<TableSummary>& changed,
                               const std::vector<TableId>& closed);
// Reply to room_members: one page of the member list.
struct MemberPage {
    RoomNumber room = 0;
    std::int64_t offset = 0;
    int member_count = 0;
    std::vector<std::string> members;
    std::vector<std::string> guests; // those of `members` who are guests
};
std::string encode_room_members(const OptionalId& id, const MemberPage& page);
std::string encode_room_chat(RoomNumber room, std::string_view from, std::string_view text);
// A moderator's notice: to one room (`room`) or to everyone online.
std::string encode_notice(std::optional<RoomNumber> room, std::string_view from, std::string_view text);
std::string encode_whisper(std::string_view from, std::string_view to, std::string_view text);
// To an invited player outside the table's room (the room's members see it in room_tables).
std::string encode_table_opened(const TableSummary& table);
// A table closed: to its watchers (it answers nothing any more), and to an invited player outside
// its room whose invitation stood: {"type":"table_closed","room":34,"table":12}. Unsequenced.
std::string encode_table_closed(RoomNumber room, TableId table);
// The invited player declined: to the table's seats and watchers before it closes,
// {"type":"invitation_declined","table":12,"nick":"anna"}. Unsequenced.
std::string encode_invitation_declined(TableId table, std::string_view nick);

// ---- tables (every event has "table" and "seq") -------------------------------------------
// The full state, with the missed frames embedded as JSON objects in a "missed" array, and
// "resync".
std::string encode_table_state(const OptionalId& id, const TableState& state, const MissedEvents& missed = {});
std::string encode_game_started(TableId table, std::int64_t seq, const TableState& state);
struct MoveEvent {
    TableId table = 0;
    std::int64_t seq = 0;
    MoveRecord move; // its fen is the event's
    ClockReading clocks;
    std::optional<Side> to_move;          // empty when the move ended the game
    std::vector<std::string> legal_moves; // UCI
    bool check = false;
    bool draw_offered = false; // the mover offered a draw with this move
};
std::string encode_move(const MoveEvent& event);
std::string encode_game_over(TableId table, std::int64_t seq, const GameResult& result, const ClockReading& clocks);
// The "proof" object of game_over and of table_state's result, alone (for the server's log rows).
std::string encode_proof(const Proof& proof);
std::string encode_draw_offered(TableId table, std::int64_t seq, Side by);
std::string encode_draw_declined(TableId table, std::int64_t seq, Side by);
// Takebacks and more time (docs/protocol.md, "Takebacks and more time"). `by` is who asked,
// declined, withdrew or gave; a decline says how long the asker waits before asking again;
// taken_back carries the whole table state after the takeback (as game_started does).
std::string encode_takeback_requested(TableId table, std::int64_t seq, Side by, int plies);
std::string encode_takeback_declined(TableId table, std::int64_t seq, Side by, std::int64_t next_request_in_ms);
std::string encode_takeback_withdrawn(TableId table, std::int64_t seq, Side by);
std::string encode_taken_back(TableId table, std::int64_t seq, Side by, int plies, const TableState& state);
std::string encode_time_given(TableId table, std::int64_t seq, Side by, int seconds, const ClockReading& clocks);
// {"type":"berserk","table":..,"seq":..,"by":"white","clocks":{...}}: `by` went berserk in an
// arena game; the clocks after it.
std::string encode_berserk(TableId table, std::int64_t seq, Side by, const ClockReading& clocks);
// A claim with an intended move that was not valid: the move was played (its move event
// follows) and the game goes on.
std::string encode_draw_claim_rejected(TableId table, std::int64_t seq, Side by, std::string_view reason);
// A line of the Spectators channel is no numbered event of the table (the seats never see it,
// so it must not leave a hole in their seqs): it goes without `seq`, like `spectators`. `at_ms`:
// when the server took the line (Unix ms), so a line replayed after a reconnect keeps its time.
std::string encode_table_chat(TableId table, std::optional<std::int64_t> seq, ChatChannel channel,
                              std::string_view from, std::string_view text, std::int64_t at_ms);
std::string encode_player_disconnected(TableId table, std::int64_t seq, Side side, std::string_view nick,
                                       std::int64_t grace_ms);
std::string encode_player_reconnected(TableId table, std::int64_t seq, Side side, std::string_view nick);
std::string encode_rematch_offered(TableId table, std::int64_t seq, Side by);
// A seat changed before the game: someone sat down or stood up.
std::string encode_seat_changed(TableId table, std::int64_t seq, const TableSummary& summary);
// The table's spectator count, to its seats and watchers: {"type":"spectators","table":12,
// "count":3}. Not a logged event: no seq, not in the history a reconnect replays.
std::string encode_spectators(TableId table, int count);
// A rated game's rating changes, once the store rated it (docs/ratings.md). Also unsequenced:
// it follows the game_over event, and a client that misses it finds it in table_state.
std::string encode_rating_change(const RatingChangeEvent& change);

// Wire names, shared with the decoder and the docs.
std::string_view side_name(Side side);
std::string_view chat_channel_name(ChatChannel channel); // "table", "players", "spectators"
std::string_view table_status_name(TableStatus status);
std::string_view color_choice_name(ColorChoice choice);
// bare_king, insufficient_material, blocked, forced_cycle, no_mating_line.
std::string_view unwinnable_reason_name(UnwinnableReason reason);

} // namespace rochade::protocol
