// hiredis's asynchronous context driven by Asio instead of a second event loop: the context's
// socket is watched by a posix::stream_descriptor with async_wait (readable, writable) on the
// given strand, which calls redisAsyncHandleRead/Write. hiredis owns the descriptor and closes it
// in redisFree; the watcher only releases it (from the cleanup hook, called by redisAsyncFree).
#pragma once

#include <memory>

#include "server/cluster/redis/redis_client.h"

struct redisAsyncContext;

namespace rochade::server::redis {

// Installs the event hooks on a freshly connected (connecting) context, before
// redisAsyncSetConnectCallback, which asks for the first write event. Each wake-up first locks
// `owner`; when that is gone (being destroyed, and freeing the context) it does nothing.
// False when the context has hooks already or its descriptor cannot be watched.
bool attach_to_asio(redisAsyncContext* context, Strand strand, std::weak_ptr<void> owner);

} // namespace rochade::server::redis
