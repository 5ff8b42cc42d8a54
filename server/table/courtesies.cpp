#include "server/table/courtesies.h"

#include <algorithm>

namespace rochade::server {

using protocol::ErrorCode;
using protocol::Side;

namespace {

std::string courtesy_side_name(Side side) { return side == Side::White ? "White" : "Black"; }

// A refusal whose message is a side's name and the rest of the sentence, written into the
// optional's own string. Built as `CourtesyRefusal{code, courtesy_side_name(side) + "..."}` and
// moved into the optional, g++ 12 at -O3 flags the inlined move of the string with a
// -Warray-bounds false positive (a memcpy past its in-object buffer; it shows when libstdc++
// comes through the precompiled header, cmake/precompiled_headers.cmake). Here no string is moved.
std::optional<CourtesyRefusal> side_refusal(ErrorCode code, Side side, std::string_view rest)
{
    std::optional<CourtesyRefusal> refusal(std::in_place, CourtesyRefusal{code, {}});
    refusal->message.append(side == Side::White ? "White" : "Black").append(rest);
    return refusal;
}

std::string courtesy_wait_text(std::chrono::milliseconds ms)
{
    return std::to_string((ms.count() + 999) / 1000) + " s";
}

} // namespace

std::optional<CourtesyRefusal> Courtesies::ask(const TakebackPolicy& policy, Side who, Side to_move, int moves_made,
                                               time_point now)
{
    if (!policy.allowed())
        return CourtesyRefusal{ErrorCode::TakebacksNotAllowed, policy.decided_by == TakebackAuthority::Tournament
                                                                   ? "takebacks are not allowed in a tournament game"
                                                                   : "takebacks are not allowed at this table"};
    if (request_)
        return CourtesyRefusal{
            ErrorCode::TakebackRequestStands,
            courtesy_side_name(request_->by) + "'s takeback request stands: " +
                (request_->by == who ? "wait for the answer or withdraw it" : "accept or decline it")};
    if (moves_made == 0)
        return CourtesyRefusal{ErrorCode::NothingToTakeBack,
                               courtesy_side_name(who) + " has made no move to take back"};
    if (now < next_request_at_[index(who)])
        return CourtesyRefusal{ErrorCode::TakebackTooSoon,
                               courtesy_side_name(protocol::opponent_of(who)) + " declined " + courtesy_side_name(who) +
                                   "'s last takeback request; ask again in " +
                                   courtesy_wait_text(std::chrono::duration_cast<std::chrono::milliseconds>(
                                       next_request_at_[index(who)] - now))};
    request_ = protocol::TakebackRequest{who, to_move == who ? 2 : 1};
    return std::nullopt;
}

std::optional<CourtesyRefusal> Courtesies::accept(Side who)
{
    if (!request_ || request_->by == who)
        return side_refusal(ErrorCode::NoTakebackRequest, protocol::opponent_of(who), " has not asked for a takeback");
    accepted_ = request_;
    request_.reset();
    return std::nullopt;
}

std::optional<CourtesyRefusal> Courtesies::decline(Side who, time_point now, std::chrono::milliseconds& wait)
{
    if (!request_ || request_->by == who)
        return side_refusal(ErrorCode::NoTakebackRequest, protocol::opponent_of(who), " has not asked for a takeback");
    const int asker = index(request_->by);
    const int doublings = std::min(declines_[asker], 5); // 10 s * 2^5 = 320 s, the longest wait
    declines_[asker] += 1;
    wait = std::chrono::milliseconds(first_takeback_wait) * (1 << doublings);
    next_request_at_[asker] = now + wait;
    request_.reset();
    return std::nullopt;
}

std::optional<CourtesyRefusal> Courtesies::withdraw(Side who)
{
    if (!request_ || request_->by != who)
        return side_refusal(ErrorCode::NoTakebackRequest, who, " has no takeback request standing");
    request_.reset();
    return std::nullopt;
}

std::optional<CourtesyRefusal> Courtesies::give_time(Side who, time_point now)
{
    if (now < next_gift_at_[index(who)])
        return CourtesyRefusal{ErrorCode::GiveTimeTooSoon,
                               courtesy_side_name(who) + " may give time again in " +
                                   courtesy_wait_text(std::chrono::duration_cast<std::chrono::milliseconds>(
                                       next_gift_at_[index(who)] - now)) +
                                   " (once every " + std::to_string(give_time_interval.count()) + " s)"};
    next_gift_at_[index(who)] = now + give_time_interval;
    return std::nullopt;
}

std::optional<ClockReadings> Courtesies::clocks_at(int ply) const
{
    if (ply < 0 || std::size_t(ply) >= readings_.size()) return std::nullopt;
    return readings_[std::size_t(ply)];
}

} // namespace rochade::server
