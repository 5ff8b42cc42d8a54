// PGN reading (a real game with comments, NAGs and nested variations; German SAN; the language
// rule), writing (export format, exact text), round trips, and errors naming game and move.
#include <catch2/catch.hpp>

#include "engine/fen.h"
#include "engine/movegen.h"
#include "engine/pgn.h"
#include "engine/san.h"
#include "engine/uci.h"

using namespace rochade;

namespace {

// Morphy - Duke of Brunswick and Count Isouard, Paris 1858, annotated with everything PGN allows.
const char* const OperaGame = R"([Event "Paris"]
[Site "Paris FRA"]
[Date "1858.??.??"]
[Round "?"]
[White "Morphy, Paul"]
[Black "Duke Karl / Count Isouard"]
[Result "1-0"]
[Annotator "A \"quoted\" name \\ with a backslash"]
[ECO "C41"]

{The Opera Game.} 1. e4 e5 2. Nf3 d6 {Philidor Defence} 3. d4 Bg4 $6 {Weak;
the bishop is traded} (3... exd4 4. Nxd4 (4. Qxd4 Nc6 (4... a6)) 4... Nf6 $1)
4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 $2
10.Nxb5! cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+
Nxd7 ; a comment to the end of the line
16. Qb8+ !! Nxb8 17. Rd8# 1-0
)";

const char* const OperaGameGerman = R"([Event "Paris"]
[Result "1-0"]

1. e4 e5 2. Sf3 d6 3. d4 Lg4 4. d4:e5 L:f3 5. Dxf3 dxe5 6. Lc4 Sf6 7. Db3 De7
8. Sc3 c6 9. Lg5 b5 10. Sxb5 cxb5 11. Lxb5+ Sbd7 12. 0-0-0 Td8 13. Txd7 Txd7
14. Td1 De6 15. Lxd7+ Sxd7 16. Db8+ Sxb8 17. Td8# 1-0
)";

const char* const OperaUci[] = {"e2e4", "e7e5", "g1f3", "d7d6", "d2d4", "c8g4", "d4e5", "g4f3", "d1f3", "d6e5", "f1c4",
                                "g8f6", "f3b3", "d8e7", "b1c3", "c7c6", "c1g5", "b7b5", "c3b5", "c6b5", "c4b5", "b8d7",
                                "e1c1", "a8d8", "d1d7", "d8d7", "h1d1", "e7e6", "b5d7", "f6d7", "b3b8", "d7b8", "d1d8"};

std::vector<std::string> uci_moves(const PgnGame& game)
{
    auto pos = game.start_fen.empty() ? Position::start() : *parse_fen(game.start_fen, SetupRules::AllowUnreachable);
    std::vector<std::string> out;
    for (const Move m : game.moves) {
        out.push_back(to_uci(pos, m));
        pos = pos.after(m);
    }
    return out;
}

std::vector<Move> moves_from_uci(const std::string& fen, std::initializer_list<const char*> ucis)
{
    auto pos = *parse_fen(fen, SetupRules::AllowUnreachable);
    std::vector<Move> moves;
    for (const char* uci : ucis) {
        auto m = parse_uci(pos, uci);
        REQUIRE(m.has_value());
        moves.push_back(*m);
        pos = pos.after(*m);
    }
    return moves;
}

} // namespace

TEST_CASE("PGN reading: a real game with comments, NAGs and nested variations", "[pgn]")
{
    auto games = read_pgn(OperaGame);
    if (!games) FAIL(games.error().message);
    REQUIRE(games->size() == 1);
    const PgnGame& game = games->front();
    CHECK(game.result == Score::WhiteWins);
    CHECK(game.start_fen.empty());
    CHECK(uci_moves(game) == std::vector<std::string>(std::begin(OperaUci), std::end(OperaUci)));
    REQUIRE(game.tags.size() == 9);
    CHECK(game.tags[0] == std::pair<std::string, std::string>{"Event", "Paris"});
    CHECK(game.tags[7].second == "A \"quoted\" name \\ with a backslash");
    CHECK(game.tags[8] == std::pair<std::string, std::string>{"ECO", "C41"});
    REQUIRE(game.comments_after.size() == game.moves.size());
    struct Row {
        int ply;
        const char* comment;
    };
    const Row comments[] = {
        {0, ""},
        {3, "Philidor Defence"},
        {5, "Weak; the bishop is traded"},
        {29, "a comment to the end of the line"},
    };
    for (const Row& row : comments) CHECK(game.comments_after[row.ply] == row.comment);
}

