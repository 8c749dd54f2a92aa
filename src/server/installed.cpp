// The installed share folder beside the running binary (installed.h).
#include "server/installed.h"

#include <filesystem>
#include <system_error>

// The share folder relative to the binary's folder, from the install
// layout (src/server/CMakeLists.txt); this default is the Debian package's.
#ifndef ASTERISM_SHARE_FROM_BIN
#define ASTERISM_SHARE_FROM_BIN "../share/asterism"
#endif

namespace asterism::server {

std::string installed_or(const std::string& name, const std::string& source_tree_folder) {
    namespace fs = std::filesystem;
    std::error_code ec;
    // Linux names the running binary here, with symbolic links resolved, so
    // a link in another folder to an installed binary still finds its files.
    const fs::path binary = fs::read_symlink("/proc/self/exe", ec);
    if (ec) return source_tree_folder;
    const fs::path folder =
        (binary.parent_path() / ASTERISM_SHARE_FROM_BIN / name).lexically_normal();
    if (fs::is_directory(folder, ec)) return folder.string();
    return source_tree_folder;
}

}  // namespace asterism::server
