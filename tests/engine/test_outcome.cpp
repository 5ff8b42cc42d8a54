// The text of the facts of a game, read and written in one place each: every value's text reads
// back as that value, and any other text is refused with a message naming it and its source.
#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <string_view>

#include "engine/outcome.h"

using namespace rochade;

TEST_CASE("every termination's text reads back as that termination")
{
    const struct {
        Termination termination;
        std::string_view text;
    } rows[] = {
        {Termination::Checkmate, "checkmate"},
        {Termination::Stalemate, "stalemate"},
        {Termination::FivefoldRepetition, "fivefold_repetition"},
        {Termination::SeventyFiveMoves, "seventyfive_moves"},
        {Termination::DeadPosition, "dead_position"},
        {Termination::ThreefoldRepetition, "threefold_repetition"},
        {Termination::FiftyMoves, "fifty_moves"},
        {Termination::Agreement, "agreement"},
        {Termination::Resignation, "resignation"},
        {Termination::FlagFall, "flag_fall"},
        {Termination::Abandoned, "abandoned"},
        {Termination::Aborted, "aborted"},
        {Termination::Adjudicated, "adjudicated"},
        {Termination::NoFirstMove, "no_first_move"},
        {Termination::Forfeit, "forfeit"},
    };
    for (const auto& row : rows) {
        INFO(row.text);
        CHECK(to_text(row.termination) == row.text);
        const auto parsed = parse_termination(row.text, "the test");
        REQUIRE(parsed);
        CHECK(*parsed == row.termination);
    }
    CHECK(termination_texts() == "checkmate, stalemate, fivefold_repetition, seventyfive_moves, dead_position, "
                                 "threefold_repetition, fifty_moves, agreement, resignation, flag_fall, abandoned, "
                                 "aborted, adjudicated, no_first_move, forfeit");
}

TEST_CASE("only the rules' endings are automatic")
{
    CHECK(is_automatic(Termination::DeadPosition));
    for (const auto t : {Termination::ThreefoldRepetition, Termination::FiftyMoves, Termination::Agreement,
                         Termination::Resignation, Termination::FlagFall, Termination::Abandoned, Termination::Aborted,
                         Termination::Adjudicated, Termination::NoFirstMove,
                         Termination::Forfeit})
        CHECK_FALSE(is_automatic(t));
}

TEST_CASE("every score's text reads back as that score")
{
    const struct {
        Score score;
        std::string_view text;
        std::optional<Color> winner;
    } rows[] = {
        {Score::WhiteWins, "1-0", Color::White},
        {Score::BlackWins, "0-1", Color::Black},
        {Score::Draw, "1/2-1/2", std::nullopt},
        {Score::Unfinished, "*", std::nullopt},
    };
    for (const auto& row : rows) {
        INFO(row.text);
        CHECK(to_text(row.score) == row.text);
        const auto parsed = parse_score(row.text, "the test");
        REQUIRE(parsed);
        CHECK(*parsed == row.score);
        CHECK(winner_of(row.score) == row.winner);
        if (row.score != Score::Unfinished) CHECK(score_of(row.winner) == row.score);
    }
}

TEST_CASE("every winnability's text reads back as that answer")
{
    const struct {
        Winnability winnability;
        std::string_view text;
    } rows[] = {
        {Winnability::CanMate, "can_mate"},
        {Winnability::CannotMate, "cannot_mate"},
        {Winnability::Undetermined, "undetermined"},
    };
    for (const auto& row : rows) {
        INFO(row.text);
        CHECK(to_text(row.winnability) == row.text);
        const auto parsed = parse_winnability(row.text, "the test");
        REQUIRE(parsed);
        CHECK(*parsed == row.winnability);
    }
}

TEST_CASE("an unknown text is refused, naming the text and where it was read")
{
    const auto termination = parse_termination("time_forfeit", "games.termination of game 7");
    REQUIRE_FALSE(termination);
    CHECK(termination.error() == "unknown termination 'time_forfeit' in games.termination of game 7");

    const auto score = parse_score("2-0", "games.result of game 7");
    REQUIRE_FALSE(score);
    CHECK(score.error() == "unknown result '2-0' in games.result of game 7");

    const auto winnability = parse_winnability("maybe", "a flag_fall event's detail");
    REQUIRE_FALSE(winnability);
    CHECK(winnability.error() == "unknown winnability 'maybe' in a flag_fall event's detail");

    // Spellings are exact: no case folding, no spaces, no other side's words.
    CHECK_FALSE(parse_termination("Checkmate", "x"));
    CHECK_FALSE(parse_termination("", "x"));
    CHECK_FALSE(parse_score("1/2", "x"));
    CHECK_FALSE(parse_score(" 1-0", "x"));
    CHECK_FALSE(parse_winnability("can mate", "x"));
}
