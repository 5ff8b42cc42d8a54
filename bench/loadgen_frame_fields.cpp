#include "bench/loadgen_frame_fields.h"

#include <nlohmann/json.hpp>

#include <array>
#include <charconv>

namespace rochade::bench {
namespace {

// Deeper nesting than this is left to nlohmann::json; the server's frames nest three levels.
constexpr int max_depth = 64;

// What ends a plain run of characters inside a string: the closing quote, a backslash, and
// the control characters that JSON requires to be escaped.
constexpr auto string_stops = [] {
    std::array<bool, 256> stops{};
    for (int c = 0; c < 0x20; ++c) stops[c] = true;
    stops['"'] = stops['\\'] = true;
    return stops;
}();

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

int hex_digit(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

void append_utf8(std::string& out, std::uint32_t code)
{
    if (code < 0x80) {
        out += static_cast<char>(code);
    } else if (code < 0x800) {
        out += static_cast<char>(0xC0 | code >> 6);
        out += static_cast<char>(0x80 | (code & 0x3F));
    } else if (code < 0x10000) {
        out += static_cast<char>(0xE0 | code >> 12);
        out += static_cast<char>(0x80 | (code >> 6 & 0x3F));
        out += static_cast<char>(0x80 | (code & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | code >> 18);
        out += static_cast<char>(0x80 | (code >> 12 & 0x3F));
        out += static_cast<char>(0x80 | (code >> 6 & 0x3F));
        out += static_cast<char>(0x80 | (code & 0x3F));
    }
}

// A read position in JSON text with one method per piece of the grammar (RFC 8259). Every
// method returns false when the text does not fit, and the scan is then abandoned. UTF-8 is
// not checked: Beast has already rejected a text frame that is not valid UTF-8.
class Cursor {
public:
    explicit Cursor(std::string_view text) : text_(text) {}

    // Skips blanks, then takes `c` if it comes next.
    bool take(char c)
    {
        skip_blanks();
        if (pos_ >= text_.size() || text_[pos_] != c) return false;
        ++pos_;
        return true;
    }

    bool at_end()
    {
        skip_blanks();
        return pos_ == text_.size();
    }

    // A string: `raw` is the text between the quotes and `escaped` says whether it holds an
    // escape. With `decoded`, the unescaped text is appended to it.
    bool read_string(std::string_view& raw, bool& escaped, std::string* decoded = nullptr)
    {
        if (!take('"')) return false;
        const std::size_t begin = pos_;
        std::size_t run = pos_; // start of the text not yet appended to `decoded`
        escaped = false;
        while (true) {
            // The plain run, the bulk of every frame (FEN, names, moves): one table look-up a byte.
            const char* const data = text_.data();
            std::size_t at = pos_;
            while (at < text_.size() && !string_stops[static_cast<unsigned char>(data[at])]) ++at;
            pos_ = at;
            if (pos_ >= text_.size()) return false;
            const char c = text_[pos_];
            if (c == '"') {
                if (decoded) decoded->append(text_.substr(run, pos_ - run));
                raw = text_.substr(begin, pos_ - begin);
                ++pos_;
                return true;
            }
            if (c != '\\') return false; // a control character, which must be escaped
            if (decoded) decoded->append(text_.substr(run, pos_ - run));
            escaped = true;
            ++pos_;
            if (!read_escape(decoded)) return false;
            run = pos_;
        }
    }

    // An integer without fraction or exponent that fits 64 bits.
    bool read_integer(std::int64_t& value)
    {
        skip_blanks();
        const std::size_t begin = pos_;
        if (!skip_number()) return false;
        const std::string_view number = text_.substr(begin, pos_ - begin);
        if (number.find_first_of(".eE") != std::string_view::npos) return false;
        const auto [end, error] = std::from_chars(number.data(), number.data() + number.size(), value);
        return error == std::errc() && end == number.data() + number.size();
    }

    // `[` strings `]`: the array's text from bracket to bracket and how many strings it holds.
    bool read_string_array(std::string_view& array, std::size_t& count)
    {
        skip_blanks();
        const std::size_t begin = pos_;
        if (!take('[')) return false;
        count = 0;
        if (!take(']')) {
            do {
                std::string_view raw;
                bool escaped = false;
                if (!read_string(raw, escaped)) return false;
                ++count;
            } while (take(','));
            if (!take(']')) return false;
        }
        array = text_.substr(begin, pos_ - begin);
        return true;
    }

    // Any value, checked against the grammar but not kept.
    bool skip_value(int depth)
    {
        if (depth > max_depth) return false;
        skip_blanks();
        if (pos_ >= text_.size()) return false;
        std::string_view raw;
        bool escaped = false;
        switch (text_[pos_]) {
        case '"': return read_string(raw, escaped);
        case 't': return skip_word("true");
        case 'f': return skip_word("false");
        case 'n': return skip_word("null");
        case '[':
            ++pos_;
            if (take(']')) return true;
            do {
                if (!skip_value(depth + 1)) return false;
            } while (take(','));
            return take(']');
        case '{':
            ++pos_;
            if (take('}')) return true;
            do {
                if (!read_string(raw, escaped) || !take(':') || !skip_value(depth + 1)) return false;
            } while (take(','));
            return take('}');
        default: return skip_number();
        }
    }

    bool skip_word(std::string_view word)
    {
        skip_blanks();
        if (text_.substr(pos_, word.size()) != word) return false;
        pos_ += word.size();
        return true;
    }

private:
    void skip_blanks()
    {
        while (pos_ < text_.size() && is_blank(text_[pos_])) ++pos_;
    }

    bool skip_digits()
    {
        const std::size_t begin = pos_;
        while (pos_ < text_.size() && is_digit(text_[pos_])) ++pos_;
        return pos_ > begin;
    }

    // -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
    bool skip_number()
    {
        if (pos_ < text_.size() && text_[pos_] == '-') ++pos_;
        if (pos_ < text_.size() && text_[pos_] == '0')
            ++pos_;
        else if (!skip_digits())
            return false;
        if (pos_ < text_.size() && text_[pos_] == '.') {
            ++pos_;
            if (!skip_digits()) return false;
        }
        if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
            ++pos_;
            if (pos_ < text_.size() && (text_[pos_] == '+' || text_[pos_] == '-')) ++pos_;
            if (!skip_digits()) return false;
        }
        return true;
    }

    bool read_hex4(std::uint32_t& code)
    {
        if (text_.size() - pos_ < 4) return false;
        code = 0;
        for (int i = 0; i < 4; ++i) {
            const int digit = hex_digit(text_[pos_++]);
            if (digit < 0) return false;
            code = code << 4 | static_cast<std::uint32_t>(digit);
        }
        return true;
    }

    // After a backslash. A \u escape of a high surrogate must be followed by one of a low
    // surrogate, as nlohmann::json demands too.
    bool read_escape(std::string* decoded)
    {
        if (pos_ >= text_.size()) return false;
        const char c = text_[pos_++];
        char plain = 0;
        switch (c) {
        case '"': plain = '"'; break;
        case '\\': plain = '\\'; break;
        case '/': plain = '/'; break;
        case 'b': plain = '\b'; break;
        case 'f': plain = '\f'; break;
        case 'n': plain = '\n'; break;
        case 'r': plain = '\r'; break;
        case 't': plain = '\t'; break;
        case 'u': break;
        default: return false;
        }
        if (plain) {
            if (decoded) *decoded += plain;
            return true;
        }
        std::uint32_t code = 0;
        if (!read_hex4(code)) return false;
        if (code >= 0xDC00 && code <= 0xDFFF) return false;
        if (code >= 0xD800 && code <= 0xDBFF) {
            std::uint32_t low = 0;
            if (text_.substr(pos_, 2) != "\\u") return false;
            pos_ += 2;
            if (!read_hex4(low) || low < 0xDC00 || low > 0xDFFF) return false;
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
        }
        if (decoded) append_utf8(*decoded, code);
        return true;
    }

    std::string_view text_;
    std::size_t pos_ = 0;
};

} // namespace

std::optional<std::string_view> top_level_string(std::string_view frame, std::string_view key)
{
    Cursor cursor(frame);
    std::optional<std::string_view> found;
    if (!cursor.take('{')) return std::nullopt;
    if (!cursor.take('}')) {
        do {
            std::string_view name;
            bool escaped = false;
            if (!cursor.read_string(name, escaped) || escaped || !cursor.take(':')) return std::nullopt;
            if (name == key && !found) {
                std::string_view value;
                if (!cursor.read_string(value, escaped) || escaped) return std::nullopt;
                found = value;
            } else if (!cursor.skip_value(1)) {
                return std::nullopt;
            }
        } while (cursor.take(','));
        if (!cursor.take('}')) return std::nullopt;
    }
    if (!cursor.at_end()) return std::nullopt;
    return found;
}

std::optional<TurnFields> scan_turn_fields(std::string_view frame)
{
    Cursor cursor(frame);
    TurnFields fields;
    bool seen_to_move = false;
    bool seen_legal_moves = false;
    if (!cursor.take('{')) return std::nullopt;
    if (!cursor.take('}')) {
        do {
            std::string_view key;
            bool escaped = false;
            // An escaped key could spell one of ours; the server never escapes a key.
            if (!cursor.read_string(key, escaped) || escaped || !cursor.take(':')) return std::nullopt;
            // A repeated key is left to nlohmann::json, which keeps the last one.
            if (key == "ply") {
                std::int64_t ply = 0;
                if (fields.ply || !cursor.read_integer(ply)) return std::nullopt;
                fields.ply = ply;
            } else if (key == "to_move") {
                if (seen_to_move) return std::nullopt;
                seen_to_move = true;
                if (!cursor.skip_word("null")) {
                    std::string_view side;
                    if (!cursor.read_string(side, escaped) || escaped) return std::nullopt;
                    fields.to_move = side;
                }
            } else if (key == "legal_moves") {
                if (seen_legal_moves || !cursor.read_string_array(fields.legal_moves, fields.legal_move_count))
                    return std::nullopt;
                seen_legal_moves = true;
            } else if (!cursor.skip_value(1)) {
                return std::nullopt;
            }
        } while (cursor.take(','));
        if (!cursor.take('}')) return std::nullopt;
    }
    if (!cursor.at_end()) return std::nullopt;
    return fields;
}

std::string legal_move_at(std::string_view legal_moves, std::size_t index)
{
    Cursor cursor(legal_moves);
    std::string_view raw;
    bool escaped = false;
    if (!cursor.take('[')) return {};
    for (std::size_t i = 0; i < index; ++i)
        if (!cursor.read_string(raw, escaped) || !cursor.take(',')) return {};
    std::string move;
    if (!cursor.read_string(raw, escaped, &move)) return {};
    return move;
}

PlayerTurn read_turn(std::string_view frame, std::string_view side, std::mt19937_64& random)
{
    PlayerTurn turn;
    if (const auto fields = scan_turn_fields(frame)) {
        turn.ply = fields->ply;
        if (fields->to_move == side && fields->legal_move_count > 0) {
            const auto pick = std::uniform_int_distribution<std::size_t>(0, fields->legal_move_count - 1)(random);
            turn.move = legal_move_at(fields->legal_moves, pick);
        }
        return turn;
    }
    using json = nlohmann::json;
    turn.scanned = false;
    const json event = json::parse(frame);
    if (const auto ply = event.find("ply"); ply != event.end() && ply->is_number_integer())
        turn.ply = ply->get<std::int64_t>();
    const auto to_move = event.find("to_move");
    if (to_move == event.end() || !to_move->is_string() || to_move->get<std::string>() != side) return turn;
    const auto legal = event.find("legal_moves");
    if (legal == event.end() || legal->empty()) return turn;
    const auto pick = std::uniform_int_distribution<std::size_t>(0, legal->size() - 1)(random);
    turn.move = (*legal)[pick].get<std::string>();
    return turn;
}

} // namespace rochade::bench
