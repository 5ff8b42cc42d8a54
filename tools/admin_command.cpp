// rochade admin COMMAND --db FILE|URL ...: accounts on the server's database (a SQLite file or a
// PostgreSQL URL), for the person who runs the server. Safe while the server runs: each command
// reads through db::StoreReader and writes one submission through db::StoreWriter, the records the
// server writes itself (AccountCreated, RoleChanged, PasswordChanged), in one short transaction
// beside the server's writer (on SQLite, WAL and the busy timeout let it wait its turn).
// Passwords come from the terminal (not echoed, asked twice) or from standard input, never
// from the command line, where other users of the machine could read them in the process list.
#include <ostream>
#include <string>

#include "commands.h"
#include "db/existing_store.h"
#include "protocol/nick.h"
#include "server/identity/secrets.h"

namespace rochade::cli {

namespace {

constexpr const char* admin_usage =
    "usage: rochade admin create-user NICK [--role player|director|moderator|admin] --db FILE|URL\n"
    "       rochade admin set-role NICK player|director|moderator|admin --db FILE|URL\n"
    "       rochade admin reset-password NICK --db FILE|URL\n"
    "       rochade admin list-users --db FILE|URL\n"
    "  (FILE: the server's SQLite file; URL: postgresql://user@host:port/db)\n"
    "  (passwords are read from the terminal, or from standard input)\n";

std::int64_t now_ms()
{
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

struct Arguments {
    std::string command;
    std::vector<std::string> positional;
    std::string db_path;
    std::optional<std::string> role;
};

std::optional<Arguments> parse(const std::vector<std::string>& args, std::ostream& err)
{
    Arguments parsed;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg == "--db" || arg == "--role") {
            if (i + 1 == args.size()) {
                err << "rochade admin: " << arg << " needs a value\n" << admin_usage;
                return std::nullopt;
            }
            (arg == "--db" ? parsed.db_path : parsed.role.emplace()) = args[++i];
        } else if (arg.rfind("--", 0) == 0) {
            err << "rochade admin: unknown option '" << arg << "'\n" << admin_usage;
            return std::nullopt;
        } else if (parsed.command.empty()) {
            parsed.command = arg;
        } else {
            parsed.positional.push_back(arg);
        }
    }
    if (parsed.command.empty() || parsed.db_path.empty()) {
        err << "rochade admin: a command and --db FILE are required\n" << admin_usage;
        return std::nullopt;
    }
    return parsed;
}

std::optional<protocol::Role> role_argument(const std::string& text, std::ostream& err)
{
    const auto role = protocol::parse_role(text);
    if (!role) err << "rochade admin: unknown role '" << text << "'; one of player, director, moderator, admin\n";
    return role;
}

// A new password, asked for twice on a terminal.
std::optional<std::string> new_password(const PasswordReader& read_password, std::ostream& err)
{
    auto password = read_password("New password: ");
    if (!password) {
        err << "rochade admin: no password given\n";
        return std::nullopt;
    }
    if (const auto error = identity::password_error(*password); !error.empty()) {
        err << "rochade admin: " << error << "\n";
        return std::nullopt;
    }
    if (const auto again = read_password("Again: "); again && *again != *password) {
        err << "rochade admin: the two passwords differ\n";
        return std::nullopt;
    }
    return password;
}

// Stores one write and says what became of it: exit 0, or 1 when the store refused it (a nick
// taken, an account gone), 2 when the store could not be written.
int store_one(db::ExistingStore& store, db::Write write, std::ostream& err)
{
    std::vector<db::Write> writes;
    writes.push_back(std::move(write));
    const auto error = store.write(std::move(writes));
    if (!error) return 0;
    err << "rochade admin: " << error->message << "\n";
    return error->kind == db::StoreFailure::Refused ? 1 : 2;
}

// The account named by `nick`, or a message naming the nick and the database.
std::optional<db::AccountRecord> find_account(db::ExistingStore& store, const std::string& nick, std::ostream& err)
{
    auto account = store.reader().account(protocol::nick_key(nick));
    if (!account) err << "rochade admin: no account '" << nick << "' in " << store.shown() << "\n";
    return account;
}

} // namespace

int admin_command(const std::vector<std::string>& args, const PasswordReader& read_password, std::ostream& out,
                  std::ostream& err)
{
    if (asks_for_help(args)) {
        out << admin_usage;
        return 0;
    }
    const auto parsed = parse(args, err);
    if (!parsed) return 2;
    const auto& [command, positional, db_path, role_text] = *parsed;
    const std::size_t wanted = command == "list-users" ? 0 : command == "set-role" ? 2 : 1;
    if (positional.size() != wanted) {
        err << "rochade admin " << command << ": expected " << wanted << " argument(s)\n" << admin_usage;
        return 2;
    }
    try {
        db::ExistingStore store(db_path);
        if (command == "list-users") {
            for (const auto& account : store.reader().accounts())
                out << account.nick << "\t" << protocol::role_name(account.role) << "\n";
            return 0;
        }
        const std::string& nick = positional[0];
        if (command == "create-user") {
            if (const auto error = protocol::nick_error(nick)) {
                err << "rochade admin: " << *error << "\n";
                return 2;
            }
            const auto role = role_argument(role_text.value_or("player"), err);
            if (!role) return 2;
            const auto password = new_password(read_password, err);
            if (!password) return 2;
            const int code = store_one(
                store,
                db::AccountCreated{nick, protocol::nick_key(nick), identity::hash_password(*password), *role, now_ms()},
                err);
            if (code == 0) out << "created " << nick << " (" << protocol::role_name(*role) << ")\n";
            return code;
        }
        if (command == "set-role") {
            const auto role = role_argument(positional[1], err);
            if (!role) return 2;
            const auto account = find_account(store, nick, err);
            if (!account) return 1;
            const int code = store_one(store, db::RoleChanged{account->id, *role}, err);
            if (code == 0) out << account->nick << " is now " << protocol::role_name(*role) << "\n";
            return code;
        }
        if (command == "reset-password") {
            const auto password = new_password(read_password, err);
            if (!password) return 2;
            const auto account = find_account(store, nick, err);
            if (!account) return 1;
            const int code =
                store_one(store, db::PasswordChanged{account->id, identity::hash_password(*password), now_ms()}, err);
            if (code == 0)
                out << "new password set for " << account->nick << "; every session of the account is ended\n";
            return code;
        }
        err << "rochade admin: unknown command '" << command << "'\n" << admin_usage;
        return 2;
    } catch (const db::NoStore& error) {
        err << "rochade admin: " << error.what() << " (start the server once to create it)\n";
        return 2;
    } catch (const std::exception& error) {
        err << "rochade admin: " << error.what() << "\n";
        return 2;
    }
}

} // namespace rochade::cli
