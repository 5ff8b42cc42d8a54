#include "server/admin/live_view_gatherer.h"

#include <algorithm>

#include "server/admin/other_nodes.h"
#include "server/lobby/lobby.h"
#include "server/table/table.h"
#include "server/table/table_directory.h"

namespace rochade::server {

namespace {

// The tables describe themselves one after another, each on its own strand; the next is asked
// from the previous one's answer, so the view is built by one hand at a time, without a lock.
void describe_tables(std::shared_ptr<std::vector<std::shared_ptr<Table>>> tables, std::size_t next,
                     std::shared_ptr<LiveView> view, std::function<void(LiveView)> done)
{
    if (next == tables->size()) return done(std::move(*view));
    (*tables)[next]->describe([tables, next, view, done = std::move(done)](LiveTable table) mutable {
        view->tables.push_back(std::move(table));
        describe_tables(std::move(tables), next + 1, std::move(view), std::move(done));
    });
}

} // namespace

LiveViewGatherer::LiveViewGatherer(std::shared_ptr<Lobby> lobby, TableDirectory& tables, OtherNodes& others)
    : lobby_(std::move(lobby)), tables_(tables), others_(others)
{
}

void LiveViewGatherer::everywhere(bool with_addresses, std::function<void(LiveView)> done)
{
    here(with_addresses, [this, with_addresses, done = std::move(done)](LiveView here) mutable {
        others_.add_to_live(with_addresses, std::move(here), std::move(done));
    });
}

void LiveViewGatherer::here(bool with_addresses, std::function<void(LiveView)> done)
{
    lobby_->live(with_addresses, [this, done = std::move(done)](std::vector<OnlinePlayer> players,
                                                                std::vector<LiveRoom> rooms) mutable {
        auto view = std::make_shared<LiveView>();
        view->players = std::move(players);
        view->rooms = std::move(rooms);
        auto tables = std::make_shared<std::vector<std::shared_ptr<Table>>>(tables_.all());
        std::sort(tables->begin(), tables->end(), [](const auto& a, const auto& b) { return a->id() < b->id(); });
        describe_tables(std::move(tables), 0, std::move(view), std::move(done));
    });
}

} // namespace rochade::server
