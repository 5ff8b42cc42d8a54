#include "server/net/static_files.h"

#include <algorithm>
#include <array>
#include <string>
#include <utility>

#include "server/base/percent_decode.h"

namespace rochade::server {

namespace fs = std::filesystem;

std::string_view content_type_for(const fs::path& file)
{
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 14> types{{
        {".html", "text/html; charset=utf-8"},
        {".js", "text/javascript; charset=utf-8"},
        {".mjs", "text/javascript; charset=utf-8"},
        {".css", "text/css; charset=utf-8"},
        {".svg", "image/svg+xml"},
        {".png", "image/png"},
        {".ico", "image/x-icon"},
        {".json", "application/json"},
        {".txt", "text/plain; charset=utf-8"},
        {".woff2", "font/woff2"},
        {".woff", "font/woff"},
        {".map", "application/json"},
        {".webmanifest", "application/manifest+json"},
        {".wasm", "application/wasm"}, // the analysis board's engine (web/build.mjs)
    }};
    const std::string extension = file.extension().string();
    for (const auto& [ext, type] : types)
        if (extension == ext) return type;
    return {};
}

namespace {

// "/games/4711" or "/games/4711/": a game id of at most 18 digits (it fits an int64).
bool is_game_page(std::string_view path)
{
    constexpr std::string_view prefix = "/games/";
    if (!path.starts_with(prefix)) return false;
    std::string_view id = path.substr(prefix.size());
    if (id.ends_with('/')) id.remove_suffix(1);
    return !id.empty() && id.size() <= 18 && std::ranges::all_of(id, [](char c) { return c >= '0' && c <= '9'; });
}

// A tournament's public page, /tournaments/{id}: the client, which opens the tournament named in
// the address (visitors too). /tournaments/{id}.pgn and .trf are HTTP routes of their own.
bool is_tournament_page(std::string_view path)
{
    constexpr std::string_view prefix = "/tournaments/";
    if (!path.starts_with(prefix)) return false;
    std::string_view id = path.substr(prefix.size());
    if (id.ends_with('/')) id.remove_suffix(1);
    return !id.empty() && id.size() <= 15 && std::ranges::all_of(id, [](char c) { return c >= '0' && c <= '9'; });
}

// An open challenge's link, /challenge/{token} (docs/protocol.md, "Open challenges"): the
// client's page, which reads the token from the address. A token is base64url, 43 characters
// as the server makes them; anything else is no link.
bool is_challenge_link(std::string_view path)
{
    constexpr std::string_view prefix = "/challenge/";
    if (!path.starts_with(prefix)) return false;
    const std::string_view token = path.substr(prefix.size());
    return !token.empty() && token.size() <= 64 && std::ranges::all_of(token, [](char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
    });
}

// The path part of the target with %XX decoded; nullopt when the encoding is broken or the
// path could name something outside the root (NUL, backslash, a "." or ".." segment).
std::optional<std::string> decoded_path(std::string_view target)
{
    target = target.substr(0, target.find_first_of("?#"));
    if (target.empty() || target.front() != '/') return std::nullopt;
    auto decoded = percent_decode(target, PlusSign::IsPlus);
    if (!decoded || decoded->find_first_of(std::string_view("\0\\", 2)) != std::string::npos) return std::nullopt;
    std::string path = std::move(*decoded);
    std::size_t start = 0;
    while (start <= path.size()) {
        const std::size_t end = std::min(path.find('/', start), path.size());
        const std::string_view segment = std::string_view(path).substr(start, end - start);
        if (segment == "." || segment == "..") return std::nullopt;
        start = end + 1;
    }
    // The admin area is its own page (web/admin.html) at the address moderators are told.
    if (path == "/admin" || path == "/admin/") return std::string("/admin.html");
    // A finished game's public page, /games/{id} (web/archive.html reads the id from the
    // address); /games/{id}.pgn is the PGN download, an HTTP route of its own, not this page.
    if (is_game_page(path)) return std::string("/archive.html");
    // A player's profile, /@/{nick} as on lichess (web/profile.html reads the nick from the
    // address), and the leaderboards.
    if (path.starts_with("/@/") && path.size() > 3 && path.find('/', 3) == std::string::npos)
        return std::string("/profile.html");
    if (path == "/leaderboard" || path == "/leaderboard/") return std::string("/leaderboard.html");
    if (is_challenge_link(path) || is_tournament_page(path)) return std::string("/index.html");
    // The analysis board, /analysis?game={id} or ?fen= (web/analysis.html reads the query).
    if (path == "/analysis" || path == "/analysis/") return std::string("/analysis.html");
    if (path.back() == '/') path += "index.html";
    return path;
}

bool is_inside(const fs::path& root, const fs::path& file)
{
    const auto [root_end, file_it] = std::mismatch(root.begin(), root.end(), file.begin(), file.end());
    return root_end == root.end() && file_it != file.end();
}

} // namespace

std::optional<StaticFile> find_static_file(const fs::path& web_root, std::string_view target)
{
    const auto path = decoded_path(target);
    if (!path) return std::nullopt;
    std::error_code ec;
    const fs::path root = fs::canonical(web_root, ec);
    if (ec) return std::nullopt;
    // canonical() resolves symlinks, so a link pointing out of the root is caught here.
    const fs::path file = fs::canonical(root / fs::path(path->substr(1)), ec);
    if (ec || !is_inside(root, file) || !fs::is_regular_file(file, ec)) return std::nullopt;
    const std::string_view type = content_type_for(file);
    if (type.empty()) return std::nullopt;
    return StaticFile{file, type};
}

} // namespace rochade::server
