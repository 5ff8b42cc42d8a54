#include "server/engines/uci_reply.h"

#include <charconv>
#include <vector>

namespace rochade::server::engines {
namespace {

std::vector<std::string_view> words_of(std::string_view line)
{
    std::vector<std::string_view> words;
    std::size_t at = 0;
    while (at < line.size()) {
        const auto start = line.find_first_not_of(" \t\r\n", at);
        if (start == std::string_view::npos) break;
        auto end = line.find_first_of(" \t\r\n", start);
        if (end == std::string_view::npos) end = line.size();
        words.push_back(line.substr(start, end - start));
        at = end;
    }
    return words;
}

std::optional<int> integer_of(std::string_view word)
{
    int value = 0;
    const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), value);
    if (error != std::errc{} || end != word.data() + word.size()) return std::nullopt;
    return value;
}

// "info depth 12 seldepth 18 score cp -35 nodes ..." or "... score mate 3 ...": the depth and
// score words are found by name, since engines order the fields as they like.
UciReply read_info(const std::vector<std::string_view>& words)
{
    auto reply = UciReply::of_kind(UciReplyKind::Info);
    for (std::size_t i = 1; i + 1 < words.size(); ++i) {
        if (words[i] == "string") break; // free text follows; its words are no fields
        if (words[i] == "depth") reply.depth = integer_of(words[i + 1]);
        if (words[i] == "score" && i + 2 < words.size()) {
            const auto value = integer_of(words[i + 2]);
            if (value && words[i + 1] == "cp")
                reply.score = UciScore::of_centipawns(*value);
            else if (value && words[i + 1] == "mate")
                reply.score = UciScore::of_mate_in(*value);
        }
    }
    return reply;
}

} // namespace

UciReply read_uci_reply(std::string_view line)
{
    const auto words = words_of(line);
    if (words.empty()) return UciReply::of_kind(UciReplyKind::Other);
    if (words[0] == "uciok" && words.size() == 1) return UciReply::of_kind(UciReplyKind::UciOk);
    if (words[0] == "readyok" && words.size() == 1) return UciReply::of_kind(UciReplyKind::ReadyOk);
    if (words[0] == "bestmove" && words.size() >= 2) {
        auto reply = UciReply::of_kind(UciReplyKind::BestMove);
        reply.best_move = std::string(words[1]);
        return reply;
    }
    if (words[0] == "info") return read_info(words);
    return UciReply::of_kind(UciReplyKind::Other);
}

bool names_no_move(std::string_view best_move) { return best_move == "(none)" || best_move == "0000"; }

} // namespace rochade::server::engines
