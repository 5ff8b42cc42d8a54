// The store's side of ratings (docs/ratings.md): rated games scripted through
// db::SqliteWriter, their stored ratings checked against rating::rate_game and age_rd computed here;
// what is not rated, what is refused, and the reads of players, histories, leaderboards and the
// games' search by category, colour, outcome, opponent and public rooms.
#include <catch2/catch.hpp>

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "db/sqlite/rating_sql.h"
#include "db/sqlite/sqlite.h"
#include "db/sqlite/sqlite_reader.h"
#include "db/sqlite/sqlite_writer.h"
#include "protocol/nick.h"
#include "store_backend.h"

using namespace rochade::db;
using rochade::db::testing::store_now;
using rochade::db::testing::TestReader;
using rochade::db::testing::TestStore;
using rochade::db::testing::TestWriter;
using rochade::rating::GameResult;
using rochade::rating::Glicko2Config;
using rochade::rating::Rating;
using rochade::rating::RatingCategory;

namespace {

constexpr std::int64_t t0 = 1700000000000;
constexpr std::int64_t hour = 3600000;
constexpr std::int64_t day = 24 * hour;

const std::string blitz_control = R"({"kind":"fischer","base_ms":180000,"increment_ms":2000})";

// Accounts 1 to 4: Anna, Bert, Cem, Dora.
const std::vector<std::string> nicks = {"Anna", "Bert", "Cem", "Dora"};

struct Player {
    std::int64_t account_id;
    std::string nick;
};
const Player anna{1, "Anna"}, bert{2, "Bert"}, cem{3, "Cem"}, dora{4, "Dora"};

GameStarted started(std::int64_t id, const Player& white, const Player& black, std::int64_t at_ms, bool rated = true,
                    std::optional<RatingCategory> category = RatingCategory::Blitz, std::int64_t room = 34)
{
    GameStarted start;
    start.game_id = id;
    start.table_id = 100 + id;
    start.room = room;
    start.white = white.nick;
    start.black = black.nick;
    start.time_control_json = category ? blitz_control : R"({"kind":"untimed"})";
    start.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    start.white_ms = start.black_ms = 180000;
    start.started_at_ms = at_ms;
    start.white_owner.account_id = white.account_id;
    start.black_owner.account_id = black.account_id;
    start.rated = rated;
    start.category = category;
    return start;
}

GameEnded ended(std::int64_t id, std::string result, std::int64_t at_ms)
{
    return GameEnded{
        id, *rochade::parse_score(result, "the test"), rochade::Termination::Resignation, "{}", 1000, 2000, at_ms};
}

// A database with the four accounts, its writer and a reader.
struct RatedStore {
    TestStore file{"ratings"};
    TestWriter writer{file};
    TestReader store{file};

    RatedStore()
    {
        std::vector<Write> accounts;
        for (const std::string& nick : nicks)
            accounts.push_back(
                AccountCreated{nick, rochade::protocol::nick_key(nick), "$argon2id$h", Role::Player, t0});
        REQUIRE_FALSE(store_now(writer, std::move(accounts)));
    }

    // Plays game `id` from start to end in one submission.
    void play(std::int64_t id, const Player& white, const Player& black, const std::string& result,
              std::int64_t ended_at_ms, bool rated = true, std::int64_t room = 34)
    {
        const auto outcome =
            store_now(writer, {started(id, white, black, ended_at_ms - hour, rated, RatingCategory::Blitz, room),
                               ended(id, result, ended_at_ms)});
        INFO((outcome ? outcome->message : ""));
        REQUIRE_FALSE(outcome);
    }

    std::optional<Rating> stored(const Player& player, RatingCategory category = RatingCategory::Blitz)
    {
        const auto record = store.player(rochade::protocol::nick_key(player.nick));
        REQUIRE(record);
        for (const StoredRating& r : record->ratings)
            if (r.category == category) return r.value;
        return std::nullopt;
    }

