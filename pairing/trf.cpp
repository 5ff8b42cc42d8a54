#include "pairing/trf.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <sstream>

namespace rochade::pairing {

namespace {

// Columns are 1-based and inclusive, as the TRF tables print them.
std::string_view columns(std::string_view line, int first, int last)
{
    const auto begin = static_cast<std::size_t>(first - 1);
    if (begin >= line.size()) return {};
    return line.substr(begin, std::min<std::size_t>(static_cast<std::size_t>(last - first + 1), line.size() - begin));
}

std::string_view trim(std::string_view text)
{
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
    return text;
}

std::optional<int> parse_int(std::string_view text)
{
    text = trim(text);
    int value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
    return value;
}

// "1.5", "11.5", "1" -> tenths of a point.
std::optional<int> parse_points(std::string_view text)
{
    text = trim(text);
    const auto dot = text.find('.');
    const auto whole = parse_int(text.substr(0, dot));
    if (!whole || *whole < 0) return std::nullopt;
    int tenths = *whole * 10;
    if (dot != std::string_view::npos) {
        const std::string_view fraction = text.substr(dot + 1);
        if (fraction.empty() || fraction.size() > 2 || !std::isdigit(static_cast<unsigned char>(fraction[0])))
            return std::nullopt;
        if (fraction.size() == 2 && !std::isdigit(static_cast<unsigned char>(fraction[1]))) return std::nullopt;
        tenths += fraction[0] - '0';
    }
    return tenths;
}

std::optional<ResultCode> parse_result(char letter)
{
    switch (std::toupper(static_cast<unsigned char>(letter))) {
    case '1': return ResultCode::Win;
    case '=': return ResultCode::Draw;
    case '0': return ResultCode::Loss;
    case '+': return ResultCode::ForfeitWin;
    case '-': return ResultCode::ForfeitLoss;
    case 'W': return ResultCode::UnratedWin;
    case 'D': return ResultCode::UnratedDraw;
    case 'L': return ResultCode::UnratedLoss;
    case 'H': return ResultCode::HalfPointBye;
    case 'F': return ResultCode::FullPointBye;
    case 'U': return ResultCode::PairingBye;
    case 'Z':
    case ' ': return ResultCode::ZeroPointBye;
    default: return std::nullopt;
    }
}

// The result the opponent must have recorded for the same game.
std::optional<ResultCode> mirrored(ResultCode code)
{
    switch (code) {
    case ResultCode::Win: return ResultCode::Loss;
    case ResultCode::Loss: return ResultCode::Win;
    case ResultCode::Draw: return ResultCode::Draw;
    case ResultCode::ForfeitWin: return ResultCode::ForfeitLoss;
    case ResultCode::ForfeitLoss: return ResultCode::ForfeitWin;
    case ResultCode::UnratedWin: return ResultCode::UnratedLoss;
    case ResultCode::UnratedLoss: return ResultCode::UnratedWin;
    case ResultCode::UnratedDraw: return ResultCode::UnratedDraw;
    default: return std::nullopt; // byes have no opponent
    }
}

struct LineError {
    int column;
    std::string message;
};

std::variant<TrfPlayer, LineError> read_player_line(std::string_view line)
{
    TrfPlayer player;
    const auto start = parse_int(columns(line, 5, 8));
    if (!start || *start < 1 || *start > 9999)
        return LineError{5, "starting rank '" + std::string(trim(columns(line, 5, 8))) +
                                "' is not a number from 1 to 9999"};
    player.start_number = *start;
    player.sex = std::string(trim(columns(line, 10, 10)));
    player.title = std::string(trim(columns(line, 11, 13)));
    player.name = std::string(trim(columns(line, 15, 47)));
    const std::string_view rating = trim(columns(line, 49, 52));
    if (!rating.empty()) {
        const auto value = parse_int(rating);
        if (!value || *value < 0) return LineError{49, "rating '" + std::string(rating) + "' is not a number"};
        player.rating = *value;
    }
    player.federation = std::string(trim(columns(line, 54, 56)));
    player.fide_id = std::string(trim(columns(line, 58, 68)));
    player.birth_date = std::string(trim(columns(line, 70, 79)));
    player.points = std::string(trim(columns(line, 81, 84)));
    if (!player.points.empty() && !parse_points(player.points))
        return LineError{81, "points '" + player.points + "' are not a number like 4.5"};
    const std::string_view rank = trim(columns(line, 86, 89));
    if (!rank.empty()) {
        const auto value = parse_int(rank);
        if (!value || *value < 0) return LineError{86, "rank '" + std::string(rank) + "' is not a number"};
        player.rank = *value;
    }
    for (int first = 92; static_cast<std::size_t>(first) <= line.size(); first += 10) {
        const std::string_view field = columns(line, first, first + 7);
        if (trim(field).empty()) {
            player.rounds.emplace_back();
            continue;
        }
        const int round = (first - 92) / 10 + 1;
        const std::string round_name = "round " + std::to_string(round);
        RoundEntry entry;
        const std::string_view opponent = trim(columns(line, first, first + 3));
        if (!opponent.empty()) {
            const auto value = parse_int(opponent);
            if (!value || *value < 0 || *value > 9999)
                return LineError{first,
                                 round_name + ": opponent '" + std::string(opponent) + "' is not a start number"};
            entry.opponent = *value;
        }
        const std::string_view colour = columns(line, first + 5, first + 5);
        const char colour_letter = colour.empty() ? ' ' : static_cast<char>(std::tolower(colour[0]));
        if (colour_letter == 'w')
            entry.colour = Colour::White;
        else if (colour_letter == 'b')
            entry.colour = Colour::Black;
        else if (colour_letter != '-' && colour_letter != ' ')
            return LineError{first + 5, round_name + ": colour '" + std::string(colour) + "' is not w, b or -"};
        const std::string_view result = columns(line, first + 7, first + 7);
        const auto code = parse_result(result.empty() ? ' ' : result[0]);
        if (!code)
            return LineError{first + 7, round_name + ": result '" + std::string(result) + "' is not a TRF result code"};
        entry.result = *code;
        const bool is_game = mirrored(entry.result).has_value();
        if (is_game && entry.opponent == 0) return LineError{first, round_name + ": a game result needs an opponent"};
        if (is_game && !entry.colour) return LineError{first + 5, round_name + ": a game needs the colour w or b"};
        if (!is_game && entry.opponent != 0)
            return LineError{first + 7, round_name + ": a bye or absence has no opponent (use 0000)"};
        player.rounds.emplace_back(entry);
    }
    while (!player.rounds.empty() && !player.rounds.back()) player.rounds.pop_back();
    return player;
}

std::optional<LineError> read_point_system(std::string_view line, PointSystem& points)
{
    for (std::size_t i = 4; i < line.size(); ++i) {
        const char letter = line[i];
        if (std::isspace(static_cast<unsigned char>(letter))) continue;
        std::size_t end = i + 1;
        while (end < line.size() && line[end] == ' ') ++end;
        std::size_t number_end = end;
        while (number_end < line.size() && !std::isspace(static_cast<unsigned char>(line[number_end]))) ++number_end;
        const auto value = parse_points(line.substr(end, number_end - end));
        if (!value)
            return LineError{static_cast<int>(end) + 1,
                             "line 162: points for '" + std::string(1, letter) + "' are not a number"};
        switch (letter) {
        case 'W': points.win = *value; break;
        case 'D': points.draw = *value; break;
        case 'L': points.loss = *value; break;
        case 'A': points.absence = *value; break;
        case 'P': points.pairing_bye = *value; break;
        case 'X': break; // unknown results: the pairer never sees one
        default:
            return LineError{static_cast<int>(i) + 1,
                             "line 162: '" + std::string(1, letter) + "' is not one of W D L A P X"};
        }
        i = number_end;
    }
    return std::nullopt;
}

std::optional<LineError> read_extension(std::string_view code, std::string_view line, Tournament& tournament)
{
    std::istringstream words{std::string(line.size() > 3 ? line.substr(3) : std::string_view{})};
    if (code == "XXR" || code == "142") {
        std::string word;
        words >> word;
        const auto rounds = parse_int(word);
        if (!rounds || *rounds < 1 || *rounds > 99)
            return LineError{5, "number of rounds '" + word + "' is not a number from 1 to 99"};
        tournament.total_rounds = *rounds;
        if (code == "142") tournament.header["142"] = word;
        return std::nullopt;
    }
    if (code == "152") {
        std::string word;
        words >> word;
        if (word == "W" || word == "w")
            tournament.initial_colour = Colour::White;
        else if (word == "B" || word == "b")
            tournament.initial_colour = Colour::Black;
        else
            return LineError{5, "initial colour '" + word + "' is not W or B"};
        tournament.header["152"] = word;
        return std::nullopt;
    }
    if (code == "XXC") {
        for (std::string word; words >> word;) {
            if (word == "white1")
                tournament.initial_colour = Colour::White;
            else if (word == "black1")
                tournament.initial_colour = Colour::Black;
            else if (word == "rank")
                tournament.pair_by_rank = true;
            else
                return LineError{5, "XXC '" + word + "' is not white1, black1 or rank"};
        }
        return std::nullopt;
    }
    // XXP: two start numbers that must never be paired (family, clubmates).
    std::string first, second, extra;
    words >> first >> second;
    const auto a = parse_int(first), b = parse_int(second);
    if (!a || !b || *a < 1 || *b < 1 || *a == *b || (words >> extra))
        return LineError{5, "XXP needs two different start numbers, not '" + std::string(trim(line.substr(3))) + "'"};
    tournament.forbidden_pairs.emplace_back(std::min(*a, *b), std::max(*a, *b));
    return std::nullopt;
}

std::optional<TrfError> check_rounds(const Tournament& tournament, const std::map<int, int>& line_of)
{
    for (const TrfPlayer& player : tournament.players) {
        for (std::size_t r = 0; r < player.rounds.size(); ++r) {
            const auto& entry = player.rounds[r];
            if (!entry || !mirrored(entry->result)) continue;
            const int column = 92 + static_cast<int>(r) * 10;
            const std::string where = "round " + std::to_string(r + 1) + ": ";
            const TrfPlayer* opponent = tournament.player(entry->opponent);
            if (!opponent)
                return TrfError{line_of.at(player.start_number), column,
                                where + "opponent " + std::to_string(entry->opponent) + " has no 001 line"};
            if (opponent == &player)
                return TrfError{line_of.at(player.start_number), column, where + "a player cannot meet himself"};
            const auto& back = r < opponent->rounds.size() ? opponent->rounds[r] : std::nullopt;
            if (!back || back->opponent != player.start_number)
                return TrfError{line_of.at(player.start_number), column,
                                where + "opponent " + std::to_string(entry->opponent) + " does not name " +
                                    std::to_string(player.start_number) + " back"};
            if (back->colour == entry->colour)
                return TrfError{line_of.at(player.start_number), column + 5,
                                where + "both players have the same colour"};
            // A double forfeit (both absent) is `-` on both sides, as pairing programs write it.
            const bool double_forfeit =
                entry->result == ResultCode::ForfeitLoss && back->result == ResultCode::ForfeitLoss;
            if (back->result != *mirrored(entry->result) && !double_forfeit)
                return TrfError{line_of.at(player.start_number), column + 7,
                                where + "result '" + result_code_letter(entry->result) +
                                    "' does not match the opponent's '" + result_code_letter(back->result) + "'"};
        }
    }
    return std::nullopt;
}

std::string right(std::string_view text, std::size_t width)
{
    std::string out(text.substr(0, width));
    return std::string(width - out.size(), ' ') + out;
}

std::string left(std::string_view text, std::size_t width)
{
    std::string out(text.substr(0, width));
    return out + std::string(width - out.size(), ' ');
}

} // namespace

char result_code_letter(ResultCode code)
{
    switch (code) {
    case ResultCode::Win: return '1';
    case ResultCode::Draw: return '=';
    case ResultCode::Loss: return '0';
    case ResultCode::ForfeitWin: return '+';
    case ResultCode::ForfeitLoss: return '-';
    case ResultCode::UnratedWin: return 'W';
    case ResultCode::UnratedDraw: return 'D';
    case ResultCode::UnratedLoss: return 'L';
    case ResultCode::HalfPointBye: return 'H';
    case ResultCode::FullPointBye: return 'F';
    case ResultCode::PairingBye: return 'U';
    case ResultCode::ZeroPointBye: return 'Z';
    }
    return 'Z';
}

bool RoundEntry::played() const
{
    switch (result) {
    case ResultCode::Win:
    case ResultCode::Draw:
    case ResultCode::Loss:
    case ResultCode::UnratedWin:
    case ResultCode::UnratedDraw:
    case ResultCode::UnratedLoss: return opponent != 0;
    default: return false;
    }
}

int PointSystem::points_for(ResultCode code) const
{
    switch (code) {
    case ResultCode::Win:
    case ResultCode::ForfeitWin:
    case ResultCode::UnratedWin:
    case ResultCode::FullPointBye: return win;
    case ResultCode::Draw:
    case ResultCode::UnratedDraw:
    case ResultCode::HalfPointBye: return draw;
    case ResultCode::Loss:
    case ResultCode::UnratedLoss: return loss;
    case ResultCode::ForfeitLoss:
    case ResultCode::ZeroPointBye: return absence;
    case ResultCode::PairingBye: return pairing_bye;
    }
    return 0;
}

const TrfPlayer* Tournament::player(int start_number) const
{
    const auto found = std::lower_bound(players.begin(), players.end(), start_number,
                                        [](const TrfPlayer& p, int number) { return p.start_number < number; });
    return found != players.end() && found->start_number == start_number ? &*found : nullptr;
}

std::string TrfError::to_string() const
{
    std::string out = "line " + std::to_string(line);
    if (column > 0) out += ", column " + std::to_string(column);
    return out + ": " + message;
}

TrfReadResult read_trf(std::string_view text)
{
    Tournament tournament;
    std::map<int, int> line_of; // start number -> line
    int line_number = 0;
    while (!text.empty()) {
        const auto end = text.find('\n');
        std::string_view line = text.substr(0, end);
        text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
        ++line_number;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (trim(line).empty() || line.starts_with("###")) continue;
        if (line.size() < 3) return TrfError{line_number, 1, "'" + std::string(line) + "' is too short for a TRF line"};
        const std::string_view code = line.substr(0, 3);
        if (line.size() > 3 && line[3] != ' ')
            return TrfError{line_number, 4, "the code " + std::string(code) + " must be followed by a space"};
        std::optional<LineError> failure;
        if (code == "001") {
            auto player = read_player_line(line);
            if (auto* error = std::get_if<LineError>(&player)) {
                failure = *error;
            } else {
                TrfPlayer read = std::get<TrfPlayer>(std::move(player));
                if (line_of.contains(read.start_number))
                    return TrfError{line_number, 5,
                                    "start number " + std::to_string(read.start_number) + " is already on line " +
                                        std::to_string(line_of[read.start_number])};
                line_of[read.start_number] = line_number;
                tournament.players.push_back(std::move(read));
            }
        } else if (code == "XXR" || code == "XXC" || code == "XXP" || code == "142" || code == "152") {
            failure = read_extension(code, line, tournament);
        } else if (code == "162") {
            failure = read_point_system(line, tournament.points);
            if (!failure) tournament.header["162"] = std::string(line.size() > 4 ? line.substr(4) : std::string_view{});
        } else if (code.size() == 3 && code[2] == '2' && std::isdigit(static_cast<unsigned char>(code[0])) &&
                   std::isdigit(static_cast<unsigned char>(code[1]))) {
            tournament.header[std::string(code)] = std::string(line.size() > 4 ? line.substr(4) : std::string_view{});
        } else {
            tournament.unknown_lines.emplace_back(line);
        }
        if (failure) return TrfError{line_number, failure->column, failure->message};
    }
    std::sort(tournament.players.begin(), tournament.players.end(),
              [](const TrfPlayer& a, const TrfPlayer& b) { return a.start_number < b.start_number; });
    if (auto error = check_rounds(tournament, line_of)) return *error;
    for (const auto& [a, b] : tournament.forbidden_pairs)
        if (!tournament.player(a) || !tournament.player(b))
            return TrfError{
                0, 0, "XXP " + std::to_string(a) + " " + std::to_string(b) + " names a start number with no 001 line"};
    return tournament;
}

std::string write_trf(const Tournament& tournament)
{
    std::ostringstream out;
    for (const auto& [code, value] : tournament.header) {
        if (code == "142" || code == "152") continue; // written below from the typed values
        out << code << ' ' << value << '\n';
    }
    for (const TrfPlayer& player : tournament.players) {
        std::string line = "001 " + right(std::to_string(player.start_number), 4) + ' ' + left(player.sex, 1) +
                           right(player.title, 3) + ' ' + left(player.name, 33) + ' ' +
                           right(player.rating ? std::to_string(player.rating) : "", 4) + ' ' +
                           left(player.federation, 3) + ' ' + right(player.fide_id, 11) + ' ' +
                           left(player.birth_date, 10) + ' ' + right(player.points, 4) + ' ' +
                           right(player.rank ? std::to_string(player.rank) : "", 4) + "  ";
        for (const auto& entry : player.rounds) {
            if (!entry) {
                line += "          ";
                continue;
            }
            const char colour = entry->colour ? (*entry->colour == Colour::White ? 'w' : 'b') : '-';
            line += right(std::to_string(entry->opponent), 4);
            if (entry->opponent == 0) line.replace(line.size() - 4, 4, "0000");
            line += std::string(" ") + colour + ' ' + result_code_letter(entry->result) + "  ";
        }
        while (!line.empty() && line.back() == ' ') line.pop_back();
        out << line << '\n';
    }
    if (tournament.total_rounds) out << "XXR " << *tournament.total_rounds << '\n';
    if (tournament.initial_colour || tournament.pair_by_rank) {
        out << "XXC";
        if (tournament.initial_colour) out << (*tournament.initial_colour == Colour::White ? " white1" : " black1");
        if (tournament.pair_by_rank) out << " rank";
        out << '\n';
    }
    for (const auto& [a, b] : tournament.forbidden_pairs) out << "XXP " << a << ' ' << b << '\n';
    for (const std::string& line : tournament.unknown_lines) out << line << '\n';
    return out.str();
}

} // namespace rochade::pairing
