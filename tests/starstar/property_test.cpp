// Random-game properties of *Star (DESIGN.md habit 5): the shared per-ply
// checks of tests/common/property.h, and at the end of every game the
// full-board facts of rules section 4 together with cross-checks between
// the independent ways of scoring a board.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "common/property.h"
#include "games/starstar/starstar.h"

namespace asterism::starstar {
namespace {

using asterism::testing::random_games;
using asterism::testing::scaled;

// The full-board position of s seen through symmetry k, with the colours
// exchanged if asked.
std::string transformed(const State& s, int k, bool exchange) {
    const Geometry& g = s.geometry();
    std::array<Player, kMaxCells> image{};
    for (Cell c = 0; c < g.cells(); ++c) image[g.symmetry(k)[c]] = s.stone(c);
    std::string out;
    for (Cell c = 0; c < g.cells(); ++c) {
        if (c > 0 && g.index(c) == 0) out += '/';
        out += (image[c] == kBlack) != exchange ? 'b' : 'w';
    }
    return out + " b";
}

void expect_same(const Score& a, const Score& b, bool exchanged) {
    for (int p = 0; p < 2; ++p) {
        const SideScore& x = a.side[p];
        const SideScore& y = b.side[exchanged ? 1 - p : p];
        EXPECT_EQ(x.peries, y.peries);
        EXPECT_EQ(x.quarks, y.quarks);
        EXPECT_EQ(x.stars, y.stars);
        EXPECT_EQ(x.score, y.score);
    }
}

void check_full_board(const State& s, int game) {
    const Geometry& g = s.geometry();
    const int rings = g.rings();
    ASSERT_TRUE(s.full());
    for (Cell c = 0; c < g.cells(); ++c) ASSERT_NE(s.stone(c), Player::None);

    const Score score = s.exact_score();
    EXPECT_FALSE(score.provisional);
    EXPECT_EQ(score.side[0].peries + score.side[1].peries, 5 * rings) << s.position();
    EXPECT_EQ(score.side[0].quarks + score.side[1].quarks, 5);
    EXPECT_EQ(score.side[0].score + score.side[1].score, 5 * rings + 1) << s.position();
    EXPECT_GE(score.side[0].stars + score.side[1].stars, 1);
    ASSERT_NE(score.margin(), 0) << s.position();
    EXPECT_EQ(s.outcome(), Outcome::win(score.margin() > 0 ? kBlack : kWhite));
    EXPECT_EQ(s.score()["provisional"], false);
    EXPECT_EQ(s.score()["margin"], score.margin());

    // Section 4.1: a dead pericell's two perimeter neighbours are of the
    // other colour and in one group, which is a star.
    const int n = g.peri_count();
    for (int k = 0; k < n; ++k) {
        const Cell c = g.peri_cell(k);
        int pericells = 0;
        for (int j = 0; j < n; ++j) pericells += s.group(g.peri_cell(j)) == s.group(c);
        if (pericells >= 2) continue;
        const Cell before = g.peri_cell((k + n - 1) % n), after = g.peri_cell((k + 1) % n);
        EXPECT_NE(s.stone(before), s.stone(c)) << s.position();
        EXPECT_EQ(s.group(before), s.group(after)) << s.position();
    }

    // The section-5 estimate agrees with the exact rule on a full board.
    expect_same(s.estimate(), score, false);

    // The per-star form of 4.2 gives the same margin.
    int per_star = score.side[0].quark_point - score.side[1].quark_point;
    for (const StarGroup& star : s.stars())
        per_star += (star.colour == kBlack ? 1 : -1) * (star.owned - 4);
    EXPECT_EQ(per_star, score.margin()) << s.position();

    // The playout scorer (its own union-find) agrees with the incremental
    // groups: from a full board it only scores.
    Rng rng(game);
    std::uint64_t moves = 99;
    EXPECT_EQ(s.random_playout(rng, &moves), s.outcome());
    EXPECT_EQ(moves, 0u);

    // Board symmetries keep the score; exchanging colours exchanges it.
    State image(s.rules());
    image.set_position(transformed(s, game % kSymmetries, false));
    expect_same(image.exact_score(), score, false);
    image.set_position(transformed(s, (game + 3) % kSymmetries, true));
    expect_same(image.exact_score(), score, true);
}

void run(int size, bool swap, int games, std::uint64_t seed) {
    const State start(Rules{size, swap});
    const int cells = start.geometry().cells();
    int game = 0, swaps = 0;
    random_games(start, games, cells + 1, seed, [&](const State& s) {
        // Every game fills the board, one stone per move, plus the swap.
        const int swapped = s.ply() - cells;
        EXPECT_TRUE(swapped == 0 || (swap && swapped == 1)) << s.ply();
        swaps += swapped;
        check_full_board(s, game++);
    });
    EXPECT_EQ(game, games);
    if (swap) {
        EXPECT_GT(swaps, 0) << "the swap should turn up in random games";
    }
}

TEST(StarProperty, RandomGames6) {
    run(6, false, scaled(2000), 61);
}
TEST(StarProperty, RandomGames8) {
    run(8, false, scaled(2000), 81);
}
TEST(StarProperty, RandomGames10) {
    run(10, false, scaled(2000), 101);
}
TEST(StarProperty, RandomGamesWithSwap) {
    run(6, true, scaled(3000), 62);
}

// Playouts from positions part-way through a game play exactly the missing
// moves (plus the swap, when chosen) and reach a result; both colours win
// some of them.
TEST(StarProperty, PlayoutsFromAnyPosition) {
    for (int size : {6, 8, 10}) {
        for (bool swap : {false, true}) {
            State s(Rules{size, swap});
            Rng rng(size * 2 + swap);
            int wins[2] = {0, 0};
            const int games = scaled(300);
            for (int g = 0; g < games; ++g) {
                State t = s;
                const int plies = static_cast<int>(rng.below(6)) == 0
                                      ? 1
                                      : static_cast<int>(rng.below(t.geometry().cells()));
                for (int i = 0; i < plies; ++i) t.apply(t.random_move(rng));
                std::uint64_t moves = 0;
                const bool could_swap = t.swap_legal();
                const Outcome o = t.random_playout(rng, &moves);
                ASSERT_EQ(o.kind, Outcome::Kind::Win);
                ++wins[index(o.winner)];
                const auto left = static_cast<std::uint64_t>(t.empty_count());
                EXPECT_TRUE(moves == left || (could_swap && moves == left + 1)) << moves;
            }
            EXPECT_GT(wins[0], 0);
            EXPECT_GT(wins[1], 0);
        }
    }
}

// The search playout reports every move it plays once, by its AMAF key,
// with alternating colours starting from the side to move (and the swap
// first, when chosen).
TEST(StarProperty, SearchPlayoutReportsEveryMove) {
    State s(Rules{8, true});
    Rng rng(9);
    s.apply(s.random_move(rng));
    ASSERT_TRUE(s.swap_legal());
    int swaps = 0;
    for (int g = 0; g < scaled(3000); ++g) {
        // Uniform, the policy, and the policy with learned local replies.
        const bool knowledge = g % 3 != 0;
        s.set_knowledge(g % 3 == 2 ? 2 : 1);
        std::vector<int> seen(State::kAmafKeys, 0);
        int stones[2] = {0, 0};
        const Outcome o = s.playout(rng, knowledge, [&](int key, Player who) {
            ASSERT_GE(key, 0);
            ASSERT_LT(key, State::kAmafKeys);
            ++seen[key];
            if (key == State::amaf_key(State::Move::swap())) {
                EXPECT_EQ(who, kWhite);
                ++swaps;
            } else {
                EXPECT_EQ(s.stone(static_cast<Cell>(key)), Player::None);
                ++stones[index(who)];
            }
        });
        EXPECT_TRUE(o.over());
        for (int key = 0; key < s.geometry().cells(); ++key)
            EXPECT_EQ(seen[key], s.stone(static_cast<Cell>(key)) == Player::None ? 1 : 0);
        // 179 cells: with the swap Black moves next and gets 90, else White does.
        const bool swapped = seen[State::amaf_key(State::Move::swap())] == 1;
        EXPECT_EQ(stones[index(swapped ? kBlack : kWhite)], 90);
        EXPECT_EQ(stones[index(swapped ? kWhite : kBlack)], 89);
    }
    EXPECT_GT(swaps, 0);
}

// With knowledge, a player whose two-bridge was just intruded answers at
// once in the other carrier cell; without it the answer is left to chance.
TEST(StarProperty, KnowledgePlayoutAnswersBridgeIntrusions) {
    State s(Rules{8, false});
    // Black *41 and *20 form a bridge over *30 and *31 (their two common
    // neighbours); White intrudes at *31.
    for (const char* m : {"*41", "A65", "*20", "*31"}) s.apply(s.parse_move(m));
    const Cell answer = s.parse_move("*30").cell;
    Rng rng(3);
    int answered[2] = {0, 0};
    const int games = scaled(400);
    for (int g = 0; g < games; ++g)
        for (int knowledge = 0; knowledge < 2; ++knowledge) {
            bool first = true;
            s.playout(rng, knowledge == 1, [&](int key, Player who) {
                if (first && key == answer && who == kBlack) ++answered[knowledge];
                first = false;
            });
        }
    EXPECT_EQ(answered[1], games);
    EXPECT_LT(answered[0], games / 2);
}

// Knowledge 2's learned local replies (knowledge.cpp) answer next to the
// opponent's last stone far more often than chance does: the fitted
// weights favour a cell touching the last stone by a factor of about five.
TEST(StarProperty, LearnedPlayoutRepliesNextToTheLastStone) {
    State s(Rules{8, false});
    // No two-bridge of White's is intruded, so only the local replies act.
    const Cell last = s.parse_move("S53").cell;
    for (const char* m : {"*41", "A65", "S53"}) s.apply(s.parse_move(m));
    auto touches_last = [&](int key) {
        for (const Cell n : s.geometry().neighbours(last))
            if (key == n) return true;
        return false;
    };
    Rng rng(11);
    int near[3] = {0, 0, 0};
    const int games = scaled(2000);
    for (int k = 1; k <= 2; ++k) {
        s.set_knowledge(k);
        for (int g = 0; g < games; ++g) {
            bool first = true;
            s.playout(rng, true, [&](int key, Player) {
                if (first && touches_last(key)) ++near[k];
                first = false;
            });
        }
    }
    // Six of 177 empty cells touch the last stone: about 3% by chance.
    EXPECT_LT(near[1], games / 15);
    EXPECT_GT(near[2], 2 * near[1] + games / 20);
}

// The fill-then-score playout claims the same distribution of results as
// playing uniformly random moves one by one; compare Black's win rates on
// the small board within four standard errors.
TEST(StarProperty, PlayoutsMatchRandomMoves) {
    const State start(Rules{6, false});
    const int games = scaled(20000);
    Rng rng(5);
    int fill_wins = 0, move_wins = 0;
    for (int g = 0; g < games; ++g) {
        std::uint64_t moves = 0;
        fill_wins += start.random_playout(rng, &moves).winner == kBlack;
        State s = start;
        while (!s.full()) s.apply(s.random_move(rng));
        move_wins += s.outcome().winner == kBlack;
    }
    const double difference = static_cast<double>(fill_wins - move_wins) / games;
    EXPECT_LT(std::abs(difference), 4 * std::sqrt(0.5 / games))
        << fill_wins << " against " << move_wins << " of " << games;
}

}  // namespace
}  // namespace asterism::starstar