    std::int64_t count(const std::string& sql)
    {
        if (file.postgres()) {
            rochade::db::pg::Connection db(file.location(), rochade::db::pg::ConnectOptions{});
            return db.query_int(sql).value_or(-1);
        }
        Database db(file.location(), OpenMode::ReadOnly);
        return db.query_int(sql).value_or(-1);
    }
};

// The same games rated here, by the rules of docs/ratings.md: each player's RD aged by the
// whole days since their last rated game, then each rated against the other's aged rating.
struct Expected {
    struct Standing {
        Rating value;
        std::optional<std::int64_t> last_ms;
    };
    std::map<std::int64_t, Standing> players;
    const Glicko2Config config{};

    // The two ratings the game was rated from (white's, black's).
    std::pair<Rating, Rating> play(const Player& white, const Player& black, GameResult white_result,
                                   std::int64_t at_ms)
    {
        auto aged = [&](const Player& p) {
            Standing& s = players.try_emplace(p.account_id, Standing{config.initial, std::nullopt}).first->second;
            return s.last_ms ? rochade::rating::age_rd(s.value, (at_ms - *s.last_ms) / day, config) : s.value;
        };
        const Rating w = aged(white), b = aged(black);
        const GameResult black_result = white_result == GameResult::Win    ? GameResult::Loss
                                        : white_result == GameResult::Loss ? GameResult::Win
                                                                           : GameResult::Draw;
        players[white.account_id] = {rochade::rating::rate_game(w, b, white_result, config), at_ms};
        players[black.account_id] = {rochade::rating::rate_game(b, w, black_result, config), at_ms};
        return {w, b};
    }
    Rating of(const Player& p) const { return players.at(p.account_id).value; }
};

template <typename F> StoreFailure failure_of(F&& f)
{
    try {
        f();
    } catch (const DbError& error) {
        return error.kind();
    }
    FAIL("no DbError thrown");
    return StoreFailure::Unavailable;
}

} // namespace

TEST_CASE("rated games change both players' ratings as Glicko-2 computes them, RD aged by idle whole days")
{
    RatedStore s;
    Expected expected;

    s.play(1, anna, bert, "1-0", t0);
    const auto [anna_before, bert_before] = expected.play(anna, bert, GameResult::Win, t0);
    CHECK(anna_before == Glicko2Config{}.initial);
    CHECK(s.stored(anna) == expected.of(anna));
    CHECK(s.stored(bert) == expected.of(bert));
    CHECK(expected.of(anna).rating > 1500);

    // The same players again the same day, colours swapped: a draw, and no RD growth.
    const Rating anna_after_1 = expected.of(anna);
    s.play(2, bert, anna, "1/2-1/2", t0 + 5 * hour);
    const auto [bert_before_2, anna_before_2] = expected.play(bert, anna, GameResult::Draw, t0 + 5 * hour);
    CHECK(anna_before_2 == anna_after_1);
    const std::vector<RatingChange> second = s.store.rating_changes(2);
    REQUIRE(second.size() == 2);
    CHECK(second[0].white);
    CHECK(second[0].nick == "Bert");
    CHECK(second[0].account_id == bert.account_id);
    CHECK(second[0].before == bert_before_2);
    CHECK(second[0].after == expected.of(bert));
    CHECK(second[1].nick == "Anna");
    CHECK_FALSE(second[1].white);
    CHECK(second[1].category == RatingCategory::Blitz);
    CHECK(second[1].at_ms == t0 + 5 * hour);
    CHECK(s.stored(anna) == expected.of(anna));
    CHECK(s.stored(bert) == expected.of(bert));

    // Three days and a bit later Anna meets a newcomer: her RD grows by three days, Cem's not at all.
    const Rating anna_after_2 = expected.of(anna);
    s.play(3, anna, cem, "0-1", t0 + 3 * day + 7 * hour);
    const auto [anna_before_3, cem_before_3] = expected.play(anna, cem, GameResult::Loss, t0 + 3 * day + 7 * hour);
    CHECK(anna_before_3 == rochade::rating::age_rd(anna_after_2, 3, Glicko2Config{}));
    CHECK(anna_before_3.rd > anna_after_2.rd);
    CHECK(cem_before_3 == Glicko2Config{}.initial);
    const std::vector<RatingChange> third = s.store.rating_changes(3);
    REQUIRE(third.size() == 2);
    CHECK(third[0].before == anna_before_3);
    CHECK(third[0].after == expected.of(anna));
    CHECK(third[1].before == cem_before_3);
    CHECK(third[1].after == expected.of(cem));

    const auto record = s.store.player("anna");
    REQUIRE(record);
    CHECK(record->account.nick == "Anna");
    REQUIRE(record->ratings.size() == 1);
    const StoredRating& blitz = record->ratings[0];
    CHECK(blitz.nick == "Anna");
    CHECK(blitz.category == RatingCategory::Blitz);
    CHECK(blitz.value == expected.of(anna));
    CHECK(blitz.all == GameCounts{3, 1, 1, 1});
    CHECK(blitz.in_public_rooms == blitz.all); // every game was in room 34
    CHECK(blitz.last_game_at_ms == t0 + 3 * day + 7 * hour);
    CHECK(s.count("SELECT COUNT(*) FROM rating_changes") == 6);
}

