// The writing end of a streamed HTTP answer: lines of newline-delimited JSON (NDJSON) that the
// Bot API (server/bots/) pushes as events happen, and the HTTP session writes as chunks. No Beast
// here, so the game side can push without the network's headers (server/net/ndjson_stream.h is
// the one implementation).
#pragma once

#include <functional>
#include <string>

namespace rochade::server {

class LineStream {
public:
    virtual ~LineStream() = default;
    // Queues one line (the newline is added). Callable from any thread; nothing happens once the
    // stream has ended.
    virtual void push(std::string line) = 0;
    // Ends the stream after the queued lines (the last chunk, then the socket closes).
    virtual void finish() = 0;
    // False once the client went away or the stream ended: the pusher may forget it.
    virtual bool is_open() const = 0;
    // `ended` runs once when the stream ends, for whatever reason (the client left, a write
    // failed or timed out, finish()), on the stream's own thread; at once if it has ended.
    virtual void when_ended(std::function<void()> ended) = 0;
};

} // namespace rochade::server
