// Game mode of the load generator: G pairings of two players, each playing random legal moves
// at a table of its own, plus spectators watching those tables.
//
// A pairing's players say hello, enter their room; the opener opens a table, the other joins,
// and the side to move picks a random move from the legal_moves of the last game_started or
// move event and sends it when the pairing's schedule says (rate moves per second per game,
// or at once with --max). When a game ends both ask for a rematch (colours swapped, same
// table, the spectators stay); if the server refuses, the opener opens a new table.
#pragma once

#include <memory>
#include <vector>

#include "bench/loadgen_io_threads.h"
#include "bench/loadgen_options.h"
#include "bench/loadgen_reconnect.h"
#include "bench/loadgen_ws_client.h"

namespace rochade::bench {

class Pairing;

class GameLoad {
public:
    // A pairing's two players and its spectators share one of the threads. With --cross-port,
    // a share of the joiners connect to `cross_address` instead (another node).
    GameLoad(IoThreads& threads, const ServerAddress& address, const ServerAddress& cross_address,
             const LoadgenOptions& options, LoadStats& stats);
    ~GameLoad();

    // Starts connecting every client, `connect_concurrency` at a time.
    void start();
    // True when every pairing has started its first game and every spectator watches a table.
    bool ramp_done() const;
    std::size_t client_count() const { return clients_.size(); }
    // Closes every connection (a normal close, 1000).
    void close_all();

private:
    void connect_next();

    const LoadgenOptions& options_;
    LoadStats& stats_;
    std::vector<std::shared_ptr<Pairing>> pairings_;
    std::vector<std::shared_ptr<WsClient>> clients_;
    std::atomic<std::size_t> next_to_connect_{0};
    std::unique_ptr<Reconnector> reconnector_; // --reconnect-fraction's churn
};

} // namespace rochade::bench
