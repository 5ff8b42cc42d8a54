// The browser client's files over HTTP: the compressed copy the request accepts (br, then gzip,
// then the file), validators and 304, a year's caching for content-hashed names and revalidation
// for the rest; and the pure parts (Accept-Encoding, HTTP dates, hashed names) as tables.
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "server/net/static_representation.h"
#include "tests/server/server_fixture.h"
#include "tests/server/ws_test_client.h"

using namespace rochade::test;
using rochade::server::accepts_coding;
using rochade::server::ContentCoding;
using rochade::server::http_date;
using rochade::server::is_content_hashed;
using rochade::server::parse_http_date;

namespace {

namespace fs = std::filesystem;

void write(const fs::path& file, const std::string& content) { std::ofstream(file, std::ios::binary) << content; }

// A web root as web/build.mjs leaves it: a page, a hashed bundle with its .br and .gz copies
// (their content marks which one was sent), a file without copies, and a copy older than its file.
struct BuiltClient {
    BuiltClient()
    {
        write(dir.path() / "index.html", "<!doctype html><script type=module src=rochade-AB12CD34.js></script>\n");
        write(dir.path() / "index.html.gz", "page as gzip");
        write(dir.path() / "index.html.br", "page as brotli");
        write(dir.path() / "rochade-AB12CD34.js", "export const plain = 1;\n");
        write(dir.path() / "rochade-AB12CD34.js.gz", "bundle as gzip");
        write(dir.path() / "rochade-AB12CD34.js.br", "bundle as brotli");
        write(dir.path() / "favicon.svg", "<svg/>");
        write(dir.path() / "stale.css", "body{}");
        write(dir.path() / "stale.css.br", "an old build's copy");
        fs::last_write_time(dir.path() / "stale.css.br",
                            fs::last_write_time(dir.path() / "stale.css") - std::chrono::hours(1));
    }
    TempDir dir;
};

HttpReply get(std::uint16_t port, const std::string& target,
              const std::vector<std::pair<std::string, std::string>>& headers = {})
{
    return http_request(port, "GET", target, headers);
}

} // namespace

TEST_CASE("Accept-Encoding admits a coding by name or by *, unless its q is 0", "[static_files][caching]")
{
    struct Case {
        const char* header;
        bool brotli;
        bool gzip;
    };
    for (const Case& c : {Case{"", false, false}, Case{"gzip, deflate, br", true, true}, Case{"gzip", false, true},
                          Case{"br;q=0, gzip", false, true}, Case{"*", true, true}, Case{"*;q=0", false, false},
                          Case{"*, br;q=0", false, true}, Case{"GZIP;Q=0.5", false, true},
                          Case{"gzip;q=0.000", false, false}, Case{"gzip;q=abc", false, false},
                          Case{" br ; q=1 ,identity", true, false}, Case{"brotli, xgzip", false, false}}) {
        INFO(c.header);
        CHECK(accepts_coding(c.header, ContentCoding::Brotli) == c.brotli);
        CHECK(accepts_coding(c.header, ContentCoding::Gzip) == c.gzip);
        CHECK(accepts_coding(c.header, ContentCoding::Identity));
    }
}

TEST_CASE("content-hashed names are esbuild's name-XXXXXXXX.js, .css and their maps", "[static_files][caching]")
{
    for (const char* name : {"rochade-5XBQ2NQK.js", "admin-MZSI2AL4.css", "rochade-5XBQ2NQK.js.map", "a-b-12345678.js"})
        CHECK(is_content_hashed(name));
    for (const char* name : {"rochade.js", "index.html", "favicon.svg", "rochade-5xbq2nqk.js", "rochade-5XBQ2NQ.js",
                             "rochade_5XBQ2NQK.js", "-5XBQ2NQK.js", "rochade-5XBQ2NQK.html", "rochade-5XBQ2NQK.js.gz"})
        CHECK_FALSE(is_content_hashed(name));
}

