// A nick's skeleton: the form under which look-alike nicks collide. In the spirit of
// Unicode's confusables skeleton (UTS #39), cut to the alphabet nick_error admits: Latin letters,
// digits, '_' and '-'. Other scripts are refused at the door, so Cyrillic 'а' or Greek 'ο' never
// reach this table.
//
// Three steps, each a plain function of the one before:
// 1. nick_key: case folding (so two nicks with one key always share a skeleton).
// 2. The table below: each Latin letter becomes the ASCII letter(s) it is drawn from. Its marks
//    go as after NFD decomposition (ạ, ä, ǻ -> a), and so do the strokes, hooks, bars and dots
//    that NFD keeps (ł -> l, ø -> o, đ and ð -> d, ı -> i); ligatures are spelled out (æ -> ae,
//    ĳ -> ij). A letter not drawn from an ASCII letter (þ, ə, ʒ) stays itself.
// 3. append_ascii_lookalike: the look-alikes among ASCII letters and digits that UTS #39 lists:
//    1 -> l, 0 -> o, m -> rn, and capital I -> l. The key has folded I to i already, and a nick
//    may be typed in either case, so i and l must be one letter here: "Ivan" (capital i) and
//    "lvan" (small L) share a skeleton, and so, as the price, do "Ali" and "All".
//
// The table was made with Python's unicodedata (NFD, marks dropped, casefold; else the letter
// named in "LATIN ... LETTER X WITH STROKE/HOOK/BAR ..."); the letters left without either were
// decided by hand. ICU's uspoof_getSkeleton is not used: it keeps marks and case (its skeleton of
// "ạdmin" differs from that of "admin"), so it would have done the smaller part of the job for a
// dependency of ~35 MB with its data (docs/architecture.md, "Nicks").
#include "protocol/nick.h"

#include <algorithm>
#include <array>
#include <string_view>

#include "protocol/utf8.h"

