// Star Pool Chess rules: unit tests per man on hand-built positions (every
// expected list was worked out from shared/rules/starpool.md, the section is
// named in each test, before the engine was run), then the end of the game
// (spec 5 and 9.10), hashing, the score and the registered face.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/registry.h"
#include "games/starpool/starpool.h"
#include "starpool/test_util.h"

namespace asterism::starpool {
namespace {

using Moves = std::vector<std::string>;

using testing::at_position;
using testing::play;

// The legal moves of the man on `from`, as sorted move texts.
Moves moves_of(const State& s, const std::string& from) {
    State::Move moves[State::kMaxMoves];
    const int n = s.generate(moves);
    Moves out;
    for (int i = 0; i < n; ++i) {
        const std::string text = s.move_text(moves[i]);
        if (text.compare(0, from.size(), from) == 0) out.push_back(text);
    }
    std::sort(out.begin(), out.end());
    return out;
}
Moves moves_of(const std::string& position, const std::string& from) {
    return moves_of(at_position(position), from);
}

// The man letter on `cell` after playing `move` (upper case White).
char man_after(const std::string& position, const std::string& move, const std::string& cell) {
    State s = at_position(position);
    s.apply(s.parse_move(move));
    const Piece p = s.at(parse_cell(cell));
    if (p == kNoPiece) return '.';
    const char c = kMen[kind_of(p)].letter;
    return side_of(p) == 0 ? c : static_cast<char>(c - 'A' + 'a');
}

// Spec 2 (King) and 1.2.1/1.2.3: one step anywhere, through the pool to f6
// or into w3 by the citadel option.
TEST(StarPoolMen, KingStepsThroughThePoolAndIntoItsCitadel) {
    EXPECT_EQ(
        moves_of("k8/9/p8/9/4*4/3K5/9/9/8L [----] w - 0 1", "d4"),
        (Moves{"d4-c3", "d4-c4", "d4-c5", "d4-d3", "d4-d5", "d4-e3", "d4-e4", "d4-f6", "d4-w3"}));
}

// Spec 2 and 2.1: the Knight leap is for an unmoved King only; a King that
// moved and came back, or was swapped, has lost it; the swap runs the clock.
TEST(StarPoolMen, KingLeapsOnlyOnItsFirstMove) {
    State s;
    EXPECT_EQ(moves_of(s, "e1"), (Moves{"e1-c2", "e1-d2", "e1-e2", "e1-f2", "e1-g2"}));
    for (const char* m : {"e1-e2", "e9-e8", "e2-e1", "e8-e9"}) s.apply(s.parse_move(m));
    EXPECT_EQ(moves_of(s, "e1"), (Moves{"e1-d2", "e1-e2", "e1-f2"}));
    EXPECT_FALSE(s.king_unmoved(Player::First));
    EXPECT_FALSE(s.king_unmoved(Player::Second));

    State swapped = at_position("8k/9/p8/9/4*4/9/9/9/K8 [W---] w K 0 1");
    swapped.apply(swapped.parse_move("w1<>a1"));
    EXPECT_EQ(swapped.position(), "8k/9/p8/9/4*4/9/9/9/W8 [K---] b - 1 1");
}

// Spec 2 (General): orthogonal slides skip the pool, one diagonal step
// reaches f6 or w3; in a citadel, link steps and one diagonal step out.
TEST(StarPoolMen, GeneralSlidesOrthogonallyAndStepsDiagonally) {
    const State s = at_position("4k4/9/8p/9/4*4/3G5/9/9/8K [---G] w - 0 1");
    EXPECT_EQ(moves_of(s, "d4"),
              (Moves{"d4-a4", "d4-b4", "d4-c3", "d4-c4", "d4-c5", "d4-d1", "d4-d2",
                     "d4-d3", "d4-d5", "d4-d6", "d4-d7", "d4-d8", "d4-d9", "d4-e3",
                     "d4-e4", "d4-f4", "d4-f6", "d4-g4", "d4-h4", "d4-i4", "d4-w3"}));
    EXPECT_EQ(moves_of(s, "w4"), (Moves{"w4-a9", "w4-w1", "w4-w3"}));
}

// Spec 2 (Captain), 1.2.3, 9.1, 9.2: the slide passes the pool, the option
// into w3 jumps the blocker on g7, a Captain starting in w2 has no option
// (it stops at c7 and never reaches w4); two routes to w3 are one move.
TEST(StarPoolMen, CaptainSlidesDiagonallyWithTheCitadelOption) {
    const State s = at_position("k8/9/2p3p2/9/4*3K/9/2C6/9/9 [-C--] w - 0 1");
    EXPECT_EQ(moves_of(s, "c3"),
              (Moves{"c3-a1", "c3-a5", "c3-b2", "c3-b3", "c3-b4", "c3-c2", "c3-c4", "c3-d2",
                     "c3-d3", "c3-d4", "c3-e1", "c3-f6", "c3-w1", "c3-w3", "c3xg7"}));
    EXPECT_EQ(moves_of(s, "w2"),
              (Moves{"w2-d6", "w2-f4", "w2-g3", "w2-h2", "w2-i1", "w2-w1", "w2-w3", "w2xc7"}));
    const Moves open = moves_of("k8/p8/9/9/4*4/9/2C6/9/8K [----] w - 0 1", "c3");
    EXPECT_EQ(std::count(open.begin(), open.end(), "c3-w3"), 1);
    EXPECT_EQ(open.size(), 17u);  // d4 f6 g7 h8 i9 w3, b4 a5, d2 e1, b2 a1 w1, four steps
}

// Spec 2 (Great Elephant): White's forward is north, Black's south; in a
// citadel only the forward link step, the diagonal step and jump out.
TEST(StarPoolMen, GreatElephantStepsAndJumpsForwardAndDiagonally) {
    const State white = at_position("4k4/9/p8/9/4*4/9/9/9/4K4 [E-E-] w - 0 1");
    EXPECT_EQ(moves_of(white, "w1"), (Moves{"w1-a1", "w1-b2", "w1-w4"}));
    EXPECT_EQ(moves_of(white, "w3"), (Moves{"w3-h8", "w3-i9"}));
    const State black = at_position("8k/9/2e6/4e4/4*4/9/9/9/8K [R--e] b - 0 1");
    EXPECT_EQ(moves_of(black, "c7"), (Moves{"c7-a5", "c7-a9", "c7-b6", "c7-b8", "c7-c5", "c7-c6",
                                            "c7-d6", "c7-d8", "c7-e9", "c7-f4", "c7-w2"}));
    EXPECT_EQ(moves_of(black, "e6"), (Moves{"e6-c4", "e6-c8", "e6-d5", "e6-d7", "e6-e3", "e6-e4",
                                            "e6-f5", "e6-f7", "e6-g4", "e6-g8"}));
    EXPECT_EQ(moves_of(black, "w4"), (Moves{"w4-a9", "w4-b8", "w4xw1"}));
}

// Spec 2 (Knight) and 9.3: the orthogonal leg skips the pool (e4-d7), the
// diagonal leg passes it or enters w3 (d3-f6, d3-w3), a Knight in w1 leaps
// over the non-board; the path is one-way, so d7 does not reach e4.
TEST(StarPoolMen, KnightLegsMeetThePoolInOrder) {
    const State s = at_position("4k4/9/p8/9/4*4/4N4/3N5/9/8K [N---] w - 0 1");
    EXPECT_EQ(moves_of(s, "e4"),
              (Moves{"e4-c3", "e4-c5", "e4-d2", "e4-d7", "e4-f2", "e4-f7", "e4-g3", "e4-g5"}));
    EXPECT_EQ(moves_of(s, "d3"), (Moves{"d3-b2", "d3-b4", "d3-c1", "d3-c5", "d3-e1", "d3-f2",
                                        "d3-f4", "d3-f6", "d3-w3"}));
    EXPECT_EQ(moves_of(s, "w1"), (Moves{"w1-a2", "w1-b1"}));
    EXPECT_EQ(
        moves_of("k8/9/p2N5/9/4*4/9/9/9/8K [----] w - 0 1", "d7"),
        (Moves{"d7-b6", "d7-b8", "d7-c5", "d7-c9", "d7-e9", "d7-f4", "d7-f6", "d7-f8", "d7-w2"}));
}

// Spec 2 (Rook): it slides past the pool, cannot enter a citadel by itself,
// and in a citadel makes one link step (8.7).
TEST(StarPoolMen, RookSlidesOnTheBoardAndStepsAlongLinks) {
    EXPECT_EQ(moves_of("k8/9/p8/9/4*4/4R4/9/9/8K [----] w - 0 1", "e4"),
              (Moves{"e4-a4", "e4-b4", "e4-c4", "e4-d4", "e4-e1", "e4-e2", "e4-e3", "e4-e6",
                     "e4-e7", "e4-e8", "e4-e9", "e4-f4", "e4-g4", "e4-h4", "e4-i4"}));
    EXPECT_EQ(moves_of("4k4/9/9/9/4*4/9/9/9/4K4 [R--n] w - 0 1", "w1"), (Moves{"w1-w2", "w1xw4"}));
    EXPECT_EQ(moves_of(State(), "a1"), (Moves{"a1-a2"}));
}

// Spec 2 (Wizard) and 2.1: diagonal step, (1,3) leaps, swaps with adjacent
// friendly men (across the pool too), never with a Wizard, and a King swap
// only to a safe cell.
TEST(StarPoolMen, WizardStepsLeapsAndSwaps) {
    const State s = at_position("4k4/9/9/5p3/4*4/3W5/2K1L4/9/8L [-W--] w - 0 1");
    EXPECT_EQ(moves_of(s, "d4"), (Moves{"d4-a3", "d4-a5", "d4-c1", "d4-c5", "d4-c7", "d4-e1",
                                        "d4-e7", "d4-g3", "d4-g5", "d4-w3", "d4<>e3", "d4xf6"}));
    EXPECT_EQ(moves_of(s, "w2"), (Moves{"w2-g1", "w2-i3", "w2<>i1"}));
    EXPECT_EQ(moves_of("k8/9/p8/4L4/4*4/4W4/3P5/9/8K [----] w - 0 1", "e4"),
              (Moves{"e4-b3", "e4-b5", "e4-d1", "e4-d5", "e4-d8", "e4-f1", "e4-f3", "e4-f5",
                     "e4-f8", "e4-h3", "e4-h5", "e4<>d3", "e4<>e6"}));
    const State twins = at_position("k8/4r4/9/9/4*4/9/2LW5/3WK4/9 [----] w - 0 1");
    EXPECT_EQ(moves_of(twins, "d2"), (Moves{"d2-e3", "d2<>e2"}));
    EXPECT_EQ(moves_of(twins, "d3"), (Moves{"d3-e4", "d3-e6", "d3<>e2"}));
}

// Spec 2 (Pawn), 8.5 and 9.4: a step forward past the pool, captures only
// (through the pool or into w3), double steps from a3 only when both cells
// are free.
TEST(StarPoolMen, PawnStepsCapturesAndDoubleSteps) {
    const State s = at_position("k8/9/1p7/2P2n3/4*4/3PP4/P8/9/8K [--r-] w - 0 1");
    EXPECT_EQ(moves_of(s, "e4"), (Moves{"e4-e6"}));
    EXPECT_EQ(moves_of(s, "d4"), (Moves{"d4-d5", "d4xf6", "d4xw3"}));
    EXPECT_EQ(moves_of(s, "a3"), (Moves{"a3-a4", "a3-a5"}));
    EXPECT_EQ(moves_of("4k4/9/9/9/4*4/p8/P8/9/4K4 [----] w - 0 1", "a3"), Moves{});
    const State citadels = at_position("4k3P/9/9/3p5/4*4/3P1P3/9/9/n3K4 [P-r-] w - 0 1");
    EXPECT_EQ(moves_of(citadels, "f4"), (Moves{"f4-f5", "f4xd6"}));  // no quiet f4-w4
    EXPECT_EQ(moves_of(citadels, "w1"), (Moves{"w1-w4", "w1xa1"}));
}

// Spec 2 (Sergeant and Lieutenant): Ferz and Wazir, across the pool, into
// citadels by the pool or the corner diagonal, along links in a citadel.
TEST(StarPoolMen, SergeantAndLieutenantStep) {
    const State sergeants = at_position("4k3S/7S1/p8/9/4*4/3S5/9/9/K8 [----] w - 0 1");
    EXPECT_EQ(moves_of(sergeants, "d4"), (Moves{"d4-c3", "d4-c5", "d4-e3", "d4-f6", "d4-w3"}));
    EXPECT_EQ(moves_of(sergeants, "i9"), (Moves{"i9-w3"}));
    const State lieutenants = at_position("4k4/7L1/p8/9/4*4/4L4/9/9/8K [L---] w - 0 1");
    EXPECT_EQ(moves_of(lieutenants, "e4"), (Moves{"e4-d4", "e4-e3", "e4-e6", "e4-f4"}));
    EXPECT_EQ(moves_of(lieutenants, "w1"), (Moves{"w1-w2", "w1-w4"}));
}

// Spec 4 and 9.5: every promotion, on arrival by the man's own move; a man
// swapped onto a promotion cell stays as it is, and a Lieutenant already
// standing in its zone promotes when its move ends there again.
TEST(StarPoolMen, PromotionsFollowSection4) {
    struct Case {
        const char* position;
        const char* move;
        const char* cell;
        char expected;
    };
    const char* pawns = "k8/9/1p7/2P2n3/4*4/3PP4/P8/9/8K [--r-] w - 0 1";
    const char* swapped = "4k3P/9/9/3p5/4*4/3P1P3/9/9/n3K4 [P-r-] w - 0 1";
    const char* black = "4k4/9/p8/5p3/4*4/2pN5/9/9/8K [R---] b - 0 1";
    const char* sergeants = "4k3S/7S1/p8/9/4*4/3S5/9/9/K8 [----] w - 0 1";
    const char* lieutenants = "4k4/7L1/p8/9/4*4/4L4/9/9/8K [L---] w - 0 1";
    const char* zone = "k6L1/9/p1W1r4/2PP5/4*4/9/9/9/8K [----] w - 0 1";
    const Case cases[] = {
        {pawns, "c6-c7", "c7", 'S'},       {pawns, "c6xb7", "b7", 'S'},
        {pawns, "d4xw3", "w3", 'C'},       {pawns, "d4xf6", "f6", 'P'},
        {pawns, "a3-a5", "a5", 'P'},       {swapped, "w1-w4", "w4", 'S'},
        {swapped, "i9xw3", "w3", 'S'},     {swapped, "d4xw3", "w3", 'C'},
        {swapped, "w1xa1", "a1", 'P'},     {black, "c4-c3", "c3", 's'},
        {black, "f6xw1", "w1", 'c'},       {black, "f6xd4", "d4", 'p'},
        {sergeants, "d4-w3", "w3", 'C'},   {sergeants, "h8-g9", "g9", 'C'},
        {sergeants, "i9-w3", "w3", 'C'},   {sergeants, "d4-f6", "f6", 'S'},
        {lieutenants, "h8-h9", "h9", 'G'}, {lieutenants, "w1-w4", "w4", 'G'},
        {lieutenants, "w1-w2", "w2", 'L'}, {lieutenants, "e4-e6", "e6", 'L'},
        {zone, "c7<>c6", "c7", 'P'},       {zone, "d6xe7", "e7", 'S'},
        {zone, "h9-g9", "g9", 'G'},
    };
    for (const Case& c : cases)
        EXPECT_EQ(man_after(c.position, c.move, c.cell), c.expected) << c.position << " " << c.move;
}

// Spec 5: a position is the men, the side to move and the King flags.
TEST(StarPoolState, HashSeesSideToMoveAndKingFlags) {
    const State start;
    EXPECT_NE(
        at_position("rnelklenr/9/ppppppppp/9/4*4/9/PPPPPPPPP/9/RNELKLENR [WWww] b Kk 0 1").hash(),
        start.hash());
    State walked;
    play(walked, {"e1-e2", "e9-e8", "e2-e1", "e8-e9"});
    EXPECT_EQ(walked.position(),
              "rnelklenr/9/ppppppppp/9/4*4/9/PPPPPPPPP/9/RNELKLENR [WWww] w - 4 3");
    EXPECT_NE(walked.hash(), start.hash());
}

// Spec 5: the clock counts plies without a capture, a Pawn move or a
// promotion; a swap never resets it (9.7).
TEST(StarPoolState, HalfMoveClockResetsOnProgressOnly) {
    State s;
    play(s, {"b1-d2", "w3<>i9", "w1<>a1"});
    EXPECT_EQ(s.halfmove_clock(), 3);
    play(s, {"a7-a6"});
    EXPECT_EQ(s.halfmove_clock(), 0);
    State c = at_position("k8/9/1p7/2P2n3/4*4/3PP4/P8/9/8K [--r-] w - 7 1");
    play(c, {"i1-h1"});
    EXPECT_EQ(c.halfmove_clock(), 8);
    play(c, {"a9-a8"});
    EXPECT_EQ(c.halfmove_clock(), 9);
    play(c, {"d4xf6"});
    EXPECT_EQ(c.halfmove_clock(), 0);
    // A promotion by a man other than a Pawn resets it too.
    State promoted = at_position("4k3S/7S1/p8/9/4*4/3S5/9/9/K8 [----] w - 5 1");
    play(promoted, {"h8-g9"});
    EXPECT_EQ(promoted.halfmove_clock(), 0);
}

// Spec 5 and 9.10: checkmate and stalemate lose for the side to move, a bare
// King loses, and these come before the draw rules.
TEST(StarPoolState, DecisiveEnds) {
    struct Case {
        const char* position;
        Player winner;
        const char* reason;
    };
    const Case cases[] = {
        {"8k/9/9/9/4*4/9/2s1P4/1g7/K8 [-r--] w - 0 1", Player::Second, "checkmate"},
        {"1r6k/9/9/9/4*4/p8/P1n6/9/K8 [-r--] w - 0 1", Player::Second, "stalemate"},
        {"4k4/9/9/9/4*4/9/9/9/R3K4 [----] w - 0 1", Player::First, "bare king"},
        {"4k4/9/9/9/4*4/9/9/9/R3K4 [----] b - 0 1", Player::First, "bare king"},
        // Both bare (only by a position string): the side to move loses.
        {"4k4/9/9/9/4*4/9/9/9/4K4 [----] b - 0 1", Player::First, "bare king"},
    };
    for (const Case& c : cases) {
        const State s = at_position(c.position);
        EXPECT_EQ(s.outcome(), Outcome::win(c.winner)) << c.position;
        EXPECT_EQ(s.end_reason(), c.reason) << c.position;
        State::Move moves[State::kMaxMoves];
        EXPECT_EQ(s.generate(moves), 0) << c.position;
    }
    State bared = at_position("8k/9/p8/9/4*4/9/9/9/R7K [----] w - 0 1");
    play(bared, {"a1xa7"});
    EXPECT_EQ(bared.outcome(), Outcome::win(Player::First));
}

// Spec 9.10: the 100th ply draws, unless its move mates.
TEST(StarPoolState, HundredPliesDrawButAMateStillWins) {
    const char* before_mate = "8k/9/9/9/4*4/1g7/2s1P4/9/K8 [-r--] b - 99 50";
    State quiet = at_position(before_mate);
    EXPECT_FALSE(quiet.outcome().over());
    play(quiet, {"i9-h9"});
    EXPECT_EQ(quiet.outcome(), Outcome::draw());
    EXPECT_EQ(quiet.end_reason(), "100 plies");
    State mate = at_position(before_mate);
    play(mate, {"b4-b2"});
    EXPECT_EQ(mate.outcome(), Outcome::win(Player::Second));
    EXPECT_EQ(mate.end_reason(), "checkmate");
}

// Spec 5: the third occurrence of a position draws.
TEST(StarPoolState, ThirdRepetitionDraws) {
    State s;
    const std::vector<std::string> shuffle{"b1-d2", "b9-d8", "d2-b1", "d8-b9"};
    play(s, shuffle);
    EXPECT_FALSE(s.outcome().over());
    play(s, {"b1-d2", "b9-d8", "d2-b1"});
    EXPECT_FALSE(s.outcome().over());
    play(s, {"d8-b9"});
    EXPECT_EQ(s.outcome(), Outcome::draw());
    EXPECT_EQ(s.end_reason(), "repetition");
    s.undo();
    EXPECT_FALSE(s.outcome().over());
}

TEST(StarPoolState, ScoreReportsMaterialCheckAndEnd) {
    const nlohmann::json start = State().score();
    EXPECT_EQ(start["material"]["White"], start["material"]["Black"]);
    EXPECT_EQ(start["men"]["White"], 20);
    EXPECT_EQ(start["check"], false);
    EXPECT_TRUE(start["end"].is_null());
    const nlohmann::json mate = at_position("8k/9/9/9/4*4/9/2s1P4/1g7/K8 [-r--] w - 0 1").score();
    EXPECT_EQ(mate["check"], true);
    EXPECT_EQ(mate["end"], "checkmate");
}

TEST(StarPoolState, RegisteredFaceWorksThroughTheRegistry) {
    auto& registry = Registry::instance();
    const GameInfo* info = registry.find("starpool");
    ASSERT_NE(info, nullptr);
    EXPECT_EQ(info->title, "Star Pool Chess");
    auto game = registry.create("starpool");
    EXPECT_EQ(game->spec(), "starpool:setup=standard");
    EXPECT_THROW(registry.create("starpool:setup=omega"), GameError);
    EXPECT_EQ(game->legal_moves().size(), 30u);
    EXPECT_EQ(game->perft(2, false, nullptr), 898u);
    game->play("e1-c2");
    EXPECT_THROW(game->play("e1-c2"), GameError);
    EXPECT_TRUE(game->undo());
    EXPECT_EQ(game->position(), State().position());
    // Every declared bench position is valid and has moves.
    EXPECT_FALSE(info->bench_perft.empty());
    for (const PerftBench& b : info->bench_perft) {
        auto g = registry.create(b.spec);
        if (!b.position.empty()) g->set_position(b.position);
        EXPECT_GT(g->perft(1, false, nullptr), 0u) << b.position;
    }
}

}  // namespace
}  // namespace asterism::starpool
