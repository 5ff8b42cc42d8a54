// Tournaments on the wire (docs/protocol.md, "Tournaments"; docs/tournaments.md, "The service"):
// the systems, the rules of a tournament's settings that a request can break on its face, and
// the views the server sends. The service (server/tournaments/) judges what needs the stored
// tournament: who may act, whether a player may still join.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/encode.h"
#include "protocol/messages.h"
#include "protocol/time_control.h"

namespace rochade::protocol {

enum class TournamentSystem : std::uint8_t { Swiss, RoundRobin };

constexpr std::string_view tournament_system_name(TournamentSystem system)
{
    return system == TournamentSystem::Swiss ? "swiss" : "round_robin";
}
constexpr std::optional<TournamentSystem> parse_tournament_system(std::string_view name)
{
    if (name == "swiss") return TournamentSystem::Swiss;
    if (name == "round_robin") return TournamentSystem::RoundRobin;
    return std::nullopt;
}

inline constexpr std::size_t min_tournament_name_chars = 3;
inline constexpr std::size_t max_tournament_name_chars = 60;
inline constexpr int max_swiss_rounds = 20;
inline constexpr int max_round_robin_cycles = 2;
// Berger tables (pairing/berger.h) hold 3 to 20 players.
inline constexpr int min_round_robin_players = 3;
inline constexpr int max_round_robin_players = 20;
inline constexpr std::size_t min_tournament_password_bytes = 4;
inline constexpr std::size_t max_tournament_password_bytes = 64;

// What is wrong with a tournament's name, or nothing: 3 to 60 code points of valid UTF-8, no
// control characters, no spaces at either end and no two in a row (names are shown in lists and
// rooms, where invisible differences would make two events look alike).
std::optional<std::string> tournament_name_error(std::string_view name);

// One registered player as shown: by entry (registration order, from 1).
struct TournamentPlayerView {
    int entry = 0;
    std::string nick;
    int rating = 0;      // at registration; 0 for a guest in a casual event
    int first_round = 1; // a late entry's first round
    bool withdrawn = false;
};

// A tournament as shown. `players` is filled for show_tournament and tournament_updated, left
// empty in the list (which gives `player_count`).
struct TournamentView {
    std::int64_t id = 0;
    std::string name;
    TournamentSystem system = TournamentSystem::Swiss;
    int rounds = 0; // a Swiss's rounds; a round robin's follow from its players at the start
    int cycles = 1; // a round robin's: 1 single, 2 double
    TimeControl time_control;
    bool rated = false;
    std::string director;
    int late_entry_until_round = 0; // 0: entries close at the start
    bool password = false;          // whether joining needs one (never the password or its hash)
    std::string state;              // registering, running, paused, finished
    std::int64_t created_ms = 0;
    std::optional<std::int64_t> started_ms, finished_ms;
    int rounds_paired = 0;
    int player_count = 0; // registered and not withdrawn
    std::vector<TournamentPlayerView> players;
};

// The reply to create_tournament: {"type":"ok","id":...,"tournament":{...}}.
std::string encode_tournament_created(const OptionalId& id, const TournamentView& tournament);
// {"type":"tournaments","upcoming":[...],"running":[...],"finished":[...]}: summaries without
// players; upcoming is registering, running includes paused, each newest first.
std::string encode_tournaments(const std::vector<TournamentView>& tournaments);
// {"type":"tournament","tournament":{...}} with its players: the answer to show_tournament.
std::string encode_tournament(const TournamentView& tournament);
// {"type":"tournament_updated","tournament":{...}}: to its watchers, after every change.
std::string encode_tournament_updated(const TournamentView& tournament);

} // namespace rochade::protocol
