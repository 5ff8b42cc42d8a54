// The hook contract (hiredis 0.14, async.c): addRead/addWrite ask for one readiness event and
// must be idempotent; hiredis asks again after each one it wants more of (a read always, a write
// while its output buffer is not empty), as libevent's non-persistent events need. delRead and
// delWrite withdraw the request. cleanup runs inside redisAsyncFree, which hiredis also calls by
// itself when the connection fails, so after redisAsyncHandleRead/Write the context may be gone:
// the watcher learns it from cleanup and touches the context no more.
#include "server/cluster/redis/hiredis_asio.h"

#include <cstdint>

#include <boost/asio/posix/stream_descriptor.hpp>
#include <boost/system/error_code.hpp>

#include <hiredis/async.h>

namespace rochade::server::redis {
namespace {

class Watcher : public std::enable_shared_from_this<Watcher> {
public:
    Watcher(redisAsyncContext* context, Strand strand, std::weak_ptr<void> owner)
        : context_(context), descriptor_(strand), owner_(std::move(owner))
    {
    }

    bool watch(int fd)
    {
        boost::system::error_code error;
        descriptor_.assign(fd, error);
        return !error;
    }

    // Held by the context (ev.data) from attach to cleanup.
    std::shared_ptr<Watcher> self;

    static void add_read(void* data) { static_cast<Watcher*>(data)->want(Direction::Read); }
    static void del_read(void* data) { static_cast<Watcher*>(data)->state(Direction::Read).wanted = false; }
    static void add_write(void* data) { static_cast<Watcher*>(data)->want(Direction::Write); }
    static void del_write(void* data) { static_cast<Watcher*>(data)->state(Direction::Write).wanted = false; }

    static void cleanup(void* data)
    {
        auto* watcher = static_cast<Watcher*>(data);
        watcher->context_ = nullptr;
        // Cancels the waits (their handlers see operation_aborted) and leaves the fd to redisFree.
        watcher->descriptor_.release();
        auto keep = std::move(watcher->self); // the last reference may be a wait's, or this one
    }

private:
    enum class Direction : std::uint8_t { Read, Write };
    struct Interest {
        bool wanted = false;  // hiredis asked for the event
        bool waiting = false; // an async_wait is under way
    };

    Interest& state(Direction direction) { return direction == Direction::Read ? read_ : write_; }

    void want(Direction direction)
    {
        Interest& interest = state(direction);
        interest.wanted = true;
        if (interest.waiting || !context_) return;
        interest.waiting = true;
        auto kind = direction == Direction::Read ? net::posix::descriptor_base::wait_read
                                                 : net::posix::descriptor_base::wait_write;
        descriptor_.async_wait(kind, [self = shared_from_this(), direction](const boost::system::error_code& error) {
            self->ready(direction, error);
        });
    }

    void ready(Direction direction, const boost::system::error_code& error)
    {
        auto owner = owner_.lock();
        if (!owner) return; // the owner is being destroyed on another thread, and frees the context
        Interest& interest = state(direction);
        interest.waiting = false;
        if (error || !context_ || !interest.wanted) return;
        interest.wanted = false; // one event per request: hiredis asks again when it wants more
        redisAsyncContext* context = context_;
        if (direction == Direction::Read) {
            redisAsyncHandleRead(context);
        } else {
            redisAsyncHandleWrite(context);
            // A spurious wake-up while connect(2) is in progress: hiredis returns without asking
            // again (libevent would not wake it early), so keep waiting for the connection.
            if (context_ && !(context->c.flags & REDIS_CONNECTED)) want(Direction::Write);
        }
    }

    redisAsyncContext* context_;
    net::posix::stream_descriptor descriptor_;
    std::weak_ptr<void> owner_;
    Interest read_;
    Interest write_;
};

} // namespace

bool attach_to_asio(redisAsyncContext* context, Strand strand, std::weak_ptr<void> owner)
{
    if (context->ev.data != nullptr) return false;
    auto watcher = std::make_shared<Watcher>(context, std::move(strand), std::move(owner));
    if (!watcher->watch(context->c.fd)) return false;
    watcher->self = watcher;
    context->ev.data = watcher.get();
    context->ev.addRead = &Watcher::add_read;
    context->ev.delRead = &Watcher::del_read;
    context->ev.addWrite = &Watcher::add_write;
    context->ev.delWrite = &Watcher::del_write;
    context->ev.cleanup = &Watcher::cleanup;
    Watcher::add_read(watcher.get());
    return true;
}

} // namespace rochade::server::redis
