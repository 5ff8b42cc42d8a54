// db/sqlite/sqlite_reader.h: what the server reads at start-up (unfinished games with their moves, resume
// tokens, the highest ids) and what an admin reads (recent games, one game's full log).
#include <catch2/catch.hpp>

#include <span>
#include <string>
#include <vector>

#include "db/sqlite/sqlite_reader.h"
#include "db/sqlite/sqlite_writer.h"
#include "store_backend.h"
#include "temp_database.h"

using namespace rochade::db;
using rochade::db::testing::execute;
using rochade::db::testing::TempDatabase;
using rochade::db::testing::TestReader;
using rochade::db::testing::TestStore;
using rochade::db::testing::TestWriter;

namespace {

GameStarted game(std::int64_t id, std::int64_t table_id, const std::string& white, const std::string& black)
{
    GameStarted start;
    start.game_id = id;
    start.table_id = table_id;
    start.room = 35;
    start.white = white;
    start.black = black;
    start.time_control_json = R"({"kind":"sudden_death","base_ms":300000})";
    start.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    start.white_ms = start.black_ms = 300000;
    start.started_at_ms = 1700000000000 + id;
    return start;
}

MovePlayed move(std::int64_t game_id, int ply, std::int64_t seq, const std::string& uci, const std::string& san)
{
    return MovePlayed{game_id, ply, seq, uci, san, 300000 - ply * 100, 300000 - ply * 50, 1700000000000 + ply * 1000};
}

GameEnded ended(std::int64_t game_id, const std::string& result, const std::string& termination)
{
    return GameEnded{game_id,
                     *rochade::parse_score(result, "the test"),
                     *rochade::parse_termination(termination, "the test"),
                     R"({"message":"by the book"})",
                     299000,
                     298000,
                     1700000100000};
}

// Game 1 at table 10 ended by mate; game 2 at table 11 is still running, with a ply written twice
// (the second is refused) and a later event; table 12 has only chat, no game.
void write_two_games(StoreWriter& writer)
{
    writer.submit(std::vector<Write>{game(1, 10, "Anna", "Bert"), move(1, 1, 2, "f2f3", "f3"),
                                     move(1, 2, 3, "e7e5", "e5"), move(1, 3, 4, "g2g4", "g4"),
                                     move(1, 4, 5, "d8h4", "Qh4#"), ended(1, "0-1", "checkmate")});
    writer.submit(game(2, 11, "Jörg", "Anna"));
    writer.submit(move(2, 1, 3, "e2e4", "e4"));
    writer.submit(move(2, 2, 4, "e7e5", "e5"));
    writer.submit(move(2, 1, 3, "d2d4", "d4")); // refused: game 2 has ply 1 already
    writer.submit(TableEvent{11, 2, 5, rochade::db::TableEventKind::DrawOffered, R"({"by":"white"})", 1700000003000});
    writer.submit(TableEvent{11, 2, 2, rochade::db::TableEventKind::GameStarted, "{}", 1700000000002});
    writer.submit(TableEvent{12, std::nullopt, 1, rochade::db::TableEventKind::TableChat,
                             R"({"from":"Cem","text":"hi"})", 1700000004000});
}

void write_two_games(const TestStore& file)
{
    TestWriter writer(file, [](const std::string&) {});
    write_two_games(writer);
}

void write_two_games(const std::string& path)
{
    SqliteWriter writer(path, [](const std::string&) {});
    write_two_games(writer);
}

} // namespace

TEST_CASE("an empty database has no games, no accounts and no ids in use")
{
    TempDatabase file("store-empty");
    SqliteReader store(file.path());
    CHECK(store.unfinished_games().empty());
    CHECK_FALSE(store.account("anna"));
    CHECK(store.next_free_id("session") == 1);
    CHECK(store.max_game_id() == 0);
    CHECK(store.max_table_id() == 0);
    CHECK(store.next_free_id("game") == 1);
    CHECK(store.next_free_id("table") == 1);
    CHECK(store.recent_games().empty());
    CHECK_FALSE(store.game_log(1).has_value());
}

