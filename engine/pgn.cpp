#include "pgn.h"

#include <cctype>
#include <optional>

#include "fen.h"
#include "movegen.h"
#include "outcome.h"
#include "san.h"

namespace rochade {

// The rules a PGN game is played under: its Variant tag, "Chess960" (or lichess's and
// ChessBase's other spellings of it) or standard chess.
Variant pgn_variant(const std::vector<std::pair<std::string, std::string>>& tags)
{
    for (const auto& [name, value] : tags)
        if (name == "Variant")
            return value == "Chess960" || value == "chess960" || value == "Fischerandom" || value == "Chess 960"
                       ? Variant::Chess960
                       : Variant::Standard;
    return Variant::Standard;
}

namespace {

constexpr bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
constexpr bool is_digit(char c) { return c >= '0' && c <= '9'; }
// Characters that end a movetext symbol: they start the next token.
constexpr bool ends_symbol(char c)
{
    return is_space(c) || c == '{' || c == '}' || c == '(' || c == ')' || c == ';' || c == '[' || c == ']' || c == '$';
}

// A game termination marker, or nothing; compared with the spellings rather than parsed, so that
// the many tokens that are moves build no error message.
std::optional<Score> result_marker(std::string_view token)
{
    for (const Score score : {Score::WhiteWins, Score::BlackWins, Score::Draw, Score::Unfinished})
        if (to_text(score) == token) return score;
    return std::nullopt;
}

// Comment text on one line with single spaces, so that rewrapping a game does not change it.
std::string normalize_comment(std::string_view text)
{
    std::string out;
    bool pending_space = false;
    for (char c : text) {
        if (is_space(c)) {
            pending_space = !out.empty();
            continue;
        }
        if (pending_space) out += ' ';
        pending_space = false;
        out += c;
    }
    return out;
}

// "1.", "12...", "1.e4" -> "", "", "e4": move numbers are redundant with the position.
std::string_view without_move_number(std::string_view token)
{
    std::size_t digits = 0;
    while (digits < token.size() && is_digit(token[digits])) ++digits;
    if (digits == 0 || digits == token.size() || token[digits] != '.') return token;
    std::size_t end = digits;
    while (end < token.size() && token[end] == '.') ++end;
    return token.substr(end);
}

bool is_annotation_glyph(std::string_view token)
{
    if (token == "e.p." || token == "ep") return true;
    for (char c : token)
        if (c != '!' && c != '?') return false;
    return !token.empty();
}

// "move 14 (black)": how a player finds the move in a printed game.
std::string move_label(const Position& pos)
{
    return "move " + std::to_string(pos.fullmove_number()) +
           (pos.side_to_move() == Color::White ? " (white)" : " (black)");
}

// Reads one move of a game whose language may not be known yet; see pgn.h for the rule.
Expected<Move, MoveError> read_game_move(const Position& pos, std::string_view token, std::optional<Language>& language)
{
    if (language) return parse_san(pos, token, *language);
    auto english = parse_san(pos, token, Language::English);
    auto german = parse_san(pos, token, Language::German);
    const bool english_invalid = !english && english.error().kind == MoveErrorKind::Invalid;
    const bool german_invalid = !german && german.error().kind == MoveErrorKind::Invalid;
    if (english_invalid && !german_invalid) {
        language = Language::German;
        return german;
    }
    if (german_invalid && !english_invalid) {
        language = Language::English;
        return english;
    }
    if (english_invalid && german_invalid) return parse_san(pos, token);
    if (!english && german) {
        language = Language::German;
        return german;
    }
    return english;
}

// A cursor over the text of all games, tracking the line for error messages.
class PgnReader {
public:
    explicit PgnReader(std::string_view text) : text_(text) {}

    Expected<std::vector<PgnGame>, PgnError> read_all()
    {
        std::vector<PgnGame> games;
        for (;;) {
            if (auto error = skip_between_games(int(games.size()) + 1)) return unexpected(*error);
            if (at_ >= text_.size()) return games;
            auto game = read_game(int(games.size()) + 1);
            if (!game) return unexpected(game.error());
            games.push_back(std::move(*game));
        }
    }

private:
    std::string_view text_;
    std::size_t at_ = 0;
    int line_ = 1;

    bool at_end() const { return at_ >= text_.size(); }
    char peek() const { return text_[at_]; }
    char take()
    {
        const char c = text_[at_++];
        if (c == '\n') ++line_;
        return c;
    }
    bool at_line_start() const { return at_ == 0 || text_[at_ - 1] == '\n'; }
    void skip_line()
    {
        while (!at_end() && peek() != '\n') take();
    }
    // Whitespace and "%" escape lines, which the standard reserves for other programs.
    void skip_space()
    {
        while (!at_end()) {
            if (is_space(peek()))
                take();
            else if (peek() == '%' && at_line_start())
                skip_line();
            else
                break;
        }
    }
    PgnError syntax_error(int game, const std::string& what) const
    {
        return PgnError{game, -1, "game " + std::to_string(game) + ", line " + std::to_string(line_) + ": " + what};
    }

