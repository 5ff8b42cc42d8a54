#include "server/cluster/redis/redis_reply.h"

#include <hiredis/hiredis.h>

namespace rochade::server::redis {

RedisReply copy_value(const redisReply& reply)
{
    RedisReply value;
    switch (reply.type) {
    case REDIS_REPLY_INTEGER:
        value.kind = RedisReply::Kind::Integer;
        value.integer = reply.integer;
        break;
    case REDIS_REPLY_STRING:
    case REDIS_REPLY_STATUS:
    case REDIS_REPLY_ERROR:
        value.kind = RedisReply::Kind::String;
        value.string.assign(reply.str, reply.len);
        break;
    case REDIS_REPLY_ARRAY:
        value.kind = RedisReply::Kind::Array;
        value.elements.reserve(reply.elements);
        for (std::size_t i = 0; i < reply.elements; ++i) value.elements.push_back(copy_value(*reply.element[i]));
        break;
    default: // REDIS_REPLY_NIL
        break;
    }
    return value;
}

RedisResult copy_reply(const redisReply* reply)
{
    if (!reply) return RedisError{RedisFailure::Unavailable, "connection lost before the reply"};
    if (reply->type == REDIS_REPLY_ERROR) return RedisError{RedisFailure::Refused, std::string(reply->str, reply->len)};
    return copy_value(*reply);
}

} // namespace rochade::server::redis