TEST_CASE("PGN reading: German SAN gives the same game", "[pgn]")
{
    auto games = read_pgn(OperaGameGerman);
    if (!games) FAIL(games.error().message);
    REQUIRE(games->size() == 1);
    CHECK(uci_moves(games->front()) == std::vector<std::string>(std::begin(OperaUci), std::end(OperaUci)));
    CHECK(games->front().comments_after.empty());
}

TEST_CASE("PGN reading: several games, move numbers, missing result, the 'B' rule", "[pgn]")
{
    const char* const BishopAndPawn = "4k3/8/8/8/8/1P6/8/4B2K w - - 0 1";
    struct Row {
        std::string pgn;
        std::vector<std::vector<std::string>> games; // UCI moves per game
        std::vector<std::string> results;
    };
    const Row rows[] = {
        {"1.e4 e5 2.Nf3 1-0\n\n1. d4 1... d5 0-1\n\n1. c4 1/2-1/2\n\n1. Nf3 *",
         {{"e2e4", "e7e5", "g1f3"}, {"d2d4", "d7d5"}, {"c2c4"}, {"g1f3"}},
         {"1-0", "0-1", "1/2-1/2", "*"}},
        // Without a result token the Result tag, else "*", stands.
        {"[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4#\n\n[Event \"next\"]\n\n1. e4",
         {{"f2f3", "e7e5", "g2g4", "d8h4"}, {"e2e4"}},
         {"0-1", "*"}},
        {"% a line for other programs\n1. e4 *", {{"e2e4"}}, {"*"}},
        // '%' escapes a line only at its start; elsewhere it is an error (expected: no games).
        {"1. e4 % not at the start of a line\n*", {}, {}},
        // English unless a German-only letter came first.
        {std::string("[SetUp \"1\"]\n[FEN \"") + BishopAndPawn + "\"]\n\n1. Bb4 *", {{"e1b4"}}, {"*"}},
        // 'B' is never a pawn, not even in a German game: the bishop on f2 cannot reach b4 (error).
        {std::string("[SetUp \"1\"]\n[FEN \"") + BishopAndPawn + "\"]\n\n1. Bf2 Kd7 2. Bb4 *", {}, {}},
        {std::string("[SetUp \"1\"]\n[FEN \"") + BishopAndPawn + "\"]\n\n1. Lf2 Kd7 2. Bb4 *", {}, {}},
        {std::string("[SetUp \"1\"]\n[FEN \"") + BishopAndPawn + "\"]\n\n1. Bd2 Kd7 2. Bb4 *",
         {{"e1d2", "e8d7", "d2b4"}},
         {"*"}},
        // 'B' never names a German pawn (German SAN writes pawn moves without a letter).
        {std::string("[SetUp \"1\"]\n[FEN \"") + BishopAndPawn + "\"]\n\n1. Lf2 Kd7 2. b4 *",
         {{"e1f2", "e8d7", "b3b4"}},
         {"*"}},
        // Both readings of 'Bb4' legal and no German letter yet: the English bishop.
        {std::string("[FEN \"") + BishopAndPawn + "\"]\n\n1. Bb4 Kd7 2. Ba5 *", {{"e1b4", "e8d7", "b4a5"}}, {"*"}},
        {"1. e4 ( 1. d4 { a comment ) inside } d5 ) 1... e5 $1 $14 2. Nf3 !? *", {{"e2e4", "e7e5", "g1f3"}}, {"*"}},
    };
    for (const Row& row : rows) {
        INFO(row.pgn);
        auto games = read_pgn(row.pgn);
        if (row.games.empty()) {
            CHECK_FALSE(games.has_value());
            continue;
        }
        if (!games) FAIL(games.error().message);
        REQUIRE(games->size() == row.games.size());
        for (std::size_t i = 0; i < row.games.size(); ++i) {
            CHECK(uci_moves((*games)[i]) == row.games[i]);
            CHECK(to_text((*games)[i].result) == row.results[i]);
        }
    }
}

