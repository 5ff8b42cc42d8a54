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
#include <set>

#include <nlohmann/json.hpp>

#include "protocol/account_limits.h"
#include "protocol/game_setup.h"
#include "protocol/nick.h"
#include "protocol/tournament.h"

namespace rochade::protocol {
namespace {

using nlohmann::json;

constexpr std::size_t max_id_bytes = 64;
constexpr std::size_t max_move_bytes = 16;   // "exd8=Q+" and "Nbd7xe5+" fit, with room for "0-0-0+"
constexpr std::size_t max_token_bytes = 128; // resume tokens are server-made, far shorter
constexpr std::size_t max_nick_bytes = 80;   // 20 code points of up to 4 bytes (nick_error judges)

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

// Reads the fields of one message object. The first problem is remembered and later reads
// return defaults, so a message decoder reads its fields straight through and the caller checks
// `problem()` once at the end.
class FieldReader {
public:
    FieldReader(const json& object, const DecodeLimits& limits) : object_(object), limits_(limits) {}

    const std::optional<std::string>& problem() const { return problem_; }
    ErrorCode problem_code() const { return problem_code_; }

    // A table id: an integer above zero.
    TableId table() { return integer("table", 1, std::numeric_limits<std::int64_t>::max(), "a positive integer"); }

    // A room number: a nonzero integer (negative numbers are secret rooms).
    RoomNumber room()
    {
        const RoomNumber room = integer("room", std::numeric_limits<std::int64_t>::min(),
                                        std::numeric_limits<std::int64_t>::max(), "a nonzero integer");
        if (room == 0) reject("field 'room' must be a nonzero integer, not 0");
        return room;
    }

    std::int64_t integer(const char* name, std::int64_t minimum, std::int64_t maximum, const char* expected)
    {
        const json* value = find(name);
        if (!value) {
            reject(std::string("field '") + name + "' is missing (" + expected + ")");
            return 0;
        }
        return read_integer(name, *value, minimum, maximum, expected);
    }

    std::optional<std::int64_t> optional_integer(const char* name, std::int64_t minimum, std::int64_t maximum,
                                                 const char* expected)
    {
        const json* value = find(name);
        if (!value) return std::nullopt;
        return read_integer(name, *value, minimum, maximum, expected);
    }

    // A required string of 1..max_bytes bytes (0 = the limits' max_string_bytes).
    std::string string(const char* name, std::size_t max_bytes = 0)
    {
        const json* value = find(name);
        if (!value) {
            reject(std::string("field '") + name + "' is missing (a string)");
            return {};
        }
        return read_string(name, *value, max_bytes);
    }

    std::optional<std::string> optional_string(const char* name, std::size_t max_bytes = 0)
    {
        const json* value = find(name);
        if (!value) return std::nullopt;
        return read_string(name, *value, max_bytes);
    }

    // An optional array of at most max_items strings of 1..max_bytes bytes each; absent: empty.
    std::vector<std::string> optional_string_list(const char* name, std::size_t max_items, std::size_t max_bytes)
    {
        const json* value = find(name);
        if (!value) return {};
        if (!value->is_array() || value->size() > max_items) {
            reject(std::string("field '") + name + "' must be an array of at most " + std::to_string(max_items) +
                   " strings, not " +
                   (value->is_array() ? std::to_string(value->size()) + " of them" : type_of(*value)));
            return {};
        }
        std::vector<std::string> items;
        for (const json& item : *value) items.push_back(read_string(name, item, max_bytes));
        return items;
    }

    // An optional array of at most max_items pairs of strings of 1..max_bytes bytes each
    // ([["anna", "bert"], ...]); absent: empty.
    std::vector<std::pair<std::string, std::string>> optional_string_pairs(const char* name, std::size_t max_items,
                                                                           std::size_t max_bytes)
    {
        const json* value = find(name);
        if (!value) return {};
        if (!value->is_array() || value->size() > max_items) {
            reject(std::string("field '") + name + "' must be an array of at most " + std::to_string(max_items) +
                   " pairs, not " + (value->is_array() ? std::to_string(value->size()) + " of them" : type_of(*value)));
            return {};
        }
        std::vector<std::pair<std::string, std::string>> pairs;
        for (const json& item : *value) {
            if (!item.is_array() || item.size() != 2) {
                reject(std::string("field '") + name + "' must hold pairs of two strings, [\"anna\", \"bert\"], not " +
                       (item.is_array() ? "an array of " + std::to_string(item.size()) : type_of(item)));
                return {};
            }
            pairs.emplace_back(read_string(name, item[0], max_bytes), read_string(name, item[1], max_bytes));
        }
        return pairs;
    }

