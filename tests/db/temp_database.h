// A database file under the system's temp directory with a name no other test (or test run)
// uses; removed with its WAL and shared-memory companions when the test ends.
#pragma once

#include <atomic>
#include <chrono>
#include <filesystem>
#include <string>
#include <system_error>
#include <unistd.h>

namespace rochade::db::testing {

class TempDatabase {
public:
    explicit TempDatabase(const std::string& label)
    {
        static std::atomic<int> counter{0};
        const auto now = std::chrono::steady_clock::now().time_since_epoch().count();
        path_ =
            (std::filesystem::temp_directory_path() / ("rochade-" + label + "-" + std::to_string(::getpid()) + "-" +
                                                       std::to_string(now) + "-" + std::to_string(counter++) + ".db"))
                .string();
    }
    ~TempDatabase()
    {
        std::error_code ignored;
        for (const char* suffix : {"", "-wal", "-shm", "-journal"}) std::filesystem::remove(path_ + suffix, ignored);
    }
    TempDatabase(const TempDatabase&) = delete;
    TempDatabase& operator=(const TempDatabase&) = delete;

    const std::string& path() const { return path_; }

private:
    std::string path_;
};

} // namespace rochade::db::testing