TEST_CASE("the next free ids are what the last reservation stored, a read-only store sees them beside the writer")
{
    TestStore file("store-id-blocks");
    TestWriter writer(file);
    writer.submit(std::vector<Write>{IdBlockReserved{"game", 41}, IdBlockReserved{"table", 7}});
    writer.flush();
    TestReader reader(file);
    CHECK(reader.next_free_id("game") == 41);
    CHECK(reader.next_free_id("table") == 7);
    CHECK(reader.next_free_id("nothing reserved") == 1);
    writer.submit(IdBlockReserved{"table", 1007});
    writer.flush();
    CHECK(reader.next_free_id("table") == 1007);
}

TEST_CASE("unfinished games come back with their moves in ply order, finished ones do not")
{
    TestStore file("store-unfinished");
    write_two_games(file);
    TestReader store(file);
    const std::vector<UnfinishedGame> games = store.unfinished_games();
    REQUIRE(games.size() == 1);
    const UnfinishedGame& running = games[0];
    CHECK(running.start.game_id == 2);
    CHECK(running.start.table_id == 11);
    CHECK(running.start.room == 35);
    CHECK(running.start.white == "Jörg");
    CHECK(running.start.black == "Anna");
    CHECK(running.start.time_control_json == R"({"kind":"sudden_death","base_ms":300000})");
    CHECK(running.start.white_ms == 300000);
    CHECK(running.start.started_at_ms == 1700000000002);
    REQUIRE(running.moves.size() == 2);
    const struct {
        int ply;
        std::int64_t seq;
        const char* uci;
        const char* san;
    } expected[] = {{1, 3, "e2e4", "e4"}, {2, 4, "e7e5", "e5"}};
    for (std::size_t i = 0; i < 2; ++i) {
        CHECK(running.moves[i].game_id == 2);
        CHECK(running.moves[i].ply == expected[i].ply);
        CHECK(running.moves[i].seq == expected[i].seq);
        CHECK(running.moves[i].uci == expected[i].uci);
        CHECK(running.moves[i].san == expected[i].san);
        CHECK(running.moves[i].white_ms == 300000 - expected[i].ply * 100);
        CHECK(running.moves[i].black_ms == 300000 - expected[i].ply * 50);
    }
    CHECK(running.last_seq == 5); // the draw offer, later than every move
}

TEST_CASE("a table's last seq counts its moves when no event is later")
{
    TestStore file("store-seq");
    {
        TestWriter writer(file);
        writer.submit(
            std::vector<Write>{game(5, 50, "Anna", "Bert"),
                               TableEvent{50, 5, 1, rochade::db::TableEventKind::GameStarted, "{}", 1700000000000},
                               move(5, 1, 2, "d2d4", "d4"), move(5, 2, 3, "d7d5", "d5")});
    }
    TestReader store(file);
    const auto games = store.unfinished_games();
    REQUIRE(games.size() == 1);
    CHECK(games[0].last_seq == 3);
}

TEST_CASE("a table's last seq counts the moves of its finished games too")
{
    TestStore file("store-seq-finished");
    {
        TestWriter writer(file);
        GameEnded end;
        end.game_id = 7;
        end.result = rochade::Score::BlackWins;
        end.termination = rochade::Termination::Resignation;
        end.detail_json = "{}";
        writer.submit(std::vector<Write>{game(7, 60, "Anna", "Bert"), move(7, 1, 2, "e2e4", "e4"),
                                         move(7, 2, 9, "e7e5", "e5"), end, game(8, 60, "Bert", "Anna")});
    }
    TestReader store(file);
    const auto games = store.unfinished_games();
    REQUIRE(games.size() == 1);
    CHECK(games[0].start.game_id == 8);
    CHECK(games[0].moves.empty());
    CHECK(games[0].last_seq == 9);
}

TEST_CASE("the highest ids count games, and tables that only ever chatted")
{
    TempDatabase file("store-ids");
    write_two_games(file.path());
    SqliteReader store(file.path());
    CHECK(store.max_game_id() == 2);
    CHECK(store.max_table_id() == 12);
}