TEST_CASE("PGN reading errors name the game and the move", "[pgn]")
{
    struct Row {
        std::string pgn;
        int game_number;
        int ply;
        const char* message;
    };
    const Row rows[] = {
        {"1. e4 e5 2. Nf9 *", 1, 2, "game 1, move 2 (white): 'Nf9': not a move in SAN"},
        {"1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. e4 e5 2. Ke2 Ke7 3. Kd3 Ke6 4. Kc5 *", 2, 6,
         "game 2, move 4 (white): 'Kc5': illegal in this position (no king move to c5)"},
        {"1. e4 e5 2. Nf3 Nd2 *", 1, 3,
         "game 1, move 2 (black): 'Nd2': illegal in this position (no knight move to d2)"},
        {"[FEN \"rnbqkbnr/pppppppp/8/8/8/5N2/PPP1PPPP/RNBQKB1R w KQkq - 0 1\"]\n\n1. Nd2 *", 1, 0,
         "game 1, move 1 (white): 'Nd2': ambiguous, could be Nbd2 or Nfd2"},
        {"1. e4 Sf6 2. Nf3 *", 1, 2, "game 1, move 2 (white): 'Nf3': not a move in German SAN"},
        {"1. e4 { never closed\n2. d4 *", 1, -1, "game 1, line 2: comment '{' opened on line 1 is never closed"},
        // A comment before the first game, or between games, counts as the next game's (found by fuzz_pgn:
        // it was "game 0").
        {"{ never closed\n[Event \"x\"]", 1, -1, "game 1, line 2: comment '{' opened on line 1 is never closed"},
        {"1. e4 *\n\n{ never closed", 2, -1, "game 2, line 3: comment '{' opened on line 3 is never closed"},
        {"[Event \"x]\n\n1. e4 *", 1, -1, "game 1, line 1: value of tag Event is not closed with '\"'"},
        {"[Event \"x\"\n\n1. e4 *", 1, -1, "game 1, line 3: tag Event is not closed with ']'"},
        {"[Event x]\n\n1. e4 *", 1, -1, "game 1, line 1: tag Event has no quoted value"},
        {"1. e4 e5 ) *", 1, -1, "game 1, line 1: ')' without a matching '('"},
        {"1. e4 (1. d4\n\n[Event \"next\"]", 1, -1, "game 1, line 3: variation '(' opened on line 1 is never closed"},
        {"1. e4 (1. d4", 1, -1, "game 1, line 1: variation '(' opened on line 1 is never closed"},
        {"*\n\n[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n*", 2, -1, "game 2: FEN tag: "},
    };
    for (const Row& row : rows) {
        INFO(row.pgn);
        auto games = read_pgn(row.pgn);
        REQUIRE_FALSE(games.has_value());
        CHECK(games.error().game_number == row.game_number);
        CHECK(games.error().ply == row.ply);
        CHECK_THAT(games.error().message, Catch::StartsWith(row.message));
    }
}

TEST_CASE("PGN writing: export format, exact text", "[pgn]")
{
    PgnGame opening;
    opening.tags = {{"White", "Anna"}, {"Black", "Bert"}, {"Event", "Club \"Rochade\" \\ 1"}, {"Annotator", "x"}};
    opening.moves = moves_from_uci(std::string(StartFen), {"e2e4", "e7e5", "g1f3"});
    opening.comments_after = {"best  by\ntest", "", ""};
    opening.result = Score::Unfinished;

    PgnGame endgame;
    endgame.start_fen = "4k3/8/8/8/8/8/7p/R3K3 b Q - 0 30";
    endgame.moves = moves_from_uci(endgame.start_fen, {"e8d7", "e1c1", "d7e6", "d1d8", "h2h1q"});
    endgame.result = Score::Unfinished;

    struct Row {
        const PgnGame& game;
        const char* pgn;
    };
    const Row rows[] = {
        {opening, R"([Event "Club \"Rochade\" \\ 1"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "Anna"]
[Black "Bert"]
[Result "*"]
[Annotator "x"]

1. e4 {best by test} 1... e5 2. Nf3 *
)"},
        {endgame, R"([Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/7p/R3K3 b Q - 0 30"]

30... Kd7 31. O-O-O+ Ke6 32. Rd8 h1=Q+ *
)"},
    };
    for (const Row& row : rows) CHECK(write_pgn(row.game) == row.pgn);
}

