// Zobrist keys, generated at compile time from a fixed seed so that keys are identical across
// builds and machines (a stored key can be compared with one computed later).
#pragma once

#include <array>
#include <cstdint>

#include "types.h"

namespace rochade::zobrist {

namespace detail {
constexpr std::uint64_t splitmix64(std::uint64_t& state)
{
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

struct Keys {
    std::array<std::array<std::uint64_t, 64>, 16> piece_square{};
    std::array<std::uint64_t, 16> castling{}; // indexed by the castling-rights bit set
    std::array<std::uint64_t, 8> en_passant_file{};
    std::uint64_t black_to_move = 0;
};

constexpr Keys Table = [] {
    Keys k;
    std::uint64_t state = 0x526F636861646521ULL; // "Rochade!"
    for (auto& squares : k.piece_square)
        for (auto& key : squares) key = splitmix64(state);
    // Castling keys are the XOR of one key per right, so rights can be toggled one at a time.
    std::array<std::uint64_t, 4> per_right{};
    for (auto& key : per_right) key = splitmix64(state);
    for (int bits = 0; bits < 16; ++bits)
        for (int r = 0; r < 4; ++r)
            if (bits & (1 << r)) k.castling[bits] ^= per_right[r];
    for (auto& key : k.en_passant_file) key = splitmix64(state);
    k.black_to_move = splitmix64(state);
    return k;
}();
} // namespace detail

constexpr std::uint64_t piece_square(Piece p, Square s) { return detail::Table.piece_square[index_of(p)][index_of(s)]; }
constexpr std::uint64_t castling(CastlingRights r) { return detail::Table.castling[r.bits]; }
constexpr std::uint64_t en_passant(Square s) { return detail::Table.en_passant_file[file_of(s)]; }
constexpr std::uint64_t black_to_move() { return detail::Table.black_to_move; }

} // namespace rochade::zobrist
