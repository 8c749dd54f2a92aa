// Analysis that shows why (issue 16 point 5): the ownership map of MCTS on
// *Star and Asterisk adds up, *Star's expected peries and scores agree with
// it and with the rules, and proven results carry the right distance.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "core/registry.h"
#include "games/asterisk/asterisk.h"
#include "games/starstar/starstar.h"
#include "search/engines.h"
#include "search/mcts.h"

namespace asterism {
namespace {

// Plays uniformly random moves on `s` while more than `left` moves remain
// legal (or until the game ends).
template <class S>
void random_moves(S& s, Rng& rng, int left) {
    std::vector<typename S::Move> moves(S::kMaxMoves);
    for (;;) {
        const int n = s.generate(moves.data());
        if (n <= left || s.outcome().over()) return;
        s.apply(moves[rng.below(static_cast<std::uint32_t>(n))]);
    }
}

// Every cell's shares are in [0, 1] and leave nobody's share in [0, 1].
void expect_shares_add_up(const OwnershipEstimate& e, std::size_t cells) {
    ASSERT_EQ(e.first.size(), cells);
    ASSERT_EQ(e.second.size(), cells);
    for (std::size_t c = 0; c < cells; ++c) {
        EXPECT_GE(e.first[c], 0.0) << c;
        EXPECT_GE(e.second[c], 0.0) << c;
        const double nobody = 1.0 - e.first[c] - e.second[c];
        EXPECT_GE(nobody, -1e-12) << "cell " << c;
        EXPECT_LE(nobody, 1.0 + 1e-12) << "cell " << c;
    }
}

// ---- *Star ------------------------------------------------------------------------

// On random full boards the owners of the pericells are the rules' 4.1
// owners (their count per side is the score's peries), the reported score
// is the rules' score, and a stone of a star is owned by its colour.
TEST(StarOwnership, FullBoardOwnersAgreeWithTheRules) {
    for (std::uint64_t seed = 1; seed <= 200; ++seed) {
        starstar::State s(starstar::Rules{6, false});
        Rng rng(seed);
        random_moves(s, rng, 0);
        ASSERT_TRUE(s.full());
        std::vector<Player> owner(static_cast<std::size_t>(s.owner_cells()));
        const FinalOwners f = s.final_owners(owner.data());
        const starstar::Score score = s.exact_score();
        const auto& g = s.geometry();
        std::array<int, 2> peries{};
        for (int k = 0; k < g.peri_count(); ++k) {
            const Player p = owner[static_cast<std::size_t>(g.peri_cell(k))];
            ASSERT_NE(p, Player::None) << "seed " << seed << ": a full board owns every peri";
            ++peries[static_cast<std::size_t>(index(p))];
        }
        for (int p = 0; p < 2; ++p) {
            EXPECT_EQ(peries[static_cast<std::size_t>(p)], score.side[p].peries) << seed;
            EXPECT_EQ(f.territory[static_cast<std::size_t>(p)], score.side[p].peries) << seed;
            EXPECT_EQ(f.score[static_cast<std::size_t>(p)], score.side[p].score) << seed;
        }
        for (const auto& star : s.stars())
            EXPECT_EQ(owner[static_cast<std::size_t>(star.root)], star.colour) << seed;
    }
}

// The search's map on a middle-game position: shares add up per cell;
// expected scores add up to 5R + 1 and expected peries to 5R, and
// each side's expected peries are the sum of its shares of the pericells.
TEST(StarOwnership, SearchSharesAndExpectedPeriesAreConsistent) {
    for (int threads : {1, 2}) {
        starstar::State s(starstar::Rules{6, false});
        Rng rng(7);
        random_moves(s, rng, 60);
        MctsConfig config;
        config.ownership = true;
        config.threads = threads;
        Mcts<starstar::State> mcts(config);
        mcts.set_root(s);
        const auto stats = mcts.search({3000, 0});
        const OwnershipEstimate e = mcts.ownership();
        ASSERT_GT(e.samples, 0u);
        EXPECT_LE(e.samples, stats.playouts);
        expect_shares_add_up(e, static_cast<std::size_t>(s.owner_cells()));
        ASSERT_TRUE(e.scored);
        EXPECT_NEAR(e.score[0] + e.score[1], 31.0, 1e-9);
        EXPECT_NEAR(e.territory[0] + e.territory[1], 30.0, 1e-9);
        const auto& g = s.geometry();
        for (int p = 0; p < 2; ++p) {
            const auto& share = p == 0 ? e.first : e.second;
            double sum = 0;
            for (int k = 0; k < g.peri_count(); ++k)
                sum += share[static_cast<std::size_t>(g.peri_cell(k))];
            EXPECT_NEAR(sum, e.territory[static_cast<std::size_t>(p)], 1e-9) << "player " << p;
        }
    }
}

// Counting ownership changes nothing the search does: one thread, same
// seed, the same visits at the root with and without it.
TEST(StarOwnership, CountingChangesNoVisit) {
    starstar::State s(starstar::Rules{8, false});
    Rng rng(3);
    random_moves(s, rng, 120);
    std::vector<std::uint32_t> visits[2];
    for (int on = 0; on < 2; ++on) {
        MctsConfig config;
        config.ownership = on == 1;
        Mcts<starstar::State> mcts(config);
        mcts.set_root(s);
        mcts.search({2000, 0});
        const auto& root = mcts.root();
        for (std::uint32_t i = 0; i < root.num_children; ++i)
            visits[on].push_back(mcts.node(root.first_child + i).visits.load());
        EXPECT_EQ(mcts.ownership().empty(), on == 0);
    }
    EXPECT_EQ(visits[0], visits[1]);
}

// ---- Asterisk --------------------------------------------------------------------

// At the end of random games every owned cell holds a piece, the winner
// owns cells (its chains run through them) and empty cells are nobody's.
TEST(AsteriskOwnership, FinishedGamesOwnTheirChains) {
    for (std::uint64_t seed = 1; seed <= 100; ++seed) {
        asterisk::State s{asterisk::Rules{}};
        Rng rng(seed);
        random_moves(s, rng, 0);
        const Outcome o = s.outcome();
        ASSERT_EQ(o.kind, Outcome::Kind::Win);
        std::vector<Player> owner(static_cast<std::size_t>(s.owner_cells()));
        s.final_owners(owner.data());
        int winner_cells = 0;
        for (int c = 0; c < s.owner_cells(); ++c) {
            const Player p = owner[static_cast<std::size_t>(c)];
            if (s.at(static_cast<asterisk::Cell>(c)) == asterisk::kNoPiece) {
                EXPECT_EQ(p, Player::None) << seed;
            }
            winner_cells += p == o.winner;
        }
        // A cell of the winner's chain is the loser's only where a chain of
        // the loser's crosses it in another attribute; not everywhere.
        EXPECT_GT(winner_cells, 0) << "seed " << seed;
    }
}

TEST(AsteriskOwnership, SearchSharesAddUp) {
    asterisk::State s{asterisk::Rules{}};
    Rng rng(11);
    std::vector<asterisk::Move> moves(asterisk::State::kMaxMoves);
    for (int k = 0; k < 12 && !s.outcome().over(); ++k) {
        const int n = s.generate(moves.data());
        s.apply(moves[rng.below(static_cast<std::uint32_t>(n))]);
    }
    ASSERT_FALSE(s.outcome().over());
    MctsConfig config;
    config.ownership = true;
    Mcts<asterisk::State> mcts(config);
    mcts.set_root(s);
    mcts.search({2000, 0});
    const OwnershipEstimate e = mcts.ownership();
    ASSERT_GT(e.samples, 0u);
    EXPECT_FALSE(e.scored);
    expect_shares_add_up(e, static_cast<std::size_t>(s.owner_cells()));
    // A piece on the board now is still on it at every playout's end, so
    // somebody owns an occupied cell in some playouts at least somewhere.
    double owned = 0;
    for (std::size_t c = 0; c < e.first.size(); ++c) owned += e.first[c] + e.second[c];
    EXPECT_GT(owned, 11.0);
}

// ---- proven results ----------------------------------------------------------------

// Through the type-erased face, as every front end sees it.
Analysis analyse(const Game& game, std::uint64_t playouts, bool ownership = false) {
    EngineSettings settings;
    settings.level = 6;
    settings.ownership = ownership;
    settings.limits.playouts = playouts;
    auto agent = make_engine(game, settings);
    Rng rng(1);
    return agent->analyze(game, rng, settings.limits, nullptr);
}

// *Star always lasts until the board is full, so a proof from a position
// with k empty cells is exactly k plies long; with two empty cells each
// candidate's result is known by playing both lines out.
TEST(ProvenResult, StarProofsLastUntilTheBoardIsFull) {
    int checked = 0;
    for (std::uint64_t seed = 1; seed <= 30; ++seed) {
        auto game = Registry::instance().create("starstar:size=6");
        Rng rng(seed);
        for (int left = 105; left > 2; --left) {
            const auto moves = game->legal_moves();
            game->play(moves[rng.below(static_cast<std::uint32_t>(moves.size()))]);
        }
        const Analysis a = analyse(*game, 400);
        ASSERT_EQ(a.candidates.size(), 2u);
        for (const Candidate& c : a.candidates) {
            auto after = game->clone();
            after->play(c.move);
            after->play(after->legal_moves().front());
            const bool wins = after->outcome().winner == game->to_move();
            EXPECT_EQ(c.proven, wins ? 1 : -1) << "seed " << seed << " " << c.move;
            EXPECT_EQ(c.proven_plies, 2) << "seed " << seed;
            EXPECT_EQ(proven_text(c), std::string(wins ? "win" : "loss") + " in 2");
            ++checked;
        }
    }
    EXPECT_EQ(checked, 60);
}

// Asterisk positions from random games in which the player to move can
// complete a second goal at once: the analysis plays that move as a
// proven win in 1.
TEST(ProvenResult, AsteriskWinInOne) {
    int checked = 0;
    for (std::uint64_t seed = 1; seed <= 400 && checked < 5; ++seed) {
        auto game = Registry::instance().create("asterisk:size=8");
        Rng rng(seed);
        std::string winning;
        while (!game->terminal() && winning.empty()) {
            const auto moves = game->legal_moves();
            for (const auto& m : moves) {
                auto after = game->clone();
                after->play(m);
                if (after->outcome().winner == game->to_move()) winning = m;
            }
            if (winning.empty())
                game->play(moves[rng.below(static_cast<std::uint32_t>(moves.size()))]);
        }
        if (winning.empty()) continue;
        const Analysis a = analyse(*game, 3000);
        ASSERT_FALSE(a.candidates.empty());
        const Candidate& best = a.candidates.front();
        EXPECT_EQ(best.proven, 1) << "seed " << seed << ": " << best.move;
        EXPECT_EQ(best.proven_plies, 1) << "seed " << seed << ": " << best.move;
        auto after = game->clone();
        after->play(best.move);
        EXPECT_EQ(after->outcome().winner, game->to_move()) << "seed " << seed;
        ++checked;
    }
    EXPECT_EQ(checked, 5);
}

// The analysis through make_engine carries the ownership map when asked.
TEST(ProvenResult, AnalysisCarriesOwnershipWhenAsked) {
    auto game = Registry::instance().create("starstar:size=6");
    EXPECT_TRUE(analyse(*game, 500).ownership.empty());
    const Analysis a = analyse(*game, 500, true);
    ASSERT_FALSE(a.ownership.empty());
    EXPECT_EQ(a.ownership.first.size(), 105u);
}

}  // namespace
}  // namespace asterism
