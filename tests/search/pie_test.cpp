// The pie rule's swap decided by searches after it and after the best
// other move (search/pie.h): a level-5 player takes it where its search
// alone gave it no playout (docs/strength.md, "The swap").
#include <gtest/gtest.h>

#include "core/registry.h"
#include "search/engines.h"
#include "search/players.h"

namespace asterism {
namespace {

// Asterisk 8 after the level-7 opening of tests/data/review/random/
// asterisk8-level7-vs-random.rec, worth about 73% to the first player:
// the level-5 search alone places lhe@a5 (it never visited the swap); with
// the two searches it swaps.
TEST(PieExchange, ALevelFivePlayerSwapsAStrongAsteriskOpening) {
    auto game = Registry::instance().create("asterisk:size=8");
    for (const char* m : {"dhe@b5", "dca@b4", "lha@a4"}) game->play(m);
    Rng rng(1);
    EXPECT_EQ(make_player("mcts:playouts=150", *game, 1)->choose(*game, rng), "swap");
    EXPECT_NE(make_player("mcts:playouts=150,pie=0", *game, 1)->choose(*game, rng), "swap");
    EXPECT_THROW(make_player("mcts:playouts=150,pie=2", *game, 1), std::exception);
}

}  // namespace
}  // namespace asterism
