// Asterisk's observation tensor for learning programs (docs/python.md): 25
// planes over the cells in id order. It holds what a player sees: the
// board, the piece to place (Inverted's handed piece, Solitaire's drawn
// one), what is left in the supply, and never Solitaire's draw order.
#include "games/asterisk/asterisk.h"

namespace asterism::asterisk {

namespace {
// Planes 0-5, 7-12 and 13-18 run over the types 1..6 in order; kTouches is
// followed by the planes of the right and bottom sides.
constexpr int kPieceOn = 0, kEmpty = 6, kToPlace = 7, kSupply = 13, kHoldsD = 19, kSwapOnOffer = 20,
              kFirstToMove = 21, kTouches = 22, kPlanes = 25;
}  // namespace

std::vector<int> State::observation_shape() const {
    return {kPlanes, geo_->cells};
}

std::vector<std::string> State::observation_planes() const {
    std::vector<std::string> out;
    for (PieceType t = 1; t <= kTypes; ++t) out.push_back(std::string(type_name(t)) + " on cell");
    out.push_back("empty");
    for (PieceType t = 1; t <= kTypes; ++t) out.push_back(std::string(type_name(t)) + " to place");
    for (PieceType t = 1; t <= kTypes; ++t)
        out.push_back(std::string(type_name(t)) + " left in supply (fraction)");
    for (const char* name : {"mover holds goal set D", "swap on offer", "first player to move",
                             "touches left side", "touches right side", "touches bottom side"})
        out.emplace_back(name);
    return out;
}

void State::observe(float* out) const {
    const int cells = geo_->cells;
    auto plane = [&](int p) { return out + static_cast<std::ptrdiff_t>(p) * cells; };
    auto fill = [&](int p, float v) { std::fill(plane(p), plane(p) + cells, v); };
    for (int c = 0; c < cells; ++c) {
        const PieceType t = board_[c];
        plane(t == kNoPiece ? kEmpty : kPieceOn + t - 1)[c] = 1;
        for (int side = 0; side < 3; ++side)
            if (geo_->sides[c] >> side & 1) plane(kTouches + side)[c] = 1;
    }
    const PieceType to_place = rules_.mode == Mode::Solitaire ? current() : hand_;
    if (to_place != kNoPiece) fill(kToPlace + to_place - 1, 1);
    const float per_type = static_cast<float>(cells / kTypes);
    for (PieceType t = 1; t <= kTypes; ++t) fill(kSupply + t - 1, supply_[t] / per_type);
    if (goals_of(side_) == GoalSet::D) fill(kHoldsD, 1);
    if (swap_available()) fill(kSwapOnOffer, 1);
    if (side_ == Player::First) fill(kFirstToMove, 1);
}

}  // namespace asterism::asterisk
