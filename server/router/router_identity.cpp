// The router's identity requests: hello, register, logout and change_password. Who the
// connection is comes from the Authenticator; an established identity goes to the lobby, which
// admits it (the nick online, hello_ok). Refusals are answered on the connection's strand, where
// the connection may then say hello again.
#include <spdlog/spdlog.h>

#include "protocol/encode.h"
#include "server/clients/client.h"
#include "server/identity/authenticator.h"
#include "server/lobby/lobby.h"
#include "server/router/router.h"

namespace rochade::server {

using protocol::ErrorCode;

namespace {

// The answer to an identity request, for the lobby to admit or the connection to hear refused.
identity::Authenticator::AdmissionDone admit_or_refuse(std::shared_ptr<Lobby> lobby,
                                                       std::shared_ptr<Connection> connection,
                                                       std::optional<protocol::RequestId> id)
{
    return [lobby = std::move(lobby), connection = std::move(connection),
            id = std::move(id)](std::variant<identity::Admission, identity::AuthRefusal> result) mutable {
        if (auto* refusal = std::get_if<identity::AuthRefusal>(&result)) {
            return connection->post([connection, id, refusal = std::move(*refusal)] {
                connection->client->greeting = false;
                if (refusal.sanction)
                    return connection->send_error(id, refusal.code, refusal.message, *refusal.sanction);
                connection->send_error(id, refusal.code, refusal.message);
            });
        }
        auto& admission = std::get<identity::Admission>(result);
        // A bot's games are all its program's: it plays through the Bot API with its token (its
        // session there holds its nick), never on this socket. Its owner may still log in over
        // HTTP, for the account page's tokens.
        if (admission.identity.bot)
            return connection->post([connection, id, nick = admission.identity.nick] {
                connection->client->greeting = false;
                connection->send_error(id, ErrorCode::Forbidden,
                                       "hello: '" + nick +
                                           "' is a bot account: it plays through the Bot API with a personal token "
                                           "(docs/bots.md), not on the game socket");
            });
        lobby->admit(connection, std::move(id), std::move(admission));
    };
}

} // namespace

void Router::hello(const ConnectionPtr& connection, Id id, protocol::Hello hello)
{
    auto done = admit_or_refuse(lobby_, connection, id);
    if (hello.password)
        return authenticator_.login(std::move(hello.nick), std::move(*hello.password), connection->ip_address(),
                                    std::move(done));
    if (hello.resume_token)
        return authenticator_.resume(std::move(*hello.resume_token),
                                     hello.nick.empty() ? std::nullopt : std::optional<std::string>(hello.nick),
                                     std::move(done));
    if (!hello.nick.empty())
        return nick_available(hello.nick, "hello",
                              [this, nick = hello.nick, done](std::optional<identity::AuthRefusal> taken) mutable {
                                  if (taken) return done(std::move(*taken));
                                  authenticator_.guest(std::move(nick), std::move(done));
                              });
    if (connection->session_cookie) return authenticator_.cookie(*connection->session_cookie, std::move(done));
    done(identity::AuthRefusal{ErrorCode::NotLoggedIn,
                               "hello: say who you are: a nick (a guest), a nick and password, a "
                               "resume token, or log in over HTTP first (the session cookie)"});
}

void Router::admit_established(const ConnectionPtr& connection, identity::Identity who)
{
    Client& client = *connection->client;
    if (client.identity || client.greeting) return;
    client.greeting = true;
    identity::Admission admission;
    admission.identity = std::move(who);
    lobby_->admit(connection, protocol::RequestId{std::string("bot-hello")}, std::move(admission));
}

void Router::register_account(const ConnectionPtr& connection, Id id, protocol::Register account)
{
    auto done = admit_or_refuse(lobby_, connection, std::move(id));
    const std::string nick = account.nick;
    nick_available(nick, "register",
                   [this, account = std::move(account), address = connection->ip_address(),
                    done](std::optional<identity::AuthRefusal> taken) mutable {
                       if (taken) return done(std::move(*taken));
                       authenticator_.register_account(std::move(account.nick), std::move(account.password),
                                                       std::move(address), std::move(done));
                   });
}

void Router::nick_available(const std::string& nick, std::string what,
                            std::function<void(std::optional<identity::AuthRefusal>)> then)
{
    lobby_->nick_available(nick, [what = std::move(what), then = std::move(then)](std::optional<std::string> taken) {
        if (taken) return then(identity::AuthRefusal{ErrorCode::NickTaken, what + ": " + *taken});
        then(std::nullopt);
    });
}

void Router::logout(const ConnectionPtr& connection, Id id)
{
    const identity::Identity who = *connection->client->identity;
    authenticator_.logout(who.session_id, [this, connection, id, who](std::optional<identity::AuthRefusal> refusal) {
        connection->post([this, connection, id, who, refusal] {
            if (refusal) return connection->send_error(id, refusal->code, refusal->message);
            spdlog::info("connection {}: {} logged out", connection->id(), who.nick);
            if (id) connection->send(protocol::encode_ok(id));
            connection->close(CloseCode::Normal, "logged out");
            // Other connections of the same session (another tab of the browser) end with it.
            sign_out(who.principal, who.session_id, connection, "logged out");
        });
    });
}

void Router::change_password(const ConnectionPtr& connection, Id id, protocol::ChangePassword change)
{
    const identity::Identity who = *connection->client->identity;
    authenticator_.change_password(
        who, std::move(change.password), std::move(change.new_password), connection->ip_address(),
        [this, connection, id](std::variant<identity::Admission, identity::AuthRefusal> result) {
            connection->post([this, connection, id, result = std::move(result)] {
                if (auto* refusal = std::get_if<identity::AuthRefusal>(&result))
                    return connection->send_error(id, refusal->code, refusal->message);
                const auto& admission = std::get<identity::Admission>(result);
                // This connection goes on in the new session; every other one of the account ends.
                connection->client->identity = admission.identity;
                spdlog::info("connection {}: {} changed the password", connection->id(), admission.identity.nick);
                connection->send(protocol::encode_password_changed(id, admission.resume_token.value_or("")));
                sign_out(admission.identity.principal, std::nullopt, connection, "the password was changed");
            });
        });
}

void Router::sign_out(identity::Principal who, std::optional<std::int64_t> session_id, std::shared_ptr<Connection> keep,
                      std::string reason)
{
    lobby_->sign_out(who, session_id, std::move(keep), std::move(reason));
}

// A moderator's notice goes through the moderation service, which checks the role and writes
// the audit log (also of a refused one).
void Router::notice(const ConnectionPtr& connection, Id id, protocol::Notice notice)
{
    moderation_.act(*connection->client->identity, connection->ip_address(),
                    SendNotice{notice.room, std::move(notice.text)}, [connection, id](ModerationResult result) {
                        if (auto* refused = std::get_if<ModerationRefused>(&result))
                            return connection->send_error(id, refused->code, refused->message);
                        if (id) connection->send(protocol::encode_ok(id));
                    });
}

bool Router::chat_allowed(const ConnectionPtr& connection, const Id& id, std::string_view type)
{
    Client& client = *connection->client;
    const auto now = std::chrono::steady_clock::now();
    if (now - client.chat_minute_started >= std::chrono::minutes(1)) {
        client.chat_minute_started = now;
        client.chats_this_minute = 0;
    }
    const int limit = config_.player_limits.chat_messages_per_minute;
    if (client.chats_this_minute >= limit) {
        const auto left =
            std::chrono::ceil<std::chrono::seconds>(client.chat_minute_started + std::chrono::minutes(1) - now);
        connection->send_error(id, ErrorCode::LimitReached,
                               std::string(type) + ": at most " + std::to_string(limit) +
                                   " chat messages a minute; wait " + std::to_string(left.count()) + " s");
        return false;
    }
    ++client.chats_this_minute;
    return true;
}

} // namespace rochade::server
