// Shatra's integer actions and observation tensor for learning programs
// (docs/python.md).
//
// An action names the man's start, its final cell and the promotion, and
// for a capture chain also which of the chains with that start, end and
// promotion it is: chains can leave from one cell and end on another by
// many routes (in random games up to 71 of them), so the start and the end
// alone are ambiguous. The chains that share them are ordered by their
// landing cells, and the k-th gets variant k:
//
//   action = ((k * 4 + promotion) * 62 + from) * 62 + to
//
// with promotion 0 for none, 1 batyr, 2 tura, 3 yalkyn. Variant 0 is every
// move that has no rival, so the first 15,376 actions cover almost every
// move. A position with more than kActionVariants such chains has no
// encoding and throws GameError; none was met in 3,000 random games of each
// preset, where the most was 71.
#include <algorithm>
#include <numeric>
#include <tuple>

#include "games/shatra/errors.h"
#include "games/shatra/shatra.h"

namespace asterism::shatra {

namespace {

int promotion_index(const Move& m) {
    if (m.promo == kNoKind) return 0;
    if (m.promo < kBatyr || m.promo > kYalkyn)
        throw GameError("internal: a promotion to kind " + std::to_string(m.promo));
    return m.promo - kBatyr + 1;
}

int base_action(const Move& m) {
    return (promotion_index(m) * kCells + m.from) * kCells + m.to;
}

// The order of the chains that share a base action: by landing cells, then
// by where a promotion happened.
bool route_less(const Move& a, const Move& b) {
    if (std::lexicographical_compare(a.path, a.path + a.jumps, b.path, b.path + b.jumps))
        return true;
    if (std::lexicographical_compare(b.path, b.path + b.jumps, a.path, a.path + a.jumps))
        return false;
    return std::tie(a.promo_at, a.flags) < std::tie(b.promo_at, b.flags);
}

}  // namespace

void State::encode_actions(const Move* moves, int n, int* out) const {
    std::vector<int> order(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) out[i] = base_action(moves[i]);
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](int a, int b) {
        if (out[a] != out[b]) return out[a] < out[b];
        return route_less(moves[a], moves[b]);
    });
    constexpr int kBase = 4 * kCells * kCells;
    int variant = 0;
    for (int k = 0; k < n; ++k) {
        const int i = order[static_cast<std::size_t>(k)];
        const bool rival = k > 0 && base_action(moves[order[static_cast<std::size_t>(k - 1)]]) ==
                                        base_action(moves[i]);
        variant = rival ? variant + 1 : 0;
        if (variant >= kActionVariants)
            throw error("action.shatra.chains", {{"n", kActionVariants},
                                                 {"from", cell_name(moves[i].from)},
                                                 {"to", cell_name(moves[i].to)}});
        out[i] += variant * kBase;
    }
}

namespace {
// Planes 0-4 are White's biy, batyr, tura, yalkyn and shatra; 5-9 Black's.
constexpr int kUrgent = 10, kOnBoard = 11, kWhiteToMove = 12, kTemdek = 13, kEnPassant = 15,
              kClock = 16, kPlanes = 17;
constexpr int kGridCells = kRanks * kFiles;
}  // namespace

std::vector<int> State::observation_shape() const {
    return {kPlanes, kRanks, kFiles};
}

std::vector<std::string> State::observation_planes() const {
    std::vector<std::string> out;
    for (const char* colour : {"white", "black"})
        for (const char* kind : {"biy", "batyr", "tura", "yalkyn", "shatra"})
            out.push_back(std::string(colour) + " " + kind);
    for (const char* name :
         {"urgent man", "board cell", "white to move", "white temdek on", "black temdek on",
          "en passant cell", "plies without progress / 100 (at most 1)"})
        out.emplace_back(name);
    return out;
}

void State::observe(float* out) const {
    auto at = [&](int plane, int cell) -> float& {
        return out[plane * kGridCells + (kGeo.rank[cell] - 1) * kFiles + kGeo.file[cell]];
    };
    auto fill = [&](int plane, float v) {
        for (int c = 0; c < kCells; ++c) at(plane, c) = v;
    };
    for (int c = 0; c < kCells; ++c) {
        const std::uint8_t m = pos_.board[c];
        if (m) at(colour_of(m) * 5 + kind_of(m) - 1, c) = 1;
        if (pos_.urgent & bit(c)) at(kUrgent, c) = 1;
        at(kOnBoard, c) = 1;
    }
    if (pos_.side == kWhite) fill(kWhiteToMove, 1);
    for (int colour = 0; colour < 2; ++colour)
        if (pos_.temdek_on(colour)) fill(kTemdek + colour, 1);
    if (pos_.ep_skip != kNoCell) at(kEnPassant, pos_.ep_skip) = 1;
    fill(kClock, std::min(1.0f, pos_.clock / 100.0f));
}

}  // namespace asterism::shatra