TEST_CASE("a game ending in '*' and a casual game are not rated")
{
    RatedStore s;
    s.play(1, anna, bert, "*", t0);
    s.play(2, anna, bert, "1-0", t0 + hour, false);
    CHECK(s.count("SELECT COUNT(*) FROM ratings") == 0);
    CHECK(s.count("SELECT COUNT(*) FROM rating_changes") == 0);
    CHECK(s.store.rating_changes(1).empty());
    CHECK(s.store.rating_changes(2).empty());
    const auto record = s.store.player("anna");
    REQUIRE(record);
    CHECK(record->ratings.empty());
    for (const GameSummary& game : s.store.recent_games()) CHECK(game.rating_changes.empty());
}

TEST_CASE("a second end of a game is refused and leaves its end and the ratings as they were")
{
    RatedStore s;
    s.play(1, anna, bert, "1-0", t0);
    const auto anna_rating = s.stored(anna);
    const auto again = store_now(s.writer, {ended(1, "0-1", t0 + hour)});
    REQUIRE(again);
    CHECK(again->kind == StoreFailure::Refused);
    CHECK_THAT(again->message, Catch::Contains("game 1 has ended already or does not exist"));
    CHECK(s.stored(anna) == anna_rating);
    CHECK(s.count("SELECT COUNT(*) FROM rating_changes") == 2);
    const auto log = s.store.game_log(1);
    REQUIRE(log);
    REQUIRE(log->end);
    CHECK(log->end->result == rochade::Score::WhiteWins);
    CHECK(log->end->ended_at_ms == t0);
    CHECK(log->rating_changes.size() == 2);

    // A casual game is no different: its end is stored once.
    s.play(2, anna, bert, "1-0", t0 + hour, false);
    CHECK(store_now(s.writer, {ended(2, "1-0", t0 + 2 * hour)}));
}

