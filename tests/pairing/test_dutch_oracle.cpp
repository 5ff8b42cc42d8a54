// The Dutch pairer against an endorsed program: every case in tests/pairing/data/dutch_bbp is a
// tournament cut before a round (TRF) and the pairing bbpPairings printed for it (commit 16a000f,
// the Dutch rules of 2025; a FIDE-endorsed pairer). The files were made by make_cases.py in that
// directory from bbpPairings' own random tournaments, with forfeits, double forfeits, withdrawals,
// requested half-point byes, pairing-allocated byes, late entries and forbidden pairs (XXP);
// bbpPairings is not
// needed to run this test. Our pairing must be the same text: boards, their order and colours.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <variant>

#include "pairing/dutch.h"

using namespace rochade::pairing;

namespace {

std::string file_text(const std::filesystem::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// One `white black` per line, no trailing blanks or carriage returns.
std::string normalised(const std::string& pairing)
{
    std::istringstream in(pairing);
    std::string line, out;
    while (std::getline(in, line)) {
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
        if (!line.empty()) out += line + "\n";
    }
    return out;
}

// A player whose round 1 is a bye he asked for or an absence (columns 92-99): a late entry.
bool misses_round_one(const std::string& trf)
{
    std::istringstream in(trf);
    std::string line;
    while (std::getline(in, line))
        if (line.starts_with("001") && line.size() >= 99 &&
            (line.compare(91, 8, "0000 - H") == 0 || line.compare(91, 8, "0000 - Z") == 0))
            return true;
    return false;
}

} // namespace

TEST_CASE("Dutch pairings agree with bbpPairings on its random tournaments", "[dutch][oracle]")
{
    const std::filesystem::path directory = ROCHADE_PAIRING_DATA_DIR "/dutch_bbp";
    std::vector<std::filesystem::path> cases;
    for (const auto& entry : std::filesystem::directory_iterator(directory))
        if (entry.path().extension() == ".trf") cases.push_back(entry.path());
    std::sort(cases.begin(), cases.end());
    // The data set holds 410 cases; fewer means files went missing, not that all is well.
    REQUIRE(cases.size() >= 410);
    int byes = 0, forbidden = 0, late_entries = 0;
    for (const auto& trf_path : cases) {
        const std::string trf = file_text(trf_path);
        auto expected_path = trf_path;
        expected_path.replace_extension(".pairing");
        const std::string expected = normalised(file_text(expected_path));
        INFO(trf_path.filename().string() << "\n" << trf);
        const auto read = read_trf(trf);
        REQUIRE(std::holds_alternative<Tournament>(read));
        const auto paired = pair_dutch(std::get<Tournament>(read));
        REQUIRE(std::holds_alternative<DutchPairing>(paired));
        const auto& pairing = std::get<DutchPairing>(paired);
        CHECK(pairing.exhaustive);
        CHECK(normalised(format_pairing(pairing)) == expected);
        if (pairing.bye) ++byes;
        if (trf.find("\nXXP ") != std::string::npos) ++forbidden;
        if (misses_round_one(trf)) ++late_entries;
    }
    // The set covers what it claims to.
    CHECK(byes >= 100);
    CHECK(forbidden >= 50);
    CHECK(late_entries >= 100);
}
