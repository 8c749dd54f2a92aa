// *Star's observation tensor for learning programs (docs/python.md): seven
// planes over the cells in dense-id order. The stones are given by colour,
// not by who is to move, and two constant planes say whose turn it is and
// whether the swap is on offer; the perimeter and quark planes let a
// network that sees the cells as a list find the edge.
#include <algorithm>

#include "games/starstar/starstar.h"

namespace asterism::starstar {

namespace {
enum Plane { kBlackStone, kWhiteStone, kEmpty, kPeri, kQuark, kBlackToMove, kSwapLegal, kPlanes };
}  // namespace

std::vector<int> State::observation_shape() const {
    return {kPlanes, geo_->cells()};
}

std::vector<std::string> State::observation_planes() const {
    return {"black stone", "white stone",   "empty",     "perimeter cell",
            "quark cell",  "black to move", "swap legal"};
}

void State::observe(float* out) const {
    observe_stones(*geo_, stone_.data(), to_move_, swap_legal(), out);
}

void observe_stones(const Geometry& g, const Player* stones, Player to_move, bool swap_legal,
                    float* out) {
    const int cells = g.cells();
    auto plane = [&](int p) { return out + static_cast<std::ptrdiff_t>(p) * cells; };
    for (Cell c = 0; c < cells; ++c) {
        const Player s = stones[c];
        plane(s == kBlack ? kBlackStone : s == kWhite ? kWhiteStone : kEmpty)[c] = 1;
        if (g.is_peri(c)) plane(kPeri)[c] = 1;
        if (g.is_corner(c)) plane(kQuark)[c] = 1;
    }
    if (to_move == kBlack) std::fill(plane(kBlackToMove), plane(kBlackToMove) + cells, 1.0f);
    if (swap_legal) std::fill(plane(kSwapLegal), plane(kSwapLegal) + cells, 1.0f);
}

}  // namespace asterism::starstar