TEST_CASE("recent games are listed newest first with players, result and move count")
{
    TestStore file("store-recent");
    write_two_games(file);
    TestReader store(file);
    const auto games = store.recent_games();
    REQUIRE(games.size() == 2);
    const struct {
        std::int64_t id;
        const char* white;
        const char* black;
        const char* result;
        const char* termination;
        bool ended;
        std::int64_t moves;
    } expected[] = {{2, "Jörg", "Anna", "", "", false, 2}, {1, "Anna", "Bert", "0-1", "checkmate", true, 4}};
    for (std::size_t i = 0; i < 2; ++i) {
        INFO("game " << expected[i].id);
        CHECK(games[i].game_id == expected[i].id);
        CHECK(games[i].room == 35);
        CHECK(games[i].white == expected[i].white);
        CHECK(games[i].black == expected[i].black);
        CHECK((games[i].result ? std::string(to_text(*games[i].result)) : "") == expected[i].result);
        CHECK((games[i].termination ? std::string(to_text(*games[i].termination)) : "") == expected[i].termination);
        CHECK(games[i].ended_at_ms.has_value() == expected[i].ended);
        CHECK(games[i].moves == expected[i].moves);
    }
    CHECK(store.recent_games(1).size() == 1);
}

TEST_CASE("a game's log holds the game row, every move and its events in seq order")
{
    TestStore file("store-log");
    write_two_games(file);
    TestReader store(file);

    const auto finished = store.game_log(1);
    REQUIRE(finished.has_value());
    CHECK(finished->start.white == "Anna");
    REQUIRE(finished->end.has_value());
    CHECK(finished->end->result == rochade::Score::BlackWins);
    CHECK(finished->end->termination == rochade::Termination::Checkmate);
    CHECK(finished->end->detail_json == R"({"message":"by the book"})");
    CHECK(finished->end->white_ms == 299000);
    CHECK(finished->end->black_ms == 298000);
    CHECK(finished->end->ended_at_ms == 1700000100000);
    REQUIRE(finished->moves.size() == 4);
    CHECK(finished->moves[3].san == "Qh4#");
    CHECK(finished->moves[3].at_ms == 1700000004000);
    CHECK(finished->events.empty());

    const auto running = store.game_log(2);
    REQUIRE(running.has_value());
    CHECK_FALSE(running->end.has_value());
    REQUIRE(running->moves.size() == 2);
    REQUIRE(running->events.size() == 2);
    CHECK(running->events[0].seq == 2);
    CHECK(running->events[0].kind == rochade::db::TableEventKind::GameStarted);
    CHECK(running->events[1].seq == 5);
    CHECK(running->events[1].kind == rochade::db::TableEventKind::DrawOffered);
    CHECK(running->events[1].detail_json == R"({"by":"white"})");
    CHECK(running->events[1].table_id == 11);

    CHECK_FALSE(store.game_log(3).has_value());
}

TEST_CASE("the store reads while a writer is open on the same file")
{
    TempDatabase file("store-concurrent");
    SqliteWriter writer(file.path());
    SqliteReader store(file.path());
    writer.submit(game(1, 10, "Anna", "Bert"));
    writer.flush();
    CHECK(store.max_game_id() == 1);
    writer.submit(game(2, 11, "Cem", "Dora"));
    writer.flush();
    CHECK(store.max_game_id() == 2);
    CHECK(store.unfinished_games().size() == 2);
}

