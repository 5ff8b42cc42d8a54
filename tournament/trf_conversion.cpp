#include "tournament/trf_conversion.h"

#include <algorithm>

namespace rochade::tournament {

using pairing::Colour;
using pairing::ResultCode;
using pairing::RoundEntry;

namespace {

std::optional<RoundEntry> entry_of(const PlayerRound& round)
{
    const std::optional<Colour> colour = round.white ? Colour::White : Colour::Black;
    switch (round.outcome) {
    case Outcome::Pending: return std::nullopt;
    case Outcome::Win: return RoundEntry{round.opponent, colour, ResultCode::Win};
    case Outcome::Draw: return RoundEntry{round.opponent, colour, ResultCode::Draw};
    case Outcome::Loss: return RoundEntry{round.opponent, colour, ResultCode::Loss};
    case Outcome::ForfeitWin: return RoundEntry{round.opponent, colour, ResultCode::ForfeitWin};
    case Outcome::ForfeitLoss:
        if (round.opponent == 0) break;
        return RoundEntry{round.opponent, colour, ResultCode::ForfeitLoss};
    case Outcome::PairingBye: return RoundEntry{0, std::nullopt, ResultCode::PairingBye};
    case Outcome::HalfPointBye: return RoundEntry{0, std::nullopt, ResultCode::HalfPointBye};
    case Outcome::Absent: break;
    }
    return RoundEntry{0, std::nullopt, ResultCode::ZeroPointBye};
}

} // namespace

pairing::Tournament to_trf(const Tournament& tournament)
{
    pairing::Tournament trf;
    if (!tournament.name.empty()) trf.header["012"] = tournament.name;
    if (tournament.total_rounds > 0) trf.total_rounds = tournament.total_rounds;
    trf.initial_colour = tournament.first_board_white ? Colour::White : Colour::Black;
    trf.forbidden_pairs = tournament.forbidden_pairs;
    for (const Player& player : tournament.players) {
        pairing::TrfPlayer line;
        line.start_number = player.start_number;
        line.name = player.nick;
        line.rating = player.rating;
        std::vector<PlayerRound> record = record_of(tournament, player.start_number);
        // A double forfeit names an opponent who also lost: written as an absence for both.
        for (PlayerRound& round : record)
            if (round.outcome == Outcome::ForfeitLoss && round.opponent != 0) {
                const auto other = record_of(tournament, round.opponent);
                const std::size_t r = static_cast<std::size_t>(&round - record.data());
                if (other[r].outcome == Outcome::ForfeitLoss) round = PlayerRound{Outcome::Absent, 0, false};
            }
        for (std::size_t r = 0; r < record.size(); ++r) {
            // A round being prepared (byes entered, no games yet) leaves the unnamed players
            // blank: they are the ones the pairer is to pair, not absentees.
            const Round& prepared = tournament.rounds[r];
            const bool named = std::any_of(prepared.byes.begin(), prepared.byes.end(),
                                           [&](const Bye& bye) { return bye.player == player.start_number; });
            if (prepared.games.empty() && !named)
                line.rounds.emplace_back(std::nullopt);
            else
                line.rounds.push_back(entry_of(record[r]));
        }
        while (!line.rounds.empty() && !line.rounds.back()) line.rounds.pop_back();
        trf.players.push_back(line);
    }
    return trf;
}

std::variant<Tournament, ConversionError> from_trf(const pairing::Tournament& trf)
{
    Tournament tournament;
    if (auto name = trf.header.find("012"); name != trf.header.end()) tournament.name = name->second;
    tournament.total_rounds = trf.total_rounds.value_or(0);
    tournament.first_board_white = trf.initial_colour.value_or(Colour::White) == Colour::White;
    tournament.forbidden_pairs = trf.forbidden_pairs;
    std::size_t rounds = 0;
    for (std::size_t i = 0; i < trf.players.size(); ++i) {
        const pairing::TrfPlayer& line = trf.players[i];
        if (line.start_number != static_cast<int>(i) + 1)
            return ConversionError{"player " + std::to_string(line.start_number) +
                                   ": start numbers must run 1..n without gaps"};
        tournament.players.push_back(Player{line.start_number, line.name, line.rating, PlayerStatus::Active});
        rounds = std::max(rounds, line.rounds.size());
    }
    tournament.rounds.resize(rounds);
    for (const pairing::TrfPlayer& line : trf.players) {
        for (std::size_t r = 0; r < rounds; ++r) {
            Round& round = tournament.rounds[r];
            const RoundEntry* entry = r < line.rounds.size() && line.rounds[r] ? &*line.rounds[r] : nullptr;
            const std::string where =
                "round " + std::to_string(r + 1) + ", player " + std::to_string(line.start_number) + ": ";
            if (!entry) {
                round.byes.push_back(Bye{line.start_number, ByeKind::ZeroPoint});
                continue;
            }
            switch (entry->result) {
            case ResultCode::PairingBye: round.byes.push_back(Bye{line.start_number, ByeKind::PairingAllocated}); break;
            case ResultCode::HalfPointBye: round.byes.push_back(Bye{line.start_number, ByeKind::HalfPoint}); break;
            case ResultCode::ZeroPointBye: round.byes.push_back(Bye{line.start_number, ByeKind::ZeroPoint}); break;
            case ResultCode::FullPointBye:
                return ConversionError{where + "a full-point bye (F) is not a result Rochade's tournaments have"};
            default: {
                if (entry->colour != Colour::White) break; // the game is entered from White's line
                GameResult result = GameResult::Draw;
                switch (entry->result) {
                case ResultCode::Win:
                case ResultCode::UnratedWin: result = GameResult::WhiteWins; break;
                case ResultCode::Loss:
                case ResultCode::UnratedLoss: result = GameResult::BlackWins; break;
                case ResultCode::ForfeitWin: result = GameResult::WhiteWinsByForfeit; break;
                case ResultCode::ForfeitLoss: result = GameResult::BlackWinsByForfeit; break;
                default: result = GameResult::Draw; break;
                }
                round.games.push_back(Game{line.start_number, entry->opponent, result});
            }
            }
        }
    }
    if (auto error = validate(tournament)) return ConversionError{*error};
    return tournament;
}

std::string write_trf(const Tournament& tournament) { return pairing::write_trf(to_trf(tournament)); }

} // namespace rochade::tournament
