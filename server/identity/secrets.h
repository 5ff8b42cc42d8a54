// The secrets of identity: random tokens, their stored hashes, and password hashes. Every
// primitive is libsodium's (randombytes_buf, crypto_generichash, crypto_pwhash_str with
// argon2id); nothing here is our own cryptography.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "protocol/account_limits.h"

namespace rochade::identity {

// A password longer than protocol::max_password_bytes (256) is refused before it is hashed, so
// a megabyte of "password" costs nothing.
using protocol::max_password_bytes;
inline constexpr std::size_t min_password_chars = 8;

// Why `password` cannot be set ("password: at least 8 characters"), or "" when it can.
std::string password_error(std::string_view password);

// A new session or resume token: 32 bytes (256 bits) from libsodium's generator, written as
// 43 characters of unpadded base64url, safe in a cookie and in JSON.
std::string new_token();

// A fair coin from the same generator: the colour of a table opened with "random". One
// generator for everything random the server decides, so none can be guessed from another.
bool coin_flip();
// A number from 0 to upper_bound - 1, each equally likely (libsodium's randombytes_uniform, no
// modulo bias), from the same generator: a Chess960 start drawn for a table.
std::uint32_t uniform_below(std::uint32_t upper_bound);

// What is stored of a token: its BLAKE2b-256 hash, as 64 hex digits. The token itself is
// never stored, so a copy of the database hands out no session.
std::string token_hash(std::string_view token);

// Argon2id parameters: OWASP's minimum (19 MiB, 2 passes, one lane as libsodium does).
// About 30-60 ms and 19 MiB per hash here (docs/performance.md, "Logins").
inline constexpr unsigned long long password_ops_limit = 2;
inline constexpr std::size_t password_mem_limit = 19 * 1024 * 1024;

// crypto_pwhash_str's "$argon2id$v=19$m=19456,t=2,p=1$..." for `password`. Throws
// std::runtime_error when the memory cannot be had.
std::string hash_password(std::string_view password);

// Whether `password` matches `stored` (a hash_password result). False for a malformed hash.
bool verify_password(std::string_view stored, std::string_view password);

// Burns the time and memory of one verification, for a login whose nick has no account, so
// that an unknown nick and a wrong password take about as long.
void verify_against_dummy(std::string_view password);

} // namespace rochade::identity
