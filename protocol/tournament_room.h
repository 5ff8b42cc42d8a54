// A tournament's room in the lobby (docs/tournaments.md, "The room"): its number is the
// tournament's id above a base that no configured or ad-hoc room reaches, so that every node
// finds the same room for the same tournament without asking anyone. Numbers from the base up
// are the tournaments' only: a player cannot open one (the lobby refuses), so nobody can stand
// in a room named for an event before its service opened it.
#pragma once

#include <cstdint>
#include <optional>

namespace rochade::protocol {

inline constexpr std::int64_t tournament_room_base = 1'000'000'000;

constexpr std::int64_t tournament_room(std::int64_t tournament_id) { return tournament_room_base + tournament_id; }

// Whether `room` is in the tournaments' range (and may only be opened by their service).
constexpr bool is_tournament_room(std::int64_t room) { return room >= tournament_room_base; }

// The tournament whose room `room` is, or nothing for any other room.
constexpr std::optional<std::int64_t> tournament_of_room(std::int64_t room)
{
    if (!is_tournament_room(room)) return std::nullopt;
    return room - tournament_room_base;
}

} // namespace rochade::protocol
