// OS randomness (os_random.h).
#include "core/os_random.h"

#include <sys/random.h>

#include <cerrno>
#include <stdexcept>
#include <vector>

namespace asterism {

void os_random_bytes(void* out, std::size_t size) {
    auto* p = static_cast<unsigned char*>(out);
    while (size > 0) {
        const ssize_t got = getrandom(p, size, 0);
        if (got < 0) {
            if (errno == EINTR) continue;
            throw std::runtime_error("the operating system gave no random bytes");
        }
        p += got;
        size -= static_cast<std::size_t>(got);
    }
}

std::string random_token(std::size_t bytes) {
    std::vector<unsigned char> raw(bytes);
    os_random_bytes(raw.data(), raw.size());
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out;
    out.reserve(2 * bytes);
    for (const unsigned char b : raw) {
        out.push_back(kHex[b >> 4]);
        out.push_back(kHex[b & 15]);
    }
    return out;
}

}  // namespace asterism
