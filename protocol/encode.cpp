// Server -> client frames. Each is built as an ordered JSON object ("type" first, then the
// fields in the order docs/protocol.md lists them, which makes logs readable) and dumped once.
// Absent optional values are written as null, never left out, so a client can tell "no
// offer" from "an old server". Strings the server passes on are dumped with invalid UTF-8
// replaced, so encoding never throws on a bad byte.
#include "protocol/encode.h"
#include "protocol/table_summary_json.h"

#include <nlohmann/json.hpp>

#include "protocol/decode.h"
#include "protocol/frame_json.h"
#include "protocol/frame_writer.h"

namespace rochade::protocol {
namespace {

using Json = FrameJson;

Json frame_of(std::string_view type) { return Json{{"type", type}}; }

void put_id(Json& frame, const OptionalId& id)
{
    if (!id) return;
    std::visit([&](const auto& value) { frame["id"] = value; }, id->value);
}

Json side_or_null(const std::optional<Side>& side) { return side ? Json(side_name(*side)) : Json(nullptr); }

// `first_move` only while a first move is awaited (the clocks do not run before both first moves).
Json clocks_json(const ClockReading& clocks)
{
    Json json{{"white_ms", clocks.white_ms},
              {"black_ms", clocks.black_ms},
              {"running", side_or_null(clocks.running)},
              {"untimed", clocks.untimed}};
    if (clocks.first_move)
        json["first_move"] = Json{{"side", side_name(clocks.first_move->side)},
                                  {"ms_left", clocks.first_move->ms_left ? Json(*clocks.first_move->ms_left) : Json()}};
    return json;
}

// The summary's fields, written into `out` (a table summary object, or a table_state that
// carries the same fields at its top level).
void put_summary(Json& out, const TableSummary& table)
{
    auto summary = table_summary_to_json(table);
    for (auto& [key, value] : summary.items()) out[key] = std::move(value);
}

Json player_rating_change_json(const PlayerRatingChange& change)
{
    return Json{{"nick", change.nick},   {"before", change.before},
                {"after", change.after}, {"diff", change.after - change.before},
                {"rd", change.rd},       {"provisional", change.provisional}};
}

// The rating_change frame's fields without its type (table_state carries them as an object).
Json rating_change_json(const RatingChangeEvent& change)
{
    return Json{{"table", change.table},
                {"game", change.game_id},
                {"category", change.category},
                {"white", player_rating_change_json(change.white)},
                {"black", player_rating_change_json(change.black)}};
}

Json summary_json(const TableSummary& table)
{
    Json out = Json::object();
    put_summary(out, table);
    return out;
}

Json line_json(const std::vector<LineMove>& line)
{
    Json out = Json::array();
    for (const LineMove& move : line)
        out.push_back(Json{{"uci", move.uci}, {"san", move.san}, {"san_de", move.san_de}});
    return out;
}

// {"side","first_ply","line"} for a mating line; {"side"?,"reason"} for a proof that no mate exists.
Json proof_json(const Proof& proof)
{
    Json out = Json::object();
    if (const auto* mate = std::get_if<MatingLineProof>(&proof)) {
        out["side"] = side_name(mate->side);
        out["first_ply"] = mate->first_ply;
        out["line"] = line_json(mate->line);
    } else {
        const auto& unwinnable = std::get<UnwinnableProof>(proof);
        if (unwinnable.side) out["side"] = side_name(*unwinnable.side);
        out["reason"] = unwinnable_reason_name(unwinnable.reason);
    }
    return out;
}

// A game's result: the object in table_state's "result", and the fields of game_over.
void put_result(Json& out, const GameResult& result)
{
    out["result"] = to_text(result.result);
    out["winner"] = side_or_null(result.winner);
    out["termination"] = to_text(result.termination);
    out["message"] = result.message;
    if (result.winnability) out["winnability"] = to_text(*result.winnability);
    if (result.proof) out["proof"] = proof_json(*result.proof);
}

Json result_json(const GameResult& result)
{
    Json out = Json::object();
    put_result(out, result);
    return out;
}

Json sides_json(const std::vector<Side>& sides)
{
    Json out = Json::array();
    for (const Side side : sides) out.push_back(side_name(side));
    return out;
}

Json moves_json(const std::vector<MoveRecord>& moves)
{
    Json out = Json::array();
    for (const MoveRecord& move : moves)
        out.push_back(
            Json{{"ply", move.ply}, {"uci", move.uci}, {"san", move.san}, {"san_de", move.san_de}, {"fen", move.fen}});
    return out;
}

// Everything table_state and game_started share: the summary, the position, the moves, the
// clocks and the offers.
void put_table_state(Json& out, const TableState& state, std::int64_t seq)
{
    put_summary(out, state.summary);
    out["seq"] = seq;
    out["game_id"] = state.game_id ? Json(*state.game_id) : Json(nullptr);
    out["start_fen"] = state.start_fen;
    out["fen"] = state.fen;
    out["moves"] = moves_json(state.moves);
    out["clocks"] = clocks_json(state.clocks);
    out["to_move"] = side_or_null(state.to_move);
    out["legal_moves"] = state.legal_moves;
    out["check"] = state.check;
    out["draw_offer"] = side_or_null(state.draw_offer);
    out["rematch_offer"] = side_or_null(state.rematch_offer);
    out["takeback_request"] = state.takeback_request ? Json{{"by", side_name(state.takeback_request->by)},
                                                            {"plies", state.takeback_request->plies}}
                                                     : Json(nullptr);
    out["disconnected"] = sides_json(state.disconnected);
    if (state.berserk_allowed) {
        out["berserk_allowed"] = true;
        out["berserk"] = sides_json(state.berserk);
    }
    out["result"] = state.result ? result_json(*state.result) : Json(nullptr);
    out["rating_change"] = state.rating_change ? rating_change_json(*state.rating_change) : Json(nullptr);
}

Json table_event(std::string_view type, TableId table, std::int64_t seq)
{
    Json frame = frame_of(type);
    frame["table"] = table;
    frame["seq"] = seq;
    return frame;
}

} // namespace

std::string_view side_name(Side side) { return side == Side::White ? "white" : "black"; }

std::string_view chat_channel_name(ChatChannel channel)
{
    switch (channel) {
    case ChatChannel::Table: return "table";
    case ChatChannel::Players: return "players";
    case ChatChannel::Spectators: return "spectators";
    }
    return "table";
}

std::string_view table_status_name(TableStatus status)
{
    switch (status) {
    case TableStatus::Waiting: return "waiting";
    case TableStatus::Playing: return "playing";
    case TableStatus::Finished: return "finished";
    }
    return "waiting";
}

std::string_view unwinnable_reason_name(UnwinnableReason reason)
{
    switch (reason) {
    case UnwinnableReason::BareKing: return "bare_king";
    case UnwinnableReason::InsufficientMaterial: return "insufficient_material";
    case UnwinnableReason::Blocked: return "blocked";
    case UnwinnableReason::ForcedCycle: return "forced_cycle";
    case UnwinnableReason::NoMatingLine: return "no_mating_line";
    }
    return "no_mating_line";
}

std::string_view color_choice_name(ColorChoice choice)
{
    switch (choice) {
    case ColorChoice::White: return "white";
    case ColorChoice::Black: return "black";
    case ColorChoice::Random: return "random";
    }
    return "random";
}

// ---- connection ---------------------------------------------------------------------------

std::string encode_welcome(std::string_view server_version, const ServerLimits& limits)
{
    Json frame = frame_of("welcome");
    frame["protocol"] = protocol_version;
    frame["server"] = server_version;
    frame["limits"] = Json{{"max_message_bytes", limits.max_message_bytes},
                           {"messages_per_second", limits.messages_per_second},
                           {"message_burst", limits.message_burst},
                           {"idle_timeout_ms", limits.idle_timeout_ms},
                           {"reconnect_grace_ms", limits.reconnect_grace_ms}};
    return frame_text(frame);
}

std::string encode_error(const OptionalId& id, ErrorCode code, std::string_view message)
{
    Json frame = frame_of("error");
    put_id(frame, id);
    frame["code"] = error_code_name(code);
    frame["message"] = message;
    return frame_text(frame);
}

std::string encode_error(const OptionalId& id, ErrorCode code, std::string_view message, const ErrorSanction& sanction)
{
    Json frame = frame_of("error");
    put_id(frame, id);
    frame["code"] = error_code_name(code);
    frame["message"] = message;
    if (sanction.has_end) frame["until"] = sanction.until_ms ? Json(*sanction.until_ms) : Json(nullptr);
    frame["reason"] = sanction.reason;
    if (sanction.ban) frame["ban"] = ban_target_name(*sanction.ban);
    return frame_text(frame);
}

std::string_view ban_target_name(BanTarget target)
{
    switch (target) {
    case BanTarget::Account: return "account";
    case BanTarget::Address: return "address";
    }
    return "account";
}

std::string encode_ok(const OptionalId& id, std::optional<TableId> table)
{
    Json frame = frame_of("ok");
    put_id(frame, id);
    if (table) frame["table"] = *table;
    return frame_text(frame);
}

std::string encode_pong(const OptionalId& id)
{
    Json frame = frame_of("pong");
    put_id(frame, id);
    return frame_text(frame);
}

std::string encode_hello_ok(const OptionalId& id, const HelloOk& hello)
{
    Json frame = frame_of("hello_ok");
    put_id(frame, id);
    frame["nick"] = hello.nick;
    if (hello.resume_token) frame["resume_token"] = *hello.resume_token;
    frame["resumed"] = hello.resumed;
    frame["guest"] = hello.guest;
    frame["role"] = role_name(hello.role);
    frame["tables"] = hello.tables;
    return frame_text(frame);
}

std::string encode_password_changed(const OptionalId& id, std::string_view resume_token)
{
    Json frame = frame_of("ok");
    put_id(frame, id);
    frame["resume_token"] = resume_token;
    return frame_text(frame);
}

// ---- lobby and rooms ----------------------------------------------------------------------

std::string encode_rooms(const OptionalId& id, const std::vector<RoomSummary>& rooms)
{
    Json frame = frame_of("rooms");
    put_id(frame, id);
    Json list = Json::array();
    for (const RoomSummary& room : rooms)
        list.push_back(
            Json{{"room", room.room}, {"name", room.name}, {"members", room.members}, {"tables", room.tables}});
    frame["rooms"] = std::move(list);
    return frame_text(frame);
}

void put_member_list(Json& frame, const RoomMemberList& list)
{
    frame["member_count"] = list.count;
    frame["members"] = list.members ? Json(*list.members) : Json(nullptr);
    frame["guests"] = list.members ? Json(list.guests) : Json(nullptr);
}

std::string encode_room(const OptionalId& id, const RoomSummary& room, bool secret, const RoomMemberList& members,
                        const std::vector<TableSummary>& tables, const std::vector<RoomChatLine>& chat)
{
    Json frame = frame_of("room");
    put_id(frame, id);
    frame["room"] = room.room;
    frame["name"] = room.name;
    frame["secret"] = secret;
    put_member_list(frame, members);
    Json list = Json::array();
    for (const TableSummary& table : tables) list.push_back(summary_json(table));
    frame["tables"] = std::move(list);
    Json lines = Json::array();
    for (const RoomChatLine& line : chat)
        lines.push_back({{"from", line.from}, {"text", line.text}, {"at_ms", line.at_ms}});
    frame["chat"] = std::move(lines);
    return frame_text(frame);
}

std::string encode_room_presence(RoomNumber room, const RoomMemberList& members)
{
    Json frame = frame_of("room_presence");
    frame["room"] = room;
    put_member_list(frame, members);
    return frame_text(frame);
}

std::string encode_room_tables(RoomNumber room, const std::vector<TableSummary>& changed,
                               const std::vector<TableId>& closed)
{
    Json frame = frame_of("room_tables");
    frame["room"] = room;
    Json list = Json::array();
    for (const TableSummary& table : changed) list.push_back(summary_json(table));
    frame["tables"] = std::move(list);
    frame["closed"] = closed;
    return frame_text(frame);
}

std::string encode_room_members(const OptionalId& id, const MemberPage& page)
{
    Json frame = frame_of("room_members");
    put_id(frame, id);
    frame["room"] = page.room;
    frame["offset"] = page.offset;
    frame["member_count"] = page.member_count;
    frame["members"] = page.members;
    frame["guests"] = page.guests;
    return frame_text(frame);
}

std::string encode_notice(std::optional<RoomNumber> room, std::string_view from, std::string_view text)
{
    Json frame = frame_of("notice");
    if (room) frame["room"] = *room;
    frame["from"] = from;
    frame["text"] = text;
    return frame_text(frame);
}

std::string encode_room_chat(RoomNumber room, std::string_view from, std::string_view text)
{
    Json frame = frame_of("room_chat");
    frame["room"] = room;
    frame["from"] = from;
    frame["text"] = text;
    return frame_text(frame);
}

std::string encode_whisper(std::string_view from, std::string_view to, std::string_view text)
{
    Json frame = frame_of("whisper");
    frame["from"] = from;
    frame["to"] = to;
    frame["text"] = text;
    return frame_text(frame);
}

std::string encode_table_opened(const TableSummary& table)
{
    Json frame = frame_of("table_opened");
    frame["room"] = table.room;
    frame["table"] = summary_json(table);
    return frame_text(frame);
}

std::string encode_table_closed(RoomNumber room, TableId table)
{
    Json frame = frame_of("table_closed");
    frame["room"] = room;
    frame["table"] = table;
    return frame_text(frame);
}

std::string encode_invitation_declined(TableId table, std::string_view nick)
{
    Json frame = frame_of("invitation_declined");
    frame["table"] = table;
    frame["nick"] = nick;
    return frame_text(frame);
}

// ---- tables -------------------------------------------------------------------------------

std::string encode_table_state(const OptionalId& id, const TableState& state, const MissedEvents& missed)
{
    Json frame = frame_of("table_state");
    put_id(frame, id);
    put_table_state(frame, state, state.seq);
    frame["resync"] = missed.resync;
    // The missed events are already finished frames: splice their text into an array rather
    // than parse each one back (a reconnect may replay many of them).
    std::string text = frame_text(frame);
    text.pop_back(); // the object's closing '}'
    std::size_t size = text.size() + 13;
    for (const std::string& event : missed.frames) size += event.size() + 1;
    text.reserve(size);
    text += ",\"missed\":[";
    for (std::size_t i = 0; i < missed.frames.size(); ++i) {
        if (i > 0) text += ',';
        text += missed.frames[i];
    }
    text += "]}";
    return text;
}

std::string encode_game_started(TableId table, std::int64_t seq, const TableState& state)
{
    Json frame = frame_of("game_started");
    put_table_state(frame, state, seq);
    frame["table"] = table; // the event's own table and seq win over the state's
    return frame_text(frame);
}

std::string encode_move(const MoveEvent& event)
{
    // Written directly (frame_writer.h): the one frame sent after every move. Same keys, same
    // order as the other table events.
    auto side = [](const std::optional<Side>& s) {
        return s ? std::optional<std::string_view>(side_name(*s)) : std::nullopt;
    };
    FrameWriter frame(256 + event.move.fen.size() + 7 * event.legal_moves.size());
    frame.field("type", "move")
        .field("table", std::int64_t{event.table})
        .field("seq", event.seq)
        .field("ply", std::int64_t{event.move.ply})
        .field("uci", event.move.uci)
        .field("san", event.move.san)
        .field("san_de", event.move.san_de)
        .field("fen", event.move.fen)
        .begin_object("clocks")
        .field("white_ms", event.clocks.white_ms)
        .field("black_ms", event.clocks.black_ms)
        .field("running", side(event.clocks.running))
        .field("untimed", event.clocks.untimed);
    if (const auto& wait = event.clocks.first_move) {
        frame.begin_object("first_move").field("side", side_name(wait->side));
        if (wait->ms_left)
            frame.field("ms_left", *wait->ms_left);
        else
            frame.null_field("ms_left");
        frame.end_object();
    }
    frame.end_object()
        .field("to_move", side(event.to_move))
        .field("legal_moves", event.legal_moves)
        .field("check", event.check)
        .field("draw_offered", event.draw_offered);
    return std::move(frame).finish();
}

std::string encode_game_over(TableId table, std::int64_t seq, const GameResult& result, const ClockReading& clocks)
{
    Json frame = table_event("game_over", table, seq);
    put_result(frame, result);
    frame["clocks"] = clocks_json(clocks);
    return frame_text(frame);
}

std::string encode_proof(const Proof& proof) { return frame_text(proof_json(proof)); }

std::string encode_draw_offered(TableId table, std::int64_t seq, Side by)
{
    Json frame = table_event("draw_offered", table, seq);
    frame["by"] = side_name(by);
    return frame_text(frame);
}

std::string encode_draw_declined(TableId table, std::int64_t seq, Side by)
{
    Json frame = table_event("draw_declined", table, seq);
    frame["by"] = side_name(by);
    return frame_text(frame);
}

std::string encode_draw_claim_rejected(TableId table, std::int64_t seq, Side by, std::string_view reason)
{
    Json frame = table_event("draw_claim_rejected", table, seq);
    frame["by"] = side_name(by);
    frame["reason"] = reason;
    return frame_text(frame);
}

std::string encode_table_chat(TableId table, std::optional<std::int64_t> seq, ChatChannel channel,
                              std::string_view from, std::string_view text, std::int64_t at_ms)
{
    Json frame = frame_of("table_chat");
    frame["table"] = table;
    if (seq) frame["seq"] = *seq;
    frame["channel"] = chat_channel_name(channel);
    frame["from"] = from;
    frame["text"] = text;
    frame["at"] = at_ms;
    return frame_text(frame);
}

std::string encode_player_disconnected(TableId table, std::int64_t seq, Side side, std::string_view nick,
                                       std::int64_t grace_ms)
{
    Json frame = table_event("player_disconnected", table, seq);
    frame["side"] = side_name(side);
    frame["nick"] = nick;
    frame["grace_ms"] = grace_ms;
    return frame_text(frame);
}

std::string encode_player_reconnected(TableId table, std::int64_t seq, Side side, std::string_view nick)
{
    Json frame = table_event("player_reconnected", table, seq);
    frame["side"] = side_name(side);
    frame["nick"] = nick;
    return frame_text(frame);
}

std::string encode_rematch_offered(TableId table, std::int64_t seq, Side by)
{
    Json frame = table_event("rematch_offered", table, seq);
    frame["by"] = side_name(by);
    return frame_text(frame);
}

std::string encode_seat_changed(TableId table, std::int64_t seq, const TableSummary& summary)
{
    // Like every table event, "table" is the table's id (clients route events by it); the
    // summary travels under "summary".
    Json frame = table_event("seat_changed", table, seq);
    frame["summary"] = summary_json(summary);
    return frame_text(frame);
}

// Unsequenced: a count that changes as people come and go is no part of the game's record, and
// a client that misses one gets the count in its next table_state (`spectators`).
std::string encode_rating_change(const RatingChangeEvent& change)
{
    Json frame = frame_of("rating_change");
    Json fields = rating_change_json(change); // kept: items() only refers to it
    for (auto& [key, value] : fields.items()) frame[key] = std::move(value);
    return frame_text(frame);
}

std::string encode_spectators(TableId table, int count)
{
    Json frame = frame_of("spectators");
    frame["table"] = table;
    frame["count"] = count;
    return frame_text(frame);
}

std::string encode_takeback_requested(TableId table, std::int64_t seq, Side by, int plies)
{
    Json frame = table_event("takeback_requested", table, seq);
    frame["by"] = side_name(by);
    frame["plies"] = plies;
    return frame_text(frame);
}

std::string encode_takeback_declined(TableId table, std::int64_t seq, Side by, std::int64_t next_request_in_ms)
{
    Json frame = table_event("takeback_declined", table, seq);
    frame["by"] = side_name(by);
    frame["next_request_in_ms"] = next_request_in_ms;
    return frame_text(frame);
}

std::string encode_takeback_withdrawn(TableId table, std::int64_t seq, Side by)
{
    Json frame = table_event("takeback_withdrawn", table, seq);
    frame["by"] = side_name(by);
    return frame_text(frame);
}

std::string encode_taken_back(TableId table, std::int64_t seq, Side by, int plies, const TableState& state)
{
    Json frame = table_event("taken_back", table, seq);
    put_table_state(frame, state, seq);
    frame["type"] = "taken_back";
    frame["by"] = side_name(by);
    frame["plies"] = plies;
    return frame_text(frame);
}

std::string encode_time_given(TableId table, std::int64_t seq, Side by, int seconds, const ClockReading& clocks)
{
    Json frame = table_event("time_given", table, seq);
    frame["by"] = side_name(by);
    frame["to"] = side_name(opponent_of(by));
    frame["seconds"] = seconds;
    frame["clocks"] = clocks_json(clocks);
    return frame_text(frame);
}

std::string encode_berserk(TableId table, std::int64_t seq, Side by, const ClockReading& clocks)
{
    Json frame = table_event("berserk", table, seq);
    frame["by"] = side_name(by);
    frame["clocks"] = clocks_json(clocks);
    return frame_text(frame);
}

} // namespace rochade::protocol
