// Nicks: what is valid (2-20 code points of Latin letters, digits, '_' and '-') and which
// nicks are the same for uniqueness.
#include <catch2/catch.hpp>

#include <string>

#include "protocol/nick.h"

using namespace rochade::protocol;

TEST_CASE("valid nicks")
{
    for (const std::string nick : {"ab", "Jürgen", "ÄÖÜäöüß", "Magnus_Carlsen-2", "12", "x-_", "Łukasz", "Dvořák",
                                   "Nguyễn", "ĐẶNG", "Gästezimmer", "aaaaaaaaaaaaaaaaaaaa", "ßßßßßßßßßßßßßßßßßßßß"}) {
        INFO(nick);
        CHECK_FALSE(nick_error(nick));
    }
}

TEST_CASE("invalid nicks say why")
{
    struct Case {
        std::string nick;
        std::string message_part;
    };
    const Case cases[] = {
        {"", "2-20 characters long, not 0"},
        {"a", "not 1"},
        {"ü", "not 1"}, // two bytes, one character
        {std::string(21, 'a'), "not 21"},
        {"a b", "space (found one at character 2)"},
        {"ab\t", "control character (found one at character 3)"},
        {std::string("ab\0", 3), "control character"},
        {"ab\x7f", "control character"},
        {"a!b", "'!' at character 2"},
        {"anna@home", "'@'"},
        {"Иван", "'И' at character 1"}, // Cyrillic: refused (look-alikes of Latin letters)
        {"ab€", "'€'"},
        {"ab\xc3", "not valid UTF-8 (at byte 3)"},
        {"\xc3\x28xy", "not valid UTF-8 (at byte 1)"},
        {"ab\xc0\xaf", "not valid UTF-8"},         // overlong '/'
        {"ab\xed\xa0\x80", "not valid UTF-8"},     // a surrogate
        {"ab\xf4\x90\x80\x80", "not valid UTF-8"}, // above U+10FFFF
        {"a\xc7\x83z", "'\xc7\x83'"},              // U+01C3, a click letter that looks like '!'
        {"a×b", "'×'"},
    };
    for (const Case& c : cases) {
        const auto error = nick_error(c.nick);
        INFO(c.nick);
        REQUIRE(error);
        INFO(*error);
        CHECK(error->find(c.message_part) != std::string::npos);
    }
}

TEST_CASE("nick keys fold case so that look-alike nicks collide")
{
    struct Case {
        std::string a, b;
        bool same;
    };
    const Case cases[] = {
        {"Jürgen", "JÜRGEN", true},  {"Jürgen", "jürgen", true},  {"Jürgen", "Jurgen", false},
        {"Strauß", "STRAUSS", true}, {"Strauß", "strauss", true}, {"STRAUẞ", "strauß", true},
        {"ÉLODIE", "élodie", true},  {"ŁUKASZ", "łukasz", true},  {"DVOŘÁK", "dvořák", true},
        {"ĐẶNG", "đặng", true},      {"ŸVES", "ÿves", true},      {"Anna", "Anna_", false},
        {"anna", "anne", false},     {"Ab-1", "aB-1", true},
    };
    for (const Case& c : cases) {
        INFO(c.a << " / " << c.b);
        CHECK((nick_key(c.a) == nick_key(c.b)) == c.same);
    }
    CHECK(nick_key("JÜRGEN") == "jürgen");
    CHECK(nick_key("Straße") == "strasse");
}
