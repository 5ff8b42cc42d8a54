// rochade analyze: the JSON contract field by field, as other tools read it.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tools/analyze_command.h"

using rochade::cli::analyze_command;
using rochade::cli::analyze_line;
using Json = nlohmann::json;

namespace {

Json analyze(const Json& request)
{
    const std::string answer = analyze_line(request.dump());
    INFO(answer);
    return Json::parse(answer);
}

Json analyze_moves(const std::vector<std::string>& moves, const char* fen = nullptr)
{
    Json request = {{"moves", moves}};
    if (fen) request["fen"] = fen;
    return analyze(request);
}

std::vector<std::string> repeat(const std::vector<std::string>& cycle, int times)
{
    std::vector<std::string> moves;
    for (int i = 0; i < times; ++i) moves.insert(moves.end(), cycle.begin(), cycle.end());
    return moves;
}

const std::vector<std::string> KnightShuffle = {"Nf3", "Nf6", "Ng1", "Ng8"};

} // namespace

TEST_CASE("a successful answer has every field of the contract, in order", "[analyze]")
{
    const std::string answer = analyze_line(R"({"moves": ["e2e4"]})");
    const Json json = Json::parse(answer);
    std::vector<std::string> keys;
    for (const auto& [key, value] : json.items()) keys.push_back(key);
    // nlohmann::json sorts keys when parsing; check the order on the wire separately.
    CHECK(answer.rfind(R"({"ok":true,"plies":[{"uci":"e2e4","san":"e4","san_de":"e4","fen":)", 0) == 0);
    CHECK(answer.find(R"("fen":"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1","legal":[)") !=
          std::string::npos);
    CHECK(json["ok"] == true);
    CHECK(json["plies"].size() == 1);
    CHECK(json["fen"] == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    CHECK(json["legal"].size() == 20);
    CHECK(json["check"] == false);
    CHECK(json["status"] == "ongoing");
    CHECK(json["claimable"] == Json::array());
    CHECK(json["can_mate"].contains("white"));
    CHECK(json["can_mate"].contains("black"));
}

TEST_CASE("without fen and moves, the start position is analysed", "[analyze]")
{
    const Json json = analyze(Json::object());
    CHECK(json["ok"] == true);
    CHECK(json["plies"] == Json::array());
    CHECK(json["fen"] == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    const std::vector<std::string> legal = json["legal"];
    CHECK(legal == std::vector<std::string>{"a2a3", "a2a4", "b1a3", "b1c3", "b2b3", "b2b4", "c2c3",
                                            "c2c4", "d2d3", "d2d4", "e2e3", "e2e4", "f2f3", "f2f4",
                                            "g1f3", "g1h3", "g2g3", "g2g4", "h2h3", "h2h4"});
}

TEST_CASE("each ply is spelled in UCI, English SAN and German SAN", "[analyze]")
{
    struct Row {
        const char* name;
        const char* fen;
        const char* input;
        const char* uci;
        const char* san;
        const char* san_de;
    };
    const char* castling = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    const char* promotion = "3r4/4P3/8/8/8/8/8/K2k4 w - - 0 1";
    const char* two_knights = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1";
    const Row rows[] = {
        {"short castling, SAN in", castling, "O-O", "e1g1", "O-O", "0-0"},
        {"short castling, UCI in", castling, "e1g1", "e1g1", "O-O", "0-0"},
        {"long castling, German in", castling, "0-0-0", "e1c1", "O-O-O", "0-0-0"},
        {"promotion with capture and check", promotion, "exd8=Q+", "e7d8q", "exd8=Q+", "exd8D+"},
        {"promotion, UCI in", promotion, "e7d8q", "e7d8q", "exd8=Q+", "exd8D+"},
        {"promotion, German in", promotion, "exd8D", "e7d8q", "exd8=Q+", "exd8D+"},
        {"under-promotion", promotion, "e7e8n", "e7e8n", "e8=N", "e8S"},
        {"German knight", nullptr, "Sf3", "g1f3", "Nf3", "Sf3"},
        {"long algebraic", nullptr, "Ng1-f3", "g1f3", "Nf3", "Sf3"},
        {"disambiguation by file", two_knights, "Sbd2", "b1d2", "Nbd2", "Sbd2"},
    };
    for (const Row& row : rows) {
        INFO(row.name);
        const Json json = analyze_moves({row.input}, row.fen);
        REQUIRE(json["ok"] == true);
        const Json& ply = json["plies"][0];
        CHECK(ply["uci"] == row.uci);
        CHECK(ply["san"] == row.san);
        CHECK(ply["san_de"] == row.san_de);
        CHECK(ply["fen"] == json["fen"]);
    }
}

TEST_CASE("the FEN names an en passant square only when the capture is legal", "[analyze]")
{
    const Json json = analyze_moves({"e4", "a6", "e5", "d5", "exd6"});
    REQUIRE(json["ok"] == true);
    CHECK(json["plies"][0]["fen"] == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    CHECK(json["plies"][3]["fen"] == "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3");
    CHECK(json["plies"][4]["uci"] == "e5d6");
    CHECK(json["plies"][4]["san"] == "exd6");
    CHECK(json["fen"] == "rnbqkbnr/1pp1pppp/p2P4/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3");
}

TEST_CASE("status names the automatic ending", "[analyze]")
{
    struct Row {
        const char* name;
        const char* fen;
        std::vector<std::string> moves;
        const char* status;
        bool check;
    };
    const Row rows[] = {
        {"ongoing", nullptr, {"e4"}, "ongoing", false},
        {"check", nullptr, {"e4", "f5", "Qh5+"}, "ongoing", true},
        {"checkmate", nullptr, {"f3", "e5", "g4", "Qh4#"}, "checkmate", true},
        {"stalemate (Korchnoi-Karpov 1978)", "8/5K1k/8/8/p7/P1B5/8/8 w - - 33 124", {"Bg7"}, "stalemate", false},
        {"dead position", "8/8/8/4k3/8/8/4K3/8 w - - 0 1", {}, "dead_position", false},
        {"dead after a capture", "8/8/8/4k3/4P3/8/4K3/8 b - - 0 1", {"Kxe4"}, "dead_position", false},
        {"fivefold repetition", nullptr, repeat(KnightShuffle, 4), "fivefold_repetition", false},
        {"seventy-five moves", "7k/8/6K1/8/8/8/8/R7 w - - 149 200", {"Ra2"}, "seventyfive_moves", false},
        {"mate on the 150th ply", "7k/8/6K1/8/8/8/8/R7 w - - 149 200", {"Ra8#"}, "checkmate", true},
    };
    for (const Row& row : rows) {
        INFO(row.name);
        const Json json = analyze_moves(row.moves, row.fen);
        REQUIRE(json["ok"] == true);
        CHECK(json["status"] == row.status);
        CHECK(json["check"] == row.check);
        if (std::string(row.status) == "checkmate" || std::string(row.status) == "stalemate")
            CHECK(json["legal"] == Json::array());
    }
}

TEST_CASE("claimable lists what the player to move may claim now", "[analyze]")
{
    struct Row {
        const char* name;
        const char* fen;
        std::vector<std::string> moves;
        std::vector<std::string> claimable;
    };
    const Row rows[] = {
        {"nothing", nullptr, {"e4"}, {}},
        {"second occurrence", nullptr, KnightShuffle, {}},
        {"third occurrence", nullptr, repeat(KnightShuffle, 2), {"threefold_repetition"}},
        {"fifty moves (Timman-Lutz 1995)", "6R1/7k/8/8/1r3B2/5K2/8/8 w - - 99 119", {"Rg5"}, {"fifty_moves"}},
        {"both",
         "4k3/8/8/8/8/8/8/4K2R w - - 92 150",
         repeat({"Rh2", "Ke7", "Rh1", "Ke8"}, 2),
         {"threefold_repetition", "fifty_moves"}},
        {"nothing once the game is over", nullptr, repeat(KnightShuffle, 4), {}},
    };
    for (const Row& row : rows) {
        INFO(row.name);
        const Json json = analyze_moves(row.moves, row.fen);
        REQUIRE(json["ok"] == true);
        CHECK(json["claimable"].get<std::vector<std::string>>() == row.claimable);
    }
}

TEST_CASE("can_mate answers per colour, false only with a proof", "[analyze]")
{
    const Json bare = analyze(Json{{"fen", "8/8/8/4k3/8/8/4K3/8 w - - 0 1"}});
    CHECK(bare["can_mate"] == Json{{"white", false}, {"black", false}});
    const Json knight = analyze(Json{{"fen", "8/8/8/4k3/8/8/4K3/6n1 w - - 0 1"}});
    CHECK(knight["can_mate"]["white"] == false);
    CHECK(knight["can_mate"]["black"] == false);
    // A queen can mate; until the search proves it the answer may be null, never false.
    const Json queen = analyze(Json{{"fen", "8/8/8/4k3/8/8/4K3/6Q1 w - - 0 1"}});
    CHECK(queen["can_mate"]["white"] != false);
    CHECK(queen["can_mate"]["black"] == false);
}

TEST_CASE("errors name what and where, with the index of the bad move", "[analyze]")
{
    struct Row {
        const char* name;
        std::string line;
        int ply;
        const char* mentions;
    };
    const Row rows[] = {
        {"malformed JSON", R"({"moves": ["e4")", -1, "malformed JSON"},
        {"not JSON at all", "e4 e5", -1, "malformed JSON"},
        {"not an object", R"(["e4"])", -1, "object"},
        {"fen not a string", R"({"fen": 42})", -1, "\"fen\""},
        {"fen null", R"({"fen": null})", -1, "\"fen\""},
        {"moves not an array", R"({"moves": "e4 e5"})", -1, "\"moves\""},
        {"a move not a string", R"({"moves": ["e4", 5]})", -1, "\"moves\"[1]"},
        {"bad FEN", R"({"fen": "8/8/8/8/8/8/8/8 w - - 0 1"})", -1, "fen"},
        {"bad FEN field", R"({"fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"})", -1, "fen"},
        {"invalid move text", R"({"moves": ["e4", "e5", "Zz9"]})", 2, "move 3: 'Zz9': not a move"},
        {"illegal move", R"({"moves": ["e4", "e4"]})", 1, "move 2: 'e4': illegal"},
        {"ambiguous move", R"({"fen": "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "moves": ["Nd2"]})", 0,
         "move 1: 'Nd2': ambiguous"},
        {"a move after checkmate", R"({"moves": ["f3", "e5", "g4", "Qh4#", "a3"]})", 4, "checkmate"},
        {"a move after stalemate", R"({"fen": "8/5K1k/8/8/p7/P1B5/8/8 w - - 33 124", "moves": ["Bg7", "Kh6"]})", 1,
         "stalemate"},
        {"a move after fivefold repetition",
         R"({"moves": ["Nf3","Nf6","Ng1","Ng8","Nf3","Nf6","Ng1","Ng8","Nf3","Nf6","Ng1","Ng8","Nf3","Nf6","Ng1","Ng8","e4"]})",
         16, "fivefold_repetition"},
        {"a move in a dead position", R"({"fen": "8/8/8/4k3/8/8/4K3/8 w - - 0 1", "moves": ["Ke3"]})", 0,
         "dead_position"},
    };
    for (const Row& row : rows) {
        INFO(row.name << ": " << row.line);
        const std::string answer = analyze_line(row.line);
        INFO(answer);
        const Json json = Json::parse(answer);
        CHECK(json["ok"] == false);
        CHECK(json["ply"] == row.ply);
        CHECK(json["error"].get<std::string>().find(row.mentions) != std::string::npos);
        CHECK(json.size() == 3);
    }
}

TEST_CASE("the command answers line by line and goes on after a bad line", "[analyze]")
{
    std::istringstream in("{\"moves\": [\"e4\"]}\n"
                          "\n"
                          "not json\n"
                          "{\"moves\": [\"e4\", \"Ke7\", \"Ke2\"]}\r\n"
                          "{\"moves\": [\"d4\"]}\n");
    std::ostringstream out;
    CHECK(analyze_command(in, out) == 0);
    std::vector<Json> answers;
    std::istringstream lines(out.str());
    for (std::string line; std::getline(lines, line);) answers.push_back(Json::parse(line));
    REQUIRE(answers.size() == 4); // the blank line is not a request
    CHECK(answers[0]["ok"] == true);
    CHECK(answers[1]["ok"] == false);
    CHECK(answers[2]["ok"] == false);
    CHECK(answers[2]["ply"] == 1);
    CHECK(answers[3]["ok"] == true);
    CHECK(answers[3]["plies"][0]["uci"] == "d2d4");
}