    // Between games only comments may stand; they belong to no move and are dropped. An error
    // in one is reported as the next game's (`game`), the one the reader is looking for.
    std::optional<PgnError> skip_between_games(int game)
    {
        for (;;) {
            skip_space();
            if (at_end() || (peek() != '{' && peek() != ';')) return std::nullopt;
            std::string ignored;
            if (auto error = read_comment(game, ignored)) return error;
        }
    }

    std::optional<PgnError> read_comment(int game, std::string& comment)
    {
        const int opened = line_;
        if (take() == ';') {
            const std::size_t start = at_;
            skip_line();
            comment = normalize_comment(text_.substr(start, at_ - start));
            return std::nullopt;
        }
        const std::size_t start = at_;
        while (!at_end() && peek() != '}') take();
        if (at_end())
            return syntax_error(game, "comment '{' opened on line " + std::to_string(opened) + " is never closed");
        comment = normalize_comment(text_.substr(start, at_ - start));
        take();
        return std::nullopt;
    }

    // [Name "value"], with \" and \\ escapes inside the value.
    std::optional<PgnError> read_tag(int game, PgnGame& out)
    {
        take(); // '['
        skip_space();
        const std::size_t name_start = at_;
        while (!at_end() && (std::isalnum(static_cast<unsigned char>(peek())) || peek() == '_')) take();
        const std::string name(text_.substr(name_start, at_ - name_start));
        if (name.empty()) return syntax_error(game, "tag pair without a name");
        skip_space();
        if (at_end() || peek() != '"') return syntax_error(game, "tag " + name + " has no quoted value");
        take();
        std::string value;
        for (;;) {
            if (at_end() || peek() == '\n')
                return syntax_error(game, "value of tag " + name + " is not closed with '\"'");
            const char c = take();
            if (c == '"') break;
            if (c == '\\' && !at_end() && (peek() == '"' || peek() == '\\')) {
                value += take();
                continue;
            }
            value += c;
        }
        skip_space();
        if (at_end() || peek() != ']') return syntax_error(game, "tag " + name + " is not closed with ']'");
        take();
        out.tags.emplace_back(name, value);
        return std::nullopt;
    }

    // SetUp and FEN become start_fen; the position the movetext starts from.
    Expected<Position, PgnError> start_position(int game, PgnGame& out)
    {
        std::vector<std::pair<std::string, std::string>> kept;
        for (auto& tag : out.tags) {
            if (tag.first == "FEN")
                out.start_fen = tag.second;
            else if (tag.first != "SetUp")
                kept.push_back(std::move(tag));
        }
        out.tags = std::move(kept);
        if (out.start_fen.empty()) return Position::start();
        auto pos = parse_fen(out.start_fen, pgn_variant(out.tags), SetupRules::AllowUnreachable);
        if (!pos)
            return unexpected(PgnError{game, -1, "game " + std::to_string(game) + ": FEN tag: " + pos.error().message});
        return *pos;
    }

    Expected<PgnGame, PgnError> read_game(int game)
    {
        PgnGame out;
        std::optional<Score> result;
        for (skip_space(); !at_end() && peek() == '['; skip_space())
            if (auto error = read_tag(game, out)) return unexpected(*error);
        auto start = start_position(game, out);
        if (!start) return unexpected(start.error());
        Position pos = *start;
        std::optional<Language> language;
        std::vector<std::string> comments;
        int depth = 0, variation_line = 0;

        for (;;) {
            skip_space();
            if (at_end() || (peek() == '[' && depth == 0)) break; // a game may lack its result token
            const char c = peek();
            if (c == '{' || c == ';') {
                std::string comment;
                if (auto error = read_comment(game, comment)) return unexpected(*error);
                if (depth == 0 && !comments.empty() && !comment.empty())
                    comments.back() += (comments.back().empty() ? "" : " ") + comment;
            } else if (c == '(') {
                if (depth++ == 0) variation_line = line_;
                take();
            } else if (c == ')') {
                if (depth == 0) return unexpected(syntax_error(game, "')' without a matching '('"));
                --depth;
                take();
            } else if (c == '$') {
                take();
                while (!at_end() && is_digit(peek())) take();
            } else if (c == '[') {
                return unexpected(syntax_error(game, "variation '(' opened on line " + std::to_string(variation_line) +
                                                         " is never closed"));
            } else if (c == ']' || c == '}') {
                return unexpected(syntax_error(game, std::string("unexpected '") + c + "'"));
            } else {
                const std::size_t start_at = at_;
                while (!at_end() && !ends_symbol(peek())) take();
                const std::string_view token = text_.substr(start_at, at_ - start_at);
                if (depth > 0) continue; // variations are skipped, moves and all
                if (const auto marker = result_marker(token)) {
                    result = marker;
                    break;
                }
                const std::string_view move_text = without_move_number(token);
                if (move_text.empty() || is_annotation_glyph(move_text)) continue;
                const int ply = int(out.moves.size());
                auto m = read_game_move(pos, move_text, language);
                if (!m)
                    return unexpected(PgnError{
                        game, ply, "game " + std::to_string(game) + ", " + move_label(pos) + ": " + m.error().message});
                pos = pos.after(*m);
                out.moves.push_back(*m);
                comments.emplace_back();
            }
        }
        if (depth > 0)
            return unexpected(syntax_error(game, "variation '(' opened on line " + std::to_string(variation_line) +
                                                     " is never closed"));
        if (!result)
            for (const auto& [name, value] : out.tags)
                if (const auto marker = name == "Result" ? result_marker(value) : std::nullopt) result = marker;
        out.result = result.value_or(Score::Unfinished);
        for (const std::string& comment : comments)
            if (!comment.empty()) {
                out.comments_after = std::move(comments);
                break;
            }
        return out;
    }
};

// ---- writing ----

constexpr const char* SevenTagRoster[] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};

// A tag value is one line of printing characters between quotes (PGN standard 8.1.1): a quote or
// a backslash inside it is escaped with a backslash, and a control character (a newline, a tab)
// becomes a space, so that no value (a nick, say, holding `"] [Result "1-0`) can end its tag or
// start another. Bytes from 0x80 up pass: UTF-8 names stay as they are.
std::string tag_line(std::string_view name, std::string_view value)
{
    std::string line = "[";
    line += name;
    line += " \"";
    for (char c : value) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte < 0x20 || byte == 0x7f) {
            line += ' ';
            continue;
        }
        if (c == '"' || c == '\\') line += '\\';
        line += c;
    }
    return line + "\"]\n";
}