TEST_CASE("a rated start needs two different accounts and a category, else it is refused naming why")
{
    RatedStore s;
    GameStarted guest = started(1, anna, bert, t0);
    guest.black_owner = SeatOwner{std::nullopt, 77};
    GameStarted guest_white = started(2, anna, bert, t0);
    guest_white.white_owner = SeatOwner{};
    GameStarted alone = started(3, anna, anna, t0);
    GameStarted untimed = started(4, anna, bert, t0, true, std::nullopt);
    const struct {
        const char* what;
        GameStarted start;
        const char* message;
    } cases[] = {
        {"a guest as black", guest, "black (Bert) has no account"},
        {"nobody's white", guest_white, "white (Anna) has no account"},
        {"the same account twice", alone, "the same account sits on both sides"},
        {"untimed", untimed, "no rating category"},
    };
    for (const auto& c : cases) {
        INFO(c.what);
        const auto outcome = store_now(s.writer, {c.start});
        REQUIRE(outcome);
        CHECK(outcome->kind == StoreFailure::Refused);
        CHECK_THAT(outcome->message, Catch::Contains(c.message) && Catch::Contains("rated game"));
    }
    CHECK(s.count("SELECT COUNT(*) FROM games") == 0);

    // Casual, the same seats are fine.
    guest.rated = false;
    untimed.rated = false;
    untimed.game_id = 5;
    guest.black_owner = SeatOwner{}; // no session row to point at
    CHECK_FALSE(store_now(s.writer, {guest, untimed}));
    CHECK(s.count("SELECT COUNT(*) FROM games WHERE category IS NULL") == 1);
    CHECK(s.count("SELECT COUNT(*) FROM games WHERE category = 'blitz'") == 1);
}

TEST_CASE("a submission that fails after a rated game's end stores neither the end nor the ratings")
{
    RatedStore s;
    REQUIRE_FALSE(store_now(s.writer, {started(1, anna, bert, t0)}));
    MovePlayed stray;
    stray.game_id = 99; // no such game: refused
    stray.ply = 1;
    const auto outcome = store_now(s.writer, {ended(1, "1-0", t0 + hour), stray});
    REQUIRE(outcome);
    CHECK(outcome->kind == StoreFailure::Refused);
    CHECK(s.count("SELECT COUNT(*) FROM ratings") == 0);
    CHECK(s.count("SELECT COUNT(*) FROM rating_changes") == 0);
    CHECK(s.count("SELECT COUNT(*) FROM games WHERE ended_at_ms IS NULL") == 1);

    // The end was not stored, so it can be stored now, and rated once.
    REQUIRE_FALSE(store_now(s.writer, {ended(1, "1-0", t0 + hour)}));
    CHECK(s.count("SELECT COUNT(*) FROM rating_changes") == 2);
    CHECK(s.stored(anna)->rating > 1500);
}

TEST_CASE("a secret room's rated game moves the rating and counts among all games, not among the public rooms' ones")
{
    RatedStore s;
    s.play(1, anna, bert, "1-0", t0);                  // room 34
    s.play(2, bert, anna, "1-0", t0 + hour, true, -9); // a secret room: Anna loses
    s.play(3, anna, bert, "1/2-1/2", t0 + 2 * hour, true, -9);
    const auto record = s.store.player("anna");
    REQUIRE(record);
    REQUIRE(record->ratings.size() == 1);
    const StoredRating& blitz = record->ratings[0];
    CHECK(blitz.all == GameCounts{3, 1, 1, 1});
    CHECK(blitz.in_public_rooms == GameCounts{1, 1, 0, 0});
    CHECK(blitz.last_game_at_ms == t0 + 2 * hour);
    CHECK(s.store.rating_history(record->account.id, RatingCategory::Blitz, max_history_points).size() == 3);

    const auto board = s.store.leaderboard(RatingCategory::Blitz, 350, max_leaderboard_rows);
    REQUIRE(board.size() == 2);
    for (const StoredRating& row : board) {
        INFO(row.nick);
        CHECK(row.all.games == 3);
        CHECK(row.in_public_rooms.games == 1);
    }
    const StoredRating& bert_row = board[0].nick == "Bert" ? board[0] : board[1];
    CHECK(bert_row.in_public_rooms == GameCounts{1, 0, 0, 1});
    CHECK(bert_row.all == GameCounts{3, 1, 1, 1});
}

