#include <catch2/catch.hpp>

#include <string>

#include "pairing/trf.h"

using namespace rochade::pairing;

namespace {

// Written column by column from the TRF-16 table (C.04 Annex 2): start number 5-8, sex 10,
// title 11-13, name 15-47, rating 49-52, federation 54-56, FIDE id 58-68, birth 70-79,
// points 81-84, rank 86-89, round 1 at 92-99, round 2 at 102-109.
const std::string club_championship =
    "012 Rochade Club Championship\n"
    "022 Berlin\n"
    "042 2026/11/01\n"
    "092 Individual: Swiss-System\n"
    "001    1 wWFM Adler, Anna                       2100 GER    12345678 1990/01/02  1.5    1     3 w 1     2 b =\n"
    "001    2 m    Bauer, Bernd                      2000 GER                         1.5    2     4 b 1     1 w =\n"
    "001    3 m    Clemens, Carl                     1900 GER                         0.0    4     1 b 0     4 w -\n"
    "001    4 m    Dorn, Dora                        1800 GER                         1.0    3     2 w 0     3 b +\n"
    "001    5 m    Ebert, Emil                            GER                         1.0    5  0000 - H  0000 - H\n"
    "XXR 5\n"
    "XXC black1\n"
    "XXP 1 5\n";

const Tournament& read_ok(const TrfReadResult& result)
{
    if (const auto* error = std::get_if<TrfError>(&result)) FAIL(error->to_string());
    return std::get<Tournament>(result);
}

TrfError read_error(const std::string& text)
{
    const auto result = read_trf(text);
    REQUIRE(std::holds_alternative<TrfError>(result));
    return std::get<TrfError>(result);
}

std::string replace_line(std::string text, int line, const std::string& with)
{
    std::size_t begin = 0;
    for (int i = 1; i < line; ++i) begin = text.find('\n', begin) + 1;
    const std::size_t end = text.find('\n', begin);
    return text.replace(begin, end - begin, with);
}

} // namespace

TEST_CASE("a TRF-16 file reads into players, rounds and the pairing extensions", "[pairing][trf]")
{
    const auto result = read_trf(club_championship);
    const Tournament& t = read_ok(result);
    CHECK(t.header.at("012") == "Rochade Club Championship");
    CHECK(t.header.at("022") == "Berlin");
    REQUIRE(t.players.size() == 5);
    const TrfPlayer& anna = t.players[0];
    CHECK(anna.start_number == 1);
    CHECK(anna.sex == "w");
    CHECK(anna.title == "WFM");
    CHECK(anna.name == "Adler, Anna");
    CHECK(anna.rating == 2100);
    CHECK(anna.federation == "GER");
    CHECK(anna.fide_id == "12345678");
    CHECK(anna.birth_date == "1990/01/02");
    CHECK(anna.points == "1.5");
    CHECK(anna.rank == 1);
    REQUIRE(anna.rounds.size() == 2);
    CHECK(anna.rounds[0]->opponent == 3);
    CHECK(anna.rounds[0]->colour == Colour::White);
    CHECK(anna.rounds[0]->result == ResultCode::Win);
    CHECK(anna.rounds[1]->result == ResultCode::Draw);
    CHECK(t.players[2].rounds[1]->result == ResultCode::ForfeitLoss);
    CHECK_FALSE(t.players[2].rounds[1]->played());
    CHECK(t.players[0].rounds[0]->played());
    const TrfPlayer& emil = t.players[4];
    CHECK(emil.rating == 0);
    CHECK(emil.rounds[0]->opponent == 0);
    CHECK(emil.rounds[0]->result == ResultCode::HalfPointBye);
    CHECK(t.total_rounds == 5);
    CHECK(t.initial_colour == Colour::Black);
    REQUIRE(t.forbidden_pairs.size() == 1);
    CHECK(t.forbidden_pairs[0] == std::make_pair(1, 5));
}

