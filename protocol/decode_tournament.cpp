#include "protocol/decode_tournament.h"

#include <algorithm>
#include <limits>
#include <set>

#include "protocol/nick.h"
#include "protocol/tournament.h"

namespace rochade::protocol::decoding {

namespace {

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
    create.bots_allowed = f.optional_bool("bots_allowed");
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

} // namespace

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
    if (system == TournamentSystem::RoundRobin)
        create.round_days = static_cast<int>(
            f.optional_integer("round_days", 1, max_round_days, "an integer of days per round, 1 to 28").value_or(0));
    else if (!f.problem() && f.has("round_days"))
        f.reject("field 'round_days' is for a round robin played as a season");
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
namespace {
std::int64_t tournament_id(FieldReader& f)
{
    return f.integer("tournament", 1, std::numeric_limits<std::int64_t>::max(), "a positive integer");
}
} // namespace
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
namespace {
// A director's action on one player: director_withdraw, director_readmit, director_bye.
template <class Message> ClientMessage read_director_on_player(FieldReader& f)
{
    Message message;
    message.tournament = tournament_id(f);
    message.nick = f.string("nick", max_nick_bytes);
    return message;
}
} // namespace
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

ClientMessage read_director_withdraw(FieldReader& f) { return read_director_on_player<DirectorWithdraw>(f); }
ClientMessage read_director_readmit(FieldReader& f) { return read_director_on_player<DirectorReadmit>(f); }
ClientMessage read_director_bye(FieldReader& f) { return read_director_on_player<DirectorBye>(f); }

} // namespace rochade::protocol::decoding
