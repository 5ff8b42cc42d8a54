// Table chat: a line is checked when it arrives, then stored and broadcast like every other
// event, but it never queues at the store ahead of the game. A table has one emission at the
// store at a time (table_commits.cpp); were chat lines emissions the moment they arrived, a
// flood of them (one player with a raised chat limit, or hundreds of chatting watchers) would
// stand in line before the next move, each one commit, and grow the table without bound. So
// while anything of this table is at the store, or a fallen flag waits for its verdict, a line
// waits in `waiting_chat_` (a ChatInbox of `table_chat_queue` lines) and takes its sequence
// number only when it goes: moves, draws, claims and resignations emitted meanwhile go first,
// and the waiting lines follow one at a time whenever nothing else waits. A line past the bound
// is refused with `busy`; a line taken is stored and answered ok, or its sender is told why not.
//
// Two channels while a game runs (protocol::ChatChannel): a seated player's line goes to
// everyone at the table, a spectator's to the spectators only, so that nobody advises a player
// during play (FIDE 11.3). The server decides, never the client: a spectators' line is no
// numbered event (a seat would see a hole in its seqs), it is stored as `spectator_chat` under
// the seq of the last event, and the table's broadcast passes by every connection of both seated
// players (Watchers::broadcast_except, which reaches the watchers of other nodes the same way).
// The channel is decided when the line goes, as it may have waited while the game started or
// ended. Before the game and after it there is one channel.
#include <nlohmann/json.hpp>

#include "protocol/encode.h"
#include "server/base/wall_clock.h"
#include "server/moderation/sanctions.h"
#include "server/table/table.h"
#include "server/table/table_services.h"

namespace rochade::server {

using protocol::ErrorCode;

void Table::chat(ConnectionPtr connection, identity::Identity who, Id id, std::string text)
{
    net::post(strand_, [self = shared_from_this(), connection = std::move(connection), who = std::move(who),
                        id = std::move(id), text = std::move(text)]() mutable {
        const auto table = std::to_string(self->id_);
        if (self->closed_)
            return reply_error(connection, id, ErrorCode::NoSuchTable, "table_chat: table " + table + " is closed");
        if (!self->watchers_.contains(connection->id()))
            return reply_error(connection, id, ErrorCode::NotAPlayer, "table_chat: watch table " + table + " first");
        if (const auto mute = self->services_.sanctions.mute(who.nick, self->room_, wall_clock_ms()))
            return connection->send_error(id, ErrorCode::Muted, "table_chat: you are " + sanction_text(*mute),
                                          error_sanction(*mute));
        ChatInbox::Line line{std::move(connection), std::move(id), std::move(who.nick), std::move(text), who.principal};
        if (!self->emissions_.busy() && !self->flag_watch_.question_out() && self->waiting_chat_.empty())
            return self->emit_chat(std::move(line));
        if (self->waiting_chat_.try_add(line)) return;
        reply_error(line.sender, line.id, ErrorCode::Busy,
                    "table_chat: " + std::to_string(self->waiting_chat_.size()) + " chat lines wait at table " + table +
                        " already, the most it keeps while its store is busy; this one was refused, send "
                        "it again in a moment");
    });
}

protocol::ChatChannel Table::chat_channel(const identity::Principal& who) const
{
    if (!game_ || game_->is_over()) return protocol::ChatChannel::Table;
    return side_of(who) ? protocol::ChatChannel::Players : protocol::ChatChannel::Spectators;
}

std::vector<identity::Principal> Table::seated_principals() const
{
    std::vector<identity::Principal> seated;
    for (const auto& seat : seats_)
        if (seat) seated.push_back(seat->owner);
    return seated;
}

void Table::emit_chat(ChatInbox::Line line)
{
    const auto channel = chat_channel(line.who);
    const auto detail =
        nlohmann::json{{"from", line.nick}, {"text", line.text}, {"channel", protocol::chat_channel_name(channel)}}
            .dump();
    const auto taken_ms = wall_clock_ms();
    Emission emission;
    if (channel == protocol::ChatChannel::Spectators) {
        const auto after = events_.last_taken();
        emission.writes.push_back(
            db::TableEvent{id_, game_id_, after, db::TableEventKind::SpectatorChat, detail, taken_ms});
        emission.events.push_back(Event{after,
                                        std::make_shared<const std::string>(protocol::encode_table_chat(
                                            id_, std::nullopt, channel, line.nick, line.text, taken_ms)),
                                        true});
    } else {
        const auto seq = events_.take_next();
        add_event(emission, protocol::encode_table_chat(id_, seq, channel, line.nick, line.text, taken_ms),
                  db::TableEventKind::TableChat, detail);
    }
    emission.what = "table_chat";
    emission.sender = std::move(line.sender);
    emission.id = std::move(line.id);
    emission.ok_on_commit = true;
    emit(std::move(emission));
}

void Table::serve_waiting_chat()
{
    while (!emissions_.busy() && !flag_watch_.question_out()) {
        auto line = waiting_chat_.take();
        if (!line) return;
        // Closed while the line waited (abandoned, or taken over by another node): its sender
        // hears so rather than nothing.
        if (!closed_) return emit_chat(std::move(*line));
        reply_error(line->sender, line->id, ErrorCode::NoSuchTable,
                    "table_chat: table " + std::to_string(id_) + " closed before your line was stored");
    }
}

void Table::fail_waiting_chat(const db::StoreError& error)
{
    for (auto& line : waiting_chat_.take_all()) {
        Emission not_sent;
        not_sent.what = "table_chat";
        not_sent.sender = std::move(line.sender);
        not_sent.id = std::move(line.id);
        tell_not_stored(not_sent, error);
    }
}

void Table::refuse_waiting_chat(ErrorCode code, const std::string& why)
{
    for (auto& line : waiting_chat_.take_all())
        reply_error(line.sender, line.id, code, "table_chat at table " + std::to_string(id_) + ": " + why);
}

} // namespace rochade::server