// Lays out movetext tokens in lines of at most 80 columns, as the export format asks.
class MovetextLines {
public:
    void add(const std::string& token)
    {
        if (!line_.empty() && line_.size() + 1 + token.size() > 80) {
            text_ += line_ + "\n";
            line_.clear();
        }
        if (!line_.empty()) line_ += ' ';
        line_ += token;
    }
    // A comment is added word by word so that it can wrap; "}" cannot appear inside one.
    void add_comment(const std::string& comment)
    {
        std::string words = "{";
        for (char c : comment) words += c == '}' ? ')' : c;
        words += "}";
        std::size_t start = 0;
        for (std::size_t i = 0; i <= words.size(); ++i)
            if (i == words.size() || is_space(words[i])) {
                if (i > start) add(words.substr(start, i - start));
                start = i + 1;
            }
    }
    std::string finish() { return text_ + line_ + "\n"; }

private:
    std::string text_, line_;
};

} // namespace

Expected<std::vector<PgnGame>, PgnError> read_pgn(std::string_view text) { return PgnReader(text).read_all(); }

std::string write_pgn(const PgnGame& game)
{
    auto tag_value = [&](std::string_view name) -> std::optional<std::string> {
        for (const auto& [n, v] : game.tags)
            if (n == name) return v;
        return std::nullopt;
    };
    const std::string result(to_text(game.result));

    std::string text;
    for (const char* name : SevenTagRoster) {
        const std::string fallback = std::string_view(name) == "Date" ? "????.??.??" : "?";
        text += tag_line(name, std::string_view(name) == "Result" ? result : tag_value(name).value_or(fallback));
    }
    for (const auto& [name, value] : game.tags) {
        bool roster = name == "SetUp" || name == "FEN";
        for (const char* r : SevenTagRoster) roster |= name == r;
        if (!roster) text += tag_line(name, value);
    }
    // A Chess960 game names its start even when it is number 518, the standard arrangement.
    const Variant variant = pgn_variant(game.tags);
    const bool set_up = !game.start_fen.empty() && (game.start_fen != StartFen || variant == Variant::Chess960);
    if (set_up) text += tag_line("SetUp", "1") + tag_line("FEN", game.start_fen);
    text += "\n";

    MovetextLines movetext;
    auto start = set_up ? parse_fen(game.start_fen, variant, SetupRules::AllowUnreachable) : Position::start();
    if (!start) {
        movetext.add_comment("rochade: the start position is not valid: " + start.error().message);
        movetext.add(result);
        return text + movetext.finish();
    }
    Position pos = *start;
    bool number_needed = true; // black's move needs "12..." at the start and after a comment
    for (std::size_t ply = 0; ply < game.moves.size(); ++ply) {
        const Move m = game.moves[ply];
        if (!legal_moves(pos).contains(m)) {
            movetext.add_comment("rochade: ply " + std::to_string(ply + 1) +
                                 " is not a legal move here; the rest of the game is left out");
            break;
        }
        const std::string number = std::to_string(pos.fullmove_number());
        if (pos.side_to_move() == Color::White)
            movetext.add(number + ".");
        else if (number_needed)
            movetext.add(number + "...");
        movetext.add(to_san(pos, m, Language::English));
        if (ply < game.nags_after.size() && !game.nags_after[ply].empty()) movetext.add(game.nags_after[ply]);
        number_needed = false;
        if (ply < game.comments_after.size() && !game.comments_after[ply].empty()) {
            movetext.add_comment(normalize_comment(game.comments_after[ply]));
            number_needed = true;
        }
        pos = pos.after(m);
    }
    movetext.add(result);
    return text + movetext.finish();
}

} // namespace rochade
