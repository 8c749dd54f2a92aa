// Random-game property checks (DESIGN.md habit 5) for each Shatra preset:
// position strings and SPN round-trip, every legal move parses back from its
// text in every notation, undo restores position and hash, and games end.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "../common/property.h"
#include "shatra/test_util.h"

namespace asterism::shatra {
namespace {

using asterism::testing::random_games;
using asterism::testing::scaled;

// Shatrabase has no draw rule (13), so random games there could last for
// ever; its property run adds the draw rules back (draws=on).
Rules with_draws(Preset p) {
    Rules r = Rules::of(p);
    r.draws = true;
    return r;
}

void check_end(const State& s, int* wins, int* draws) {
    const Outcome o = s.outcome();
    ASSERT_TRUE(o.over()) << s.position();
    if (o.kind == Outcome::Kind::Win) {
        ++*wins;
        // A win is a taken biy or a side with no move (7).
        const int loser = o.winner == Player::First ? kBlack : kWhite;
        if (s.pos().count[loser][kBiy] == 1) {
            Move buffer[State::kMaxMoves];
            EXPECT_EQ(s.generate(buffer), 0);
        }
    } else {
        ++*draws;
    }
    // SPN describes the same position.
    State copy(s.rules());
    copy.set_position(s.spn());
    EXPECT_EQ(copy.position(), s.position());
}

class ShatraProperty : public ::testing::TestWithParam<Preset> {};

TEST_P(ShatraProperty, RandomGames) {
    int wins = 0, draws = 0;
    const State start(with_draws(GetParam()));
    random_games(start, scaled(60), 3000, 11 + static_cast<int>(GetParam()),
                 [&](const State& s) { check_end(s, &wins, &draws); });
    EXPECT_EQ(wins + draws, scaled(60));
    EXPECT_GT(wins, 0);
}

INSTANTIATE_TEST_SUITE_P(ShatraPresets, ShatraProperty,
                         ::testing::Values(Preset::Seed, Preset::Altai, Preset::Shatrabase,
                                           Preset::Original),
                         [](const auto& param_info) {
                             return std::string(preset_name(param_info.param));
                         });

TEST(ShatraProperty, OtherNotationsRoundTripInRandomGames) {
    // The same checks with moves and positions written numerically and in
    // Shatrabase's forms (move_text and position() follow the notation).
    for (const Preset p : {Preset::Shatrabase, Preset::Original})
        for (const Notation n : {Notation::Numeric, Notation::Shatrabase}) {
            Rules r = Rules::of(p);
            r.draws = true;
            r.notation = n;
            random_games(State(r), scaled(10), 3000, 5,
                         [](const State& s) { EXPECT_TRUE(s.outcome().over()); });
        }
}

TEST(ShatraProperty, OriginalFormInvariantsAlongLongGames) {
    // Section 14 along long games: the home area is closed exactly while an
    // own shatra stands in the own fortress, no shatra stands in its own
    // home area outside the fortress or unpromoted on its far rank, there
    // are no turas, yalkyns, urgent men or en passant, and the fortress
    // shatra that enters next is the first of the order still there.
    const Rules r = Rules::of(Preset::Original);
    int promotions = 0;
    // Six games at least, whatever the scale: fewer may reach no promotion,
    // which the last check asks for.
    const int games = std::max(6, asterism::testing::scaled(6));
    testing::long_games(r, games, 33, [&](const State& s) {
        const Pos& p = s.pos();
        for (int c = 0; c < 2; ++c) {
            EXPECT_EQ(p.temdek_on(c), home_closed(p, c)) << s.position();
            EXPECT_EQ(p.count[c][kTura] + p.count[c][kYalkyn], 0);
            EXPECT_LE(p.count[c][kShatra] + p.count[c][kBatyr], 23);
            promotions += p.count[c][kBatyr];
            for (int cell = 0; cell < kCells; ++cell) {
                if (p.board[static_cast<std::size_t>(cell)] != man(kShatra, c)) continue;
                EXPECT_FALSE((kPromo[c] | bit(kGate[c])) & bit(cell)) << s.position();
            }
            int first = kNoCell;
            for (const int cell : kEntryOrder[c])
                if (first == kNoCell && p.board[static_cast<std::size_t>(cell)] == man(kShatra, c))
                    first = cell;
            EXPECT_EQ(s.next_entry(c), first);
        }
        EXPECT_EQ(p.urgent, 0u);
        EXPECT_EQ(p.ep_skip, kNoCell);
        // Every legal move has an integer action (learning.cpp): free
        // landing cells and many batyrs make more rival chains than in the
        // extended form, but not more than kActionVariants.
        std::vector<Move> moves(State::kMaxMoves);
        const int n = s.generate(moves.data());
        std::vector<int> actions(static_cast<std::size_t>(n));
        EXPECT_NO_THROW(s.encode_actions(moves.data(), n, actions.data())) << s.position();
        const std::set<int> distinct(actions.begin(), actions.end());
        EXPECT_EQ(distinct.size(), actions.size()) << s.position();
        return !::testing::Test::HasFailure();
    });
    EXPECT_GT(promotions, 0);
}

TEST(ShatraProperty, LongGamesKeepTheInvariants) {
    // The random_games checks along long games (testing::long_games), which
    // reach promotions, urgent men and en passant: strings round-trip, every
    // move parses back, undo restores position and hash.
    for (const Preset p : {Preset::Seed, Preset::Altai, Preset::Shatrabase, Preset::Original}) {
        Rules r = Rules::of(p);
        r.draws = true;
        std::vector<Move> moves(State::kMaxMoves);
        testing::long_games(r, asterism::testing::scaled(6), 21, [&](const State& s) {
            State copy(r);
            copy.set_position(s.position());
            EXPECT_EQ(copy.position(), s.position());
            EXPECT_EQ(copy.hash(), s.hash());
            copy.set_position(s.spn());
            EXPECT_EQ(copy.position(), s.position());
            State t = s;
            const int n = t.generate(moves.data());
            for (int i = 0; i < n; ++i) {
                const Move& m = moves[static_cast<std::size_t>(i)];
                EXPECT_TRUE(t.parse_move(t.move_text(m)) == m) << t.move_text(m);
                t.apply(m);
                t.undo();
                EXPECT_EQ(t.position(), s.position());
                EXPECT_EQ(t.hash(), s.hash());
            }
            EXPECT_EQ(n == 0, s.outcome().over()) << s.position();
            return !::testing::Test::HasFailure();
        });
    }
}

TEST(ShatraProperty, PlayoutsEndAndMatchTheirOutcome) {
    // random_playout plays a copy out; without draw rules it stops at its ply
    // limit and calls that a draw.
    for (const Preset p : {Preset::Seed, Preset::Shatrabase, Preset::Original}) {
        const State s(Rules::of(p));
        Rng rng(3);
        for (int i = 0; i < scaled(20); ++i) {
            std::uint64_t moves = 0;
            const Outcome o = s.random_playout(rng, &moves);
            EXPECT_TRUE(o.over());
            EXPECT_GT(moves, 0u);
        }
        EXPECT_EQ(s.ply(), 0);
    }
}

}  // namespace
}  // namespace asterism::shatra
