// hiredis's reply tree copied into our own values, so that nothing of hiredis outlives the
// callback that lent it (hiredis frees the reply when the callback returns).
#pragma once

#include "server/cluster/redis/redis_client.h"

struct redisReply;

namespace rochade::server::redis {

// A null reply (hiredis's sign that the connection is gone) is Unavailable; a top-level error
// reply is Refused with Redis's message; anything else is copied whole.
RedisResult copy_reply(const redisReply* reply);

// The copy of one reply, errors included (an error nested in an array is a String).
RedisReply copy_value(const redisReply& reply);

} // namespace rochade::server::redis
