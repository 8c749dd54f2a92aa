// One network, one share (docs/server.md, "Limits"): a server-wide table (the
// games held, the lobby's challenges, ...) gives each client network (an IPv4
// address or an IPv6 /64, net/limits.h) at most `per_network` of its
// `capacity`, and keeps its last `reserve` for networks that hold little, so
// that when it fills up the newcomer from a crowded network is refused, not
// everyone.
#pragma once

#include <cstddef>
#include <string>

#include "server/json_args.h"

namespace asterism::server {

struct Share {
    std::size_t capacity = 0;     // the table's size
    std::size_t per_network = 0;  // what one network may hold of it
    double reserve = 0.1;         // the part kept for networks holding less than a quarter of that
};

// Whether a network holding `held` may add one more to a table of `size`:
// not past its share, nor past a quarter of it once the table is in its
// reserve. The caller says it in its own words, and checks the capacity
// itself (a full table may make room).
enum class ShareVerdict { Room, OverShare, Crowded };
inline ShareVerdict share_verdict(const Share& s, std::size_t size, std::size_t held) {
    if (held >= s.per_network) return ShareVerdict::OverShare;
    const auto open = static_cast<double>(s.capacity) * (1 - s.reserve);
    if (static_cast<double>(size) >= open && held * 4 >= s.per_network)
        return ShareVerdict::Crowded;
    return ShareVerdict::Room;
}

// The refusal of a crowded table of games, the same words for both kinds.
[[noreturn]] inline void fail_crowded(std::size_t held) {
    fail("game.crowded", {{"n", held}});
}

}  // namespace asterism::server
