// Which copy of a static file to send and how long a browser may keep it: web/build.mjs writes
// a gzip (.gz) and a brotli (.br) copy beside each text file of the client, and names its
// bundles by their content (rochade-5XBQ2NQK.js). The server sends the smallest copy the
// request's Accept-Encoding admits (br, then gzip, then the file itself), with validators
// (ETag, Last-Modified) so that a browser asking again gets 304 without the body, and lets a
// browser keep a content-hashed file for a year without asking (its name changes when its
// content does), while every other file (the pages, favicon.svg) is revalidated on each visit.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "server/net/static_files.h"

namespace rochade::server {

enum class ContentCoding { Identity, Gzip, Brotli };

// The Content-Encoding value ("" for the file itself) and the suffix of its copy (".gz", ".br").
std::string_view coding_name(ContentCoding coding);
std::string_view coding_suffix(ContentCoding coding);

// Whether an Accept-Encoding header admits `coding` (RFC 9110 12.5.3: a listed coding or "*"
// with a q-value above 0; an absent header admits none but identity).
bool accepts_coding(std::string_view accept_encoding, ContentCoding coding);

// Whether a file name carries esbuild's content hash, "name-XXXXXXXX.js" (or .css, .js.map):
// such a file never changes under its name.
bool is_content_hashed(const std::filesystem::path& file);

// "Sun, 06 Nov 1994 08:49:37 GMT" (RFC 9110 5.6.7, IMF-fixdate), and back; another form of date
// is not understood (nullopt), and the request is then answered in full.
std::string http_date(std::chrono::system_clock::time_point time);
std::optional<std::chrono::system_clock::time_point> parse_http_date(std::string_view text);

struct StaticRepresentation {
    std::filesystem::path path; // what to send: the file or its compressed copy
    ContentCoding coding = ContentCoding::Identity;
    std::uintmax_t size = 0;   // of `path`
    std::string etag;          // strong, one per copy: "\"<mtime>-<size>[-br|-gz]\""
    std::string last_modified; // the file's, as an HTTP-date
    std::chrono::system_clock::time_point modified;
    std::string_view cache_control; // immutable for a content-hashed name, else no-cache
    bool has_copies = false;        // compressed copies exist: the answer varies by Accept-Encoding
};

// The copy of `file` to send for this Accept-Encoding. A copy counts only when it is a regular
// file beside the original, inside the root, and no older than the original (a stale copy left
// by an earlier build is never sent for a newer file); nullopt when the file cannot be read.
std::optional<StaticRepresentation> choose_representation(const StaticFile& file, std::string_view accept_encoding);

// Whether the browser's copy is still the one we would send, so 304 Not Modified answers:
// If-None-Match (any listed tag, weak or strong, or "*") decides when present; otherwise
// If-Modified-Since (the file not changed since, to the second). Empty strings: header absent.
bool not_modified(const StaticRepresentation& representation, std::string_view if_none_match,
                  std::string_view if_modified_since);

} // namespace rochade::server
