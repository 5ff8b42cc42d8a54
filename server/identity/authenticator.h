// The one owner of "who is this connection": it turns a hello (guest, resume token, password,
// or a browser's session cookie), a registration, a logout or a password change into an
// Identity or a refusal. It reads accounts and tokens through the store's read thread, checks
// passwords on the hashing threads, writes sessions and token hashes through the store's
// writer, and keeps the login throttle on its own strand. Nothing here touches rooms or
// tables: the lobby asks, and admits the identity it is given.
//
// Every answer is handed to a callback exactly once, on whatever thread finished the work;
// callers post it to their own strand.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <variant>

#include "db/identity_records.h"
#include "protocol/encode.h"
#include "protocol/error_code.h"
#include "server/base/asio.h"
#include "server/identity/login_throttle.h"
#include "server/identity/principal.h"

#include <boost/asio/steady_timer.hpp>

namespace rochade::db {
class StoreWriter;
class ReadThread;
} // namespace rochade::db

namespace rochade::server {
struct IdentityConfig;
class IdAllocator;
class Sanctions;
} // namespace rochade::server

namespace rochade::identity {

class PasswordHasher;
namespace net = server::net;

struct AuthServices {
    net::io_context& io;
    db::StoreWriter& writer;
    db::ReadThread& reads;
    PasswordHasher& hasher;
    server::IdAllocator& session_ids;
    const server::IdentityConfig& config;
    const server::Sanctions& sanctions; // bans, asked on every way in
};

// A refusal: the error code and the sentence for the client; a ban's reason and end besides.
struct AuthRefusal {
    protocol::ErrorCode code;
    std::string message;
    std::optional<protocol::ErrorSanction> sanction = std::nullopt;
};

// A connection that may now be admitted to the lobby. `resume_token` is the secret to hand to
// the client (a non-browser client resumes with it; its hash is stored already, or, for a resume,
// once `spend` has succeeded).
//
// A resume spends the client's token and issues the next one. It does so only in the step that
// admits the connection, after every check that can still refuse it (a nick held by another, a
// bus that does not answer): the lobby calls `spend` last, and a refusal before that leaves the
// token as it was, so the client can try again with it. `spend` is empty for other admissions.
struct Admission {
    using Spent = std::function<void(std::optional<AuthRefusal>)>;
    Identity identity;
    std::optional<std::string> resume_token;
    bool resumed = false;
    std::function<void(Spent)> spend;
};

class Authenticator : public std::enable_shared_from_this<Authenticator> {
public:
    using AdmissionDone = std::function<void(std::variant<Admission, AuthRefusal>)>;
    using Done = std::function<void(std::optional<AuthRefusal>)>;
    // A browser's login over HTTP: the cookie token to set, and who it names.
    struct CookieSession {
        Identity identity;
        std::string cookie_token;
    };
    using CookieDone = std::function<void(std::variant<CookieSession, AuthRefusal>)>;
    // A new session: the identity (its session id filled in) and the token that names it.
    using Started = std::variant<std::pair<Identity, std::string>, AuthRefusal>;
    using StartedDone = std::function<void(Started)>;

    explicit Authenticator(AuthServices services);

    // hello {nick}: a guest, if guests are allowed and no account holds the nick.
    void guest(std::string nick, AdmissionDone done);
    // hello {resume_token}: spends the token (once, ever) and issues the next one.
    void resume(std::string token, std::optional<std::string> nick, AdmissionDone done);
    // hello {nick, password}. An unknown nick and a wrong password get the same reply.
    void login(std::string nick, std::string password, std::string address, AdmissionDone done);
    // register {nick, password}: creates the account and logs it in.
    void register_account(std::string nick, std::string password, std::string address, AdmissionDone done);
    // hello with no nick on a connection whose upgrade carried a session cookie.
    void cookie(std::string cookie_token, AdmissionDone done);

    // The browser's HTTP login, registration and guest entry: a new session named by a cookie.
    void login_cookie(std::string nick, std::string password, std::string address, CookieDone done);
    void register_cookie(std::string nick, std::string password, std::string address, CookieDone done);
    void guest_cookie(std::string nick, CookieDone done);
    // Who a cookie names (GET /api/session and the WebSocket upgrade), or a refusal.
    void who(std::string cookie_token, CookieDone done);

    // Ends the session (every token of it): logout over WebSocket or HTTP.
    void logout(std::int64_t session_id, Done done);
    // Checks the old password, stores the new hash and ends every session of the account; the
    // caller's own connection gets a fresh session, named by the admission (a WebSocket) or by
    // a new cookie (a browser over HTTP).
    void change_password(Identity who, std::string old_password, std::string new_password, std::string address,
                         AdmissionDone done);
    void change_password_cookie(Identity who, std::string old_password, std::string new_password, std::string address,
                                CookieDone done);

    // The refusal (banned, naming the reason and the end) when `address` is banned now; `what`
    // names the request. Any thread.
    std::optional<AuthRefusal> address_banned(std::string_view what, const std::string& address) const;

    // Deletes expired tokens and ends expired sessions now, then every hour until stop().
    void start_pruning();
    void stop();

private:
    struct Verified;
    using Clock = std::chrono::steady_clock;

    template <class Work> void on_strand(Work work);
    // The throttle's refusal for `nick_key` from `address` if either must wait; otherwise the
    // attempt is counted against both (as a failure until end_login says otherwise).
    std::optional<AuthRefusal> attempt_login(const std::string& nick_key, const std::string& address);
    enum class LoginEnd { Succeeded, WrongPassword, NotChecked };
    void end_login(const std::string& nick_key, const std::string& address, LoginEnd end);
    // Reads the account, verifies the password on a hashing thread, and hands the account
    // (or the uniform refusal) to `then` on the strand.
    // `what` names the request in refusals ("hello", "login", "change_password").
    void verify(std::string what, std::string nick, std::string password, std::string address,
                std::function<void(std::variant<db::AccountRecord, AuthRefusal>)> then);
    void create_account(std::string nick, std::string password, std::string address,
                        std::function<void(std::variant<db::AccountRecord, AuthRefusal>)> then);
    void refuse_taken(const std::string& nick,
                      const std::function<void(std::variant<db::AccountRecord, AuthRefusal>)>& then);
    // Starts a session for `identity` (its session id filled in here) with a token of `kind`;
    // `what` names the request in refusals.
    void start_session(std::string what, Identity identity, db::TokenKind kind, StartedDone then);
    // A guest's session, if no account holds the nick.
    void guest_session(std::string what, std::string nick, db::TokenKind kind, StartedDone then);
    // An account's session, once its password is verified.
    void login_session(std::string what, std::string nick, std::string password, std::string address,
                       db::TokenKind kind, StartedDone then);
    // A new account, and its first session.
    void register_session(std::string nick, std::string password, std::string address, db::TokenKind kind,
                          StartedDone then);
    void replace_password(Identity who, std::string old_password, std::string new_password, std::string address,
                          db::TokenKind kind,
                          std::function<void(std::variant<std::pair<Identity, std::string>, AuthRefusal>)> then);
    void prune();
    // The refusal when `nick` is banned now.
    std::optional<AuthRefusal> nick_banned(std::string_view what, const std::string& nick) const;

    AuthServices services_;
    net::strand<net::io_context::executor_type> strand_;
    net::steady_timer prune_timer_;
    identity::LoginThrottle account_throttle_;
    identity::LoginThrottle address_throttle_;
    identity::LoginThrottle registration_throttle_; // per address
};

} // namespace rochade::identity
