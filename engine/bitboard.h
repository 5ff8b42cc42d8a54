// Bitboards and attack tables. Every table is built at compile time by a constexpr lambda,
// so there is no init() call that a caller could forget.
//
// Sliding pieces use "kindergarten" bitboards: one multiplication gathers the occupancy of a
// line into six bits that index a small table (8 x 64 entries per line kind). They are nearly as
// fast as magic bitboards and need no magic numbers, so the tables stay small and constexpr.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "types.h"

namespace rochade {

constexpr Bitboard FileABB = 0x0101010101010101ULL;
constexpr Bitboard Rank1BB = 0xFFULL;
constexpr Bitboard DarkSquaresBB = 0xAA55AA55AA55AA55ULL;
constexpr Bitboard LightSquaresBB = ~DarkSquaresBB;

constexpr Bitboard file_bb(int file) { return FileABB << file; }
constexpr Bitboard rank_bb(int rank) { return Rank1BB << (8 * rank); }

inline int popcount(Bitboard b) { return std::popcount(b); }
inline Square lsb(Bitboard b) { return Square(std::countr_zero(b)); }
inline Square msb(Bitboard b) { return Square(63 - std::countl_zero(b)); }
// Removes and returns the lowest square of a non-empty bitboard.
inline Square pop_lsb(Bitboard& b)
{
    Square s = lsb(b);
    b &= b - 1;
    return s;
}
constexpr bool more_than_one(Bitboard b) { return (b & (b - 1)) != 0; }
constexpr bool contains(Bitboard b, Square s) { return (b & square_bb(s)) != 0; }

namespace detail {

// Attacks of a piece that steps (or slides, when `slide`) in the given directions; the slow,
// obviously correct definition from which the fast tables are built and tested.
constexpr Bitboard ray_attacks(Square s, Bitboard occupied, const int (*dirs)[2], int count, bool slide)
{
    Bitboard result = 0;
    for (int i = 0; i < count; ++i) {
        int f = file_of(s) + dirs[i][0], r = rank_of(s) + dirs[i][1];
        while (is_on_board(f, r)) {
            Square t = make_square(f, r);
            result |= square_bb(t);
            if (!slide || (occupied & square_bb(t))) break;
            f += dirs[i][0];
            r += dirs[i][1];
        }
    }
    return result;
}

constexpr int KnightDirs[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
constexpr int KingDirs[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
constexpr int RookDirs[4][2] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
constexpr int BishopDirs[4][2] = {{1, 1}, {-1, 1}, {-1, -1}, {1, -1}};

constexpr auto StepTables = [] {
    struct Tables {
        std::array<Bitboard, 64> knight{}, king{};
        std::array<std::array<Bitboard, 64>, 2> pawn{};
    } t;
    for (int s = 0; s < 64; ++s) {
        t.knight[s] = ray_attacks(Square(s), 0, KnightDirs, 8, false);
        t.king[s] = ray_attacks(Square(s), 0, KingDirs, 8, false);
        const int white_pawn[2][2] = {{-1, 1}, {1, 1}};
        const int black_pawn[2][2] = {{-1, -1}, {1, -1}};
        t.pawn[0][s] = ray_attacks(Square(s), 0, white_pawn, 2, false);
        t.pawn[1][s] = ray_attacks(Square(s), 0, black_pawn, 2, false);
    }
    return t;
}();

// Line masks through each square, the square itself excluded.
constexpr auto LineMasks = [] {
    struct Masks {
        std::array<Bitboard, 64> rank{}, file{}, diagonal{}, anti_diagonal{};
    } m;
    for (int s = 0; s < 64; ++s) {
        const int e[1][2] = {{1, 0}}, w[1][2] = {{-1, 0}}, n[1][2] = {{0, 1}}, so[1][2] = {{0, -1}};
        const int ne[1][2] = {{1, 1}}, sw[1][2] = {{-1, -1}}, nw[1][2] = {{-1, 1}}, se[1][2] = {{1, -1}};
        m.rank[s] = ray_attacks(Square(s), 0, e, 1, true) | ray_attacks(Square(s), 0, w, 1, true);
        m.file[s] = ray_attacks(Square(s), 0, n, 1, true) | ray_attacks(Square(s), 0, so, 1, true);
        m.diagonal[s] = ray_attacks(Square(s), 0, ne, 1, true) | ray_attacks(Square(s), 0, sw, 1, true);
        m.anti_diagonal[s] = ray_attacks(Square(s), 0, nw, 1, true) | ray_attacks(Square(s), 0, se, 1, true);
    }
    return m;
}();

// FillUpAttacks[file][inner] are the attacks along a rank of a slider on `file`, when the six
// inner squares (files b..g) are occupied as the bits of `inner` say, copied onto all eight
// ranks so that masking with any line through the square keeps just that line.
constexpr auto FillUpAttacks = [] {
    std::array<std::array<Bitboard, 64>, 8> table{};
    for (int file = 0; file < 8; ++file)
        for (int inner = 0; inner < 64; ++inner) {
            const int dirs[2][2] = {{1, 0}, {-1, 0}};
            Bitboard rank_attacks = ray_attacks(make_square(file, 0), Bitboard(inner) << 1, dirs, 2, true);
            table[file][inner] = rank_attacks * FileABB;
        }
    return table;
}();

// AFileAttacks[rank][inner]: attacks along the a-file of a slider on `rank`, with the six inner
// squares (ranks 2..7) occupied as the bits of `inner` say.
constexpr auto AFileAttacks = [] {
    std::array<std::array<Bitboard, 64>, 8> table{};
    for (int rank = 0; rank < 8; ++rank)
        for (int inner = 0; inner < 64; ++inner) {
            Bitboard occupied = 0;
            for (int i = 0; i < 6; ++i)
                if (inner & (1 << i)) occupied |= square_bb(make_square(0, i + 1));
            const int dirs[2][2] = {{0, 1}, {0, -1}};
            table[rank][inner] = ray_attacks(make_square(0, rank), occupied, dirs, 2, true);
        }
    return table;
}();

constexpr Bitboard BFileBB = 0x0202020202020202ULL;
constexpr Bitboard DiagonalC7H2 = 0x0004081020408000ULL;

constexpr Bitboard line_attacks(Bitboard line_mask, int file, Bitboard occupied)
{
    const unsigned inner = unsigned(((line_mask & occupied) * BFileBB) >> 58);
    return line_mask & FillUpAttacks[file][inner];
}

constexpr Bitboard file_attacks(Square s, Bitboard occupied)
{
    const Bitboard on_a_file = FileABB & (occupied >> file_of(s));
    const unsigned inner = unsigned((on_a_file * DiagonalC7H2) >> 58);
    return AFileAttacks[rank_of(s)][inner] << file_of(s);
}

} // namespace detail

constexpr Bitboard knight_attacks(Square s) { return detail::StepTables.knight[index_of(s)]; }
constexpr Bitboard king_attacks(Square s) { return detail::StepTables.king[index_of(s)]; }
constexpr Bitboard pawn_attacks(Color c, Square s) { return detail::StepTables.pawn[index_of(c)][index_of(s)]; }

constexpr Bitboard bishop_attacks(Square s, Bitboard occupied)
{
    const int i = index_of(s);
    return detail::line_attacks(detail::LineMasks.diagonal[i], file_of(s), occupied) |
           detail::line_attacks(detail::LineMasks.anti_diagonal[i], file_of(s), occupied);
}

constexpr Bitboard rook_attacks(Square s, Bitboard occupied)
{
    return detail::line_attacks(detail::LineMasks.rank[index_of(s)], file_of(s), occupied) |
           detail::file_attacks(s, occupied);
}

constexpr Bitboard queen_attacks(Square s, Bitboard occupied)
{
    return bishop_attacks(s, occupied) | rook_attacks(s, occupied);
}

// Attacks of a non-pawn piece type from `s` with the given occupancy.
constexpr Bitboard attacks_of(PieceType t, Square s, Bitboard occupied)
{
    switch (t) {
    case PieceType::Knight: return knight_attacks(s);
    case PieceType::Bishop: return bishop_attacks(s, occupied);
    case PieceType::Rook: return rook_attacks(s, occupied);
    case PieceType::Queen: return queen_attacks(s, occupied);
    case PieceType::King: return king_attacks(s);
    default: return 0;
    }
}

// The slow reference definitions, for tests.
constexpr Bitboard reference_bishop_attacks(Square s, Bitboard occupied)
{
    return detail::ray_attacks(s, occupied, detail::BishopDirs, 4, true);
}
constexpr Bitboard reference_rook_attacks(Square s, Bitboard occupied)
{
    return detail::ray_attacks(s, occupied, detail::RookDirs, 4, true);
}

namespace detail {
// Between[a][b]: the squares strictly between two squares on a common line (else empty).
// Line[a][b]: the whole line through two aligned squares, both included (else empty).
constexpr auto LineTables = [] {
    struct Tables {
        std::array<std::array<Bitboard, 64>, 64> between{}, line{};
    } t;
    for (int a = 0; a < 64; ++a)
        for (int b = 0; b < 64; ++b) {
            if (a == b) continue;
            const Square sa = Square(a), sb = Square(b);
            const Bitboard bb = square_bb(sb);
            if (reference_rook_attacks(sa, 0) & bb) {
                t.between[a][b] = reference_rook_attacks(sa, bb) & reference_rook_attacks(sb, square_bb(sa));
                t.line[a][b] = ((reference_rook_attacks(sa, 0) & reference_rook_attacks(sb, 0)) | square_bb(sa) | bb);
            } else if (reference_bishop_attacks(sa, 0) & bb) {
                t.between[a][b] = reference_bishop_attacks(sa, bb) & reference_bishop_attacks(sb, square_bb(sa));
                t.line[a][b] =
                    ((reference_bishop_attacks(sa, 0) & reference_bishop_attacks(sb, 0)) | square_bb(sa) | bb);
            }
        }
    return t;
}();
} // namespace detail

constexpr Bitboard between_bb(Square a, Square b) { return detail::LineTables.between[index_of(a)][index_of(b)]; }
constexpr Bitboard line_bb(Square a, Square b) { return detail::LineTables.line[index_of(a)][index_of(b)]; }
constexpr bool aligned(Square a, Square b, Square c) { return (line_bb(a, b) & square_bb(c)) != 0; }

// Square distance in king moves (Chebyshev distance).
constexpr int distance(Square a, Square b)
{
    const int df = file_of(a) > file_of(b) ? file_of(a) - file_of(b) : file_of(b) - file_of(a);
    const int dr = rank_of(a) > rank_of(b) ? rank_of(a) - rank_of(b) : rank_of(b) - rank_of(a);
    return df > dr ? df : dr;
}

} // namespace rochade
