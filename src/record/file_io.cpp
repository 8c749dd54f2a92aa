#include "record/file_io.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <vector>

#include "core/errors.h"

namespace asterism {

namespace {

// The system's words for the last failure (strerror): a parameter of the
// errors below, in the system's language.
std::string os_reason() {
    return std::strerror(errno);
}

// The directory part of a path, for syncing the rename ("." for a bare name).
std::string directory_of(const std::string& path) {
    const auto slash = path.find_last_of('/');
    if (slash == std::string::npos) return ".";
    return slash == 0 ? "/" : path.substr(0, slash);
}

}  // namespace

std::string read_text_file(const std::string& path, std::size_t max_bytes) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw error("file.read", {{"path", path}, {"system", os_reason()}});
    std::string text;
    char chunk[1 << 16];
    errno = 0;
    while (in.read(chunk, sizeof chunk) || in.gcount() > 0) {
        text.append(chunk, static_cast<std::size_t>(in.gcount()));
        if (text.size() > max_bytes) throw error("file.large", {{"path", path}, {"n", max_bytes}});
    }
    // A directory opens but cannot be read; errno says why.
    if (in.bad())
        throw error("file.read", {{"path", path}, {"system", errno ? os_reason() : "read error"}});
    return text;
}

void write_file_atomically(const std::string& path, std::string_view text) {
    if (path.empty()) throw error("file.emptyName");
    std::string temp = path + ".tmp-XXXXXX";
    std::vector<char> name(temp.begin(), temp.end());
    name.push_back('\0');
    const int fd = mkstemp(name.data());
    if (fd < 0) throw error("file.write", {{"path", path}, {"system", os_reason()}});
    temp = name.data();

    auto fail = [&](const std::string& why) {
        ::close(fd);
        ::unlink(temp.c_str());
        throw error("file.write", {{"path", path}, {"system", why}});
    };
    const char* data = text.data();
    std::size_t left = text.size();
    while (left > 0) {
        const ssize_t n = ::write(fd, data, left);
        if (n < 0) {
            if (errno == EINTR) continue;
            fail(os_reason());
        }
        data += n;
        left -= static_cast<std::size_t>(n);
    }
    // mkstemp creates the file readable by its owner only; a record is an
    // ordinary document, so give it the usual permissions.
    if (::fchmod(fd, 0644) != 0) fail(os_reason());
    if (::fsync(fd) != 0) fail(os_reason());
    if (::close(fd) != 0) {
        ::unlink(temp.c_str());
        throw error("file.write", {{"path", path}, {"system", os_reason()}});
    }
    if (std::rename(temp.c_str(), path.c_str()) != 0) {
        const std::string why = os_reason();
        ::unlink(temp.c_str());
        throw error("file.write", {{"path", path}, {"system", why}});
    }
    // Sync the directory too, so that the rename itself survives a crash. A
    // failure here cannot undo the write, so it is not reported.
    const int dir = ::open(directory_of(path).c_str(), O_RDONLY | O_DIRECTORY);
    if (dir >= 0) {
        ::fsync(dir);
        ::close(dir);
    }
}

}  // namespace asterism
