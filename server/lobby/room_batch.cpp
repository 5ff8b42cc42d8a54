#include "server/lobby/room_batch.h"

namespace rochade::server {

RoomBatch::Taken RoomBatch::take()
{
    Taken taken;
    taken.presence = presence_;
    for (auto& [id, summary] : tables_) {
        if (summary)
            taken.tables.push_back(std::move(*summary));
        else
            taken.closed.push_back(id);
    }
    presence_ = false;
    tables_.clear();
    return taken;
}

} // namespace rochade::server