TEST_CASE("writing a TRF and reading it back gives the same tournament", "[pairing][trf]")
{
    const auto read = read_trf(club_championship);
    const Tournament& first = read_ok(read);
    const std::string written = write_trf(first);
    const auto again = read_trf(written);
    const Tournament& second = read_ok(again);
    CHECK(write_trf(second) == written);
    CHECK(second.players.size() == first.players.size());
    CHECK(second.players[0].name == "Adler, Anna");
    CHECK(second.players[3].rounds[1]->result == ResultCode::ForfeitWin);
    CHECK(second.total_rounds == 5);
    CHECK(second.initial_colour == Colour::Black);
    CHECK(second.forbidden_pairs == first.forbidden_pairs);
    // The player lines keep their columns: the written file reads like the hand-made one.
    CHECK(written.find("001    1 wWFM Adler, Anna                       2100 GER    12345678 1990/01/02  1.5    1     "
                       "3 w 1     2 b =\n") != std::string::npos);
}

TEST_CASE("TRF-2026 lines 142, 152 and 162 give rounds, initial colour and points", "[pairing][trf]")
{
    const std::string text = "012 New format\n142 7\n152 B\n162  W 3.0     D 1.0     P 1.0\n" +
                             club_championship.substr(club_championship.find("001"),
                                                      club_championship.find("XXR") - club_championship.find("001"));
    const auto result = read_trf(text);
    const Tournament& t = read_ok(result);
    CHECK(t.total_rounds == 7);
    CHECK(t.initial_colour == Colour::Black);
    CHECK(t.points.win == 30);
    CHECK(t.points.draw == 10);
    CHECK(t.points.pairing_bye == 10);
    CHECK(t.points.points_for(ResultCode::HalfPointBye) == 10);
}

TEST_CASE("TRF errors name the line, the column and what is wrong", "[pairing][trf]")
{
    struct Row {
        int line;
        std::string replacement;
        int error_line;
        int error_column;
        std::string words;
    };
    const Row rows[] = {
        {5, "001    x wWFM Adler, Anna", 5, 5, "starting rank 'x'"},
        {5, "001    1 wWFM Adler, Anna                       21x0", 5, 49, "rating '21x0'"},
        {5,
         "001    1 wWFM Adler, Anna                       2100 GER    12345678 1990/01/02  1.5    1     3 w 1     2 b "
         "?",
         5, 109, "round 2: result '?'"},
        {5,
         "001    1 wWFM Adler, Anna                       2100 GER    12345678 1990/01/02  1.5    1     3 x 1     2 b "
         "=",
         5, 97, "round 1: colour 'x'"},
        // Anna names 4 in round 1, but 4 played 2 then.
        {5,
         "001    1 wWFM Adler, Anna                       2100 GER    12345678 1990/01/02  1.5    1     4 w 1     2 b "
         "=",
         3, 0, ""},
        {10, "XXR many", 10, 5, "number of rounds 'many'"},
        {11, "XXC blue1", 11, 5, "XXC 'blue1'"},
        {12, "XXP 1 1", 12, 5, "XXP needs two different start numbers"},
        {6, "001    1 m    Bauer, Bernd", 6, 5, "start number 1 is already on line 5"},
    };
    for (const Row& row : rows) {
        INFO(row.replacement);
        const TrfError error = read_error(replace_line(club_championship, row.line, row.replacement));
        if (row.error_column == 0) {
            // The cross-check of the rounds: some line names an opponent that does not name it back.
            CHECK(error.message.find("does not name") != std::string::npos);
            continue;
        }
        CHECK(error.line == row.error_line);
        CHECK(error.column == row.error_column);
        CHECK(error.message.find(row.words) != std::string::npos);
        CHECK(error.to_string().starts_with("line " + std::to_string(row.error_line) + ", column " +
                                            std::to_string(row.error_column) + ": "));
    }
}

TEST_CASE("results that disagree between the two players are refused", "[pairing][trf]")
{
    // Bernd records a win against Dora in round 1; make Dora record a draw.
    const std::string text = replace_line(club_championship, 8,
                                          "001    4 m    Dorn, Dora                        1800 GER                    "
                                          "     1.0    3     2 w =     3 b +");
    const TrfError error = read_error(text);
    CHECK(error.message.find("does not match") != std::string::npos);
    CHECK(error.column == 99);
}