    // Whether the message has the field (null counts as absent).
    bool has(const char* name) { return find(name) != nullptr; }

    bool optional_bool(const char* name)
    {
        const json* value = find(name);
        if (!value) return false;
        if (!value->is_boolean()) {
            reject(std::string("field '") + name + "' must be true or false, not " + type_of(*value));
            return false;
        }
        return value->get<bool>();
    }

    std::optional<bool> optional_bool_value(const char* name)
    {
        if (!find(name)) return std::nullopt;
        return optional_bool(name);
    }

    ColorChoice color()
    {
        const std::optional<std::string> color = optional_string("color", 16);
        if (!color || *color == "random") return ColorChoice::Random;
        if (*color == "white") return ColorChoice::White;
        if (*color == "black") return ColorChoice::Black;
        reject("field 'color' must be \"white\", \"black\" or \"random\", not \"" + *color + "\"");
        return ColorChoice::Random;
    }

    TimeControl time_control()
    {
        const json* value = find("time_control");
        if (!value) {
            reject(
                "field 'time_control' is missing (\"untimed\", \"M+S\" such as \"5+3\", or an object with \"kind\")");
            return {};
        }
        auto parsed = parse_time_control(*value);
        if (!parsed) {
            reject(parsed.error());
            return {};
        }
        return *parsed;
    }

    // The variant, Chess960 number and start FEN of a request that sets up a game, refused
    // with the setup's own codes (bad_variant, bad_chess960_number, bad_fen).
    GameSetup game_setup()
    {
        auto setup = read_game_setup(object_);
        if (setup) return *setup;
        reject(std::move(setup.error().message), setup.error().code);
        return {};
    }

    void reject(std::string message, ErrorCode code = ErrorCode::BadRequest)
    {
        if (problem_) return;
        problem_ = std::move(message);
        problem_code_ = code;
    }

private:
    const json* find(const char* name) const
    {
        const auto it = object_.find(name);
        return it == object_.end() || it->is_null() ? nullptr : &*it;
    }

    static std::string type_of(const json& value)
    {
        if (value.is_number_integer()) return "an integer";
        if (value.is_number()) return "a number with a fraction";
        if (value.is_string()) return "a string";
        if (value.is_boolean()) return "a boolean";
        if (value.is_array()) return "an array";
        if (value.is_object()) return "an object";
        return "null";
    }

    std::int64_t read_integer(const char* name, const json& value, std::int64_t minimum, std::int64_t maximum,
                              const char* expected)
    {
        if (!value.is_number_integer()) {
            reject(std::string("field '") + name + "' must be " + expected + ", not " + type_of(value));
            return 0;
        }
        const bool too_big =
            value.is_number_unsigned() &&
            value.get<std::uint64_t>() > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
        const std::int64_t n = too_big ? 0 : value.get<std::int64_t>();
        if (too_big || n < minimum || n > maximum) {
            reject(std::string("field '") + name + "' must be " + expected + "; " + value.dump() + " is out of range");
            return 0;
        }
        return n;
    }

    std::string read_string(const char* name, const json& value, std::size_t max_bytes)
    {
        if (!value.is_string()) {
            reject(std::string("field '") + name + "' must be a string, not " + type_of(value));
            return {};
        }
        const auto& text = value.get_ref<const std::string&>();
        const std::size_t limit = max_bytes == 0 ? limits_.max_string_bytes : max_bytes;
        if (text.empty()) {
            reject(std::string("field '") + name + "' must not be empty");
            return {};
        }
        if (text.size() > limit) {
            reject(std::string("field '") + name + "' is " + std::to_string(text.size()) + " bytes long; at most " +
                   std::to_string(limit) + " are allowed");
            return {};
        }
        return text;
    }

