// admin/table_desk.h, for a table that is not on this node: on a server alone it is no table;
// in a cluster (a fake OtherNodes here) the node that has it is asked, and its answer, its
// refusal or its silence becomes the moderator's answer and the audit line.
#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "db/store_writer.h"
#include "server/admin/audit_trail.h"
#include "server/admin/other_nodes.h"
#include "server/admin/table_desk.h"
#include "server/table/table_directory.h"

using namespace rochade;

namespace {

class TableDeskWriter final : public db::StoreWriter {
public:
    std::vector<db::ModerationLogged> lines;

    void submit(std::vector<db::Write> writes, db::WriteDone done) override
    {
        for (auto& write : writes)
            if (auto* line = std::get_if<db::ModerationLogged>(&write)) lines.push_back(std::move(*line));
        if (done) done(std::nullopt);
    }
    void flush() override {}
};

// Other nodes as a test wants them: `owner` has every table asked about (none: no node has
// it), and answers `answer` (none: it stays silent). Remembers what it was asked.
class TableDeskNodes final : public server::OtherNodes {
public:
    std::optional<std::string> owner;
    std::optional<server::cluster::ModerationAnswered> answer;
    std::vector<std::pair<std::string, server::cluster::TableModeration>> asked;

    void locate(const std::string&, std::function<void(std::optional<std::string>)> done) override
    {
        done(std::nullopt);
    }
    void ask_kick(const std::string&, std::string, std::string, Answered done) override { done(std::nullopt); }
    void table_owner(std::int64_t, std::function<void(std::optional<std::string>)> done) override { done(owner); }
    void ask_table(const std::string& node, server::cluster::TableModeration request, Answered done) override
    {
        asked.emplace_back(node, std::move(request));
        done(answer);
    }
    void sanctions_changed() override {}
    void notice_sent(std::optional<std::int64_t>, std::string, std::string) override {}
    void add_to_live(bool, server::LiveView here, std::function<void(server::LiveView)> done) override
    {
        done(std::move(here));
    }
    std::chrono::milliseconds answer_timeout() const override { return std::chrono::milliseconds(1500); }
};

struct TableDeskBench {
    TableDeskWriter writer;
    server::AuditTrail audit{writer};
    server::TableDirectory tables; // none here: every table is elsewhere or nowhere
    TableDeskNodes others;
    server::TableDesk desk{tables, audit, others};
    std::optional<server::ModerationResult> answer;

    server::ModerationAttempt attempt(server::ModerationAction action, std::string target)
    {
        return {{{identity::Principal::Kind::Account, 902}, "Aufsicht", protocol::Role::Moderator, 0},
                "127.0.0.1",
                action,
                std::move(target),
                "cheating",
                [this](server::ModerationResult result) { answer = std::move(result); }};
    }
    server::ModerationRefused refused() const
    {
        REQUIRE(answer);
        REQUIRE(std::holds_alternative<server::ModerationRefused>(*answer));
        return std::get<server::ModerationRefused>(*answer);
    }
    server::ModerationDone done() const
    {
        REQUIRE(answer);
        REQUIRE(std::holds_alternative<server::ModerationDone>(*answer));
        return std::get<server::ModerationDone>(*answer);
    }
};

} // namespace

TEST_CASE("table desk: a table no node has is refused and logged", "[moderation][admin][table_desk]")
{
    TableDeskBench bench;
    bench.desk.carry_out(bench.attempt(server::ModerationAction::CloseTable, "table 12"),
                         server::CloseTable{12, "cheating"});
    CHECK(bench.refused().code == protocol::ErrorCode::NoSuchTable);
    CHECK(bench.refused().message == "close_table: there is no table 12");
    CHECK(bench.others.asked.empty());
    REQUIRE(bench.writer.lines.size() == 1);
    CHECK(bench.writer.lines[0].refused);
    CHECK(bench.writer.lines[0].target == "table 12");
}

TEST_CASE("table desk: another node's table is closed there, and the room it names is logged",
          "[moderation][admin][table_desk]")
{
    TableDeskBench bench;
    bench.others.owner = "node-b";
    bench.others.answer = server::cluster::ModerationAnswered{"node-b", 7, std::nullopt, "", 34, 0, 0};
    bench.desk.carry_out(bench.attempt(server::ModerationAction::CloseTable, "table 12"),
                         server::CloseTable{12, "cheating"});

    CHECK(bench.done().summary == "table 12 in room 34 closed");
    REQUIRE(bench.others.asked.size() == 1);
    CHECK(bench.others.asked[0].first == "node-b");
    const auto& request = bench.others.asked[0].second;
    CHECK(request.table == 12);
    CHECK_FALSE(request.decision);
    CHECK(request.by_nick == "Aufsicht");
    CHECK(request.by == identity::Principal{identity::Principal::Kind::Account, 902});
    CHECK(request.reason == "cheating");
    REQUIRE(bench.writer.lines.size() == 1);
    CHECK_FALSE(bench.writer.lines[0].refused);
    CHECK(nlohmann::json::parse(bench.writer.lines[0].detail_json)["room"] == 34);
}

TEST_CASE("table desk: the owner's refusal is the moderator's, in its words", "[moderation][admin][table_desk]")
{
    TableDeskBench bench;
    bench.others.owner = "node-b";
    bench.others.answer = server::cluster::ModerationAnswered{
        "node-b", 7, protocol::ErrorCode::Forbidden, "you play at this table", 0, 0, 0};
    bench.desk.carry_out(bench.attempt(server::ModerationAction::Adjudicate, "table 12"),
                         server::Adjudicate{12, server::Adjudication::Draw, "cheating"});

    CHECK(bench.refused().code == protocol::ErrorCode::Forbidden);
    CHECK(bench.refused().message == "adjudicate: you play at this table");
    REQUIRE(bench.others.asked.size() == 1);
    CHECK(bench.others.asked[0].second.decision == server::Adjudication::Draw);
    REQUIRE(bench.writer.lines.size() == 1);
    CHECK(bench.writer.lines[0].refused);
}

TEST_CASE("table desk: an adjudication on another node names the game it ended", "[moderation][admin][table_desk]")
{
    TableDeskBench bench;
    bench.others.owner = "node-b";
    bench.others.answer = server::cluster::ModerationAnswered{"node-b", 7, std::nullopt, "", 0, 4711, 0};
    bench.desk.carry_out(bench.attempt(server::ModerationAction::Adjudicate, "table 12"),
                         server::Adjudicate{12, server::Adjudication::WhiteWins, "cheating"});

    CHECK(bench.done().summary == "game 4711 at table 12 White wins (1-0)");
    REQUIRE(bench.writer.lines.size() == 1);
    const auto detail = nlohmann::json::parse(bench.writer.lines[0].detail_json);
    CHECK(detail["game"] == 4711);
    CHECK(detail["decision"] == "1-0");
    CHECK(detail["result"] == "1-0");
}

TEST_CASE("table desk: a silent owner makes the answer busy, not a hang", "[moderation][admin][table_desk]")
{
    TableDeskBench bench;
    bench.others.owner = "node-b"; // and no answer
    bench.desk.carry_out(bench.attempt(server::ModerationAction::CloseTable, "table 12"),
                         server::CloseTable{12, "cheating"});

    CHECK(bench.refused().code == protocol::ErrorCode::Busy);
    CHECK(bench.refused().message == "close_table: node node-b did not answer within 1500 ms, which has table 12; "
                                     "whether it was done is unknown: see the live view");
}
