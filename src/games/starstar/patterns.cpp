// Learned move knowledge (knowledge.h, docs/learning.md): the features of a
// move that the fitted weights of learned_priors.inc score, and the priors
// MCTS starts each move's statistics from.
//
// A move's features are orientation-free facts about its cell, so that one
// weight covers every rotation and reflection and a few thousand self-play
// positions fit them all: how far in from the perimeter it lies (and
// whether it is a corner), how many stones of each colour touch it, how
// many distinct groups of each colour it touches, whether it joins a group
// that owns perimeter cells (and makes a new star), and how it relates to
// the last two moves (an answer to an intrusion into a two-bridge,
// adjacent to the opponent's last stone, to the mover's own last one).
#include <algorithm>
#include <bit>
#include <cmath>

#include "games/starstar/starstar.h"

namespace asterism::starstar {
namespace {

// The fitted weights, by feature id, written by `asterism train`.
constexpr float kLearned[] = {
#include "games/starstar/learned_priors.inc"
};
static_assert(sizeof kLearned / sizeof kLearned[0] == State::kPriorFeatures,
              "learned_priors.inc does not match the feature layout");

// Feature layout: the first id of each family.
constexpr int kRingFeature = 0;                    // 8: min(depth, 6), 7 = corner
constexpr int kTouchFeature = kRingFeature + 8;    // 64: own x 8 + enemy stones adjacent
constexpr int kGroupFeature = kTouchFeature + 64;  // 16: own x 4 + enemy groups adjacent
constexpr int kStarFeature =
    kGroupFeature + 16;  // 4: joins nothing / a peri group / a star / makes one
constexpr int kReplyFeature = kStarFeature + 4;     // 3: none / next to their last / bridge answer
constexpr int kOwnLastFeature = kReplyFeature + 3;  // 2: next to the mover's last stone
constexpr int kSwapFeature = kOwnLastFeature + 2;   // 1
static_assert(kSwapFeature + 1 == State::kPriorFeatures);

}  // namespace

// The playout reads the features of a cell alone: its ring, the stones
// touching it and whether it touches the opponent's last stone. The group
// and star features need the union-find, which the playout does not keep;
// leaving them out treats every cell as the average cell of its touch
// pattern.
const PlayoutGammas& playout_gammas() {
    static const PlayoutGammas gammas = [] {
        PlayoutGammas p;
        for (int r = 0; r < 8; ++r) p.ring[r] = std::exp(kLearned[kRingFeature + r]);
        for (int r = 0; r < 8; ++r)
            for (int t = 0; t < 64; ++t)
                p.local[r * 64 + t] =
                    std::exp(kLearned[kRingFeature + r] + kLearned[kTouchFeature + t] +
                             kLearned[kReplyFeature + 1]);
        p.quiet = std::exp(kLearned[kTouchFeature] + kLearned[kReplyFeature]);
        return p;
    }();
    return gammas;
}

Cell State::last_stone(int back) const {
    const int at = ply_ - back;
    if (at < 0 || steps_[at].move.is_swap()) return kNoCell;
    return steps_[at].cell;
}

void State::mark_recent(Recent& near) const {
    near.fill(0);
    const Player p = to_move_;
    if (const Cell last = last_stone(1); last != kNoCell) {
        for (const Cell n : geo_->neighbours(last)) near[n] |= 1;
        for (const Bridge& br : geo_->bridges(last))
            if (stone_[br.a] == p && stone_[br.b] == p) near[br.other] |= 2;
    }
    if (const Cell own = last_stone(2); own != kNoCell)
        for (const Cell n : geo_->neighbours(own)) near[n] |= 4;
}

// One pass over the cell's neighbours gives the stones and distinct groups
// of each colour touching it and what the mover's groups there own of the
// perimeter: the star family is whether it joins nothing that owns peries,
// a group that does, a star, or makes a new star.
int State::features_with(Move m, const Recent& near, std::uint16_t* out) const {
    if (m.is_swap()) {
        out[0] = kSwapFeature;
        return 1;
    }
    const Cell c = m.cell;
    const Player p = to_move_;
    out[0] = static_cast<std::uint16_t>(kRingFeature + geo_->depth_class(c));
    int own = 0, enemy = 0, own_groups = 0, enemy_groups = 0;
    std::uint64_t peries = geo_->is_peri(c) ? std::uint64_t{1} << geo_->peri_index(c) : 0;
    bool was_star = false, touches = false;
    Cell seen[kMaxDegree];
    int count = 0;
    for (const Cell n : geo_->neighbours(c)) {
        if (stone_[n] == Player::None) continue;
        const bool mine = stone_[n] == p;
        (mine ? own : enemy) += 1;
        const Cell root = group(n);
        if (std::find(seen, seen + count, root) != seen + count) continue;
        seen[count++] = root;
        (mine ? own_groups : enemy_groups) += 1;
        if (!mine) continue;
        const std::uint64_t mask = groups_.mask(root);
        touches |= mask != 0;
        was_star |= std::popcount(mask) >= 2;
        peries |= mask;
    }
    const int star = was_star ? 2 : std::popcount(peries) >= 2 ? 3 : touches ? 1 : 0;
    out[1] = static_cast<std::uint16_t>(kTouchFeature + std::min(own, 7) * 8 + std::min(enemy, 7));
    out[2] = static_cast<std::uint16_t>(kGroupFeature + std::min(own_groups, 3) * 4 +
                                        std::min(enemy_groups, 3));
    out[3] = static_cast<std::uint16_t>(kStarFeature + star);
    const int reply = (near[c] & 2) ? 2 : (near[c] & 1) ? 1 : 0;
    out[4] = static_cast<std::uint16_t>(kReplyFeature + reply);
    out[5] = static_cast<std::uint16_t>(kOwnLastFeature + ((near[c] & 4) ? 1 : 0));
    return 6;
}

int State::move_features(Move m, std::uint16_t* out) const {
    Recent near;
    mark_recent(near);
    return features_with(m, near, out);
}

void State::move_features(const Move* moves, int count, std::uint16_t* out,
                          std::uint8_t* counts) const {
    Recent near;
    mark_recent(near);
    for (int i = 0; i < count; ++i)
        counts[i] = static_cast<std::uint8_t>(
            features_with(moves[i], near, out + static_cast<std::ptrdiff_t>(i) * kMoveFeatures));
}

// A move's learned score is the sum of its features' weights; its prior is
// r / (1 + r) with r its probability under the fitted softmax times the
// number of moves: 0.5 for a move as likely as the average one, towards 1
// for the moves the self-play searches chose far more often. The softmax
// multiplies the features' gammas (exp of the weights, taken once) rather
// than taking an exponential per move: the priors are computed for every
// node the search expands, so their cost is playouts lost.
void State::priors(const Move* moves, int count, float* value) const {
    if (knowledge_ == 0) {
        std::fill(value, value + count, 0.5f);
        return;
    }
    static const std::array<float, kPriorFeatures> kGamma = [] {
        std::array<float, kPriorFeatures> g{};
        for (int f = 0; f < kPriorFeatures; ++f)
            g[static_cast<std::size_t>(f)] = std::exp(kLearned[f]);
        return g;
    }();
    Recent near;
    mark_recent(near);
    std::array<float, kMaxMoves> gamma;
    float total = 0;
    for (int i = 0; i < count; ++i) {
        std::uint16_t f[kMoveFeatures];
        const int n = features_with(moves[i], near, f);
        float g = 1;
        for (int k = 0; k < n; ++k) g *= kGamma[f[k]];
        gamma[static_cast<std::size_t>(i)] = g;
        total += g;
    }
    const float scale = static_cast<float>(count) / total;
    for (int i = 0; i < count; ++i) {
        const float r = gamma[static_cast<std::size_t>(i)] * scale;
        value[i] = r / (1 + r);
    }
}

}  // namespace asterism::starstar