TEST_CASE("running games interleaved with finished ones: each gets its own moves by ply, from one scan")
{
    TestStore file("store-interleaved");
    {
        TestWriter writer(file);
        // Literals, not "m" + std::to_string(id): g++ 12 warns falsely (-Wrestrict) on that.
        const char* game_names[] = {"", "m1", "m2", "m3", "m4"};
        const char* move_names[] = {"", "s1", "s2", "s3", "s4", "s5", "s6"};
        std::vector<Write> writes;
        for (std::int64_t id = 1; id <= 4; ++id) writes.push_back(game(id, 10 * id, "Anna", "Bert"));
        // Game 1 starts before game 4's moves and ends in the middle; games 2 to 4 keep running.
        for (int ply = 1; ply <= 6; ++ply)
            for (std::int64_t id = 1; id <= 4; ++id)
                if (id > 1 || ply <= 3) writes.push_back(move(id, ply, ply + id, game_names[id], move_names[ply]));
        writes.push_back(ended(1, "1-0", "resignation"));
        writes.push_back(game(5, 50, "Cem", "Dora"));
        writes.push_back(move(5, 1, 2, "e2e4", "e4"));
        writer.submit(writes);
    }
    TestReader store(file);
    const auto running = store.unfinished_games();
    REQUIRE(running.size() == 4);
    for (const UnfinishedGame& game : running) {
        INFO("game " << game.start.game_id);
        const int plies = game.start.game_id == 5 ? 1 : 6;
        REQUIRE(game.moves.size() == static_cast<std::size_t>(plies));
        for (int i = 0; i < plies; ++i) {
            CHECK(game.moves[static_cast<std::size_t>(i)].game_id == game.start.game_id);
            CHECK(game.moves[static_cast<std::size_t>(i)].ply == i + 1);
        }
        CHECK(game.last_seq == game.moves.back().seq);
    }
    const auto listed = store.recent_games();
    REQUIRE(listed.size() == 5);
    CHECK(listed[0].moves == 1); // game 5
    CHECK(listed[1].moves == 6);
    CHECK(listed[4].moves == 3); // game 1, from its stored length
    const auto finished = store.game_log(1);
    REQUIRE(finished.has_value());
    REQUIRE(finished->moves.size() == 3);
    CHECK(finished->moves[2].ply == 3);
    CHECK(finished->moves[2].uci == "m1");
    const auto third = store.game_log(3);
    REQUIRE(third.has_value());
    CHECK(third->moves.size() == 6);
    CHECK(third->moves.back().seq == 9);
}

namespace {

constexpr std::int64_t day_ms = 86400000;
constexpr std::int64_t t0 = 1700000000000;

GameStarted game_in(std::int64_t id, std::int64_t room, const std::string& white, const std::string& black,
                    std::int64_t started_at_ms)
{
    GameStarted start = game(id, 100 + id, white, black);
    start.room = room;
    start.started_at_ms = started_at_ms;
    return start;
}

// Five games to search: 1 Anna-Bert in room 34 (0-1 checkmate), 2 Jörg-Anna in room 34 a day
// later (draw agreed), 3 Strauß-Bert in room 35 two days later (running, one move), 4 Cem-Dora in
// room 35 at the same moment (aborted: "*"), 5 Anna against herself in secret room -7 three days
// later (1-0 on a flag fall).
void write_five_games(StoreWriter& writer)
{
    writer.submit(std::vector<Write>{game_in(1, 34, "Anna", "Bert", t0), move(1, 1, 2, "f2f3", "f3"),
                                     ended(1, "0-1", "checkmate")});
    writer.submit(std::vector<Write>{game_in(2, 34, "Jörg", "Anna", t0 + day_ms), ended(2, "1/2-1/2", "agreement")});
    writer.submit(std::vector<Write>{game_in(3, 35, "Strauß", "Bert", t0 + 2 * day_ms), move(3, 1, 2, "e2e4", "e4")});
    writer.submit(std::vector<Write>{game_in(4, 35, "Cem", "Dora", t0 + 2 * day_ms), ended(4, "*", "aborted")});
    writer.submit(std::vector<Write>{game_in(5, -7, "Anna", "Anna", t0 + 3 * day_ms), ended(5, "1-0", "flag_fall")});
}

void write_five_games(const TestStore& file)
{
    TestWriter writer(file, [](const std::string&) {});
    write_five_games(writer);
}

std::vector<std::int64_t> ids_of(const GamePage& page)
{
    std::vector<std::int64_t> ids;
    for (const GameSummary& game : page.games) ids.push_back(game.game_id);
    return ids;
}

// A GameQuery with the default page size and what `set` fills in.
template <typename Set> GameQuery query_with(Set set)
{
    GameQuery query;
    set(query);
    return query;
}

// A search of write_five_games' games and the ids it finds, newest first.
struct SearchCase {
    const char* what;
    GameQuery query;
    std::vector<std::int64_t> expected;
};

// Every case finds exactly its games, on one page (there are fewer than a page's default size).
void check_searches(StoreReader& store, std::span<const SearchCase> cases)
{
    for (const SearchCase& c : cases) {
        INFO(c.what);
        const GamePage page = store.find_games(c.query);
        CHECK(ids_of(page) == c.expected);
        CHECK_FALSE(page.next_page);
    }
}

} // namespace

