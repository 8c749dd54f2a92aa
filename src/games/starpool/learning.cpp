// Star Pool Chess's integer actions and observation tensor for learning
// programs (docs/python.md).
//
// An action is a start and an end cell, 84 * from + to, the cells numbered
// 0..79 over the board a1, b1, ..., i9 without the pool, then 80..83 for the
// citadels w1..w4. Nothing more is needed: promotions are compulsory and
// follow from the man and how it arrives (rules.h), and a Wizard's swap goes
// to a friendly man, where no other move can go.
#include <algorithm>
#include <array>

#include "games/starpool/starpool.h"

namespace asterism::starpool {

namespace {

// The dense number of each grid point that is a cell, or -1.
const std::array<int, kGridPoints>& dense_cells() {
    static const std::array<int, kGridPoints> table = [] {
        std::array<int, kGridPoints> t;
        t.fill(-1);
        int next = 0;
        for (int y = 1; y <= 9; ++y)
            for (int x = 1; x <= 9; ++x)
                if (const int c = y * kGridSide + x; c != kPool) t[c] = next++;
        for (const Cell c : kCitadels) t[c] = next++;
        return t;
    }();
    return table;
}

// Planes 0-9 are White's men by kind (the Kind order), 10-19 Black's.
constexpr int kIsCell = 20, kWhiteToMove = 21, kKingUnmoved = 22, kClock = 24, kPlanes = 25;

}  // namespace

int State::action_of(Move m) const {
    return dense_cells()[m.from] * kActionCells + dense_cells()[m.to];
}

std::vector<int> State::observation_shape() const {
    return {kPlanes, kGridSide, kGridSide};
}

std::vector<std::string> State::observation_planes() const {
    std::vector<std::string> out;
    for (const char* colour : {"white", "black"})
        for (const ManDef& man : kMen)
            out.push_back(std::string(colour) + " " + std::string(man.name));
    for (const char* name : {"cell (board or citadel)", "white to move", "white king unmoved",
                             "black king unmoved", "plies without progress / 100 (at most 1)"})
        out.emplace_back(name);
    return out;
}

void State::observe(float* out) const {
    auto at = [&](int plane, int point) -> float& { return out[plane * kGridPoints + point]; };
    auto fill = [&](int plane, float v) {
        for (int c = 0; c < kGridPoints; ++c)
            if (dense_cells()[c] >= 0) at(plane, c) = v;
    };
    for (int c = 0; c < kGridPoints; ++c) {
        if (dense_cells()[c] < 0) continue;
        at(kIsCell, c) = 1;
        if (const Piece p = board_[c]; p != kNoPiece) at(side_of(p) * kKinds + kind_of(p), c) = 1;
    }
    if (side_ == 0) fill(kWhiteToMove, 1);
    for (int side = 0; side < 2; ++side)
        if (unmoved_ >> side & 1) fill(kKingUnmoved + side, 1);
    fill(kClock, std::min(1.0f, static_cast<float>(clock_) / 100.0f));
}

}  // namespace asterism::starpool
