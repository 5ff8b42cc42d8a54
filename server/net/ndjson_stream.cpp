#include "server/net/ndjson_stream.h"

#include <array>
#include <iterator>

namespace rochade::server {

NdjsonStream::NdjsonStream(beast::tcp_stream&& stream, SocketSlot slot)
    : stream_(std::move(stream)), slot_(std::move(slot)), keep_alive_(stream_.get_executor())
{
}

void NdjsonStream::start(unsigned version, std::function<void(std::shared_ptr<LineStream>)> opened)
{
    opened_ = std::move(opened);
    header_ = http::response<http::empty_body>{http::status::ok, version};
    header_.set(http::field::server, "Rochade");
    header_.set("X-Content-Type-Options", "nosniff");
    header_.set(http::field::content_type, "application/x-ndjson");
    header_.set(http::field::cache_control, "no-store");
    header_.chunked(true);
    header_.keep_alive(false);
    stream_.expires_after(write_timeout);
    http::async_write_header(stream_, serializer_,
                             [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_header(ec); });
}

void NdjsonStream::on_header(beast::error_code ec)
{
    if (ec) return end();
    header_written_ = true;
    watch_peer();
    arm_keep_alive();
    if (auto opened = std::move(opened_)) opened(shared_from_this());
    write_next();
}

void NdjsonStream::push(std::string line)
{
    if (!open_) return;
    line.push_back('\n');
    net::post(stream_.get_executor(), [self = shared_from_this(), line = std::move(line)]() mutable {
        if (!self->open_ || self->finishing_) return;
        self->queued_bytes_ += line.size();
        if (self->queued_bytes_ > max_queued_bytes) return self->end(); // a client that does not read
        self->queue_.push_back(std::move(line));
        self->write_next();
    });
}

void NdjsonStream::finish()
{
    net::post(stream_.get_executor(), [self = shared_from_this()] {
        self->finishing_ = true;
        self->write_next();
    });
}

void NdjsonStream::when_ended(std::function<void()> ended)
{
    net::dispatch(stream_.get_executor(), [self = shared_from_this(), ended = std::move(ended)]() mutable {
        if (!self->open_) return ended();
        self->ended_.push_back(std::move(ended));
    });
}

void NdjsonStream::write_next()
{
    if (!open_ || !header_written_ || writing_) return;
    stream_.expires_after(write_timeout);
    if (queue_.empty()) {
        if (!finishing_) return;
        writing_ = true;
        return net::async_write(stream_, http::make_chunk_last(),
                                [self = shared_from_this()](beast::error_code, std::size_t) { self->end(); });
    }
    writing_ = true;
    last_write_ = std::chrono::steady_clock::now();
    // The front line stays where it is until its write completed (a deque's push_back keeps
    // references to the other elements valid).
    net::async_write(stream_, http::make_chunk(net::buffer(queue_.front())),
                     [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_write(ec); });
}

void NdjsonStream::on_write(beast::error_code ec)
{
    writing_ = false;
    if (!open_) return queue_.clear(); // ended while this write was under way: its line may go now
    if (ec) return end();
    queued_bytes_ -= queue_.front().size();
    queue_.pop_front();
    write_next();
}

// A tick every keep_alive_tick; an empty line when nothing was written for keep_alive_every, so
// the longest silence is keep_alive_every + keep_alive_tick (lichess: 7 s; lichess-bot gives up
// after 15 s without a byte).
void NdjsonStream::arm_keep_alive()
{
    keep_alive_.expires_after(keep_alive_tick);
    keep_alive_.async_wait([self = shared_from_this()](beast::error_code ec) {
        if (ec || !self->open_) return;
        const auto now = std::chrono::steady_clock::now();
        if (now - self->last_write_ >= keep_alive_every && !self->finishing_ && self->queue_.empty()) {
            self->queue_.push_back("\n");
            self->queued_bytes_ += 1;
            self->write_next();
        }
        self->arm_keep_alive();
    });
}

// The client sends nothing more on a streamed answer; a read that ends (end of file, a reset)
// is the client leaving. Bytes it sends anyway are read and dropped. The raw socket, so that the
// stream's write timeout does not apply to this wait.
void NdjsonStream::watch_peer()
{
    stream_.socket().async_read_some(net::buffer(peer_bytes_),
                                     [self = shared_from_this()](beast::error_code ec, std::size_t) {
                                         if (ec) return self->end();
                                         if (self->open_) self->watch_peer();
                                     });
}

void NdjsonStream::end()
{
    if (!open_.exchange(false)) return;
    keep_alive_.cancel();
    // A write under way still reads the front line: it stays until that write's handler runs.
    if (writing_ && !queue_.empty())
        queue_.erase(std::next(queue_.begin()), queue_.end());
    else
        queue_.clear();
    queued_bytes_ = 0;
    beast::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
    stream_.close();
    // The socket is closed: its place under max_connections is free now, not when the last
    // holder of this object (a bot's session, at its next look) lets it go.
    slot_ = SocketSlot{};
    auto ended = std::move(ended_);
    for (auto& call : ended) call();
}

} // namespace rochade::server
