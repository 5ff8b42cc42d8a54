// Nick skeletons: which nicks look alike (protocol/nick_skeleton.cpp). A table of pairs that must
// collide or stay apart, then properties over every letter a nick may contain.
#include <catch2/catch.hpp>

#include <string>

#include "protocol/nick.h"
#include "protocol/utf8.h"

using namespace rochade::protocol;

TEST_CASE("look-alike nicks share a skeleton, different nicks do not")
{
    struct Case {
        std::string a, b;
        bool same;
    };
    const Case cases[] = {
        // a dotless i and a dot below register next to "admin"
        {"admin", "admın", true},
        {"admin", "ạdmin", true},
        {"admin", "ADMİN", true},
        {"admin", "Àdmìñ", true},
        // strokes, bars and hooks that NFD keeps
        {"Lukasz", "Łukasz", true},
        {"David", "Đavid", true},
        {"David", "Ðavid", true},
        {"Olga", "Ølga", true},
        {"Nils", "Ŋils", true},
        {"Bob", "Ƀob", true},
        // ligatures spelled out
        {"Aelfred", "Ælfred", true},
        {"oeuvre", "Œuvre", true},
        {"Strauss", "Strauß", true},
        // the ASCII look-alikes of UTS #39: capital I and 1 as l, 0 as o, rn as m
        {"lvan", "Ivan", true},
        {"Ali", "All", true},
        {"Bob", "B0b", true},
        {"Paul", "Pau1", true},
        {"magnus", "rnagnus", true},
        {"magnus", "ṁagnus", true},
        // what stays apart
        {"anna", "anne", false},
        {"Anna", "Anna_", false},
        {"ab-c", "ab_c", false},
        {"Thor", "Þor", false},
        {"vvolf", "wolf", false},
        {"nick", "nicks", false},
    };
    for (const Case& c : cases) {
        INFO(c.a << " / " << c.b << ": " << nick_skeleton(c.a) << " / " << nick_skeleton(c.b));
        CHECK((nick_skeleton(c.a) == nick_skeleton(c.b)) == c.same);
    }
    CHECK(nick_skeleton("admın") == "adrnln");
    CHECK(nick_skeleton("Ĳssel") == "ljssel");
    CHECK(nick_skeleton("Þór") == "þor");
}

// Every letter, digit and sign a nick may contain (nick_error), one at a time.
template <class Check> void for_each_nick_character(Check check)
{
    for (char32_t c = 0x20; c <= 0x1EFF; ++c) {
        std::string letter;
        append_utf8(letter, c);
        if (nick_error("x" + letter)) continue;
        check(c, letter);
    }
}

TEST_CASE("a skeleton is ASCII but for letters drawn from none, and a skeleton of its own")
{
    int kept = 0;
    for_each_nick_character([&](char32_t c, const std::string& letter) {
        const std::string skeleton = nick_skeleton(letter);
        INFO("U+" << std::hex << static_cast<unsigned>(c) << " " << letter << " -> " << skeleton);
        REQUIRE_FALSE(skeleton.empty());
        // No skeleton holds what step 3 merges away, so skeletons are their own skeletons.
        CHECK(skeleton.find_first_of("im01") == std::string::npos);
        CHECK(nick_skeleton(skeleton) == skeleton);
        if (static_cast<unsigned char>(skeleton[0]) >= 0x80) {
            ++kept;
            CHECK(skeleton == nick_key(letter)); // a letter kept is kept folded
        } else {
            for (const char a : skeleton)
                CHECK(((a >= 'a' && a <= 'z') || (a >= '2' && a <= '9') || a == '_' || a == '-'));
        }
    });
    // þ, ə, ʒ and their kin: a few dozen, not hundreds (a row shifted by one would show here).
    CHECK(kept > 10);
    CHECK(kept < 60);
}

TEST_CASE("equal nick keys mean equal skeletons")
{
    // A capital and its small letter fold to one key; the table must give both one skeleton
    // even where nick_key leaves a rare capital unfolded.
    for_each_nick_character([&](char32_t c, const std::string& letter) {
        std::string small;
        append_utf8(small, c + 1);
        if (nick_error("x" + small) || nick_key(letter) != nick_key(small)) return;
        INFO("U+" << std::hex << static_cast<unsigned>(c) << " " << letter << " / " << small);
        CHECK(nick_skeleton(letter) == nick_skeleton(small));
    });
}
