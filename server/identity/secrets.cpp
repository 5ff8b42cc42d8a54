#include "server/identity/secrets.h"

#include <sodium.h>

#include <array>
#include <stdexcept>

namespace rochade::identity {

namespace {

// sodium_init must run before any other call; it is thread-safe and idempotent.
void ensure_sodium()
{
    static const bool ready = sodium_init() >= 0;
    if (!ready) throw std::runtime_error("libsodium could not be initialised");
}

int utf8_code_points(std::string_view text)
{
    int count = 0;
    for (const unsigned char c : text)
        if ((c & 0xC0) != 0x80) ++count;
    return count;
}

} // namespace

std::string password_error(std::string_view password)
{
    if (password.size() > max_password_bytes)
        return "password: at most " + std::to_string(max_password_bytes) + " bytes";
    if (utf8_code_points(password) < static_cast<int>(min_password_chars))
        return "password: at least " + std::to_string(min_password_chars) + " characters";
    return {};
}

bool coin_flip()
{
    ensure_sodium();
    return randombytes_uniform(2) == 1;
}

std::uint32_t uniform_below(std::uint32_t upper_bound)
{
    ensure_sodium();
    return randombytes_uniform(upper_bound);
}

std::string new_token()
{
    ensure_sodium();
    std::array<unsigned char, 32> bytes;
    randombytes_buf(bytes.data(), bytes.size());
    std::array<char, sodium_base64_ENCODED_LEN(32, sodium_base64_VARIANT_URLSAFE_NO_PADDING)> text;
    sodium_bin2base64(text.data(), text.size(), bytes.data(), bytes.size(), sodium_base64_VARIANT_URLSAFE_NO_PADDING);
    sodium_memzero(bytes.data(), bytes.size());
    return std::string(text.data());
}

std::string token_hash(std::string_view token)
{
    ensure_sodium();
    std::array<unsigned char, crypto_generichash_BYTES> hash;
    crypto_generichash(hash.data(), hash.size(), reinterpret_cast<const unsigned char*>(token.data()), token.size(),
                       nullptr, 0);
    std::array<char, crypto_generichash_BYTES * 2 + 1> hex;
    sodium_bin2hex(hex.data(), hex.size(), hash.data(), hash.size());
    return std::string(hex.data());
}

std::string hash_password(std::string_view password)
{
    ensure_sodium();
    std::array<char, crypto_pwhash_STRBYTES> stored;
    if (crypto_pwhash_str_alg(stored.data(), password.data(), password.size(), password_ops_limit, password_mem_limit,
                              crypto_pwhash_ALG_ARGON2ID13) != 0)
        throw std::runtime_error("hashing a password failed: out of memory");
    return std::string(stored.data());
}

bool verify_password(std::string_view stored, std::string_view password)
{
    ensure_sodium();
    if (stored.size() >= crypto_pwhash_STRBYTES) return false;
    const std::string terminated(stored); // crypto_pwhash_str_verify reads a C string
    return crypto_pwhash_str_verify(terminated.c_str(), password.data(), password.size()) == 0;
}

void verify_against_dummy(std::string_view password)
{
    // Hashed once with the same parameters, so a verification against it costs the same.
    static const std::string dummy = hash_password("rochade: no such account");
    (void)verify_password(dummy, password);
}

} // namespace rochade::identity