TEST_CASE("HTTP dates are written and read as IMF-fixdate only", "[static_files][caching]")
{
    using namespace std::chrono;
    const sys_seconds moment = sys_days(year(1994) / November / 6) + hours(8) + minutes(49) + seconds(37);
    CHECK(http_date(moment) == "Sun, 06 Nov 1994 08:49:37 GMT");
    CHECK(parse_http_date("Sun, 06 Nov 1994 08:49:37 GMT") == moment);
    CHECK(parse_http_date(http_date(sys_days(year(2026) / February / 28) + hours(23))) ==
          sys_days(year(2026) / February / 28) + hours(23));
    for (const char* text :
         {"Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994", "Sun, 31 Feb 1994 08:49:37 GMT",
          "Sun, 06 Nov 1994 25:49:37 GMT", "Sun, 06 Nov 1994 08:49:37 UTC", "", "yesterday"})
        CHECK_FALSE(parse_http_date(text));
}

TEST_CASE("a static file is sent as the smallest copy the browser accepts, with Vary and the coding",
          "[server][http][static_files][caching]")
{
    BuiltClient client;
    InProcessServer server([&](auto& config) { config.web_root = client.dir.path().string(); });
    const auto port = server.port();

    const auto brotli = get(port, "/rochade-AB12CD34.js", {{"Accept-Encoding", "gzip, deflate, br"}});
    REQUIRE(brotli.status == 200);
    CHECK(brotli.body == "bundle as brotli");
    CHECK(brotli.header("Content-Encoding") == "br");
    CHECK(brotli.header("Content-Type") == "text/javascript; charset=utf-8");
    CHECK(brotli.header("Vary") == "Accept-Encoding");

    const auto gzip = get(port, "/rochade-AB12CD34.js", {{"Accept-Encoding", "gzip"}});
    CHECK(gzip.body == "bundle as gzip");
    CHECK(gzip.header("Content-Encoding") == "gzip");

    const auto plain = get(port, "/rochade-AB12CD34.js");
    CHECK(plain.body == "export const plain = 1;\n");
    CHECK_FALSE(plain.header("Content-Encoding"));
    CHECK(plain.header("Vary") == "Accept-Encoding");
    // Each copy is its own representation: its own strong validator.
    CHECK(brotli.header("ETag") != gzip.header("ETag"));
    CHECK(gzip.header("ETag") != plain.header("ETag"));

    const auto refused = get(port, "/rochade-AB12CD34.js", {{"Accept-Encoding", "br;q=0, gzip;q=0"}});
    CHECK(refused.body == "export const plain = 1;\n");

    // A file without copies varies by nothing; a copy older than its file is never sent.
    const auto icon = get(port, "/favicon.svg", {{"Accept-Encoding", "br"}});
    CHECK(icon.body == "<svg/>");
    CHECK_FALSE(icon.header("Vary"));
    const auto stale = get(port, "/stale.css", {{"Accept-Encoding", "br"}});
    CHECK(stale.body == "body{}");
    CHECK_FALSE(stale.header("Content-Encoding"));

    // The page too, with its policy; HEAD says the length of what GET would send.
    const auto page = get(port, "/", {{"Accept-Encoding", "br"}});
    CHECK(page.body == "page as brotli");
    CHECK(page.header("Content-Security-Policy"));
    const auto head = http_request(port, "HEAD", "/rochade-AB12CD34.js", {{"Accept-Encoding", "gzip"}});
    CHECK(head.status == 200);
    CHECK(head.header("Content-Encoding") == "gzip");
    CHECK(head.header("Content-Length") == std::to_string(std::string("bundle as gzip").size()));
    CHECK(head.body.empty());
    // The copies are not addresses of their own.
    CHECK(get(port, "/rochade-AB12CD34.js.br").status == 404);
    CHECK(get(port, "/index.html.gz").status == 404);
}

