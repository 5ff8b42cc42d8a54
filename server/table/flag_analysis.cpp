#include "server/table/flag_analysis.h"

#include <utility>

#include <boost/asio/post.hpp>

namespace rochade::server {

FlagAnalysis::FlagAnalysis() = default;

FlagAnalysis::~FlagAnalysis()
{
    stop();
    join();
}

void FlagAnalysis::ask(FlagFall fall, std::function<void(WinnabilityVerdict)> answered)
{
    boost::asio::post(
        pool_, [fall = std::move(fall), answered = std::move(answered)] { answered(flag_fall_winnability(fall)); });
}

void FlagAnalysis::stop() { pool_.stop(); }

void FlagAnalysis::join() { pool_.join(); }

} // namespace rochade::server