TEST_CASE("find_games: each filter alone, newest first")
{
    TestStore file("store-find");
    write_five_games(file);
    TestReader store(file);

    const SearchCase cases[] = {
        {"no filter", GameQuery{}, {5, 4, 3, 2, 1}},
        {"player anna, either side, her game against herself once",
         query_with([](GameQuery& q) { q.player = "anna"; }),
         {5, 2, 1}},
        {"player folded: ANNA", query_with([](GameQuery& q) { q.player = "ANNA"; }), {5, 2, 1}},
        {"player folded: JÖRG", query_with([](GameQuery& q) { q.player = "JÖRG"; }), {2}},
        {"player folded: STRAUSS finds Strauß", query_with([](GameQuery& q) { q.player = "STRAUSS"; }), {3}},
        {"player without games", query_with([](GameQuery& q) { q.player = "Emil"; }), {}},
        {"player is not a prefix search", query_with([](GameQuery& q) { q.player = "Ann"; }), {}},
        {"room 34", query_with([](GameQuery& q) { q.room = 34; }), {2, 1}},
        {"room 35, same start: by id", query_with([](GameQuery& q) { q.room = 35; }), {4, 3}},
        {"secret room -7", query_with([](GameQuery& q) { q.room = -7; }), {5}},
        {"started from day 1", query_with([](GameQuery& q) { q.started_from_ms = t0 + day_ms; }), {5, 4, 3, 2}},
        {"started before day 1", query_with([](GameQuery& q) { q.started_before_ms = t0 + day_ms; }), {1}},
        {"result 1-0", query_with([](GameQuery& q) { q.result = rochade::Score::WhiteWins; }), {5}},
        {"result 0-1", query_with([](GameQuery& q) { q.result = rochade::Score::BlackWins; }), {1}},
        {"result 1/2-1/2", query_with([](GameQuery& q) { q.result = rochade::Score::Draw; }), {2}},
        {"result *: aborted, not running",
         query_with([](GameQuery& q) { q.result = rochade::Score::Unfinished; }),
         {4}},
        {"termination checkmate",
         query_with([](GameQuery& q) { q.termination = rochade::Termination::Checkmate; }),
         {1}},
        {"termination flag_fall",
         query_with([](GameQuery& q) { q.termination = rochade::Termination::FlagFall; }),
         {5}},
        {"termination aborted", query_with([](GameQuery& q) { q.termination = rochade::Termination::Aborted; }), {4}},
        {"termination stalemate",
         query_with([](GameQuery& q) { q.termination = rochade::Termination::Stalemate; }),
         {}},
        {"running", query_with([](GameQuery& q) { q.state = GameState::Running; }), {3}},
        {"finished", query_with([](GameQuery& q) { q.state = GameState::Finished; }), {5, 4, 2, 1}},
    };
    check_searches(store, cases);

    // The summary is the list's: the running game counts its stored moves.
    GameQuery running;
    running.state = GameState::Running;
    const GamePage page = store.find_games(running);
    REQUIRE(page.games.size() == 1);
    CHECK(page.games[0].white == "Strauß");
    CHECK(page.games[0].moves == 1);
    CHECK_FALSE(page.games[0].ended_at_ms);
}

