// Exact position identities and the transposition table of the helpmate search.
//
// A Zobrist collision in a table that prunes "no mate below here" would turn into a false
// CannotMate, so every entry carries the whole position, packed into four bitboards (three bit
// planes of the piece type plus White's pieces) and a word for side, castling and en passant.
// A probe counts as a hit only when all of it matches.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "position.h"

namespace rochade::winnability {

struct PackedPosition {
    Bitboard planes[3] = {0, 0, 0}; // bit i of (piece type + 1) on each square; 0 = empty
    Bitboard white = 0;
    std::uint16_t state = 0; // side to move | castling << 1 | en passant square << 5

    static PackedPosition of(const Position& pos)
    {
        PackedPosition p;
        const Bitboard pawns = pos.pieces(PieceType::Pawn), knights = pos.pieces(PieceType::Knight);
        const Bitboard bishops = pos.pieces(PieceType::Bishop), rooks = pos.pieces(PieceType::Rook);
        const Bitboard queens = pos.pieces(PieceType::Queen), kings = pos.pieces(PieceType::King);
        p.planes[0] = pawns | bishops | queens;  // 1, 3, 5
        p.planes[1] = knights | bishops | kings; // 2, 3, 6
        p.planes[2] = rooks | queens | kings;    // 4, 5, 6
        p.white = pos.pieces(Color::White);
        p.state = std::uint16_t(int(pos.side_to_move()) | (pos.castling_rights().bits << 1) |
                                (index_of(pos.en_passant_square()) << 5));
        return p;
    }
    friend bool operator==(const PackedPosition&, const PackedPosition&) = default;
};

// Open addressing with one slot per index, replace on store. Entries are stamped with a
// generation; only entries of the current generation count, so starting a new deepening
// iteration (or a new query) is one increment instead of clearing megabytes.
class TranspositionTable {
public:
    static constexpr int Bits = 16;

    // Makes every stored entry stale.
    void next_generation()
    {
        if (entries_.empty()) entries_.resize(std::size_t{1} << Bits);
        if (++generation_ == 0) { // wrapped around: stale stamps could look current again
            for (Entry& e : entries_) e.generation = 0;
            generation_ = 1;
        }
    }

    // True if this very position was stored in the current generation with at least `left`.
    bool holds(const Position& pos, int left) const
    {
        const Entry& e = entries_[index(pos.key())];
        return e.generation == generation_ && e.key == pos.key() && e.left >= left &&
               e.position == PackedPosition::of(pos);
    }

    // Starts loading the entry of `pos` into the cache: the table is megabytes, so a probe is
    // a cache miss that the caller can overlap with other work.
    void prefetch(const Position& pos) const { __builtin_prefetch(&entries_[index(pos.key())]); }

    void store(const Position& pos, int left)
    {
        Entry& e = entries_[index(pos.key())];
        e.key = pos.key();
        e.position = PackedPosition::of(pos);
        e.generation = generation_;
        e.left = std::uint8_t(left < 0 ? 0 : left > 255 ? 255 : left);
    }

private:
    struct Entry {
        std::uint64_t key = 0;
        PackedPosition position;
        std::uint32_t generation = 0;
        std::uint8_t left = 0;
    };
    static std::size_t index(std::uint64_t key) { return std::size_t(key >> (64 - Bits)); }

    std::vector<Entry> entries_;
    std::uint32_t generation_ = 0;
};

} // namespace rochade::winnability

template <> struct std::hash<rochade::winnability::PackedPosition> {
    std::size_t operator()(const rochade::winnability::PackedPosition& p) const
    {
        std::uint64_t h = p.white * 0x9E3779B97F4A7C15ULL;
        for (auto plane : p.planes) h = (h ^ plane) * 0xBF58476D1CE4E5B9ULL + (h >> 29);
        return std::size_t(h ^ p.state ^ (h >> 31));
    }
};
