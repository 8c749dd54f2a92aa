// The *Star state: moves, the swap rule, groups, and the type-erased face
// from the registry (the text is notation_test.cpp's).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "core/registry.h"
#include "games/starstar/starstar.h"
#include "starstar/test_util.h"

namespace asterism::starstar {
namespace {

using Move = State::Move;

TEST(State, EmptyBoards) {
    const std::pair<int, const char*> cases[] = {{6, "5/10/15/20/25/30 b"},
                                                 {8, "5/10/15/20/25/30/35/40 b"},
                                                 {10, "5/10/15/20/25/30/35/40/45/50 b"}};
    for (const auto& [size, position] : cases) {
        State s(Rules{size, false});
        EXPECT_EQ(s.position(), position);
        EXPECT_EQ(s.to_move(), kBlack);
        EXPECT_EQ(s.outcome(), Outcome::ongoing());
        std::vector<Move> moves(State::kMaxMoves);
        EXPECT_EQ(s.generate(moves.data()), s.geometry().cells());
        EXPECT_EQ(s.score()["provisional"], true);
    }
    EXPECT_THROW(State(Rules{7, false}), GameError);
}

TEST(State, MovesChangeAndRestoreThePosition) {
    State s(Rules{6, false});
    const std::uint64_t empty_hash = s.hash();
    s.apply(s.parse_move("*10"));
    EXPECT_EQ(s.position(), "b4/10/15/20/25/30 w");
    s.apply(s.parse_move("s32"));  // lower-case arm letters are accepted
    EXPECT_EQ(s.position(), "b4/10/5w9/20/25/30 b");
    EXPECT_EQ(s.stone(s.geometry().parse("S32", nullptr)), kWhite);
    EXPECT_EQ(s.ply(), 2);
    EXPECT_EQ(s.to_move(), kBlack);
    // The incremental hash is the hash of the position set from scratch.
    State fresh(Rules{6, false});
    fresh.set_position(s.position());
    EXPECT_EQ(fresh.hash(), s.hash());
    EXPECT_EQ(fresh.ply(), 0);
    s.undo();
    s.undo();
    EXPECT_EQ(s.position(), "5/10/15/20/25/30 b");
    EXPECT_EQ(s.hash(), empty_hash);
    EXPECT_EQ(s.ply(), 0);
}

TEST(State, BridgeJoinsRingOneStones) {
    State s(Rules{6, false});
    for (const char* m : {"*10", "*60", "T10"}) s.apply(s.parse_move(m));
    const Geometry& g = s.geometry();
    // *10 and T10 are not lattice neighbours; the bridge joins them.
    EXPECT_EQ(s.group(g.parse("*10", nullptr)), s.group(g.parse("T10", nullptr)));
    s.undo();
    EXPECT_NE(s.group(g.parse("*10", nullptr)), s.group(g.parse("T10", nullptr)));
}

TEST(State, SwapRule) {
    State s(Rules{8, true});
    std::vector<Move> moves(State::kMaxMoves);
    // Not before Black's first stone.
    EXPECT_FALSE(s.swap_legal());
    EXPECT_TRUE(contains(error_of([&] { s.parse_move("swap"); }), "only legal"));
    EXPECT_EQ(s.generate(moves.data()), 180);

    s.apply(s.parse_move("T43"));
    ASSERT_TRUE(s.swap_legal());
    ASSERT_EQ(s.generate(moves.data()), 180);  // 179 cells and the swap
    EXPECT_TRUE(std::count(moves.begin(), moves.begin() + 180, Move::swap()) == 1);
    const std::string before = s.position();
    const std::uint64_t hash = s.hash();

    // The stone turns white, Black moves next, and nothing else changes.
    s.apply(s.parse_move("SWAP"));
    EXPECT_EQ(s.move_text(Move::swap()), "swap");
    const Cell t43 = s.geometry().parse("T43", nullptr);
    EXPECT_EQ(s.stone(t43), kWhite);
    EXPECT_EQ(s.to_move(), kBlack);
    EXPECT_EQ(s.ply(), 2);
    EXPECT_EQ(s.empty_count(), 179);
    State fresh(Rules{8, true});
    fresh.set_position(s.position());
    EXPECT_EQ(fresh.hash(), s.hash());
    EXPECT_FALSE(s.swap_legal());
    EXPECT_TRUE(contains(error_of([&] { s.parse_move("swap"); }), "only legal"));

    s.undo();
    EXPECT_EQ(s.position(), before);
    EXPECT_EQ(s.hash(), hash);

    // Once White has placed a stone the chance is gone.
    s.apply(s.parse_move("*10"));
    EXPECT_FALSE(s.swap_legal());
    s.undo();
    // A position set up with one black stone and White to move allows it.
    State set_up(Rules{8, true});
    set_up.set_position(before);
    EXPECT_TRUE(set_up.swap_legal());
    // Without the option, never.
    State off(Rules{8, false});
    off.set_position(before);
    EXPECT_FALSE(off.swap_legal());
}

TEST(State, RegisteredGame) {
    const GameInfo* info = Registry::instance().find("starstar");
    ASSERT_NE(info, nullptr);
    EXPECT_EQ(info->title, "*Star");
    auto game = Registry::instance().create("starstar");
    EXPECT_EQ(game->spec(), "starstar:size=10,swap=false");
    EXPECT_EQ(game->position(), "5/10/15/20/25/30/35/40/45/50 b");
    EXPECT_EQ(game->player_name(Player::First), "Black");
    EXPECT_EQ(game->player_name(Player::Second), "White");
    EXPECT_THROW(Registry::instance().create("starstar:size=7"), GameError);

    game = Registry::instance().create("starstar:swap=on,size=6");
    EXPECT_EQ(game->spec(), "starstar:size=6,swap=true");
    EXPECT_EQ(game->legal_moves().size(), 105u);
    game->play("*60");
    const auto moves = game->legal_moves();
    EXPECT_EQ(moves.size(), 105u);
    EXPECT_TRUE(std::find(moves.begin(), moves.end(), "swap") != moves.end());
    game->play("swap");
    EXPECT_EQ(game->position(), "5/10/15/20/25/w29 b");
    EXPECT_THROW(game->play("*60"), GameError);
    EXPECT_EQ(game->history(), (std::vector<std::string>{"*60", "swap"}));
    EXPECT_FALSE(game->move_help().empty());
    EXPECT_TRUE(contains(game->move_help(), "swap"));

    // Playouts through the face finish games of exactly N moves.
    Rng rng(3);
    const PlayoutStats stats = game->random_playouts(rng, 50, 10.0);
    EXPECT_EQ(stats.games, 50u);
    EXPECT_EQ(stats.moves, 50u * 104u);
}

}  // namespace
}  // namespace asterism::starstar