TEST_CASE("hashed names are kept a year, pages revalidated, ETag and Last-Modified answer 304",
          "[server][http][static_files][caching]")
{
    BuiltClient client;
    InProcessServer server([&](auto& config) { config.web_root = client.dir.path().string(); });
    const auto port = server.port();

    const auto bundle = get(port, "/rochade-AB12CD34.js", {{"Accept-Encoding", "br"}});
    CHECK(bundle.header("Cache-Control") == "public, max-age=31536000, immutable");
    const auto page = get(port, "/");
    CHECK(page.header("Cache-Control") == "no-cache");
    CHECK(get(port, "/favicon.svg").header("Cache-Control") == "no-cache");

    const auto etag = bundle.header("ETag");
    const auto modified = bundle.header("Last-Modified");
    REQUIRE(etag);
    REQUIRE(modified);
    CHECK(parse_http_date(*modified));

    const auto again = get(port, "/rochade-AB12CD34.js", {{"Accept-Encoding", "br"}, {"If-None-Match", *etag}});
    CHECK(again.status == 304);
    CHECK(again.body.empty());
    CHECK(again.header("ETag") == *etag);
    CHECK(again.header("Cache-Control") == "public, max-age=31536000, immutable");
    CHECK(again.header("Vary") == "Accept-Encoding");
    // Among several tags, weak or not, and *.
    CHECK(
        get(port, "/rochade-AB12CD34.js", {{"Accept-Encoding", "br"}, {"If-None-Match", "\"x\", W/" + *etag}}).status ==
        304);
    CHECK(get(port, "/rochade-AB12CD34.js", {{"If-None-Match", "*"}}).status == 304);
    // Another copy's tag is not this one's: the gzip copy is sent in full.
    const auto other = get(port, "/rochade-AB12CD34.js", {{"Accept-Encoding", "gzip"}, {"If-None-Match", *etag}});
    CHECK(other.status == 200);
    CHECK(other.body == "bundle as gzip");

    // If-Modified-Since: not changed since then, 304; a time before the change, the file.
    const auto page_modified = page.header("Last-Modified");
    REQUIRE(page_modified);
    CHECK(get(port, "/", {{"If-Modified-Since", *page_modified}}).status == 304);
    CHECK(get(port, "/", {{"If-Modified-Since", "Sat, 01 Jan 2000 00:00:00 GMT"}}).status == 200);
    CHECK(get(port, "/", {{"If-Modified-Since", "not a date"}}).status == 200);
    // If-None-Match decides when both are sent (RFC 9110 13.2.2).
    CHECK(get(port, "/", {{"If-None-Match", "\"old\""}, {"If-Modified-Since", *page_modified}}).status == 200);
    const auto page_304 = get(port, "/", {{"If-None-Match", *page.header("ETag")}});
    CHECK(page_304.status == 304);
    CHECK(page_304.header("Content-Security-Policy"));

    // A new build changes the page: its tag no longer matches.
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    write(client.dir.path() / "index.html", "<!doctype html><p>new build</p>\n");
    const auto rebuilt = get(port, "/", {{"If-None-Match", *page.header("ETag")}});
    CHECK(rebuilt.status == 200);
    CHECK(rebuilt.body == "<!doctype html><p>new build</p>\n");
}

TEST_CASE("path tricks stay refused for compressed copies too", "[server][http][static_files][caching]")
{
    BuiltClient client;
    TempDir outside;
    write(outside.path() / "secret.js", "secret");
    write(outside.path() / "secret.js.br", "secret copy");
    fs::create_symlink(outside.path() / "secret.js.br", client.dir.path() / "app.js.br");
    write(client.dir.path() / "app.js", "app");
    InProcessServer server([&](auto& config) { config.web_root = client.dir.path().string(); });
    const auto port = server.port();
    // A link named like a copy is not followed: the file itself is sent.
    const auto app = get(port, "/app.js", {{"Accept-Encoding", "br"}});
    CHECK(app.body == "app");
    CHECK_FALSE(app.header("Content-Encoding"));
    for (const char* target : {"/../secret.js", "/%2e%2e/secret.js", "/app.js.br", "/..%2fsecret.js"})
        CHECK(get(port, target, {{"Accept-Encoding", "br"}}).status == 404);
}
