#include "db/rating_rules.h"

#include "db/game_query.h"

namespace rochade::db {

namespace {

rating::GameResult reversed(rating::GameResult result)
{
    switch (result) {
    case rating::GameResult::Win: return rating::GameResult::Loss;
    case rating::GameResult::Loss: return rating::GameResult::Win;
    case rating::GameResult::Draw: return rating::GameResult::Draw;
    }
    return rating::GameResult::Draw;
}

} // namespace

std::optional<std::string> why_start_cannot_be_rated(const GameStarted& start)
{
    if (!start.rated) return std::nullopt;
    if (!start.white_owner.account_id) return "white (" + start.white + ") has no account";
    if (!start.black_owner.account_id) return "black (" + start.black + ") has no account";
    if (*start.white_owner.account_id == *start.black_owner.account_id) return "the same account sits on both sides";
    if (!start.category) return "it has no rating category (an untimed control)";
    return std::nullopt;
}

std::optional<RatedEnd> rated_end(const GameEnded& ended, const GameToRate& game)
{
    const auto result = white_result(ended.result);
    if (!result || !game.rated || !game.category || !game.white_account || !game.black_account ||
        *game.white_account == *game.black_account)
        return std::nullopt;
    return RatedEnd{ended.game_id, ended.ended_at_ms, *game.category, {*game.white_account, *game.black_account},
                    *result,       game.public_room};
}

RatedEndWrites rate_end(const RatedEnd& end, const std::array<RatingStanding, 2>& before)
{
    RatedEndWrites writes{before, {}};
    std::array<rating::Rating, 2> aged;
    for (int side = 0; side < 2; ++side) {
        // Whole days since the player's last rated game in the category; none before their first.
        const std::int64_t idle_days =
            before[side].last_game_at_ms ? (end.ended_at_ms - *before[side].last_game_at_ms) / utc_day_ms : 0;
        aged[side] = rating::age_rd(before[side].value, idle_days, glicko2_rules);
    }
    const rating::GameResult results[2] = {end.white_result, reversed(end.white_result)};
    for (int side = 0; side < 2; ++side) {
        RatingStanding& standing = writes.standings[side];
        standing.value = rating::rate_game(aged[side], aged[1 - side], results[side], glicko2_rules);
        standing.all.add(results[side]);
        if (end.public_room) standing.in_public_rooms.add(results[side]);
        standing.last_game_at_ms = end.ended_at_ms;

        RatingChange& change = writes.changes[side];
        change.game_id = end.game_id;
        change.account_id = standing.account_id;
        change.white = side == 0;
        change.category = end.category;
        change.before = aged[side];
        change.after = standing.value;
        change.at_ms = end.ended_at_ms;
    }
    return writes;
}

} // namespace rochade::db
