// The cost of a login on this machine: argon2id verifications (crypto_pwhash_str_verify at the
// server's parameters, m = 19 MiB, t = 2) per second on one and on two threads, the memory they
// take, and, as the reference measured in the same run, BLAKE2b token hashes per second (what a
// resume or a cookie costs). docs/performance.md, "Logins", records its output.
//
// usage: login_bench [--seconds S]   (default 3 per measurement)
#include <sys/resource.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "server/identity/secrets.h"

namespace {

using Clock = std::chrono::steady_clock;

long max_rss_kib()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss;
}

// Runs `work` on `threads` threads for `seconds`; returns the calls per second.
template <class Work> double per_second(int threads, double seconds, Work work)
{
    std::atomic<long> calls{0};
    std::atomic<bool> stop{false};
    std::vector<std::thread> workers;
    const auto start = Clock::now();
    for (int i = 0; i < threads; ++i)
        workers.emplace_back([&] {
            while (!stop.load(std::memory_order_relaxed)) {
                work();
                calls.fetch_add(1, std::memory_order_relaxed);
            }
        });
    std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
    stop = true;
    for (auto& worker : workers) worker.join();
    return double(calls.load()) / std::chrono::duration<double>(Clock::now() - start).count();
}

} // namespace

int main(int argc, char** argv)
{
    double seconds = 3;
    for (int i = 1; i + 1 < argc; ++i)
        if (std::string(argv[i]) == "--seconds") seconds = std::atof(argv[i + 1]);

    // Before any argon2id ran: the peak resident memory of the program alone.
    const long rss_before = max_rss_kib();
    const std::string token = rochade::identity::new_token();
    const double tokens = per_second(1, seconds, [&] { (void)rochade::identity::token_hash(token); });
    const std::string stored = rochade::identity::hash_password("Geheimnis-42");

    const double one = per_second(1, seconds, [&] { (void)rochade::identity::verify_password(stored, "Geheimnis-42"); });
    const long rss_one = max_rss_kib();
    const double two = per_second(2, seconds, [&] { (void)rochade::identity::verify_password(stored, "Geheimnis-42"); });
    const long rss_two = max_rss_kib();
    const double hashes = per_second(1, seconds, [&] { (void)rochade::identity::hash_password("Geheimnis-42"); });

    std::printf("token hashes (BLAKE2b, reference)  %12.0f /s\n", tokens);
    std::printf("argon2id verifications, 1 thread   %12.1f /s  (%.1f ms each; 1 : %.0f token hashes)\n", one,
                1000.0 / one, tokens / one);
    std::printf("argon2id verifications, 2 threads  %12.1f /s  (x%.2f of 1 thread)\n", two, two / one);
    std::printf("argon2id hashes (registration)     %12.1f /s\n", hashes);
    std::printf("peak memory: +%ld KiB with 1 verification at a time, +%ld KiB with 2\n", rss_one - rss_before,
                rss_two - rss_before);
    return 0;
}