namespace rochade::protocol {
namespace {

// One character per code point, rows of 16 from the first code point of a block: the ASCII base
// letter, '*' for several letters (spelled_out), '.' for a letter that stays itself or a code
// point nick_error refuses. The comment shows the row's characters.
// clang-format off
constexpr std::string_view latin_1 = // U+00C0-U+00FF
    "aaaaaa*ceeeeiiii" // 00C0 ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏ
    "dnooooo.ouuuuy.*" // 00D0 ÐÑÒÓÔÕÖ ØÙÚÛÜÝÞß
    "aaaaaa*ceeeeiiii" // 00E0 àáâãäåæçèéêëìíîï
    "dnooooo.ouuuuy.y" // 00F0 ðñòóôõö øùúûüýþÿ
    ;

constexpr std::string_view latin_extended_a_b = // U+0100-U+024F
    "aaaaaaccccccccdd" // 0100 ĀāĂăĄąĆćĈĉĊċČčĎď
    "ddeeeeeeeeeegggg" // 0110 ĐđĒēĔĕĖėĘęĚěĜĝĞğ
    "gggghhhhiiiiiiii" // 0120 ĠġĢģĤĥĦħĨĩĪīĬĭĮį
    "ii**jjkkklllllll" // 0130 İıĲĳĴĵĶķĸĹĺĻļĽľĿ
    "lllnnnnnnnnnoooo" // 0140 ŀŁłŃńŅņŇňŉŊŋŌōŎŏ
    "oo**rrrrrrssssss" // 0150 ŐőŒœŔŕŖŗŘřŚśŜŝŞş
    "ssttttttuuuuuuuu" // 0160 ŠšŢţŤťŦŧŨũŪūŬŭŮů
    "uuuuwwyyyzzzzzzs" // 0170 ŰűŲųŴŵŶŷŸŹźŻżŽžſ
    "bbbbbb.ccdddd..." // 0180 ƀƁƂƃƄƅƆƇƈƉƊƋƌƍƎƏ
    ".ffg.*iikkl..nno" // 0190 ƐƑƒƓƔƕƖƗƘƙƚƛƜƝƞƟ
    "oo**ppr....ttttu" // 01A0 ƠơƢƣƤƥƦƧƨƩƪƫƬƭƮƯ
    "u.vyyzz........p" // 01B0 ưƱƲƳƴƵƶƷƸƹƺƻƼƽƾƿ
    "....*********aai" // 01C0     ǄǅǆǇǈǉǊǋǌǍǎǏ
    "ioouuuuuuuuuu.aa" // 01D0 ǐǑǒǓǔǕǖǗǘǙǚǛǜǝǞǟ
    "aa**ggggkkoooo.." // 01E0 ǠǡǢǣǤǥǦǧǨǩǪǫǬǭǮǯ
    "j***gg*pnnaa**oo" // 01F0 ǰǱǲǳǴǵǶǷǸǹǺǻǼǽǾǿ
    "aaaaeeeeiiiioooo" // 0200 ȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏ
    "rrrruuuusstt..hh" // 0210 ȐȑȒȓȔȕȖȗȘșȚțȜȝȞȟ
    "nd..zzaaeeoooooo" // 0220 ȠȡȢȣȤȥȦȧȨȩȪȫȬȭȮȯ
    "ooyylntj**acclts" // 0230 ȰȱȲȳȴȵȶȷȸȹȺȻȼȽȾȿ
    "z..bu.eejjqqrryy" // 0240 ɀɁɂɃɄɅɆɇɈɉɊɋɌɍɎɏ
    ;

constexpr std::string_view latin_extended_additional = // U+1E00-U+1EFF
    "aabbbbbbccdddddd" // 1E00 ḀḁḂḃḄḅḆḇḈḉḊḋḌḍḎḏ
    "ddddeeeeeeeeeeff" // 1E10 ḐḑḒḓḔḕḖḗḘḙḚḛḜḝḞḟ
    "gghhhhhhhhhhiiii" // 1E20 ḠḡḢḣḤḥḦḧḨḩḪḫḬḭḮḯ
    "kkkkkkllllllllmm" // 1E30 ḰḱḲḳḴḵḶḷḸḹḺḻḼḽḾḿ
    "mmmmnnnnnnnnoooo" // 1E40 ṀṁṂṃṄṅṆṇṈṉṊṋṌṍṎṏ
    "oooopppprrrrrrrr" // 1E50 ṐṑṒṓṔṕṖṗṘṙṚṛṜṝṞṟ
    "sssssssssstttttt" // 1E60 ṠṡṢṣṤṥṦṧṨṩṪṫṬṭṮṯ
    "ttuuuuuuuuuuvvvv" // 1E70 ṰṱṲṳṴṵṶṷṸṹṺṻṼṽṾṿ
    "wwwwwwwwwwxxxxyy" // 1E80 ẀẁẂẃẄẅẆẇẈẉẊẋẌẍẎẏ
    "zzzzzzhtwyasss*." // 1E90 ẐẑẒẓẔẕẖẗẘẙẚẛẜẝẞẟ
    "aaaaaaaaaaaaaaaa" // 1EA0 ẠạẢảẤấẦầẨẩẪẫẬậẮắ
    "aaaaaaaaeeeeeeee" // 1EB0 ẰằẲẳẴẵẶặẸẹẺẻẼẽẾế
    "eeeeeeeeiiiioooo" // 1EC0 ỀềỂểỄễỆệỈỉỊịỌọỎỏ
    "oooooooooooooooo" // 1ED0 ỐốỒồỔổỖỗỘộỚớỜờỞở
    "oooouuuuuuuuuuuu" // 1EE0 ỠỡỢợỤụỦủỨứỪừỬửỮữ
    "uuyyyyyyyy**vvyy" // 1EF0 ỰựỲỳỴỵỶỷỸỹỺỻỼỽỾỿ
    ;
// clang-format on
static_assert(latin_1.size() == 0x100 - 0xC0 && latin_extended_a_b.size() == 0x250 - 0x100 &&
              latin_extended_additional.size() == 0x100);

struct SpelledOut {
    char32_t letter;
    std::string_view letters;
};

// The '*' of the rows above.
constexpr std::array<SpelledOut, 32> spelled_out = {{
    {0x00C6, "ae"}, // Æ
    {0x00DF, "ss"}, // ß
    {0x00E6, "ae"}, // æ
    {0x0132, "ij"}, // Ĳ
    {0x0133, "ij"}, // ĳ
    {0x0152, "oe"}, // Œ
    {0x0153, "oe"}, // œ
    {0x0195, "hv"}, // ƕ
    {0x01A2, "oi"}, // Ƣ
    {0x01A3, "oi"}, // ƣ
    {0x01C4, "dz"}, // Ǆ
    {0x01C5, "dz"}, // ǅ
    {0x01C6, "dz"}, // ǆ
    {0x01C7, "lj"}, // Ǉ
    {0x01C8, "lj"}, // ǈ
    {0x01C9, "lj"}, // ǉ
    {0x01CA, "nj"}, // Ǌ
    {0x01CB, "nj"}, // ǋ
    {0x01CC, "nj"}, // ǌ
    {0x01E2, "ae"}, // Ǣ
    {0x01E3, "ae"}, // ǣ
    {0x01F1, "dz"}, // Ǳ
    {0x01F2, "dz"}, // ǲ
    {0x01F3, "dz"}, // ǳ
    {0x01F6, "hv"}, // Ƕ
    {0x01FC, "ae"}, // Ǽ
    {0x01FD, "ae"}, // ǽ
    {0x0238, "db"}, // ȸ
    {0x0239, "qp"}, // ȹ
    {0x1E9E, "ss"}, // ẞ
    {0x1EFA, "ll"}, // Ỻ
    {0x1EFB, "ll"}, // ỻ
}};

// The row character of `c`, or 0 outside the three blocks (ASCII letters, digits, '_', '-').
char row_char(char32_t c)
{
    if (c >= 0xC0 && c <= 0xFF) return latin_1[c - 0xC0];
    if (c >= 0x100 && c <= 0x24F) return latin_extended_a_b[c - 0x100];
    if (c >= 0x1E00 && c <= 0x1EFF) return latin_extended_additional[c - 0x1E00];
    return 0;
}

// Step 3, for one ASCII character.
void append_ascii_lookalike(std::string& out, char c)
{
    switch (c) {
    case '1':
    case 'i': out += 'l'; return;
    case '0': out += 'o'; return;
    case 'm': out += "rn"; return;
    default: out += c; return;
    }
}

} // namespace

std::string nick_skeleton(std::string_view nick)
{
    const std::string key = nick_key(nick);
    std::string skeleton;
    skeleton.reserve(key.size() + 4);
    for (std::size_t at = 0; at < key.size();) {
        const CodePoint cp = read_code_point(key, at);
        if (!cp.valid) { // not a valid nick; keep the byte so that distinct inputs stay distinct
            skeleton += key[at++];
            continue;
        }
        at += static_cast<std::size_t>(cp.length);
        const char base = cp.value < 0x80 ? static_cast<char>(cp.value) : row_char(cp.value);
        if (base == '*') {
            const auto found = std::find_if(spelled_out.begin(), spelled_out.end(),
                                            [&](const SpelledOut& s) { return s.letter == cp.value; });
            for (const char c : found->letters) append_ascii_lookalike(skeleton, c);
        } else if (base != 0 && base != '.') {
            append_ascii_lookalike(skeleton, base);
        } else {
            append_utf8(skeleton, cp.value);
        }
    }
    return skeleton;
}

} // namespace rochade::protocol
