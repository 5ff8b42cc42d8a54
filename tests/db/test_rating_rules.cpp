// db/rating_rules.h, the rating of a game at its end without a store: which starts are refused,
// which ends are rated, and what a rated end writes, checked against rating::age_rd and
// rate_game computed here. The stores' side (both backends) is tests/db/test_rating_store.cpp.
#include <catch2/catch.hpp>

#include <array>
#include <optional>
#include <string>

#include "db/rating_rules.h"

using namespace rochade::db;
using rochade::rating::GameResult;
using rochade::rating::Rating;
using rochade::rating::RatingCategory;

namespace {

constexpr std::int64_t t0 = 1700000000000;
constexpr std::int64_t day_ms = 86400000;

GameStarted rated_start(std::optional<std::int64_t> white_account, std::optional<std::int64_t> black_account,
                        std::optional<RatingCategory> category)
{
    GameStarted start;
    start.game_id = 7;
    start.white = "Anna";
    start.black = "Bert";
    start.white_owner.account_id = white_account;
    start.black_owner.account_id = black_account;
    start.rated = true;
    start.category = category;
    return start;
}

GameEnded ended(rochade::Score result, std::int64_t at_ms = t0)
{
    GameEnded end;
    end.game_id = 7;
    end.result = result;
    end.ended_at_ms = at_ms;
    return end;
}

GameToRate rated_game(bool public_room = true) { return GameToRate{true, RatingCategory::Blitz, 1, 2, public_room}; }

RatingStanding newcomer(std::int64_t account_id)
{
    RatingStanding standing;
    standing.account_id = account_id;
    return standing;
}

} // namespace

TEST_CASE("white's result: a win, a loss or a draw is rated, an unfinished game is not")
{
    struct Row {
        rochade::Score result;
        std::optional<GameResult> white;
    };
    const Row rows[] = {
        {rochade::Score::WhiteWins, GameResult::Win},
        {rochade::Score::BlackWins, GameResult::Loss},
        {rochade::Score::Draw, GameResult::Draw},
        {rochade::Score::Unfinished, std::nullopt},
    };
    for (const Row& row : rows) {
        INFO(to_text(row.result));
        CHECK(white_result(row.result) == row.white);
    }
}

TEST_CASE("a rated start needs two different accounts and a category, an unrated one needs nothing")
{
    CHECK(why_start_cannot_be_rated(rated_start(1, 2, RatingCategory::Blitz)) == std::nullopt);
    CHECK(why_start_cannot_be_rated(rated_start(std::nullopt, 2, RatingCategory::Blitz)) ==
          "white (Anna) has no account");
    CHECK(why_start_cannot_be_rated(rated_start(1, std::nullopt, RatingCategory::Blitz)) ==
          "black (Bert) has no account");
    CHECK(why_start_cannot_be_rated(rated_start(3, 3, RatingCategory::Blitz)) == "the same account sits on both sides");
    CHECK(why_start_cannot_be_rated(rated_start(1, 2, std::nullopt)) ==
          "it has no rating category (an untimed control)");

    GameStarted casual = rated_start(std::nullopt, std::nullopt, std::nullopt);
    casual.rated = false;
    CHECK(why_start_cannot_be_rated(casual) == std::nullopt);
}

TEST_CASE("an end is rated only with a result, for a game stored as rated with two accounts and a category")
{
    const auto end = rated_end(ended(rochade::Score::BlackWins, t0), rated_game(false));
    REQUIRE(end);
    CHECK(end->game_id == 7);
    CHECK(end->ended_at_ms == t0);
    CHECK(end->category == RatingCategory::Blitz);
    CHECK(end->accounts == std::array<std::int64_t, 2>{1, 2});
    CHECK(end->white_result == GameResult::Loss);
    CHECK_FALSE(end->public_room);

    CHECK_FALSE(rated_end(ended(rochade::Score::Unfinished), rated_game()));
    GameToRate casual = rated_game();
    casual.rated = false;
    CHECK_FALSE(rated_end(ended(rochade::Score::WhiteWins), casual));
    GameToRate untimed = rated_game();
    untimed.category = std::nullopt;
    CHECK_FALSE(rated_end(ended(rochade::Score::WhiteWins), untimed));
    GameToRate guest = rated_game();
    guest.black_account = std::nullopt;
    CHECK_FALSE(rated_end(ended(rochade::Score::WhiteWins), guest));
    GameToRate alone = rated_game();
    alone.black_account = 1;
    CHECK_FALSE(rated_end(ended(rochade::Score::WhiteWins), alone));
}

