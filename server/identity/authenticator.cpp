#include "server/identity/authenticator.h"

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "db/read_thread.h"
#include "db/store_writer.h"
#include "protocol/nick.h"
#include "server/base/id_allocator.h"
#include "server/base/wall_clock.h"
#include "server/config/server_config.h"
#include "server/identity/password_hasher.h"
#include "server/identity/secrets.h"
#include "server/moderation/sanctions.h"

namespace rochade::identity {

// The server's names this file uses (the sanctions' texts, the wall clock, the id allocator).
using namespace rochade::server;
using protocol::ErrorCode;

namespace {

// How long a spent resume token may resume once more, while no later token of its session was
// used: long enough for a client to reconnect after its node died or stalled between admitting
// it and sending hello_ok (the answer with the next token), short enough that a token copied
// from an old page is dead. The store keeps it as retired (db/identity_records.h).
constexpr std::int64_t resume_retry_grace_ms = 120'000;

AuthRefusal storage_refusal(std::string_view what, const std::string& why)
{
    spdlog::error("{}: the store failed: {}", what, why);
    return {ErrorCode::StorageUnavailable, std::string(what) + ": the server cannot store this now; try again"};
}

// The one reply for an unknown nick and a wrong password: the same bytes either way.
AuthRefusal bad_credentials(std::string_view what)
{
    return {ErrorCode::BadCredentials, std::string(what) + ": wrong nick or password"};
}

// The account that holds a nick: the nick itself, or (look_alike) one whose skeleton is the
// same ("admın" for "admin"). Read on the read thread.
struct NickHolder {
    db::AccountRecord account;
    bool look_alike = false;
};

std::optional<NickHolder> read_nick_holder(db::StoreReader& reader, const std::string& nick)
{
    if (auto account = reader.account(protocol::nick_key(nick))) return NickHolder{std::move(*account), false};
    if (auto account = reader.account_by_skeleton(protocol::nick_skeleton(nick)))
        return NickHolder{std::move(*account), true};
    return std::nullopt;
}

// The session a token names, as of the time it was read at (its expiries are reckoned from it).
struct TokenSession {
    std::optional<db::SessionRecord> session;
    std::int64_t read_at_ms = 0;
};

TokenSession read_token_session(db::StoreReader& reader, const std::string& hash, db::TokenKind kind)
{
    const auto now = wall_clock_ms();
    return TokenSession{reader.session_by_token(hash, kind, now), now};
}

identity::Identity identity_of(const db::AccountRecord& account)
{
    return identity::Identity{
        {identity::Principal::Kind::Account, account.id}, account.nick, account.role, 0, account.bot};
}

identity::Identity identity_of(const db::SessionRecord& session)
{
    identity::Identity identity;
    identity.principal = session.account_id
                             ? identity::Principal{identity::Principal::Kind::Account, *session.account_id}
                             : identity::Principal{identity::Principal::Kind::Guest, session.session_id};
    identity.nick = session.nick;
    identity.role = session.role;
    identity.session_id = session.session_id;
    identity.bot = session.bot;
    return identity;
}

// A started session as a WebSocket's admission (its token is the resume token) ...
Authenticator::StartedDone as_admission(Authenticator::AdmissionDone done)
{
    return [done = std::move(done)](Authenticator::Started started) {
        if (auto* refusal = std::get_if<AuthRefusal>(&started)) return done(std::move(*refusal));
        auto& [who, token] = std::get<0>(started);
        done(Admission{std::move(who), std::move(token), false, {}});
    };
}

// ... or as a browser's cookie session.
Authenticator::StartedDone as_cookie(Authenticator::CookieDone done)
{
    return [done = std::move(done)](Authenticator::Started started) {
        if (auto* refusal = std::get_if<AuthRefusal>(&started)) return done(std::move(*refusal));
        auto& [who, token] = std::get<0>(started);
        done(Authenticator::CookieSession{std::move(who), std::move(token)});
    };
}

} // namespace

Authenticator::Authenticator(AuthServices services)
    : services_(services), strand_(net::make_strand(services.io)), prune_timer_(strand_),
      account_throttle_(services.config.login_free_failures_per_account,
                        std::chrono::seconds(services.config.login_max_wait_ms / 1000)),
      address_throttle_(services.config.login_free_failures_per_address,
                        std::chrono::seconds(services.config.login_max_wait_ms / 1000)),
      registration_throttle_(services.config.registrations_free_per_address,
                             std::chrono::seconds(services.config.login_max_wait_ms / 1000))
{
}

template <class Work> void Authenticator::on_strand(Work work)
{
    net::post(strand_, [self = shared_from_this(), work = std::move(work)]() mutable { work(); });
}

// ---- bans ------------------------------------------------------------------------------------

namespace {

AuthRefusal banned_refusal(std::string_view what, const db::SanctionRecord& ban)
{
    return AuthRefusal{ErrorCode::Banned, std::string(what) + ": " + sanction_text(ban), error_sanction(ban)};
}

} // namespace

std::optional<AuthRefusal> Authenticator::nick_banned(std::string_view what, const std::string& nick) const
{
    if (const auto ban = services_.sanctions.nick_ban(nick, wall_clock_ms())) return banned_refusal(what, *ban);
    return std::nullopt;
}

std::optional<AuthRefusal> Authenticator::address_banned(std::string_view what, const std::string& address) const
{
    if (const auto ban = services_.sanctions.address_ban(address, wall_clock_ms())) return banned_refusal(what, *ban);
    return std::nullopt;
}

// ---- sessions -------------------------------------------------------------------------------

// Every new session starts here (a guest, a login once its password is verified, a new
// account, a password change), so a banned nick is refused here once for all of them.
void Authenticator::start_session(std::string what, identity::Identity identity, db::TokenKind kind, StartedDone then)
{
    if (auto refusal = nick_banned(what, identity.nick)) return then(std::move(*refusal));
    const auto session_id = services_.session_ids.next();
    if (!session_id) return then(storage_refusal(what, "no session id could be reserved"));
    identity.session_id = *session_id;
    const auto now = wall_clock_ms();
    const auto& config = services_.config;
    const std::int64_t session_expires = now + config.session_max_ms;
    const std::int64_t token_ttl = kind == db::TokenKind::Resume ? config.resume_token_ttl_ms : config.cookie_idle_ms;
    std::string token = identity::new_token();
    std::vector<db::Write> writes;
    writes.push_back(db::SessionStarted{identity.session_id,
                                        identity.principal.guest() ? std::nullopt
                                                                   : std::optional<std::int64_t>(identity.principal.id),
                                        identity.nick, now, session_expires});
    writes.push_back(db::SessionTokenIssued{identity::token_hash(token), identity.session_id, kind, now,
                                            std::min(now + token_ttl, session_expires)});
    if (identity.principal.guest()) identity.principal.id = identity.session_id;
    services_.writer.submit(std::move(writes),
                            [what = std::move(what), then = std::move(then), identity = std::move(identity),
                             token = std::move(token)](std::optional<db::StoreError> error) mutable {
                                if (error) return then(storage_refusal(what, error->message));
                                then(std::pair{std::move(identity), std::move(token)});
                            });
}

void Authenticator::guest_session(std::string what, std::string nick, db::TokenKind kind, StartedDone then)
{
    if (!services_.config.allow_guests)
        return then(AuthRefusal{ErrorCode::GuestsNotAllowed,
                                what + ": this server admits accounts only; register or log in with a password"});
    if (const auto error = protocol::nick_error(nick))
        return then(AuthRefusal{ErrorCode::InvalidNick, what + ": " + *error});
    services_.reads.read(
        [nick](db::StoreReader& reader) { return read_nick_holder(reader, nick); },
        [self = shared_from_this(), what = std::move(what), nick, kind,
         then = std::move(then)](db::ReadResult<std::optional<NickHolder>> holder) mutable {
            if (!holder) return then(storage_refusal(what, holder.error().message));
            if (*holder && !(*holder)->look_alike)
                return then(AuthRefusal{ErrorCode::NickTaken, what + ": '" + (*holder)->account.nick +
                                                                  "' is a registered nick; log in with its password "
                                                                  "or choose another"});
            // A guest may not pose as an account with a look-alike nick ("admın" for "admin").
            if (*holder)
                return then(AuthRefusal{ErrorCode::NickTaken, what + ": '" + nick +
                                                                  "' is too similar to the registered nick '" +
                                                                  (*holder)->account.nick + "'; choose another"});
            identity::Identity guest{{identity::Principal::Kind::Guest, 0}, std::move(nick), protocol::Role::Player, 0};
            self->start_session(std::move(what), std::move(guest), kind, std::move(then));
        });
}

void Authenticator::guest(std::string nick, AdmissionDone done)
{
    guest_session("hello", std::move(nick), db::TokenKind::Resume, as_admission(std::move(done)));
}

void Authenticator::guest_cookie(std::string nick, CookieDone done)
{
    guest_session("guest", std::move(nick), db::TokenKind::Cookie, as_cookie(std::move(done)));
}

void Authenticator::resume(std::string token, std::optional<std::string> nick, AdmissionDone done)
{
    const std::string old_hash = identity::token_hash(token);
    services_.reads.read(
        [old_hash](db::StoreReader& reader) { return read_token_session(reader, old_hash, db::TokenKind::Resume); },
        [self = shared_from_this(), old_hash, nick = std::move(nick),
         done = std::move(done)](db::ReadResult<TokenSession> read) mutable {
            if (!read) return done(storage_refusal("hello", read.error().message));
            const auto& session = read->session;
            const auto now = read->read_at_ms;
            if (!session)
                return done(
                    AuthRefusal{ErrorCode::BadResumeToken, "hello: the resume token is unknown, spent or expired"});
            if (nick && !nick->empty() && protocol::nick_key(*nick) != protocol::nick_key(session->nick))
                return done(AuthRefusal{ErrorCode::BadResumeToken, "hello: the resume token belongs to another nick"});
            if (auto refusal = self->nick_banned("hello", session->nick)) return done(std::move(*refusal));
            identity::Identity identity = identity_of(*session);
            std::string next = identity::new_token();
            // Spent when the lobby admits the connection (see Admission), not here: the old token is
            // spent and the next issued in one submission, either both or neither, and a token spent
            // meanwhile by a racing resume is refused by the store.
            const auto expires_at_ms =
                std::min(now + self->services_.config.resume_token_ttl_ms, session->session_expires_at_ms);
            // A retired token (spent within its grace, its hello_ok lost) resumes once more: the lost
            // successor goes instead (db/identity_records.h).
            auto spend = [self, old_hash, next_hash = identity::token_hash(next), session_id = session->session_id,
                          expires_at_ms, retired = session->retired](Admission::Spent spent) {
                const auto spent_at = wall_clock_ms();
                std::vector<db::Write> writes;
                if (retired)
                    writes.push_back(db::RetiredTokenReused{old_hash, spent_at});
                else
                    writes.push_back(db::SessionTokenSpent{old_hash, spent_at, spent_at + resume_retry_grace_ms});
                writes.push_back(
                    db::SessionTokenIssued{next_hash, session_id, db::TokenKind::Resume, spent_at, expires_at_ms});
                self->services_.writer.submit(
                    std::move(writes), [spent = std::move(spent)](std::optional<db::StoreError> error) {
                        if (error && error->kind == db::StoreFailure::Refused)
                            return spent(AuthRefusal{ErrorCode::BadResumeToken,
                                                     "hello: the resume token is unknown, spent or expired"});
                        if (error) return spent(storage_refusal("hello", error->message));
                        spent(std::nullopt);
                    });
            };
            done(Admission{std::move(identity), std::move(next), true, std::move(spend)});
        });
}

// ---- passwords ------------------------------------------------------------------------------

namespace {

AuthRefusal too_many(std::string_view attempts, std::chrono::milliseconds wait)
{
    const auto seconds = (wait.count() + 999) / 1000;
    return AuthRefusal{ErrorCode::TooManyAttempts,
                       "too many " + std::string(attempts) + "; try again in " + std::to_string(seconds) + " s"};
}

} // namespace

std::optional<AuthRefusal> Authenticator::attempt_login(const std::string& nick_key, const std::string& address)
{
    const auto now = Clock::now();
    auto wait = account_throttle_.wait("account:" + nick_key, now);
    if (const auto by_address = address_throttle_.wait(address, now); by_address && (!wait || *by_address > *wait))
        wait = by_address;
    if (wait) return too_many("failed logins", *wait);
    account_throttle_.attempt("account:" + nick_key, now);
    address_throttle_.attempt(address, now);
    return std::nullopt;
}

void Authenticator::end_login(const std::string& nick_key, const std::string& address, LoginEnd end)
{
    switch (end) {
    case LoginEnd::WrongPassword: return; // counted when it began
    case LoginEnd::Succeeded:
        account_throttle_.succeeded("account:" + nick_key);
        address_throttle_.refunded(address);
        return;
    case LoginEnd::NotChecked:
        account_throttle_.refunded("account:" + nick_key);
        address_throttle_.refunded(address);
        return;
    }
}

void Authenticator::verify(std::string what, std::string nick, std::string password, std::string address,
                           std::function<void(std::variant<db::AccountRecord, AuthRefusal>)> then)
{
    on_strand([this, what = std::move(what), nick = std::move(nick), password = std::move(password),
               address = std::move(address), then = std::move(then)]() mutable {
        const std::string key = protocol::nick_error(nick) ? std::string() : protocol::nick_key(nick);
        // Counted before anything is read or hashed: see LoginThrottle.
        if (auto refusal = attempt_login(key, address)) return then(std::move(*refusal));
        if (password.size() > protocol::max_password_bytes) return then(bad_credentials(what));
        auto read_account = [key](db::StoreReader& reader) {
            return key.empty() ? std::optional<db::AccountRecord>() : reader.account(key);
        };
        services_.reads.read(
            std::move(read_account),
            [self = shared_from_this(), what, key, password = std::move(password), address = std::move(address),
             then = std::move(then)](db::ReadResult<std::optional<db::AccountRecord>> read) mutable {
                if (!read) {
                    self->on_strand([self, key, address] { self->end_login(key, address, LoginEnd::NotChecked); });
                    return then(storage_refusal(what, read.error().message));
                }
                auto job = [self, what, key, account = std::move(*read), password = std::move(password),
                            address = std::move(address), then]() mutable {
                    // Without an account the dummy hash is checked, so both paths cost one argon2id.
                    bool good = false;
                    if (account)
                        good = identity::verify_password(account->password_hash, password);
                    else
                        identity::verify_against_dummy(password);
                    self->on_strand([self, what, key, good, account = std::move(account), address = std::move(address),
                                     then = std::move(then)]() mutable {
                        self->end_login(key, address, good ? LoginEnd::Succeeded : LoginEnd::WrongPassword);
                        if (!good) return then(bad_credentials(what));
                        then(std::move(*account));
                    });
                };
                if (!self->services_.hasher.try_submit(std::move(job))) {
                    self->on_strand([self, key, address] { self->end_login(key, address, LoginEnd::NotChecked); });
                    return then(AuthRefusal{ErrorCode::Busy,
                                            what + ": the server is checking many passwords; try again in a moment"});
                }
            });
    });
}

void Authenticator::create_account(std::string nick, std::string password, std::string address,
                                   std::function<void(std::variant<db::AccountRecord, AuthRefusal>)> then)
{
    if (const auto error = protocol::nick_error(nick))
        return then(AuthRefusal{ErrorCode::InvalidNick, "register: " + *error});
    if (const auto error = identity::password_error(password); !error.empty())
        return then(AuthRefusal{ErrorCode::InvalidPassword, "register: " + error});
    on_strand([this, nick = std::move(nick), password = std::move(password), address = std::move(address),
               then = std::move(then)]() mutable {
        // Registrations have a limit of their own per address (creating accounts in bulk costs a
        // hash each), apart from failed logins: a club behind one address signs its members up
        // without locking their logins out.
        const auto now = Clock::now();
        if (const auto wait = registration_throttle_.wait(address, now)) return then(too_many("registrations", *wait));
        registration_throttle_.attempt(address, now);
        auto job = [self = shared_from_this(), nick = std::move(nick), password = std::move(password), then]() mutable {
            db::AccountCreated created{nick, protocol::nick_key(nick), identity::hash_password(password),
                                       protocol::Role::Player, wall_clock_ms()};
            const std::string key = created.nick_key;
            self->services_.writer.submit(created, [self, key, nick, then](std::optional<db::StoreError> error) {
                if (error && error->kind == db::StoreFailure::Refused) return self->refuse_taken(nick, then);
                if (error) return then(storage_refusal("register", error->message));
                self->services_.reads.read([key](db::StoreReader& reader) { return reader.account(key); },
                                           [then](db::ReadResult<std::optional<db::AccountRecord>> account) {
                                               if (!account)
                                                   return then(storage_refusal("register", account.error().message));
                                               if (*account) return then(std::move(**account));
                                               then(storage_refusal("register", "the new account was not found"));
                                           });
            });
        };
        if (!services_.hasher.try_submit(std::move(job)))
            then(
                AuthRefusal{ErrorCode::Busy, "register: the server is checking many passwords; try again in a moment"});
    });
}

// The store refused a registration: the nick itself is registered, or a look-alike of it is. The
// refusal names the account that holds it, read back (the store's message is for the log).
void Authenticator::refuse_taken(const std::string& nick,
                                 const std::function<void(std::variant<db::AccountRecord, AuthRefusal>)>& then)
{
    services_.reads.read([nick](db::StoreReader& reader) { return read_nick_holder(reader, nick); },
                         [nick, then](db::ReadResult<std::optional<NickHolder>> holder) {
                             if (!holder) return then(storage_refusal("register", holder.error().message));
                             if (*holder && (*holder)->look_alike)
                                 return then(
                                     AuthRefusal{ErrorCode::NickTaken, "register: '" + nick +
                                                                           "' is too similar to the registered nick '" +
                                                                           (*holder)->account.nick + "'"});
                             then(AuthRefusal{ErrorCode::NickTaken, "register: '" + nick + "' is registered already"});
                         });
}

void Authenticator::login_session(std::string what, std::string nick, std::string password, std::string address,
                                  db::TokenKind kind, StartedDone then)
{
    verify(what, std::move(nick), std::move(password), std::move(address),
           [self = shared_from_this(), what, kind, then = std::move(then)](auto verified) mutable {
               if (auto* refusal = std::get_if<AuthRefusal>(&verified)) return then(std::move(*refusal));
               self->start_session(what, identity_of(std::get<db::AccountRecord>(verified)), kind, std::move(then));
           });
}

void Authenticator::register_session(std::string nick, std::string password, std::string address, db::TokenKind kind,
                                     StartedDone then)
{
    create_account(std::move(nick), std::move(password), std::move(address),
                   [self = shared_from_this(), kind, then = std::move(then)](auto created) mutable {
                       if (auto* refusal = std::get_if<AuthRefusal>(&created)) return then(std::move(*refusal));
                       self->start_session("register", identity_of(std::get<db::AccountRecord>(created)), kind,
                                           std::move(then));
                   });
}

void Authenticator::login(std::string nick, std::string password, std::string address, AdmissionDone done)
{
    login_session("hello", std::move(nick), std::move(password), std::move(address), db::TokenKind::Resume,
                  as_admission(std::move(done)));
}

void Authenticator::login_cookie(std::string nick, std::string password, std::string address, CookieDone done)
{
    login_session("login", std::move(nick), std::move(password), std::move(address), db::TokenKind::Cookie,
                  as_cookie(std::move(done)));
}

void Authenticator::register_account(std::string nick, std::string password, std::string address, AdmissionDone done)
{
    register_session(std::move(nick), std::move(password), std::move(address), db::TokenKind::Resume,
                     as_admission(std::move(done)));
}

void Authenticator::register_cookie(std::string nick, std::string password, std::string address, CookieDone done)
{
    register_session(std::move(nick), std::move(password), std::move(address), db::TokenKind::Cookie,
                     as_cookie(std::move(done)));
}

// ---- cookies --------------------------------------------------------------------------------

void Authenticator::who(std::string cookie_token, CookieDone done)
{
    const std::string hash = identity::token_hash(cookie_token);
    services_.reads.read(
        [hash](db::StoreReader& reader) { return read_token_session(reader, hash, db::TokenKind::Cookie); },
        [self = shared_from_this(), hash, cookie_token = std::move(cookie_token),
         done = std::move(done)](db::ReadResult<TokenSession> read) mutable {
            if (!read) return done(storage_refusal("session", read.error().message));
            const auto& session = read->session;
            const auto now = read->read_at_ms;
            if (!session)
                return done(AuthRefusal{ErrorCode::NotLoggedIn, "session: the session cookie is unknown or expired"});
            if (auto refusal = self->nick_banned("session", session->nick)) return done(std::move(*refusal));
            identity::Identity identity = identity_of(*session);
            // Each use moves the idle expiry on; not waited for (a failure only shortens the idle time).
            const auto expires = std::min(now + self->services_.config.cookie_idle_ms, session->session_expires_at_ms);
            if (expires - session->expires_at_ms > 60'000)
                self->services_.writer.submit(db::SessionTokenTouched{hash, now, expires}, {});
            done(CookieSession{std::move(identity), std::move(cookie_token)});
        });
}

void Authenticator::cookie(std::string cookie_token, AdmissionDone done)
{
    who(std::move(cookie_token), [done = std::move(done)](auto result) {
        if (auto* refusal = std::get_if<AuthRefusal>(&result)) return done(std::move(*refusal));
        // A browser keeps its cookie; it gets no resume token that page scripts could read.
        done(Admission{std::move(std::get<CookieSession>(result).identity), std::nullopt, false, {}});
    });
}

// ---- ending sessions ------------------------------------------------------------------------

void Authenticator::logout(std::int64_t session_id, Done done)
{
    services_.writer.submit(db::SessionEnded{session_id, wall_clock_ms()},
                            [done = std::move(done)](std::optional<db::StoreError> error) {
                                if (error) return done(storage_refusal("logout", error->message));
                                done(std::nullopt);
                            });
}

void Authenticator::replace_password(identity::Identity who, std::string old_password, std::string new_password,
                                     std::string address, db::TokenKind kind, StartedDone then)
{
    if (who.principal.guest())
        return then(AuthRefusal{ErrorCode::NotLoggedIn, "change_password: guests have no password; register first"});
    if (const auto error = identity::password_error(new_password); !error.empty())
        return then(AuthRefusal{ErrorCode::InvalidPassword, "change_password: new " + error});
    verify("change_password", who.nick, std::move(old_password), std::move(address),
           [self = shared_from_this(), kind, new_password = std::move(new_password),
            then = std::move(then)](auto verified) mutable {
               if (auto* refusal = std::get_if<AuthRefusal>(&verified)) {
                   if (refusal->code == ErrorCode::BadCredentials)
                       refusal->message = "change_password: the current password is wrong";
                   return then(std::move(*refusal));
               }
               auto job = [self, kind, account = std::get<db::AccountRecord>(verified),
                           new_password = std::move(new_password), then]() mutable {
                   db::PasswordChanged changed{account.id, identity::hash_password(new_password), wall_clock_ms()};
                   self->services_.writer.submit(
                       changed, [self, kind, account, then](std::optional<db::StoreError> error) {
                           if (error) return then(storage_refusal("change_password", error->message));
                           // Every session ended with the change; the asking client goes on in a new one.
                           self->start_session("change_password", identity_of(account), kind, then);
                       });
               };
               if (!self->services_.hasher.try_submit(std::move(job)))
                   then(AuthRefusal{ErrorCode::Busy, "change_password: the server is busy; try again in a moment"});
           });
}

void Authenticator::change_password(identity::Identity who, std::string old_password, std::string new_password,
                                    std::string address, AdmissionDone done)
{
    replace_password(std::move(who), std::move(old_password), std::move(new_password), std::move(address),
                     db::TokenKind::Resume, as_admission(std::move(done)));
}

void Authenticator::change_password_cookie(identity::Identity who, std::string old_password, std::string new_password,
                                           std::string address, CookieDone done)
{
    replace_password(std::move(who), std::move(old_password), std::move(new_password), std::move(address),
                     db::TokenKind::Cookie, as_cookie(std::move(done)));
}

void Authenticator::start_pruning()
{
    on_strand([this] { prune(); });
}

void Authenticator::prune()
{
    services_.writer.submit(db::ExpiredSessionsPruned{wall_clock_ms()}, [](std::optional<db::StoreError> error) {
        if (error) spdlog::warn("pruning expired sessions failed: {}", error->message);
    });
    // The store's other hourly housekeeping: open challenge links past their time (docs/protocol.md,
    // "Open challenges"), which no request reads any more.
    services_.writer.submit(db::ExpiredOpenChallengesPruned{wall_clock_ms()}, [](std::optional<db::StoreError> error) {
        if (error) spdlog::warn("pruning expired open challenges failed: {}", error->message);
    });
    prune_timer_.expires_after(std::chrono::hours(1));
    prune_timer_.async_wait([self = shared_from_this()](const boost::system::error_code& error) {
        if (!error) self->prune();
    });
}

void Authenticator::stop()
{
    net::post(strand_, [self = shared_from_this()] { self->prune_timer_.cancel(); });
}

} // namespace rochade::identity
