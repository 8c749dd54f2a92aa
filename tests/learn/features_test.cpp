// The learned priors read the same features that `asterism train` fits:
// for positions along random games, each move's prior is r / (1 + r) with
// r its softmax probability (times the number of moves) under the sum of
// the weights of its move_features(), for *Star and Asterisk alike.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "games/asterisk/asterisk.h"
#include "games/starstar/starstar.h"

namespace asterism {
namespace {

// The priors as the fit defines them, from the features and `weights`;
// moves whose hand prior is already decided (1 or 0) are left as `hand`.
template <class S>
std::vector<float> expected_priors(const S& s, const std::vector<typename S::Move>& moves,
                                   const float* weights, const std::vector<float>& hand) {
    const int n = static_cast<int>(moves.size());
    std::vector<std::uint16_t> f(static_cast<std::size_t>(n * S::kMoveFeatures));
    std::vector<std::uint8_t> counts(static_cast<std::size_t>(n));
    s.move_features(moves.data(), n, f.data(), counts.data());
    std::vector<double> score(static_cast<std::size_t>(n));
    double top = -1e300, total = 0;
    for (int i = 0; i < n; ++i) {
        for (int k = 0; k < counts[i]; ++k)
            score[i] += weights[f[static_cast<std::size_t>(i * S::kMoveFeatures + k)]];
        top = std::max(top, score[i]);
    }
    for (const double x : score) total += std::exp(x - top);
    std::vector<float> out = hand;
    for (int i = 0; i < n; ++i) {
        if (hand[i] >= 1 || hand[i] <= 0) continue;
        const double r = std::exp(score[i] - top) / total * n;
        out[i] = static_cast<float>(r / (1 + r));
    }
    return out;
}

template <class S>
void check_along_random_games(S start, const float* weights, bool has_hand) {
    Rng rng(5);
    for (int game = 0; game < 4; ++game) {
        S s = start;
        for (int ply = 0; s.outcome().kind == Outcome::Kind::Ongoing; ++ply) {
            std::vector<typename S::Move> moves(S::kMaxMoves);
            moves.resize(static_cast<std::size_t>(s.generate(moves.data())));
            std::vector<float> got(moves.size()), hand(moves.size(), 0.5f);
            s.priors(moves.data(), static_cast<int>(moves.size()), got.data());
            if constexpr (requires { s.hand_priors(moves.data(), 0, got.data()); })
                if (has_hand)
                    s.hand_priors(moves.data(), static_cast<int>(moves.size()), hand.data());
            const std::vector<float> want = expected_priors(s, moves, weights, hand);
            for (std::size_t i = 0; i < moves.size(); ++i)
                ASSERT_NEAR(got[i], want[i], 1e-4) << s.move_text(moves[i]) << " at ply " << ply;
            s.apply(moves[rng.below(static_cast<std::uint32_t>(moves.size()))]);
        }
    }
}

TEST(LearnedPriors, StarStarPriorsAreTheFittedSoftmax) {
    starstar::Rules rules;
    rules.size = 6;
    rules.swap = true;
    static constexpr float kWeights[] = {
#include "games/starstar/learned_priors.inc"
    };
    check_along_random_games(starstar::State(rules), kWeights, false);
}

TEST(LearnedPriors, AsteriskPriorsAreTheFittedSoftmax) {
    asterisk::Rules rules;
    rules.size = 8;
    check_along_random_games(asterisk::State(rules), asterisk::detail::kLearned, true);
}

// knowledge 0 keeps the priors of before: none for *Star (all 0.5, and
// the engine gives them no weight), the hand priors for Asterisk.
TEST(LearnedPriors, KnowledgeZeroIsTheHandKnowledge) {
    asterisk::Rules rules;
    rules.size = 8;
    asterisk::State s(rules);
    std::vector<asterisk::Move> moves(asterisk::State::kMaxMoves);
    s.generate(moves.data());
    s.apply(moves[5]);
    s.set_knowledge(0);
    moves.resize(static_cast<std::size_t>(s.generate(moves.data())));
    std::vector<float> got(moves.size()), hand(moves.size());
    s.priors(moves.data(), static_cast<int>(moves.size()), got.data());
    s.hand_priors(moves.data(), static_cast<int>(moves.size()), hand.data());
    EXPECT_EQ(got, hand);
    starstar::State star;
    star.set_knowledge(0);
    std::vector<starstar::Move> cells(starstar::State::kMaxMoves);
    cells.resize(static_cast<std::size_t>(star.generate(cells.data())));
    std::vector<float> flat(cells.size());
    star.priors(cells.data(), static_cast<int>(cells.size()), flat.data());
    for (const float v : flat) EXPECT_EQ(v, 0.5f);
}

}  // namespace
}  // namespace asterism