TEST_CASE("two newcomers' first game: each rated against the other, counts and the last game's time set")
{
    const RatedEnd end = *rated_end(ended(rochade::Score::WhiteWins, t0), rated_game(true));
    const RatedEndWrites writes = rate_end(end, {newcomer(1), newcomer(2)});
    const Rating initial = glicko2_rules.initial;

    for (int side = 0; side < 2; ++side) {
        const GameResult result = side == 0 ? GameResult::Win : GameResult::Loss;
        const RatingStanding& standing = writes.standings[side];
        CHECK(standing.account_id == side + 1);
        CHECK(standing.value == rochade::rating::rate_game(initial, initial, result, glicko2_rules));
        CHECK(standing.all == GameCounts{1, side == 0 ? 1 : 0, 0, side == 0 ? 0 : 1});
        CHECK(standing.in_public_rooms == standing.all);
        CHECK(standing.last_game_at_ms == t0);

        const RatingChange& change = writes.changes[side];
        CHECK(change.game_id == 7);
        CHECK(change.account_id == side + 1);
        CHECK(change.white == (side == 0));
        CHECK(change.category == RatingCategory::Blitz);
        CHECK(change.before == initial);
        CHECK(change.after == standing.value);
        CHECK(change.at_ms == t0);
        CHECK(change.nick.empty());
    }
    CHECK(writes.standings[0].value.rating > initial.rating);
    CHECK(writes.standings[1].value.rating < initial.rating);
}

TEST_CASE("a returning player's RD is aged by whole idle days first, a secret room's game is not counted in public")
{
    RatingStanding anna = newcomer(1);
    anna.value = Rating{1700, 60, 0.06};
    anna.all = GameCounts{10, 6, 2, 2};
    anna.in_public_rooms = GameCounts{4, 3, 1, 0};
    anna.last_game_at_ms = t0 - 30 * day_ms - day_ms / 2; // 30 whole days and a half
    RatingStanding bert = newcomer(2);
    bert.value = Rating{1600, 80, 0.059};
    bert.all = GameCounts{3, 1, 1, 1};
    bert.last_game_at_ms = t0 - day_ms + 1; // not a whole day

    const RatedEnd end = *rated_end(ended(rochade::Score::Draw, t0), rated_game(false));
    const RatedEndWrites writes = rate_end(end, {anna, bert});

    const Rating anna_aged = rochade::rating::age_rd(anna.value, 30, glicko2_rules);
    const Rating bert_aged = rochade::rating::age_rd(bert.value, 0, glicko2_rules);
    CHECK(anna_aged.rd > anna.value.rd);
    CHECK(writes.changes[0].before == anna_aged);
    CHECK(writes.changes[1].before == bert_aged);
    CHECK(writes.standings[0].value ==
          rochade::rating::rate_game(anna_aged, bert_aged, GameResult::Draw, glicko2_rules));
    CHECK(writes.standings[1].value ==
          rochade::rating::rate_game(bert_aged, anna_aged, GameResult::Draw, glicko2_rules));
    CHECK(writes.standings[0].all == GameCounts{11, 6, 3, 2});
    CHECK(writes.standings[0].in_public_rooms == GameCounts{4, 3, 1, 0});
    CHECK(writes.standings[1].all == GameCounts{4, 1, 2, 1});
    CHECK(writes.standings[1].in_public_rooms == GameCounts{});
    CHECK(writes.standings[0].last_game_at_ms == t0);
    CHECK(writes.standings[1].last_game_at_ms == t0);
}
