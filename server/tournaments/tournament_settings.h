// What a tournament keeps beyond the store's columns (db::TournamentCreated::settings_json): the
// cycles of a round robin, the round until which late entries are taken, and the password's hash
// (never the password). Written once at creation, read back at every start of the server.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace rochade::server {

struct TournamentSettings {
    int cycles = 1;                 // a round robin's: 1 single, 2 double
    int late_entry_until_round = 0; // 0: entries close at the start
    std::optional<std::string> password_hash;
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
