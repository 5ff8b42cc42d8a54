// A tournament's system and its name on the wire and in the store ("swiss", "round_robin", "arena"),
// apart from protocol/tournament.h so that the messages (messages.h) can hold it typed.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace rochade::protocol {

enum class TournamentSystem : std::uint8_t { Swiss, RoundRobin, Arena };

constexpr std::string_view tournament_system_name(TournamentSystem system)
{
    switch (system) {
    case TournamentSystem::Swiss: return "swiss";
    case TournamentSystem::RoundRobin: return "round_robin";
    case TournamentSystem::Arena: return "arena";
    }
    return "swiss";
}
constexpr std::optional<TournamentSystem> parse_tournament_system(std::string_view name)
{
    if (name == "swiss") return TournamentSystem::Swiss;
    if (name == "round_robin") return TournamentSystem::RoundRobin;
    if (name == "arena") return TournamentSystem::Arena;
    return std::nullopt;
}

} // namespace rochade::protocol