TEST_CASE("find_games: filters combine")
{
    TestStore file("store-find-combined");
    write_five_games(file);
    TestReader store(file);
    const SearchCase cases[] = {
        {"anna in room 34",
         query_with([](GameQuery& q) {
             q.player = "anna";
             q.room = 34;
         }),
         {2, 1}},
        {"anna in room 34, drawn",
         query_with([](GameQuery& q) {
             q.player = "anna";
             q.room = 34;
             q.result = rochade::Score::Draw;
         }),
         {2}},
        {"anna, running",
         query_with([](GameQuery& q) {
             q.player = "anna";
             q.state = GameState::Running;
         }),
         {}},
        {"bert, running",
         query_with([](GameQuery& q) {
             q.player = "BERT";
             q.state = GameState::Running;
         }),
         {3}},
        {"bert, finished",
         query_with([](GameQuery& q) {
             q.player = "bert";
             q.state = GameState::Finished;
         }),
         {1}},
        {"room 35, finished",
         query_with([](GameQuery& q) {
             q.room = 35;
             q.state = GameState::Finished;
         }),
         {4}},
        {"room 35 from day 2, aborted",
         query_with([](GameQuery& q) {
             q.room = 35;
             q.started_from_ms = t0 + 2 * day_ms;
             q.termination = rochade::Termination::Aborted;
         }),
         {4}},
        {"days 1 to 2 (before day 3)",
         query_with([](GameQuery& q) {
             q.started_from_ms = t0 + day_ms;
             q.started_before_ms = t0 + 3 * day_ms;
         }),
         {4, 3, 2}},
        {"anna, days 0 to 1, 0-1 checkmate",
         query_with([](GameQuery& q) {
             q.player = "Anna";
             q.started_from_ms = t0;
             q.started_before_ms = t0 + 2 * day_ms;
             q.result = rochade::Score::BlackWins;
             q.termination = rochade::Termination::Checkmate;
         }),
         {1}},
        {"a result and a termination that never meet",
         query_with([](GameQuery& q) {
             q.result = rochade::Score::WhiteWins;
             q.termination = rochade::Termination::Checkmate;
         }),
         {}},
    };
    check_searches(store, cases);
}

TEST_CASE("find_games pages by (start, id): every game exactly once, in order, also with a filter")
{
    TestStore file("store-find-pages");
    std::vector<std::int64_t> all, annas;
    {
        TestWriter writer(file, [](const std::string&) {});
        // 23 games, three starting in each minute, so a page often ends between games that started
        // at the same moment; Anna plays every other one, on alternating sides.
        for (std::int64_t id = 1; id <= 23; ++id) {
            const bool anna = id % 2 == 0;
            const std::string white = anna && id % 4 == 0 ? "Anna" : "Bert";
            const std::string black = anna && id % 4 != 0 ? "anna" : "Cem";
            writer.submit(game_in(id, 34, white, black, t0 + (id - 1) / 3 * 60000));
        }
    }
    for (std::int64_t id = 23; id >= 1; --id) {
        all.push_back(id);
        if (id % 2 == 0) annas.push_back(id);
    }
    TestReader store(file);

    for (const int limit : {1, 3, 5, 23, 100}) {
        for (const bool only_anna : {false, true}) {
            INFO("limit " << limit << (only_anna ? ", Anna's games" : ", all games"));
            GameQuery query;
            query.limit = limit;
            if (only_anna) query.player = "ANNA";
            std::vector<std::int64_t> seen;
            int pages = 0;
            for (;;) {
                const GamePage page = store.find_games(query);
                ++pages;
                REQUIRE(page.games.size() <= static_cast<std::size_t>(limit));
                for (const GameSummary& game : page.games) seen.push_back(game.game_id);
                if (!page.next_page) break;
                CHECK(page.games.size() == static_cast<std::size_t>(limit));
                CHECK(*page.next_page == GameCursor{page.games.back().started_at_ms, page.games.back().game_id});
                query.after = page.next_page;
                REQUIRE(pages < 100);
            }
            const auto& expected = only_anna ? annas : all;
            CHECK(seen == expected);
            CHECK(pages == static_cast<int>((expected.size() + static_cast<std::size_t>(limit) - 1) /
                                            static_cast<std::size_t>(limit)));
        }
    }

    // A game stored between two pages does not shift the next one.
    GameQuery first;
    first.limit = 5;
    const GamePage page1 = store.find_games(first);
    {
        TestWriter writer(file, [](const std::string&) {});
        writer.submit(game_in(24, 34, "Dora", "Emil", t0 + 3600000));
    }
    GameQuery second = first;
    second.after = page1.next_page;
    CHECK(ids_of(store.find_games(second)) == std::vector<std::int64_t>{18, 17, 16, 15, 14});
}

