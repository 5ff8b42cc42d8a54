#include "analyze_command.h"

#include <algorithm>
#include <istream>
#include <ostream>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/fen.h"
#include "engine/game.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "engine/san.h"
#include "engine/uci.h"
#include "engine/winnability.h"

namespace rochade::cli {

namespace {

using Json = nlohmann::ordered_json; // keeps the contract's field order on the wire

std::string failure(const std::string& error, int ply)
{
    Json answer;
    answer["ok"] = false;
    answer["error"] = error;
    answer["ply"] = ply;
    return answer.dump(-1, ' ', false, Json::error_handler_t::replace);
}

// nlohmann's messages start with "[json.exception.parse_error.101] "; people need the rest.
std::string without_exception_tag(std::string message)
{
    if (!message.empty() && message.front() == '[') {
        const auto end = message.find("] ");
        if (end != std::string::npos) message.erase(0, end + 2);
    }
    return message;
}

Json winnability_json(Winnability w)
{
    if (w == Winnability::Undetermined) return nullptr;
    return w == Winnability::CanMate;
}

// The request after its shape is checked: the variant, the start FEN and the move texts.
struct Request {
    Variant variant = Variant::Standard;
    std::string fen;
    std::vector<std::string> moves;
};

// Empty error means the request is well formed.
std::string read_request(const Json& json, Request& request)
{
    if (!json.is_object()) return "request: expected a JSON object, got " + std::string(json.type_name());
    if (const auto variant = json.find("variant"); variant != json.end()) {
        if (*variant == "chess960")
            request.variant = Variant::Chess960;
        else if (*variant != "standard")
            return "request: \"variant\" must be \"standard\" or \"chess960\", got " + variant->dump();
    }
    request.fen = request.variant == Variant::Standard ? std::string(StartFen) : to_fen(*Position::chess960_start(518));
    if (const auto fen = json.find("fen"); fen != json.end()) {
        if (!fen->is_string()) return "request: \"fen\" must be a string, got " + std::string(fen->type_name());
        request.fen = fen->get<std::string>();
    }
    if (const auto moves = json.find("moves"); moves != json.end()) {
        if (!moves->is_array()) return "request: \"moves\" must be an array, got " + std::string(moves->type_name());
        for (std::size_t i = 0; i < moves->size(); ++i) {
            const Json& move = (*moves)[i];
            if (!move.is_string())
                return "request: \"moves\"[" + std::to_string(i) + "] must be a string, got " + move.type_name();
            request.moves.push_back(move.get<std::string>());
        }
    }
    return {};
}

Json sorted_legal_moves(const Position& pos)
{
    std::vector<std::string> moves;
    for (Move m : legal_moves(pos)) moves.push_back(to_uci(pos, m));
    std::sort(moves.begin(), moves.end());
    return moves;
}

} // namespace

std::string analyze_line(std::string_view json_line)
{
    Json json;
    try {
        json = Json::parse(json_line);
    } catch (const Json::parse_error& e) {
        return failure("malformed JSON: " + without_exception_tag(e.what()), -1);
    }
    Request request;
    if (std::string error = read_request(json, request); !error.empty()) return failure(error, -1);

    auto start = parse_fen(request.fen, request.variant);
    if (!start) return failure("fen: " + start.error().message, -1);
    Game game(*start);

    Json plies = Json::array();
    for (std::size_t i = 0; i < request.moves.size(); ++i) {
        const std::string& text = request.moves[i];
        const int ply = int(i);
        const std::string where = "move " + std::to_string(i + 1) + " '" + text + "'";
        if (const auto outcome = game.automatic_outcome())
            return failure(where + ": the game is already over (" + std::string(to_text(outcome->termination)) + ")",
                           ply);
        const Position& before = game.position();
        const auto move = parse_move(before, text);
        // The notation's message already quotes the text.
        if (!move) return failure("move " + std::to_string(i + 1) + ": " + move.error().message, ply);
        Json entry;
        entry["uci"] = to_uci(before, *move);
        entry["san"] = to_san(before, *move, Language::English);
        entry["san_de"] = to_san(before, *move, Language::German);
        game.play(*move);
        entry["fen"] = to_fen(game.position());
        plies.push_back(std::move(entry));
    }

    const Position& pos = game.position();
    const auto outcome = game.automatic_outcome();
    Json claimable = Json::array();
    for (Termination t : game.claimable()) claimable.push_back(std::string(to_text(t)));

    Json answer;
    answer["ok"] = true;
    answer["plies"] = std::move(plies);
    answer["fen"] = to_fen(pos);
    answer["legal"] = sorted_legal_moves(pos);
    answer["check"] = pos.in_check();
    answer["status"] = outcome ? std::string(to_text(outcome->termination)) : "ongoing";
    answer["claimable"] = std::move(claimable);
    answer["can_mate"] = {{"white", winnability_json(can_checkmate(pos, Color::White))},
                          {"black", winnability_json(can_checkmate(pos, Color::Black))}};
    return answer.dump(-1, ' ', false, Json::error_handler_t::replace);
}

int analyze_command(std::istream& in, std::ostream& out)
{
    for (std::string line; std::getline(in, line);) {
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        out << analyze_line(line) << std::endl;
    }
    return 0;
}

} // namespace rochade::cli
