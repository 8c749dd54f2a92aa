// Unit tests per man of Star Pool Chess, on hand-built positions. Every
// expected list was worked out from shared/rules/starpool.md (the section is
// named in each test) before the engine was run.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "games/starpool/starpool.h"

namespace asterism::starpool {
namespace {

using Moves = std::vector<std::string>;

State at_position(const std::string& position) {
    State s;
    s.set_position(position);
    return s;
}

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

// kMaxMoves rests on a bound per man (starpool.h); the tables must keep it.
TEST(StarPoolMen, NoManExceedsTheMoveBound) {
    EXPECT_LE(State::max_targets_per_man(), State::kMaxTargetsPerMan);
}

}  // namespace
}  // namespace asterism::starpool