TEST_CASE("find_games refuses a page size outside 1..100, naming it")
{
    TestStore file("store-find-limit");
    TestReader store(file);
    for (const int limit : {0, -1, 101}) {
        INFO(limit);
        GameQuery query;
        query.limit = limit;
        try {
            store.find_games(query);
            FAIL("a page of " << limit << " games was read");
        } catch (const DbError& error) {
            CHECK(error.kind() == StoreFailure::Refused);
            CHECK_THAT(error.what(), Catch::Contains("not " + std::to_string(limit)));
        }
    }
    GameQuery largest;
    largest.limit = 100;
    CHECK(store.find_games(largest).games.empty());
}

TEST_CASE("cursors, results and terminations spell and read back, bad spellings are refused")
{
    CHECK(cursor_text(GameCursor{1700000000000, 42}) == "1700000000000_42");
    CHECK(parse_cursor("1700000000000_42") == GameCursor{1700000000000, 42});
    for (const char* bad : {"", "_", "1700000000000", "1700000000000_", "_42", "-1_4", "1_-4", "1_4_5", "a_b", "1_4 ",
                            "99999999999999999999_1"}) {
        INFO(bad);
        CHECK_FALSE(parse_cursor(bad));
    }
}

// The facts of a game are stored as text; a text no reader knows (a hand-edited row, a newer
// server's word) stops the read with a message naming the text and where it was, rather than
// passing for some other ending.
TEST_CASE("a stored result, termination or event kind that no reader knows is refused, named")
{
    TestStore file("store-unknown-text");
    {
        TestWriter writer(file);
        writer.submit(
            std::vector<Write>{game(1, 10, "Anna", "Bert"), move(1, 1, 2, "e2e4", "e4"),
                               TableEvent{10, 1, 3, TableEventKind::DrawOffered, R"({"by":"white"})", 1700000003000},
                               ended(1, "1/2-1/2", "agreement")});
    }
    {
        TestReader store(file);
        const auto log = store.game_log(1);
        REQUIRE(log);
        REQUIRE(log->end);
        CHECK(log->end->result == rochade::Score::Draw);
        CHECK(log->end->termination == rochade::Termination::Agreement);
        REQUIRE(log->events.size() == 1);
        CHECK(log->events[0].kind == TableEventKind::DrawOffered);
    }
    const auto refused = [&](const std::string& expected) {
        TestReader store(file);
        CHECK_THROWS_WITH(store.game_log(1), Catch::Contains(expected));
        GameQuery all;
        if (expected.find("table_events") == std::string::npos)
            CHECK_THROWS_WITH(store.find_games(all), Catch::Contains(expected));
    };
    execute(file, "UPDATE games SET termination = 'time_forfeit' WHERE id = 1");
    refused("unknown termination 'time_forfeit' in games.termination of game 1");
    execute(file, "UPDATE games SET termination = 'agreement', result = '2-0' WHERE id = 1");
    refused("unknown result '2-0' in games.result of game 1");
    execute(file, "UPDATE games SET result = '1/2-1/2' WHERE id = 1");
    execute(file, "UPDATE table_events SET kind = 'draw_offer' WHERE game_id = 1");
    refused("unknown table event kind 'draw_offer' in table_events.kind of game 1 seq 3");
}
