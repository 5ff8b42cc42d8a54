// Any bytes as an HTTP request target -> find_static_file, against a temporary web root made
// once per run: files with served and unserved extensions, a directory with an index, a symlink
// that points out of the root and one that stays inside, and a served file next to the root
// (outside it). Property: a file found is a regular file inside the root, with a content type;
// the files outside the root are never found.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <unistd.h>

#include "fuzz_check.h"
#include "server/net/static_files.h"

namespace fs = std::filesystem;
using rochade::server::find_static_file;

namespace {

struct WebRoot {
    fs::path base; // holds root/ and the files beside it
    fs::path root;

    WebRoot()
    {
        std::string pattern = (fs::temp_directory_path() / "rochade-fuzz-XXXXXX").string();
        FUZZ_CHECK(mkdtemp(pattern.data()) != nullptr);
        base = fs::canonical(pattern);
        root = base / "web";
        fs::create_directories(root / "assets");
        fs::create_directories(root / "sub");
        for (const char* name : {"index.html", "admin.html", "archive.html", "profile.html", "leaderboard.html",
                                 "app.js", "style.css", "notes.cfg", "assets/app.js", "sub/index.html"})
            std::ofstream(root / name) << "x";
        std::ofstream(base / "secret.html") << "outside";
        std::ofstream(base / "secret.js") << "outside";
        fs::create_symlink(base / "secret.html", root / "leak.html");
        fs::create_symlink("../secret.js", root / "assets" / "leak.js");
        fs::create_symlink(root / "app.js", root / "alias.js");
    }
    ~WebRoot() { fs::remove_all(base); }
};

bool inside(const fs::path& root, const fs::path& file)
{
    auto r = root.begin(), f = file.begin();
    for (; r != root.end(); ++r, ++f)
        if (f == file.end() || *r != *f) return false;
    return f != file.end();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static const WebRoot web;
    const std::string_view target(reinterpret_cast<const char*>(data), size);
    const auto found = find_static_file(web.root, target);
    if (!found) return 0;
    FUZZ_CHECK(found->path.is_absolute());
    FUZZ_CHECK(inside(web.root, found->path));
    FUZZ_CHECK(fs::is_regular_file(found->path));
    FUZZ_CHECK(fs::canonical(found->path) == found->path);
    FUZZ_CHECK(found->path.filename() != "secret.html" && found->path.filename() != "secret.js");
    FUZZ_CHECK(!found->content_type.empty());
    return 0;
}
