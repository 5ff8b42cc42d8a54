#include "server/cluster/redis/redis_script.h"

#include <spdlog/spdlog.h>

namespace rochade::server::cluster {

namespace {

std::vector<std::string> script_command(std::string verb, std::string script, const std::vector<std::string>& keys,
                                        const std::vector<std::string>& args)
{
    std::vector<std::string> command{std::move(verb), std::move(script), std::to_string(keys.size())};
    command.reserve(command.size() + keys.size() + args.size());
    command.insert(command.end(), keys.begin(), keys.end());
    command.insert(command.end(), args.begin(), args.end());
    return command;
}

bool unknown_script(const redis::RedisResult& result)
{
    const auto* error = std::get_if<redis::RedisError>(&result);
    return error && error->failure == redis::RedisFailure::Refused && error->message.starts_with("NOSCRIPT");
}

} // namespace

std::shared_ptr<RedisScript> RedisScript::create(std::shared_ptr<redis::RedisClient> client, std::string text)
{
    return std::shared_ptr<RedisScript>(new RedisScript(std::move(client), std::move(text)));
}

RedisScript::RedisScript(std::shared_ptr<redis::RedisClient> client, std::string text)
    : client_(std::move(client)), text_(std::move(text))
{
}

std::string RedisScript::sha() const
{
    std::lock_guard lock(mutex_);
    return sha_;
}

void RedisScript::run(std::vector<std::string> keys, std::vector<std::string> args,
                      std::function<void(redis::RedisResult)> done)
{
    const std::string sha = this->sha();
    if (sha.empty()) return eval(std::move(keys), std::move(args), std::move(done));
    auto command = script_command("EVALSHA", sha, keys, args);
    client_->command(std::move(command), [self = shared_from_this(), sha, keys = std::move(keys),
                                          args = std::move(args), done = std::move(done)](redis::RedisResult result) {
        if (!unknown_script(result)) return done(std::move(result));
        {
            std::lock_guard lock(self->mutex_);
            if (self->sha_ == sha) self->sha_.clear();
        }
        self->eval(std::move(keys), std::move(args), std::move(done));
    });
}

void RedisScript::eval(std::vector<std::string> keys, std::vector<std::string> args,
                       std::function<void(redis::RedisResult)> done)
{
    client_->command(script_command("EVAL", text_, keys, args), std::move(done));
    load();
}

void RedisScript::load()
{
    {
        std::lock_guard lock(mutex_);
        if (loading_ || !sha_.empty()) return;
        loading_ = true;
    }
    client_->command({"SCRIPT", "LOAD", text_}, [self = shared_from_this()](redis::RedisResult result) {
        std::lock_guard lock(self->mutex_);
        self->loading_ = false;
        if (const auto* reply = std::get_if<redis::RedisReply>(&result);
            reply && reply->kind == redis::RedisReply::Kind::String && !reply->string.empty())
            self->sha_ = reply->string;
        else if (const auto* error = std::get_if<redis::RedisError>(&result))
            spdlog::debug("cluster: SCRIPT LOAD failed ({}); the script goes by EVAL meanwhile", error->message);
    });
}

} // namespace rochade::server::cluster