TEST_CASE("the leaderboard lists a category's ratings within an RD, best first, the earlier last game on a tie")
{
    RatedStore s;
    // Anna and Cem win against newcomers: the same new rating; Anna's game ended first.
    s.play(1, anna, bert, "1-0", t0);
    s.play(2, cem, dora, "1-0", t0 + hour);
    const auto all = s.store.leaderboard(RatingCategory::Blitz, 350, max_leaderboard_rows);
    REQUIRE(all.size() == 4);
    CHECK(all[0].nick == "Anna");
    CHECK(all[1].nick == "Cem");
    CHECK(all[0].value == all[1].value);
    CHECK(all[2].nick == "Bert");
    CHECK(all[3].nick == "Dora");
    CHECK(all[0].all == GameCounts{1, 1, 0, 0});
    CHECK(all[0].in_public_rooms == GameCounts{1, 1, 0, 0});
    CHECK(all[3].all == GameCounts{1, 0, 0, 1});

    const auto two = s.store.leaderboard(RatingCategory::Blitz, 350, 2);
    REQUIRE(two.size() == 2);
    CHECK(two[1].nick == "Cem");

    // A second game lowers Anna's and Bert's RD below the others'.
    s.play(3, bert, anna, "1/2-1/2", t0 + 2 * hour);
    const double anna_rd = s.stored(anna)->rd;
    const double cem_rd = s.stored(cem)->rd;
    REQUIRE(anna_rd < cem_rd);
    const auto steady = s.store.leaderboard(RatingCategory::Blitz, (anna_rd + cem_rd) / 2, 10);
    REQUIRE(steady.size() == 2);
    CHECK(steady[0].value.rating >= steady[1].value.rating);
    for (const StoredRating& row : steady) CHECK(row.value.rd <= anna_rd + 1);

    CHECK(s.store.leaderboard(RatingCategory::Blitz, 100, 10).empty());
    CHECK(s.store.leaderboard(RatingCategory::Rapid, 350, 10).empty());
    CHECK(failure_of([&] { s.store.leaderboard(RatingCategory::Blitz, 350, 0); }) == StoreFailure::Refused);
    CHECK(failure_of([&] { s.store.leaderboard(RatingCategory::Blitz, 350, max_leaderboard_rows + 1); }) ==
          StoreFailure::Refused);
}

TEST_CASE("a rating history is the newest points of a category, oldest first")
{
    RatedStore s;
    s.play(1, anna, bert, "1-0", t0);
    s.play(2, anna, cem, "0-1", t0 + day);
    s.play(3, dora, anna, "1/2-1/2", t0 + 2 * day);
    const auto history = s.store.rating_history(anna.account_id, RatingCategory::Blitz, max_history_points);
    REQUIRE(history.size() == 3);
    for (std::size_t i = 0; i < history.size(); ++i) {
        INFO(i);
        CHECK(history[i].game_id == static_cast<std::int64_t>(i + 1));
        CHECK(history[i].at_ms == t0 + static_cast<std::int64_t>(i) * day);
        const auto changes = s.store.rating_changes(history[i].game_id);
        const bool white = i < 2;
        CHECK(history[i].after == changes[white ? 0 : 1].after);
    }
    CHECK(history.back().after == *s.stored(anna));

    const auto newest = s.store.rating_history(anna.account_id, RatingCategory::Blitz, 2);
    REQUIRE(newest.size() == 2);
    CHECK(newest[0].game_id == 2);
    CHECK(newest[1].game_id == 3);
    CHECK(s.store.rating_history(anna.account_id, RatingCategory::Bullet, 10).empty());
    for (const auto& point : history) CHECK(point.public_room);

    // A rated game in a secret room moves the rating, and its point says the game is not public.
    REQUIRE_FALSE(store_now(s.writer, {started(4, anna, bert, t0 + 3 * day - hour, true, RatingCategory::Blitz, -5),
                                       ended(4, "1-0", t0 + 3 * day)}));
    const auto with_secret = s.store.rating_history(anna.account_id, RatingCategory::Blitz, max_history_points);
    REQUIRE(with_secret.size() == 4);
    CHECK(with_secret.back().game_id == 4);
    CHECK_FALSE(with_secret.back().public_room);
    CHECK(with_secret.back().after == *s.stored(anna));
    CHECK(failure_of([&] { s.store.rating_history(anna.account_id, RatingCategory::Blitz, 0); }) ==
          StoreFailure::Refused);
    CHECK(failure_of([&] { s.store.rating_history(anna.account_id, RatingCategory::Blitz, max_history_points + 1); }) ==
          StoreFailure::Refused);
}

