#include "server/api/game_pgn.h"

#include <cmath>
#include <cstdio>
#include <ctime>

#include <nlohmann/json.hpp>

#include "db/game_query.h"
#include "engine/fen.h"
#include "engine/pgn.h"
#include "engine/uci.h"
#include "protocol/decode.h"
#include "review/game_review.h"

namespace rochade::server {

using db::utc_parts;

namespace {

// PGN's Date and UTCDate tags, in UTC: "2024.05.01".
std::string pgn_date(std::int64_t unix_ms)
{
    const std::tm parts = utc_parts(unix_ms);
    char text[64];
    std::snprintf(text, sizeof text, "%04d.%02d.%02d", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday);
    return text;
}

// PGN's UTCTime tag: "18:03:07".
std::string pgn_utc_time(std::int64_t unix_ms)
{
    const std::tm parts = utc_parts(unix_ms);
    char text[64];
    std::snprintf(text, sizeof text, "%02d:%02d:%02d", parts.tm_hour, parts.tm_min, parts.tm_sec);
    return text;
}

// The room's name if the config lists it; ad-hoc and secret rooms have only their number.
std::string event_name(const PgnSite& site, std::int64_t room)
{
    for (const RoomConfig& listed : site.listed_rooms)
        if (listed.number == room) return listed.name;
    return "Rochade room " + std::to_string(room);
}

// Milliseconds as PGN's seconds, which the standard (9.6.1) writes as whole numbers only: a time
// that is not whole seconds is rounded to the nearest (half up), and a time that is not zero
// never becomes zero (a 0.4 s increment is "+1", not "+0", which would say there is none). The
// exact control stays in the archive's JSON (docs/ratings.md, "PGN").
std::string seconds(std::int64_t ms)
{
    std::int64_t whole = (ms + 500) / 1000;
    if (ms > 0 && whole == 0) whole = 1;
    return std::to_string(whole);
}

} // namespace

namespace {

// The stored time control (protocol::time_control_to_json) as PGN's TimeControl; one that does
// not read (which would mean a corrupt row) is PGN's "?", unknown.
std::string time_control_tag(const std::string& stored_json)
{
    const auto json = nlohmann::json::parse(stored_json, nullptr, false);
    if (json.is_discarded()) return "?";
    const auto time_control = protocol::parse_time_control(json);
    return time_control ? pgn_time_control(*time_control) : "?";
}

} // namespace

std::string pgn_time_control(const protocol::TimeControl& time_control)
{
    if (time_control.untimed()) return "-";
    std::string text;
    for (const protocol::TimeStage& stage : time_control.stages) {
        if (!text.empty()) text += ':';
        if (stage.moves > 0) text += std::to_string(stage.moves) + "/";
        text += seconds(stage.time_ms);
        if (time_control.increment_ms > 0) {
            text += '+'; // appended apart: "+" + std::string trips GCC 12's -Wrestrict false alarm
            text += seconds(time_control.increment_ms);
        }
    }
    return text;
}

std::string pgn_clock(std::int64_t ms)
{
    const long long seconds = ms < 0 ? 0 : static_cast<long long>(ms / 1000);
    char text[48];
    std::snprintf(text, sizeof text, "%lld:%02lld:%02lld", seconds / 3600, seconds / 60 % 60, seconds % 60);
    return text;
}

std::string pgn_termination(Termination termination)
{
    switch (termination) {
    case Termination::FlagFall: return "time forfeit";
    case Termination::Abandoned: return "abandoned";
    case Termination::Aborted:
    case Termination::NoFirstMove: return "unterminated";
    case Termination::Adjudicated: return "adjudication"; // the PGN standard's word
    case Termination::Forfeit: return "rules infraction"; // the PGN standard's word for a forfeit
    case Termination::Checkmate:
    case Termination::Stalemate:
    case Termination::FivefoldRepetition:
    case Termination::SeventyFiveMoves:
    case Termination::DeadPosition:
    case Termination::ThreefoldRepetition:
    case Termination::FiftyMoves:
    case Termination::Agreement:
    case Termination::Resignation: return "normal";
    }
    return "";
}

StoredGamePgn stored_game_pgn(const db::GameLog& log, const PgnSite& site, const std::optional<PgnEvent>& event)
{
    StoredGamePgn out;
    PgnGame pgn;
    pgn.tags = {{"Event", event ? event->event : event_name(site, log.start.room)},
                {"Site", site.public_url.empty() ? "?" : site.public_url},
                {"Date", pgn_date(log.start.started_at_ms)},
                {"Round", event ? event->round : "-"},
                {"White", log.start.white},
                {"Black", log.start.black},
                {"UTCDate", pgn_date(log.start.started_at_ms)},
                {"UTCTime", pgn_utc_time(log.start.started_at_ms)}};
    // The ratings the game was rated from; a running rated game has none yet.
    if (log.start.rated && log.rating_changes.size() == 2) {
        for (const db::RatingChange& change : log.rating_changes)
            pgn.tags.emplace_back(change.white ? "WhiteElo" : "BlackElo",
                                  std::to_string(std::lround(change.before.rating)));
    }
    const std::string time_control = time_control_tag(log.start.time_control_json);
    pgn.tags.emplace_back("TimeControl", time_control);
    // An untimed game's stored clocks mean nothing; one whose control does not read gets none either.
    const bool clocks = time_control != "-" && time_control != "?";
    const std::string termination = log.end ? pgn_termination(log.end->termination) : "unterminated";
    if (!termination.empty()) pgn.tags.emplace_back("Termination", termination);
    pgn.result = log.end ? log.end->result : Score::Unfinished;
    // SetUp and FEN for any other start; Variant and the FEN for Chess960 (write_pgn).
    if (log.start.variant == Variant::Chess960) pgn.tags.emplace_back("Variant", "Chess960");
    if (log.start.start_fen != StartFen || log.start.variant == Variant::Chess960) pgn.start_fen = log.start.start_fen;

    auto start = parse_fen(log.start.start_fen, log.start.variant);
    if (!start) {
        out.problem = "the start FEN does not read: " + start.error().message;
        out.text = write_pgn(pgn);
        return out;
    }
    Position position = *start;
    // A server analysis (docs/bots.md, "Server analysis"): each move's judgement as its NAG and the
    // evaluation after it as lichess writes it, {[%eval 0.35] [%clk 0:03:00]}. Not after a mate on
    // the board: the game is over there.
    std::optional<review::GameReview> review;
    std::vector<review::Evaluation> evaluations;
    if (log.analysis && log.analysis->evaluations.size() == log.moves.size() + 1) {
        for (const auto& evaluation : log.analysis->evaluations)
            evaluations.push_back({evaluation.centipawns, evaluation.mate});
        review = review::review_game(evaluations, position.side_to_move() == Color::White);
    }
    const bool mated = log.end && log.end->termination == Termination::Checkmate;
    for (const db::MovePlayed& move : log.moves) {
        auto parsed = parse_uci(position, move.uci);
        if (!parsed) {
            out.problem =
                "ply " + std::to_string(move.ply) + " (" + move.uci + ") does not replay: " + parsed.error().message;
            break;
        }
        const bool white_moved = position.side_to_move() == Color::White;
        UndoInfo undo;
        position.make_move(*parsed, undo);
        pgn.moves.push_back(*parsed);
        const std::size_t ply = pgn.moves.size();
        std::string comment;
        if (review) {
            pgn.nags_after.push_back(review::judgement_nag(review->judgements[ply - 1]));
            if (!(mated && ply == log.moves.size())) comment = review::eval_comment(evaluations[ply]);
        }
        if (clocks) {
            if (!comment.empty()) comment += ' ';
            comment += "[%clk ";
            comment += pgn_clock(white_moved ? move.white_ms : move.black_ms);
            comment += ']';
        }
        pgn.comments_after.push_back(comment);
    }
    out.text = write_pgn(pgn);
    return out;
}

} // namespace rochade::server
