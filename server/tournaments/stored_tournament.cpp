#include "server/tournaments/stored_tournament.h"

#include <algorithm>
#include <map>

#include <nlohmann/json.hpp>

#include "protocol/decode.h"
#include "server/tournaments/tournament_settings.h"

namespace rochade::server {

using tournament::ByeKind;
using tournament::GameResult;

std::string result_word(GameResult result)
{
    switch (result) {
    case GameResult::Pending: return "pending";
    case GameResult::WhiteWins: return "white_wins";
    case GameResult::Draw: return "draw";
    case GameResult::BlackWins: return "black_wins";
    case GameResult::WhiteWinsByForfeit: return "white_wins_by_forfeit";
    case GameResult::BlackWinsByForfeit: return "black_wins_by_forfeit";
    case GameResult::DoubleForfeit: return "double_forfeit";
    }
    return "pending";
}

std::optional<GameResult> parse_result_word(const std::string& word)
{
    for (const GameResult result :
         {GameResult::Pending, GameResult::WhiteWins, GameResult::Draw, GameResult::BlackWins,
          GameResult::WhiteWinsByForfeit, GameResult::BlackWinsByForfeit, GameResult::DoubleForfeit})
        if (result_word(result) == word) return result;
    return std::nullopt;
}

std::string bye_word(ByeKind kind)
{
    switch (kind) {
    case ByeKind::PairingAllocated: return "pairing_allocated";
    case ByeKind::HalfPoint: return "half_point";
    case ByeKind::ZeroPoint: return "zero_point";
    }
    return "zero_point";
}

std::optional<ByeKind> parse_bye_word(const std::string& word)
{
    for (const ByeKind kind : {ByeKind::PairingAllocated, ByeKind::HalfPoint, ByeKind::ZeroPoint})
        if (bye_word(kind) == word) return kind;
    return std::nullopt;
}

protocol::TimeControl time_control_of(const db::TournamentCreated& created)
{
    const auto stored = nlohmann::json::parse(created.time_control_json, nullptr, false);
    if (stored.is_discarded()) return {};
    auto parsed = protocol::parse_time_control(stored);
    return parsed ? *parsed : protocol::TimeControl{};
}

const db::TournamentPlayerRecord* player_by_entry(const db::TournamentLog& log, int entry)
{
    const auto found = std::find_if(log.players.begin(), log.players.end(),
                                    [entry](const auto& player) { return player.entry == entry; });
    return found == log.players.end() ? nullptr : &*found;
}

tournament::Tournament model_of(const db::TournamentLog& log, const std::set<std::string>& absent)
{
    const auto& created = log.tournament.created;
    tournament::Tournament model;
    model.name = created.name;
    model.system = system_of(created) == protocol::TournamentSystem::RoundRobin ? tournament::System::RoundRobin
                                                                                : tournament::System::Swiss;
    model.total_rounds = created.rounds;
    const int next_round = int(log.rounds.size()) + 1;
    std::map<std::string, int> entry_of;
    for (const auto& stored : log.players) {
        tournament::Player player;
        player.start_number = stored.entry;
        player.nick = stored.nick;
        player.rating = stored.rating;
        if (stored.withdrawn_from_round && *stored.withdrawn_from_round <= next_round)
            player.status = tournament::PlayerStatus::Withdrawn;
        else if (absent.contains(stored.nick_key))
            player.status = tournament::PlayerStatus::Paused;
        entry_of[stored.nick_key] = stored.entry;
        model.players.push_back(std::move(player));
    }
    for (const auto& stored_round : log.rounds) {
        tournament::Round round;
        std::set<int> seen;
        for (const auto& board : stored_round.boards) {
            const auto white = entry_of.find(board.pairing.white_key);
            if (white == entry_of.end()) continue; // the store refuses such a pairing
            seen.insert(white->second);
            if (board.pairing.black_key) {
                const auto black = entry_of.find(*board.pairing.black_key);
                if (black == entry_of.end()) continue;
                seen.insert(black->second);
                round.games.push_back(
                    {white->second, black->second, parse_result_word(board.result).value_or(GameResult::Pending)});
            } else {
                round.byes.push_back(
                    {white->second, parse_bye_word(board.pairing.bye.value_or("")).value_or(ByeKind::ZeroPoint)});
            }
        }
        // A late entry's rounds before his first: half-point byes, as with_late_entry gives them.
        for (const auto& stored : log.players)
            if (stored.first_round > stored_round.round && !seen.contains(stored.entry))
                round.byes.push_back({stored.entry, ByeKind::HalfPoint});
        model.rounds.push_back(std::move(round));
    }
    const auto settings = read_settings(created.settings_json);
    // The first board's colour in round 1 (C.04.3 E.5's initial colour), the director's choice.
    model.first_board_white = settings.first_board_white;
    // The director's forbidden pairs of players who have entered (C.04.1: an absolute criterion
    // like a rematch).
    for (const auto& [first, second] : settings.forbidden_pairs) {
        const auto a = entry_of.find(first), b = entry_of.find(second);
        if (a != entry_of.end() && b != entry_of.end())
            model.forbidden_pairs.emplace_back(std::min(a->second, b->second), std::max(a->second, b->second));
    }
    return model;
}

std::vector<tournament::TieBreak> tie_breaks_of(const db::TournamentCreated& created)
{
    std::vector<tournament::TieBreak> chosen;
    for (const auto& code : read_settings(created.settings_json).tie_breaks)
        if (const auto tie_break = tournament::parse_tie_break(code)) chosen.push_back(*tie_break);
    return chosen.empty() ? tournament::default_tie_breaks() : chosen;
}

db::TournamentRoundPaired stored_round(const db::TournamentLog& log, int round, const tournament::Round& paired,
                                       std::int64_t at_ms)
{
    db::TournamentRoundPaired stored;
    stored.tournament_id = log.tournament.created.id;
    stored.round = round;
    stored.at_ms = at_ms;
    int board = 0;
    const auto key_of = [&](int entry) {
        const auto* player = player_by_entry(log, entry);
        return player ? player->nick_key : std::string();
    };
    for (const auto& game : paired.games)
        stored.pairings.push_back({++board, key_of(game.white), key_of(game.black), std::nullopt});
    for (const auto& bye : paired.byes) {
        const auto* player = player_by_entry(log, bye.player);
        // A late entry's missed round is not stored: model_of gives it back from first_round.
        if (player && player->first_round > round) continue;
        stored.pairings.push_back({++board, key_of(bye.player), std::nullopt, bye_word(bye.kind)});
    }
    return stored;
}

GameResult board_result(const protocol::GameResult& result, int plies)
{
    switch (result.result) {
    case Score::WhiteWins: return GameResult::WhiteWins;
    case Score::BlackWins: return GameResult::BlackWins;
    case Score::Draw: return GameResult::Draw;
    case Score::Unfinished: break;
    }
    if (result.termination == Termination::NoFirstMove)
        return plies == 0 ? GameResult::BlackWinsByForfeit : GameResult::WhiteWinsByForfeit;
    return GameResult::DoubleForfeit;
}

} // namespace rochade::server
