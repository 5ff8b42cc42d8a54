#include <catch2/catch.hpp>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "server/identity/password_hasher.h"

using namespace rochade::identity;

TEST_CASE("the hasher runs at most its threads at once, queues a bounded number and refuses the rest")
{
    std::mutex mutex;
    std::condition_variable changed;
    int running = 0, most_running = 0, done = 0;
    bool release = false;
    auto job = [&] {
        std::unique_lock lock(mutex);
        ++running;
        most_running = std::max(most_running, running);
        changed.notify_all();
        changed.wait(lock, [&] { return release; });
        --running;
        ++done;
        changed.notify_all();
    };
    {
        PasswordHasher hasher(2, 3);
        for (int i = 0; i < 2; ++i) REQUIRE(hasher.try_submit(job));
        {
            std::unique_lock lock(mutex);
            changed.wait(lock, [&] { return running == 2; }); // both threads busy
        }
        for (int i = 0; i < 3; ++i) CHECK(hasher.try_submit(job)); // three may wait
        CHECK(hasher.waiting() == 3);
        CHECK(hasher.running() == 2);
        CHECK_FALSE(hasher.try_submit(job)); // the fourth is refused
        {
            std::lock_guard lock(mutex);
            release = true;
        }
        changed.notify_all();
    } // the destructor runs what was queued
    CHECK(done == 5);
    CHECK(most_running == 2);
}

TEST_CASE("with no queue, a job runs when a thread is free and is refused while none is")
{
    std::mutex mutex;
    std::condition_variable changed;
    bool started = false, release = false;
    PasswordHasher hasher(1, 0);
    // The thread may not be waiting yet right after construction; a free thread takes the job.
    for (int tries = 0; tries < 1000 && !hasher.try_submit([&] {
             std::unique_lock lock(mutex);
             started = true;
             changed.notify_all();
             changed.wait(lock, [&] { return release; });
         });
         ++tries)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    {
        std::unique_lock lock(mutex);
        changed.wait(lock, [&] { return started; });
    }
    CHECK_FALSE(hasher.try_submit([] {}));
    {
        std::lock_guard lock(mutex);
        release = true;
    }
    changed.notify_all();
}
