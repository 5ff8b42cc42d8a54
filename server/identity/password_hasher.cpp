#include "server/identity/password_hasher.h"

namespace rochade::identity {

PasswordHasher::PasswordHasher(std::size_t threads, std::size_t max_waiting) : max_waiting_(max_waiting)
{
    for (std::size_t i = 0; i < std::max<std::size_t>(threads, 1); ++i) threads_.emplace_back([this] { run(); });
}

PasswordHasher::~PasswordHasher()
{
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    queued_.notify_all();
    for (auto& thread : threads_) thread.join();
}

bool PasswordHasher::try_submit(std::function<void()> job)
{
    {
        std::lock_guard lock(mutex_);
        // A job an idle thread takes at once does not wait.
        if (stopping_ || jobs_.size() >= max_waiting_ + idle_) return false;
        jobs_.push_back(std::move(job));
    }
    queued_.notify_one();
    return true;
}

std::size_t PasswordHasher::waiting() const
{
    std::lock_guard lock(mutex_);
    return jobs_.size();
}

std::size_t PasswordHasher::running() const
{
    std::lock_guard lock(mutex_);
    return running_;
}

// running_ is counted under the lock apart from idle_, which a thread that has not yet reached
// its first wait would leave too low; one more lock per hash is nothing beside argon2id.
void PasswordHasher::run()
{
    for (;;) {
        std::function<void()> job;
        {
            std::unique_lock lock(mutex_);
            ++idle_;
            queued_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
            --idle_;
            if (jobs_.empty()) return; // stopping, and nothing is left
            job = std::move(jobs_.front());
            jobs_.pop_front();
            ++running_;
        }
        job();
        std::lock_guard lock(mutex_);
        --running_;
    }
}

} // namespace rochade::identity