TEST_CASE("a player's ratings come in category order, no player for an unknown nick")
{
    RatedStore s;
    GameStarted bullet = started(1, anna, bert, t0, true, RatingCategory::Bullet);
    bullet.time_control_json = R"({"kind":"sudden_death","base_ms":60000})";
    REQUIRE_FALSE(store_now(s.writer, {started(2, anna, bert, t0), bullet}));
    REQUIRE_FALSE(store_now(s.writer, {ended(2, "1-0", t0 + hour), ended(1, "0-1", t0 + hour)}));
    const auto record = s.store.player("anna");
    REQUIRE(record);
    REQUIRE(record->ratings.size() == 2);
    CHECK(record->ratings[0].category == RatingCategory::Bullet);
    CHECK(record->ratings[0].all.losses == 1);
    CHECK(record->ratings[1].category == RatingCategory::Blitz);
    CHECK(record->ratings[1].all.wins == 1);
    const auto newcomer = s.store.player("cem");
    REQUIRE(newcomer);
    CHECK(newcomer->ratings.empty());
    CHECK_FALSE(s.store.player("nobody"));
}

TEST_CASE("the search of the games filters by category, and a player's by colour, outcome, opponent, public rooms")
{
    RatedStore s;
    s.play(1, anna, bert, "1-0", t0);
    s.play(2, bert, anna, "1/2-1/2", t0 + day, false);
    GameStarted rapid_secret = started(3, cem, anna, t0 + 2 * day, false, RatingCategory::Rapid);
    rapid_secret.room = -5;
    GameStarted untimed_running = started(4, anna, cem, t0 + 3 * day, false, std::nullopt);
    GameStarted bullet = started(5, bert, cem, t0 + 4 * day, false, RatingCategory::Bullet);
    // A Chess960 blitz game counts in chess960, not in blitz.
    GameStarted blitz960 = started(6, cem, anna, t0 + 5 * day, false, RatingCategory::Blitz);
    blitz960.variant = rochade::Variant::Chess960;
    blitz960.chess960 = 607;
    REQUIRE_FALSE(
        store_now(s.writer, {rapid_secret, ended(3, "1-0", t0 + 2 * day + hour), untimed_running, bullet,
                             ended(5, "0-1", t0 + 4 * day + hour), blitz960, ended(6, "1-0", t0 + 5 * day + hour)}));

    using Ids = std::vector<std::int64_t>;
    auto ids = [&s](GameQuery query) {
        Ids found;
        for (const GameSummary& game : s.store.find_games(query).games) found.push_back(game.game_id);
        return found;
    };
    auto with = [](auto&& set) {
        GameQuery query;
        set(query);
        return query;
    };
    CHECK(ids(with([](GameQuery& q) { q.category = RatingCategory::Blitz; })) == Ids{2, 1});
    CHECK(ids(with([](GameQuery& q) { q.category = RatingCategory::Rapid; })) == Ids{3});
    CHECK(ids(with([](GameQuery& q) { q.category = RatingCategory::Bullet; })) == Ids{5});
    CHECK(ids(with([](GameQuery& q) { q.category = RatingCategory::Classical; })).empty());
    CHECK(ids(with([](GameQuery& q) { q.category = RatingCategory::Chess960; })) == Ids{6});
    CHECK(ids(with([](GameQuery& q) { q.public_rooms_only = true; })) == Ids{6, 5, 4, 2, 1});

    auto annas = [](auto&& set) {
        GameQuery query;
        query.player = "ANNA";
        set(query);
        return query;
    };
    CHECK(ids(annas([](GameQuery&) {})) == Ids{6, 4, 3, 2, 1});
    CHECK(ids(annas([](GameQuery& q) { q.colour = PlayerColour::White; })) == Ids{4, 1});
    CHECK(ids(annas([](GameQuery& q) { q.colour = PlayerColour::Black; })) == Ids{6, 3, 2});
    CHECK(ids(annas([](GameQuery& q) { q.outcome = PlayerOutcome::Won; })) == Ids{1});
    CHECK(ids(annas([](GameQuery& q) { q.outcome = PlayerOutcome::Drawn; })) == Ids{2});
    CHECK(ids(annas([](GameQuery& q) { q.outcome = PlayerOutcome::Lost; })) == Ids{6, 3});
    CHECK(ids(annas([](GameQuery& q) { q.opponent = "CEM"; })) == Ids{6, 4, 3});
    CHECK(ids(annas([](GameQuery& q) {
              q.opponent = "bert";
              q.colour = PlayerColour::Black;
          })) == Ids{2});
    CHECK(ids(annas([](GameQuery& q) { q.public_rooms_only = true; })) == Ids{6, 4, 2, 1});
    CHECK(ids(annas([](GameQuery& q) { q.category = RatingCategory::Blitz; })) == Ids{2, 1});
    CHECK(ids(annas([](GameQuery& q) { q.category = RatingCategory::Chess960; })) == Ids{6});
    CHECK(ids(annas([](GameQuery& q) {
              q.outcome = PlayerOutcome::Won;
              q.colour = PlayerColour::Black;
          })).empty());

    for (const char* field : {"colour", "outcome", "opponent"}) {
        INFO(field);
        GameQuery query;
        if (std::string(field) == "colour") query.colour = PlayerColour::White;
        if (std::string(field) == "outcome") query.outcome = PlayerOutcome::Won;
        if (std::string(field) == "opponent") query.opponent = "bert";
        try {
            s.store.find_games(query);
            FAIL("not refused");
        } catch (const DbError& error) {
            CHECK(error.kind() == StoreFailure::Refused);
            CHECK_THAT(error.what(), Catch::Contains(std::string("'") + field + "' needs a player"));
        }
    }

    // The summaries carry the category and a rated game's changes, white first.
    const auto page = s.store.find_games(annas([](GameQuery&) {}));
    REQUIRE(page.games.size() == 5);
    CHECK(page.games[0].category == RatingCategory::Blitz); // the speed; the variant files it under chess960
    CHECK_FALSE(page.games[1].category);
    CHECK(page.games[2].category == RatingCategory::Rapid);
    CHECK(page.games[3].rating_changes.empty());
    const GameSummary& rated = page.games[4];
    CHECK(rated.rated);
    CHECK(rated.category == RatingCategory::Blitz);
    REQUIRE(rated.rating_changes.size() == 2);
    CHECK(rated.rating_changes[0].white);
    CHECK(rated.rating_changes[0].nick == "Anna");
    CHECK(rated.rating_changes[1].nick == "Bert");
    const auto recent = s.store.recent_games();
    REQUIRE(recent.size() == 6);
    CHECK(recent[5].rating_changes.size() == 2);
    CHECK(recent[0].category == RatingCategory::Blitz); // the Chess960 game, by its speed
    CHECK(recent[1].category == RatingCategory::Bullet);
    const auto log = s.store.game_log(1);
    REQUIRE(log);
    CHECK(log->start.rated);
    CHECK(log->start.category == RatingCategory::Blitz);
    REQUIRE(log->rating_changes.size() == 2);
    CHECK(log->rating_changes[0].white);
}
