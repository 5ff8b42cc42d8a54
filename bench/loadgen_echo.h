// Echo mode of the load generator: N clients each send a frame of a chess-message size to
// bench/echo_server and wait for it to come back, then send the next one at once (or at a set
// rate). The round trips per second are the ceiling the chess server is compared with.
#pragma once

#include <memory>
#include <vector>

#include "bench/loadgen_io_threads.h"
#include "bench/loadgen_options.h"
#include "bench/loadgen_ws_client.h"

namespace rochade::bench {

class EchoLoad {
public:
    EchoLoad(IoThreads& threads, const ServerAddress& address, const LoadgenOptions& options, LoadStats& stats);

    void start();
    // True when every client is connected (each starts its round trips once open).
    bool ramp_done() const;
    std::size_t client_count() const { return clients_.size(); }
    void close_all();

private:
    void connect_next();

    const LoadgenOptions& options_;
    LoadStats& stats_;
    std::vector<std::shared_ptr<WsClient>> clients_;
    std::atomic<std::size_t> next_to_connect_{0};
};

} // namespace rochade::bench
