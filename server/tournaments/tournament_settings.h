// What a tournament keeps beyond the store's columns (db::TournamentCreated::settings_json): the
// cycles of a round robin, the round until which late entries are taken, the password's hash
// (never the password), and the director's rules: forbidden pairs, the tie-breaks' order, the
// first move at which a draw may be offered. Written once at creation, read back at every start
// of the server.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rochade::server {

struct TournamentSettings {
    int cycles = 1;                 // a round robin's: 1 single, 2 double
    int late_entry_until_round = 0; // 0: entries close at the start
    std::optional<std::string> password_hash;
    // Nick keys (protocol::nick_key) that must never be paired; by key, so that they hold
    // whenever the players enter and however they write their nicks.
    std::vector<std::pair<std::string, std::string>> forbidden_pairs;
    std::vector<std::string> tie_breaks; // FIDE C.07 codes; empty: the default order
    int draw_offers_from_move = 0;       // 0: at any time
    // Who may enter (protocol::CreateTournament's conditions); invited by nick key.
    std::optional<int> min_rating, max_rating;
    int min_rated_games = 0;
    std::vector<std::string> invited;
    bool bots_allowed = false; // bot accounts may enter (docs/bots.md)
    // A Swiss's colour for the first board of round 1 (the initial colour, C.04.3 E.5).
    bool first_board_white = true;
    // When the service starts the event by itself (ms since the epoch); none: the director does.
    std::optional<std::int64_t> starts_at_ms;
    // An arena's: its duration, and whether its players may go berserk.
    int arena_minutes = 0;
    bool berserk = false;
    // A round robin played as a season: days per round (0: the rounds follow each other at once).
    int round_days = 0;

    // Whether an entry needs the player's rating and games read (and so an account).
    bool asks_rating() const { return min_rating || max_rating || min_rated_games > 0; }
};

std::string settings_json(const TournamentSettings& settings);
// Unknown or malformed fields read as their defaults: the service wrote the text itself.
TournamentSettings read_settings(std::string_view text);

// The stored form of a tournament's password: the token hash (identity::token_hash, BLAKE2b) of
// the password bound to the tournament's id, so one event's hash says nothing of another's with
// the same password.
std::string tournament_password_hash(std::int64_t tournament_id, std::string_view password);
// Whether `password` is the one `hash` was made of, compared in constant time.
bool tournament_password_matches(std::int64_t tournament_id, std::string_view password, const std::string& hash);

} // namespace rochade::server
