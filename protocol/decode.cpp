// The decoder: client text -> Request. It runs in this order, each step guarding the next:
//   1. size: text over max_text_bytes is refused unread;
//   2. nesting: a scan of the raw text (strings skipped) refuses anything deeper than
//      max_nesting before a DOM is built, so "[[[[..." of any length cannot recurse deeply;
//   3. JSON parse (nlohmann's errors become bad_request with line and column);
//   4. the envelope: an object, an optional `id` (string of at most 64 bytes, or integer), a
//      string `type`; the id is kept from here on so that every later error can echo it;
//   5. the fields of that type, each checked for presence, type, size and range.
// Fields the message does not define are ignored, so that newer clients can talk to older
// servers (forward compatibility). An optional field that is null counts as absent.
#include "protocol/decode.h"

#include <algorithm>
#include <array>
#include <limits>

#include <nlohmann/json.hpp>

#include "protocol/account_limits.h"
#include "protocol/decode_tournament.h"
#include "protocol/field_reader.h"
#include "protocol/game_setup.h"
#include "protocol/nick.h"

namespace rochade::protocol {
namespace {

using nlohmann::json;
using namespace decoding;

constexpr std::size_t max_id_bytes = 64;
constexpr std::size_t max_move_bytes = 16;   // "exd8=Q+" and "Nbd7xe5+" fit, with room for "0-0-0+"
constexpr std::size_t max_token_bytes = 128; // resume tokens are server-made, far shorter

// The byte offset at which `text` nests deeper than `max_nesting`, if it does. Brackets inside
// strings do not count; the scan does not validate anything else (the parser does that).
std::optional<std::size_t> nesting_overflow(std::string_view text, std::size_t max_nesting)
{
    std::size_t depth = 0;
    bool in_string = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (in_string) {
            if (c == '\\') {
                ++i; // whatever follows a backslash cannot end the string
            } else if (c == '"') {
                in_string = false;
            }
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            if (++depth > max_nesting) return i;
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
    return std::nullopt;
}

// nlohmann's what() starts with "[json.exception.parse_error.101] "; the client needs the rest.
std::string without_exception_tag(const char* what)
{
    std::string_view text(what);
    if (const auto end = text.find("] "); text.starts_with("[json.exception.") && end != std::string_view::npos)
        text.remove_prefix(end + 2);
    return std::string(text);
}

ClientMessage read_hello(FieldReader& f)
{
    Hello hello;
    hello.resume_token = f.optional_string("resume_token", max_token_bytes);
    if (auto nick = f.optional_string("nick", max_nick_bytes)) hello.nick = std::move(*nick);
    hello.password = f.optional_string("password", max_password_bytes);
    if (hello.password && hello.nick.empty()) f.reject("field 'nick' is missing (a string; a password needs its nick)");
    if (hello.password && hello.resume_token) f.reject("give either 'password' or 'resume_token', not both");
    return hello;
}
ClientMessage read_register(FieldReader& f)
{
    Register account;
    account.nick = f.string("nick", max_nick_bytes);
    account.password = f.string("password", max_password_bytes);
    return account;
}
ClientMessage read_logout(FieldReader&) { return Logout{}; }
ClientMessage read_notice(FieldReader& f)
{
    Notice notice;
    notice.room = f.optional_integer("room", std::numeric_limits<std::int64_t>::min(),
                                     std::numeric_limits<std::int64_t>::max(), "a nonzero integer");
    if (notice.room == 0) f.reject("field 'room' must be a nonzero integer, not 0");
    notice.text = f.string("text");
    return notice;
}
ClientMessage read_change_password(FieldReader& f)
{
    ChangePassword change;
    change.password = f.string("password", max_password_bytes);
    change.new_password = f.string("new_password", max_password_bytes);
    return change;
}
ClientMessage read_ping(FieldReader&) { return Ping{}; }
ClientMessage read_list_rooms(FieldReader&) { return ListRooms{}; }
ClientMessage read_enter_room(FieldReader& f) { return EnterRoom{f.room()}; }
ClientMessage read_leave_room(FieldReader& f) { return LeaveRoom{f.room()}; }
ClientMessage read_room_members(FieldReader& f)
{
    static_assert(max_member_page == 100, "the error text below names the largest page");
    RoomMembers page;
    page.room = f.room();
    page.offset =
        f.optional_integer("offset", 0, std::numeric_limits<std::int32_t>::max(), "an integer >= 0").value_or(0);
    page.limit = static_cast<int>(
        f.optional_integer("limit", 1, max_member_page, "an integer from 1 to 100").value_or(page.limit));
    return page;
}
ClientMessage read_room_chat(FieldReader& f)
{
    RoomChat chat;
    chat.room = f.room();
    chat.text = f.string("text");
    return chat;
}
ClientMessage read_whisper(FieldReader& f)
{
    Whisper whisper;
    whisper.to = f.string("to", max_nick_bytes);
    whisper.text = f.string("text");
    return whisper;
}
ClientMessage read_open_table(FieldReader& f)
{
    OpenTable open;
    open.room = f.room();
    open.time_control = f.time_control();
    open.color = f.color();
    open.invite = f.optional_string("invite", max_nick_bytes);
    open.rated = f.optional_bool("rated");
    open.setup = f.game_setup();
    open.takebacks = f.optional_bool_value("takebacks");
    if (const auto refusal = refuse_rated_setup(open.setup, open.rated)) f.reject(refusal->message, refusal->code);
    return open;
}
// Casual only: the computer's games count for no rating (issue 29), so rated is refused here
// with its own code rather than ignored.
ClientMessage read_play_computer(FieldReader& f)
{
    PlayComputer play;
    play.level = static_cast<int>(f.integer("level", 1, 8, "an integer from 1 to 8"));
    play.time_control = f.time_control();
    play.color = f.color();
    if (f.optional_bool("rated"))
        f.reject("play_computer: games against the computer are casual; leave out 'rated' or set it false",
                 ErrorCode::ComputerCasualOnly);
    play.setup = f.game_setup();
    if (const auto room = f.optional_integer("room", std::numeric_limits<std::int64_t>::min(),
                                             std::numeric_limits<std::int64_t>::max(), "a nonzero integer")) {
        if (*room == 0) f.reject("field 'room' must be a nonzero integer, not 0");
        play.room = *room;
    }
    return play;
}
ClientMessage read_join_table(FieldReader& f) { return JoinTable{f.table()}; }
ClientMessage read_watch_table(FieldReader& f)
{
    WatchTable watch;
    watch.table = f.table();
    watch.since = f.optional_integer("since", 0, std::numeric_limits<std::int64_t>::max(), "an integer >= 0");
    return watch;
}
ClientMessage read_leave_table(FieldReader& f) { return LeaveTable{f.table()}; }
ClientMessage read_table_chat(FieldReader& f)
{
    TableChat chat;
    chat.table = f.table();
    chat.text = f.string("text");
    return chat;
}
ClientMessage read_move(FieldReader& f)
{
    PlayMove move;
    move.table = f.table();
    move.move = f.string("move", max_move_bytes);
    move.offer_draw = f.optional_bool("offer_draw");
    return move;
}
ClientMessage read_offer_draw(FieldReader& f) { return OfferDraw{f.table()}; }
ClientMessage read_accept_draw(FieldReader& f) { return AcceptDraw{f.table()}; }
ClientMessage read_decline_draw(FieldReader& f) { return DeclineDraw{f.table()}; }
ClientMessage read_takeback(FieldReader& f) { return Takeback{f.table()}; }
ClientMessage read_accept_takeback(FieldReader& f) { return AcceptTakeback{f.table()}; }
ClientMessage read_decline_takeback(FieldReader& f) { return DeclineTakeback{f.table()}; }
ClientMessage read_withdraw_takeback(FieldReader& f) { return WithdrawTakeback{f.table()}; }
ClientMessage read_berserk(FieldReader& f) { return Berserk{f.table()}; }
ClientMessage read_give_time(FieldReader& f)
{
    static_assert(min_given_seconds == 5 && max_given_seconds == 60, "the error text below names the range");
    GiveTime give;
    give.table = f.table();
    give.seconds =
        static_cast<int>(f.optional_integer("seconds", min_given_seconds, max_given_seconds, "an integer from 5 to 60")
                             .value_or(give.seconds));
    return give;
}
ClientMessage read_claim_draw(FieldReader& f)
{
    ClaimDraw claim;
    claim.table = f.table();
    claim.move = f.optional_string("move", max_move_bytes);
    return claim;
}
ClientMessage read_resign(FieldReader& f) { return Resign{f.table()}; }
ClientMessage read_abort(FieldReader& f) { return Abort{f.table()}; }
ClientMessage read_claim_win(FieldReader& f) { return ClaimWin{f.table()}; }
ClientMessage read_rematch(FieldReader& f) { return Rematch{f.table()}; }
ClientMessage read_decline_invitation(FieldReader& f) { return DeclineInvitation{f.table()}; }
ClientMessage read_challenge(FieldReader& f)
{
    Challenge challenge;
    challenge.to = f.string("to", max_nick_bytes);
    challenge.time_control = f.time_control();
    challenge.color = f.color();
    challenge.rated = f.optional_bool("rated");
    challenge.message = f.optional_string("message", max_challenge_message_bytes);
    challenge.setup = f.game_setup();
    if (const auto refusal = refuse_rated_setup(challenge.setup, challenge.rated))
        f.reject(refusal->message, refusal->code);
    return challenge;
}
ClientMessage read_cancel_challenge(FieldReader& f) { return CancelChallenge{f.string("challenge", max_token_bytes)}; }
ClientMessage read_accept_challenge(FieldReader& f) { return AcceptChallenge{f.string("challenge", max_token_bytes)}; }
ClientMessage read_decline_challenge(FieldReader& f)
{
    DeclineChallenge decline;
    decline.challenge = f.string("challenge", max_token_bytes);
    if (const auto reason = f.optional_string("reason", 32)) {
        if (const auto known = decline_reason_from_name(*reason))
            decline.reason = *known;
        else
            f.reject("field 'reason' must be one of " + decline_reason_names() + ", not \"" + *reason + "\"");
    }
    return decline;
}
ClientMessage read_create_open_challenge(FieldReader& f)
{
    CreateOpenChallenge create;
    create.time_control = f.time_control();
    create.color = f.color();
    create.rated = f.optional_bool("rated");
    create.setup = f.game_setup();
    if (const auto refusal = refuse_rated_setup(create.setup, create.rated)) f.reject(refusal->message, refusal->code);
    create.players = f.optional_string_list("players", max_open_challenge_players, max_nick_bytes);
    create.valid_hours =
        static_cast<int>(f.optional_integer("valid_hours", 1, max_open_challenge_hours, "an integer of hours, 1 to 168")
                             .value_or(default_open_challenge_hours));
    return create;
}
ClientMessage read_list_open_challenges(FieldReader&) { return ListOpenChallenges{}; }
// A link's id is its token's hash: 64 hex digits.
ClientMessage read_cancel_open_challenge(FieldReader& f) { return CancelOpenChallenge{f.string("link", 64)}; }
ClientMessage read_show_open_challenge(FieldReader& f) { return ShowOpenChallenge{f.string("token", max_token_bytes)}; }
ClientMessage read_accept_open_challenge(FieldReader& f)
{
    return AcceptOpenChallenge{f.string("token", max_token_bytes)};
}
// A pool id is "<minutes>+<seconds>"; which ids exist is the server's catalogue's to say.
ClientMessage read_join_pool(FieldReader& f) { return JoinPool{f.string("pool", 16)}; }
ClientMessage read_leave_pool(FieldReader&) { return LeavePool{}; }
ClientMessage read_list_pools(FieldReader&) { return ListPools{}; }

struct MessageType {
    std::string_view name;
    ClientMessage (*read)(FieldReader&);
};

// In the order of the ClientMessage alternatives, so that message_type_name can index it.
constexpr std::array<MessageType, std::variant_size_v<ClientMessage>> message_types{{
    {"hello", read_hello},
    {"ping", read_ping},
    {"list_rooms", read_list_rooms},
    {"enter_room", read_enter_room},
    {"leave_room", read_leave_room},
    {"room_chat", read_room_chat},
    {"whisper", read_whisper},
    {"open_table", read_open_table},
    {"join_table", read_join_table},
    {"watch_table", read_watch_table},
    {"leave_table", read_leave_table},
    {"table_chat", read_table_chat},
    {"move", read_move},
    {"offer_draw", read_offer_draw},
    {"accept_draw", read_accept_draw},
    {"decline_draw", read_decline_draw},
    {"claim_draw", read_claim_draw},
    {"resign", read_resign},
    {"abort", read_abort},
    {"claim_win", read_claim_win},
    {"rematch", read_rematch},
    {"register", read_register},
    {"logout", read_logout},
    {"change_password", read_change_password},
    {"notice", read_notice},
    {"room_members", read_room_members},
    {"decline_invitation", read_decline_invitation},
    {"challenge", read_challenge},
    {"cancel_challenge", read_cancel_challenge},
    {"accept_challenge", read_accept_challenge},
    {"decline_challenge", read_decline_challenge},
    {"join_pool", read_join_pool},
    {"leave_pool", read_leave_pool},
    {"list_pools", read_list_pools},
    {"create_open_challenge", read_create_open_challenge},
    {"list_open_challenges", read_list_open_challenges},
    {"cancel_open_challenge", read_cancel_open_challenge},
    {"show_open_challenge", read_show_open_challenge},
    {"accept_open_challenge", read_accept_open_challenge},
    {"play_computer", read_play_computer},
    {"takeback", read_takeback},
    {"accept_takeback", read_accept_takeback},
    {"decline_takeback", read_decline_takeback},
    {"withdraw_takeback", read_withdraw_takeback},
    {"give_time", read_give_time},
    {"berserk", read_berserk},
    {"create_tournament", read_create_tournament},
    {"list_tournaments", read_list_tournaments},
    {"show_tournament", read_show_tournament},
    {"join_tournament", read_join_tournament},
    {"withdraw_tournament", read_withdraw_tournament},
    {"start_tournament", read_start_tournament},
    {"director_withdraw", read_director_withdraw},
    {"director_readmit", read_director_readmit},
    {"director_result", read_director_result},
    {"pause_tournament", read_pause_tournament},
    {"resume_tournament", read_resume_tournament},
    {"end_tournament", read_end_tournament},
    {"request_bye", read_request_bye},
    {"cancel_bye", read_cancel_bye},
    {"director_bye", read_director_bye},
    {"director_pairing", read_director_pairing},
}};

rochade::Unexpected<DecodeError> refuse(ErrorCode code, std::string message, std::optional<RequestId> id = {})
{
    return rochade::unexpected(DecodeError{code, std::move(message), std::move(id)});
}

rochade::Expected<Request, DecodeError> decode_checked(std::string_view text, const DecodeLimits& limits)
{
    if (text.size() > limits.max_text_bytes) {
        return refuse(ErrorCode::MessageTooLarge, "message is " + std::to_string(text.size()) + " bytes; at most " +
                                                      std::to_string(limits.max_text_bytes) + " are allowed");
    }
    if (const auto at = nesting_overflow(text, limits.max_nesting)) {
        return refuse(ErrorCode::BadRequest, "message nests objects and arrays deeper than " +
                                                 std::to_string(limits.max_nesting) + " levels (at byte " +
                                                 std::to_string(*at + 1) + ")");
    }

    json object;
    try {
        object = json::parse(text);
    } catch (const json::exception& e) {
        // Mostly parse_error; a number beyond double's range ("1e400") is out_of_range (406).
        return refuse(ErrorCode::BadRequest, "malformed JSON: " + without_exception_tag(e.what()));
    }
    if (!object.is_object()) return refuse(ErrorCode::BadRequest, "a message must be a JSON object");

    std::optional<RequestId> id;
    if (const auto it = object.find("id"); it != object.end() && !it->is_null()) {
        const bool fits =
            it->is_number_integer() &&
            (!it->is_number_unsigned() ||
             it->get<std::uint64_t>() <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()));
        if (fits) {
            id = RequestId{it->get<std::int64_t>()};
        } else if (it->is_string() && it->get_ref<const std::string&>().size() <= max_id_bytes) {
            id = RequestId{it->get<std::string>()};
        } else {
            return refuse(ErrorCode::BadRequest, "field 'id' must be a string of at most " +
                                                     std::to_string(max_id_bytes) + " bytes or a 64-bit integer");
        }
    }

    const auto type = object.find("type");
    if (type == object.end()) return refuse(ErrorCode::BadRequest, "field 'type' is missing (a string)", id);
    if (!type->is_string()) return refuse(ErrorCode::BadRequest, "field 'type' must be a string", id);
    const auto& name = type->get_ref<const std::string&>();
    for (const MessageType& candidate : message_types) {
        if (candidate.name != name) continue;
        FieldReader fields(object, limits);
        ClientMessage message = candidate.read(fields);
        if (fields.problem()) return refuse(fields.problem_code(), name + ": " + *fields.problem(), id);
        return Request{std::move(id), std::move(message)};
    }
    const std::string shown = name.size() > 40 ? name.substr(0, 40) + "..." : name;
    return refuse(ErrorCode::UnknownType, "unknown message type '" + shown + "'", id);
}

} // namespace

rochade::Expected<Request, DecodeError> decode(std::string_view text, const DecodeLimits& limits)
{
    // Nothing above should throw; this is the promise of the header kept even against a bug or
    // an allocation failure.
    try {
        return decode_checked(text, limits);
    } catch (const std::exception& e) {
        return refuse(ErrorCode::BadRequest, std::string("message could not be decoded: ") + e.what());
    } catch (...) {
        return refuse(ErrorCode::BadRequest, "message could not be decoded");
    }
}

std::string_view message_type_name(const ClientMessage& message) { return message_types[message.index()].name; }

} // namespace rochade::protocol