    const json& object_;
    const DecodeLimits& limits_;
    std::optional<std::string> problem_;
    ErrorCode problem_code_ = ErrorCode::BadRequest;
};

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

// Who may enter a tournament: a rating range, a number of rated games, invited players.
void read_entry_conditions(FieldReader& f, CreateTournament& create)
{
    const auto rating = [&](const char* name) -> std::optional<int> {
        const auto value = f.optional_integer(name, 0, max_entry_rating, "a rating, 0 to 4000");
        return value ? std::optional<int>(static_cast<int>(*value)) : std::nullopt;
    };
    create.min_rating = rating("min_rating");
    create.max_rating = rating("max_rating");
    if (!f.problem() && create.min_rating && create.max_rating && *create.min_rating > *create.max_rating)
        f.reject("field 'max_rating' must be at least 'min_rating' (" + std::to_string(*create.min_rating) + ")");
    create.min_rated_games = static_cast<int>(
        f.optional_integer("min_rated_games", 0, max_min_rated_games, "a number of rated games, 0 to 1000")
            .value_or(0));
    create.invited = f.optional_string_list("invited", max_invited_players, max_nick_bytes);
    for (const auto& nick : create.invited)
        if (const auto error = nick_error(nick); error && !f.problem())
            f.reject("field 'invited': '" + nick + "' is no nick: " + *error);
}

// The director's rules of a tournament: forbidden pairs and tie-breaks (a Swiss's: a round
// robin's Berger table pairs everyone with everyone and ranks by SB, DE, WIN) and the first move
// at which a draw may be offered.
void read_director_rules(FieldReader& f, std::optional<TournamentSystem> system, CreateTournament& create)
{
    create.forbidden_pairs = f.optional_string_pairs("forbidden_pairs", max_forbidden_pairs, max_nick_bytes);
    for (const auto& [first, second] : create.forbidden_pairs) {
        if (f.problem()) break;
        for (const auto* nick : {&first, &second})
            if (const auto error = nick_error(*nick); error && !f.problem())
                f.reject("field 'forbidden_pairs': '" + *nick + "' is no nick: " + *error);
        if (!f.problem() && nick_key(first) == nick_key(second))
            f.reject("field 'forbidden_pairs': '" + first + "' cannot be forbidden to meet himself");
    }
    create.tie_breaks = f.optional_string_list("tie_breaks", tie_break_codes.size(), 8);
    for (std::size_t i = 0; i < create.tie_breaks.size() && !f.problem(); ++i) {
        const auto& code = create.tie_breaks[i];
        if (!is_tie_break_code(code))
            f.reject("field 'tie_breaks': '" + code +
                     "' is no tie-break; choose from BH-C1, BH, BH-C2, BH-M1, SB, DE, WIN, WON, BPG, BWG, PS, ARO");
        else if (std::find(create.tie_breaks.begin(), create.tie_breaks.begin() + std::ptrdiff_t(i), code) !=
                 create.tie_breaks.begin() + std::ptrdiff_t(i))
            f.reject("field 'tie_breaks' names '" + code + "' twice");
    }
    if (!f.problem() && system == TournamentSystem::Arena) {
        if (!create.forbidden_pairs.empty())
            f.reject("field 'forbidden_pairs' is for a Swiss: an arena pairs whoever waits");
        else if (!create.tie_breaks.empty())
            f.reject("field 'tie_breaks' is for a Swiss: an arena ranks by score and performance");
    }
    if (!f.problem() && system == TournamentSystem::RoundRobin) {
        if (!create.forbidden_pairs.empty())
            f.reject("field 'forbidden_pairs' is for a Swiss: a round robin pairs everyone with everyone");
        else if (!create.tie_breaks.empty())
            f.reject("field 'tie_breaks' is for a Swiss: a round robin ranks by SB, DE and WIN");
    }
    read_entry_conditions(f, create);
    create.draw_offers_from_move =
        static_cast<int>(f.optional_integer("draw_offers_from_move", 0, max_draw_offers_from_move,
                                            "a move number, 0 (draws may be offered at any time) to 100")
                             .value_or(0));
}

// A tournament's settings, each checked here with a message naming its field; what needs the
// stored tournament (who asks, what is stored) is the service's (server/tournaments/).
ClientMessage read_create_tournament(FieldReader& f)
{
    CreateTournament create;
    create.name = f.string("name", max_tournament_name_chars * 4);
    if (!f.problem())
        if (const auto error = tournament_name_error(create.name)) f.reject("field 'name': " + *error);
    const std::string system_name = f.string("system", 16);
    const auto system = parse_tournament_system(system_name);
    if (!f.problem() && !system)
        f.reject("field 'system' must be \"swiss\", \"round_robin\" or \"arena\", not \"" + system_name + "\"");
    if (system) create.system = *system;
    if (system == TournamentSystem::Swiss) {
        create.rounds = static_cast<int>(f.integer("rounds", 1, max_swiss_rounds, "an integer of rounds, 1 to 20"));
        if (f.has("cycles")) f.reject("field 'cycles' is for a round robin; a Swiss has 'rounds'");
    } else if (system == TournamentSystem::RoundRobin) {
        if (f.has("rounds"))
            f.reject(
                "field 'rounds' is for a Swiss; a round robin's rounds follow from its players ('cycles': 1 or 2)");
        create.cycles = static_cast<int>(
            f.optional_integer("cycles", 1, max_round_robin_cycles, "1 (single) or 2 (double round robin)")
                .value_or(1));
    } else if (system == TournamentSystem::Arena) {
        if (f.has("rounds"))
            f.reject("field 'rounds' is for a Swiss; an arena lasts 'minutes'");
        else if (f.has("cycles"))
            f.reject("field 'cycles' is for a round robin; an arena lasts 'minutes'");
        create.minutes = static_cast<int>(
            f.integer("minutes", min_arena_minutes, max_arena_minutes, "an integer of minutes, 1 to 720"));
        create.berserk = !f.has("berserk") || f.optional_bool("berserk");
    }
    if (!f.problem() && system != TournamentSystem::Arena && (f.has("minutes") || f.has("berserk")))
        f.reject(std::string("field '") + (f.has("minutes") ? "minutes" : "berserk") + "' is for an arena");
    create.time_control = f.time_control();
    create.rated = f.optional_bool("rated");
    if (!f.problem() && create.rated && create.time_control.untimed())
        f.reject("field 'rated': a rated tournament needs a clock: choose a time control", ErrorCode::RatedNeedsClock);
    const auto late = f.optional_integer("late_entry_until_round", 0, max_swiss_rounds,
                                         "an integer round, 0 (entries close at the start) to the last round");
    create.late_entry_until_round = static_cast<int>(late.value_or(0));
    if (!f.problem() && system == TournamentSystem::Swiss && create.late_entry_until_round > create.rounds)
        f.reject("field 'late_entry_until_round' must be at most the tournament's " + std::to_string(create.rounds) +
                 " rounds");
    if (!f.problem() && system == TournamentSystem::RoundRobin && create.late_entry_until_round != 0)
        f.reject("field 'late_entry_until_round' must be 0 for a round robin: its table is fixed at the start");
    if (!f.problem() && system == TournamentSystem::Arena && create.late_entry_until_round != 0)
        f.reject("field 'late_entry_until_round' is not for an arena: players join until it ends");
    create.password = f.optional_string("password", max_tournament_password_bytes);
    if (!f.problem() && create.password && create.password->size() < min_tournament_password_bytes)
        f.reject("field 'password' must be " + std::to_string(min_tournament_password_bytes) + " to " +
                 std::to_string(max_tournament_password_bytes) + " bytes");
    read_director_rules(f, system, create);
    if (const auto first = f.optional_string("first_board", 8); first && !f.problem()) {
        if (system != TournamentSystem::Swiss)
            f.reject("field 'first_board' is for a Swiss: a round robin's colours follow its Berger table, an "
                     "arena's who had fewer whites");
        else if (*first == "white")
            create.first_board = FirstBoardColour::White;
        else if (*first == "black")
            create.first_board = FirstBoardColour::Black;
        else if (*first == "random")
            create.first_board = FirstBoardColour::Random;
        else
            f.reject("field 'first_board' must be \"white\", \"black\" or \"random\", not \"" + *first + "\"");
    }
    // Whether it is in the future is the service's to say (the protocol has no clock).
    create.starts_at_ms = f.optional_integer("starts_at", 1, max_start_ms, "a time in ms since the epoch");
    return create;
}
std::int64_t tournament_id(FieldReader& f)
{
    return f.integer("tournament", 1, std::numeric_limits<std::int64_t>::max(), "a positive integer");
}
ClientMessage read_list_tournaments(FieldReader&) { return ListTournaments{}; }
ClientMessage read_show_tournament(FieldReader& f) { return ShowTournament{tournament_id(f)}; }
ClientMessage read_join_tournament(FieldReader& f)
{
    JoinTournament join;
    join.tournament = tournament_id(f);
    join.password = f.optional_string("password", max_tournament_password_bytes);
    return join;
}
ClientMessage read_withdraw_tournament(FieldReader& f) { return WithdrawTournament{tournament_id(f)}; }
ClientMessage read_start_tournament(FieldReader& f) { return StartTournament{tournament_id(f)}; }
// A director's action on one player: director_withdraw, director_readmit, director_bye.
template <class Message> ClientMessage read_director_on_player(FieldReader& f)
{
    Message message;
    message.tournament = tournament_id(f);
    message.nick = f.string("nick", max_nick_bytes);
    return message;
}
ClientMessage read_director_pairing(FieldReader& f)
{
    DirectorPairing pairing;
    pairing.tournament = tournament_id(f);
    pairing.games = f.optional_string_pairs("games", max_manual_boards, max_nick_bytes);
    if (!f.problem() && pairing.games.empty())
        f.reject("field 'games' is missing or empty: a round needs at least one game, [[\"White\",\"Black\"]]");
    pairing.bye = f.optional_string("bye", max_nick_bytes);
    std::set<std::string> named;
    const auto name = [&](const std::string& nick) {
        if (f.problem()) return;
        if (const auto error = nick_error(nick)) return f.reject("'" + nick + "' is no nick: " + *error);
        if (!named.insert(nick_key(nick)).second) f.reject("'" + nick + "' is named twice in the pairing");
    };
    for (const auto& [white, black] : pairing.games) {
        name(white);
        name(black);
    }
    if (pairing.bye) name(*pairing.bye);
    return pairing;
}
ClientMessage read_request_bye(FieldReader& f) { return RequestBye{tournament_id(f)}; }
ClientMessage read_cancel_bye(FieldReader& f) { return CancelBye{tournament_id(f)}; }
ClientMessage read_director_result(FieldReader& f)
{
    DirectorResult result;
    result.tournament = tournament_id(f);
    result.round = static_cast<int>(
        f.integer("round", 1, max_swiss_rounds * max_round_robin_cycles * max_round_robin_players, "a round number"));
    result.board = static_cast<int>(f.integer("board", 1, 10'000, "a board number"));
    result.result = f.string("result", 32);
    if (!f.problem() && !is_director_result(result.result))
        f.reject("field 'result' must be one of " + std::string(director_result_words) + ", not \"" + result.result +
                 "\"");
    result.reason = f.string("reason", max_director_reason_bytes);
    return result;
}
ClientMessage read_pause_tournament(FieldReader& f) { return PauseTournament{tournament_id(f)}; }
ClientMessage read_resume_tournament(FieldReader& f) { return ResumeTournament{tournament_id(f)}; }
ClientMessage read_end_tournament(FieldReader& f) { return EndTournament{tournament_id(f)}; }

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
    {"director_withdraw", read_director_on_player<DirectorWithdraw>},
    {"director_readmit", read_director_on_player<DirectorReadmit>},
    {"director_result", read_director_result},
    {"pause_tournament", read_pause_tournament},
    {"resume_tournament", read_resume_tournament},
    {"end_tournament", read_end_tournament},
    {"request_bye", read_request_bye},
    {"cancel_bye", read_cancel_bye},
    {"director_bye", read_director_on_player<DirectorBye>},
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
