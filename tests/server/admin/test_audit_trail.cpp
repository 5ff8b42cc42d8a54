// admin/audit_trail.h: every answer to a moderator goes out after its audit line was submitted,
// and the line says who asked, what, about whom, and why it was refused.
#include <catch2/catch.hpp>

#include <optional>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "db/store_writer.h"
#include "server/admin/audit_trail.h"

using namespace rochade;

namespace {

// A writer that keeps what it is given and completes each submission at once, with an error
// when told to fail.
class AuditTrailWriter final : public db::StoreWriter {
public:
    std::vector<std::vector<db::Write>> submissions;
    std::optional<db::StoreError> fail_with;

    void submit(std::vector<db::Write> writes, db::WriteDone done) override
    {
        submissions.push_back(std::move(writes));
        if (done) done(fail_with);
    }
    void flush() override {}

    const db::ModerationLogged& only_line() const
    {
        REQUIRE(submissions.size() == 1);
        REQUIRE(submissions[0].size() == 1);
        REQUIRE(std::holds_alternative<db::ModerationLogged>(submissions[0][0]));
        return std::get<db::ModerationLogged>(submissions[0][0]);
    }
};

server::ModerationAttempt audit_attempt(std::optional<server::ModerationResult>& answer,
                                        identity::Principal who = {identity::Principal::Kind::Account, 902})
{
    return server::ModerationAttempt{{who, "Aufsicht", protocol::Role::Moderator, 0},
                                     "198.51.100.4",
                                     server::ModerationAction::Mute,
                                     "Bob",
                                     "spam",
                                     [&answer](server::ModerationResult result) { answer = std::move(result); }};
}

} // namespace

TEST_CASE("audit trail: a refusal is logged with its code and words, then answered", "[moderation][admin][audit_trail]")
{
    AuditTrailWriter writer;
    server::AuditTrail audit(writer);
    std::optional<server::ModerationResult> answer;

    audit.refuse(audit_attempt(answer), protocol::ErrorCode::NoSuchNick, "mute: no player 'Bob' is online");

    const auto& line = writer.only_line();
    CHECK(line.refused);
    CHECK(line.actor_account == 902);
    CHECK(line.actor_nick == "Aufsicht");
    CHECK(line.actor_role == "moderator");
    CHECK(line.action == "mute");
    CHECK(line.target == "Bob");
    CHECK(line.reason == "spam");
    CHECK_FALSE(line.until_ms);
    CHECK(line.at_ms > 0);
    const auto detail = nlohmann::json::parse(line.detail_json);
    CHECK(detail["code"] == "no_such_nick");
    CHECK(detail["message"] == "mute: no player 'Bob' is online");

    REQUIRE(answer);
    const auto* refused = std::get_if<server::ModerationRefused>(&*answer);
    REQUIRE(refused);
    CHECK(refused->code == protocol::ErrorCode::NoSuchNick);
    CHECK(refused->message == "mute: no player 'Bob' is online");
}

TEST_CASE("audit trail: what is done is answered as done even when its line fails", "[moderation][admin][audit_trail]")
{
    AuditTrailWriter writer;
    writer.fail_with = db::StoreError{db::StoreFailure::Unavailable, "disk full"};
    server::AuditTrail audit(writer);
    std::optional<server::ModerationResult> answer;

    audit.finish(audit_attempt(answer), server::ModerationDone{"Bob muted everywhere", 1234, 0}, R"({"room":34})");

    const auto& line = writer.only_line();
    CHECK_FALSE(line.refused);
    CHECK(line.until_ms == 1234);
    CHECK(line.detail_json == R"({"room":34})");
    REQUIRE(answer);
    const auto* done = std::get_if<server::ModerationDone>(&*answer);
    REQUIRE(done);
    CHECK(done->summary == "Bob muted everywhere");
}

TEST_CASE("audit trail: a guest is logged by nick alone, an untyped refusal keeps the asked action",
          "[moderation][admin][audit_trail]")
{
    AuditTrailWriter writer;
    server::AuditTrail audit(writer);
    std::optional<server::ModerationResult> answer;
    const auto line =
        audit.line(audit_attempt(answer, {identity::Principal::Kind::Guest, 5}), false, std::nullopt, "{}");
    CHECK_FALSE(line.actor_account);
    CHECK(line.actor_nick == "Aufsicht");
    CHECK(writer.submissions.empty()); // line() only makes it

    audit.log_refusal({{identity::Principal::Kind::Account, 901}, "Spieler", protocol::Role::Player, 0}, "203.0.113.9",
                      "delete_everything", "everyone", "needs the moderator role");
    const auto& refused = writer.only_line();
    CHECK(refused.refused);
    CHECK(refused.action == "delete_everything");
    CHECK(refused.target == "everyone");
    CHECK(refused.actor_role == "player");
    CHECK(nlohmann::json::parse(refused.detail_json)["code"] == "forbidden");
}

TEST_CASE("audit detail: text that is not UTF-8 is replaced, not thrown over", "[moderation][admin][audit_trail]")
{
    const std::string broken = "spam \xC3";
    const auto text = server::audit_detail_text(nlohmann::json{{"reason", broken}});
    CHECK(text == "{\"reason\":\"spam \xEF\xBF\xBD\"}");
}
