// The browser client's files: only regular files under the web root with a known type.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include "server/net/static_files.h"

namespace fs = std::filesystem;
using rochade::server::content_type_for;
using rochade::server::find_static_file;

namespace {

// web/ with index.html, admin.html, archive.html, app.js, img/logo.svg, notes.xyz; a secret file beside it and a
// link to it.
struct WebRoot {
    // One directory per process: ctest runs the test cases of this file in parallel processes.
    WebRoot() : base(fs::temp_directory_path() / ("rochade-static-files-" + std::to_string(::getpid())))
    {
        fs::remove_all(base);
        fs::create_directories(base / "web" / "img");
        fs::create_directories(base / "web" / "empty");
        for (const char* name : {"web/index.html", "web/admin.html", "web/archive.html", "web/analysis.html",
                                 "web/app.js", "web/img/logo.svg", "web/notes.xyz", "secret.html"})
            std::ofstream(base / name) << "x";
        fs::create_symlink(base / "secret.html", base / "web" / "link.html");
    }
    ~WebRoot() { fs::remove_all(base); }
    fs::path root() const { return base / "web"; }
    fs::path base;
};

} // namespace

TEST_CASE("content types by extension", "[static_files]")
{
    CHECK(content_type_for("index.html") == "text/html; charset=utf-8");
    CHECK(content_type_for("app.js") == "text/javascript; charset=utf-8");
    CHECK(content_type_for("style.css") == "text/css; charset=utf-8");
    CHECK(content_type_for("board.svg") == "image/svg+xml");
    CHECK(content_type_for("piece.png") == "image/png");
    CHECK(content_type_for("font.woff") == "font/woff");
    CHECK(content_type_for("rochade.js.map") == "application/json");
    CHECK(content_type_for("stockfish.wasm") == "application/wasm");
    CHECK(content_type_for("notes.xyz").empty());
    CHECK(content_type_for("Makefile").empty());
}

TEST_CASE("request targets that name a file under the root", "[static_files]")
{
    const WebRoot web;
    const auto root = fs::canonical(web.root());
    struct Case {
        const char* target;
        fs::path file;
    };
    for (const Case& c : {Case{"/", "index.html"},
                          Case{"/index.html", "index.html"},
                          Case{"/app.js?v=3", "app.js"},
                          Case{"/img/logo.svg", "img/logo.svg"},
                          Case{"/img/%6Cogo.svg", "img/logo.svg"},
                          Case{"/admin", "admin.html"},
                          Case{"/admin/", "admin.html"},
                          Case{"/admin?tab=audit", "admin.html"},
                          Case{"/admin.html", "admin.html"},
                          Case{"/games/4711", "archive.html"},
                          Case{"/games/4711/", "archive.html"},
                          Case{"/games/1?ply=3", "archive.html"},
                          Case{"/games/%34%37", "archive.html"},
                          Case{"/games/123456789012345678", "archive.html"},
                          Case{"/challenge/Ab-_09xYzAb-_09xYzAb-_09xYzAb-_09xYzAb-_09x", "index.html"},
                          Case{"/challenge/abc?x=1", "index.html"},
                          Case{"/analysis", "analysis.html"},
                          Case{"/analysis/", "analysis.html"},
                          Case{"/analysis?game=12", "analysis.html"},
                          Case{"/tournaments/7", "index.html"},
                          Case{"/tournaments/123456789012345/", "index.html"}}) {
        INFO(c.target);
        const auto found = find_static_file(web.root(), c.target);
        REQUIRE(found);
        CHECK(found->path == root / c.file);
    }
}

TEST_CASE("request targets that are not served", "[static_files]")
{
    const WebRoot web;
    for (const char* target : {"/../secret.html", "/img/../../secret.html", "/%2e%2e/secret.html", "/..%2fsecret.html",
                               "/link.html", "/notes.xyz", "/missing.js", "/img", "/empty/", "index.html", "",
                               "/app.js%00.png", "/img\\logo.svg", "/%zz", "/./app.js", "/admin/x", "/administrator",
                               // The PGN download is the server's route, never the page; an id is digits only.
                               "/games/4711.pgn", "/games/", "/games", "/games/-1", "/games/12a", "/games/1/2",
                               "/games/1234567890123456789", "/games/4711//", "/gamesx/1",
                               // A challenge link's token is base64url, nothing else.
                               "/challenge/", "/challenge", "/challenge/a/b", "/challenge/a.b", "/challenge/a%20b",
                               "/challenge/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
                               // A tournament's page has its number; .pgn and .trf are the server's routes.
                               "/tournaments/", "/tournaments/7.pgn", "/tournaments/7.trf", "/tournaments/x",
                               "/tournaments/1234567890123456", "/tournaments/7/players"}) {
        INFO(target);
        CHECK_FALSE(find_static_file(web.root(), target));
    }
    CHECK_FALSE(find_static_file(web.base / "no-such-root", "/index.html"));
}