TEST_CASE("PGN round trip: what we write reads back to the same game", "[pgn]")
{
    std::vector<PgnGame> games;
    {
        auto opera = read_pgn(OperaGame);
        REQUIRE(opera.has_value());
        games.push_back(opera->front());
    }
    PgnGame en_passant;
    en_passant.tags = {{"Event", "en passant and promotion"}};
    en_passant.moves =
        moves_from_uci(std::string(StartFen), {"e2e4", "g8f6", "e4e5", "d7d5", "e5d6", "e7d6", "d2d4", "f8e7", "c2c4",
                                               "e8g8", "c4c5", "b7b5", "c5b6", "a7a5", "b6b7", "a5a4", "b7a8q"});
    en_passant.comments_after.assign(en_passant.moves.size(), "");
    en_passant.comments_after[4] = "en passant";
    en_passant.comments_after[16] = "a queen {with braces}";
    en_passant.result = Score::Unfinished;
    games.push_back(en_passant);

    // Random games from several positions, with a long comment now and then to test wrapping.
    std::uint64_t state = 42;
    auto next = [&state] {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        return state;
    };
    const char* starts[] = {
        "",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 3 17",
        "1n1n3k/PPPP4/8/8/8/8/4pppp/K4N1N w - - 0 60",
    };
    for (const char* start : starts)
        for (int round = 0; round < 4; ++round) {
            PgnGame game;
            game.start_fen = start;
            game.tags = {{"Round", std::to_string(round)}, {"White", "Random"}, {"TimeControl", "40/7200:3600"}};
            auto pos = *parse_fen(*start ? start : StartFen, SetupRules::AllowUnreachable);
            for (int ply = 0; ply < 150; ++ply) {
                const MoveList moves = legal_moves(pos);
                if (moves.empty()) break;
                const Move m = moves[next() % moves.size()];
                game.moves.push_back(m);
                game.comments_after.push_back(next() % 7 == 0 ? "a comment long enough to need more than one line "
                                                                "when it falls near the end of a line of movetext"
                                                              : "");
                pos = pos.after(m);
            }
            game.result = round % 2 ? Score::Unfinished : Score::Draw;
            games.push_back(game);
        }

    for (const PgnGame& game : games) {
        const std::string text = write_pgn(game);
        INFO(text);
        std::size_t line_start = 0;
        for (std::size_t i = 0; i < text.size(); ++i)
            if (text[i] == '\n') {
                CHECK(i - line_start <= 80);
                line_start = i + 1;
            }
        auto read = read_pgn(text);
        if (!read) FAIL(read.error().message);
        REQUIRE(read->size() == 1);
        const PgnGame& back = read->front();
        CHECK(back.moves == game.moves);
        CHECK(back.start_fen == game.start_fen);
        CHECK(back.result == game.result);
        std::vector<std::string> comments = game.comments_after;
        for (std::string& c : comments)
            for (char& ch : c)
                if (ch == '}') ch = ')';
        if (std::all_of(comments.begin(), comments.end(), [](const std::string& c) { return c.empty(); }))
            comments.clear();
        CHECK(back.comments_after == comments);
        CHECK(write_pgn(back) == text);
    }
    // Several games written one after another read back as several games.
    std::string all;
    for (const PgnGame& game : games) all += write_pgn(game) + "\n";
    auto read = read_pgn(all);
    REQUIRE(read.has_value());
    CHECK(read->size() == games.size());
}

TEST_CASE("PGN writing: tag values are escaped, so no value can end its tag or start another", "[pgn]")
{
    const struct {
        const char* value;
        const char* written; // between the tag's quotes
        const char* read_back;
    } cases[] = {
        {"Anna", "Anna", "Anna"},
        {"say \"hi\"", "say \\\"hi\\\"", "say \"hi\""},
        {"back\\slash", "back\\\\slash", "back\\slash"},
        {"\"] [Result \"1-0", "\\\"] [Result \\\"1-0", "\"] [Result \"1-0"},
        {"two\nlines", "two lines", "two lines"},
        {"cr\rtab\tdel\x7f", "cr tab del ", "cr tab del "},
        {"ends in a backslash\\", "ends in a backslash\\\\", "ends in a backslash\\"},
        {"Jörg", "Jörg", "Jörg"},
    };
    for (const auto& c : cases) {
        INFO(c.value);
        PgnGame game;
        game.tags = {{"Event", "Rochade room 34"}, {"White", c.value}, {"Black", "Bert"}, {"Annotator", c.value}};
        game.result = Score::BlackWins;
        const std::string text = write_pgn(game);
        CHECK(text.find(std::string("[White \"") + c.written + "\"]\n") != std::string::npos);
        CHECK(text.find(std::string("[Annotator \"") + c.written + "\"]\n") != std::string::npos);
        // Eight lines of tags (the roster and the annotator), nothing more.
        std::size_t tag_lines = 0;
        for (std::size_t at = 0; (at = text.find("\n[", at)) != std::string::npos; ++at) ++tag_lines;
        CHECK(tag_lines + 1 == 8);
        const auto read = read_pgn(text);
        REQUIRE(read.has_value());
        REQUIRE(read->size() == 1);
        const PgnGame& back = read->front();
        CHECK(back.result == Score::BlackWins);
        std::vector<std::pair<std::string, std::string>> expected = {
            {"Event", "Rochade room 34"}, {"Site", "?"},     {"Date", "????.??.??"}, {"Round", "?"},
            {"White", c.read_back},       {"Black", "Bert"}, {"Result", "0-1"},      {"Annotator", c.read_back}};
        CHECK(back.tags == expected);
    }
}
