// db/records.h: the kinds of table events, as table_events.kind and the admin's game log spell them.
#include <catch2/catch.hpp>

#include <string_view>

#include "db/records.h"

using rochade::db::parse_table_event_kind;
using rochade::db::TableEventKind;

TEST_CASE("every table event kind's text reads back as that kind")
{
    const struct {
        TableEventKind kind;
        std::string_view text;
    } rows[] = {
        {TableEventKind::GameStarted, "game_started"},
        {TableEventKind::SeatChanged, "seat_changed"},
        {TableEventKind::DrawOffered, "draw_offered"},
        {TableEventKind::DrawDeclined, "draw_declined"},
        {TableEventKind::DrawClaimRejected, "draw_claim_rejected"},
        {TableEventKind::RematchOffered, "rematch_offered"},
        {TableEventKind::PlayerDisconnected, "player_disconnected"},
        {TableEventKind::PlayerReconnected, "player_reconnected"},
        {TableEventKind::FlagFall, "flag_fall"},
        {TableEventKind::Adjudicated, "adjudicated"},
        {TableEventKind::TableChat, "table_chat"},
        {TableEventKind::SpectatorChat, "spectator_chat"},
    };
    for (const auto& row : rows) {
        INFO(row.text);
        CHECK(to_text(row.kind) == row.text);
        const auto parsed = parse_table_event_kind(row.text, "the test");
        REQUIRE(parsed);
        CHECK(*parsed == row.kind);
    }
}

TEST_CASE("an unknown table event kind is refused, naming the text and where it was read")
{
    const auto parsed = parse_table_event_kind("draw_offer", "table_events.kind of game 4 seq 9");
    REQUIRE_FALSE(parsed);
    CHECK(parsed.error() == "unknown table event kind 'draw_offer' in table_events.kind of game 4 seq 9");
    CHECK_FALSE(parse_table_event_kind("Table_Chat", "x"));
    CHECK_FALSE(parse_table_event_kind("", "x"));
    CHECK_FALSE(parse_table_event_kind("move", "x"));
}
