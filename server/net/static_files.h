// Maps an HTTP request target to a file of the browser client under the web root. Only
// regular files inside the root with a known content type are served; anything else (a "..",
// a directory, a symlink leading out of the root, an unknown extension) is not found.
#pragma once

#include <filesystem>
#include <optional>
#include <string_view>

namespace rochade::server {

struct StaticFile {
    std::filesystem::path path;
    std::string_view content_type;
};

// The content type for a file name's extension, or empty when it is not one we serve.
std::string_view content_type_for(const std::filesystem::path& file);

// `target` is the request target ("/", "/app.js?v=2"); "/" and "/dir/" mean their index.html,
// and "/admin" (or "/admin/") the admin area's page, admin.html.
std::optional<StaticFile> find_static_file(const std::filesystem::path& web_root, std::string_view target);

} // namespace rochade::server
