// The pie rule's swap decided by searches after it and after the best
// other move (search/pie.h): a level-5 player takes it where its search
// alone gave it no playout (docs/strength.md, "The swap").
#include <gtest/gtest.h>

#include "core/registry.h"
#include "search/engines.h"
#include "search/pie.h"
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

// A player whose analysis is fixed: `moves` with their win rates, best
// first, or (for the searches after a move) the other player's mean `after`
// wherever the last move was the swap and `otherwise` elsewhere.
class Fixed final : public Agent {
  public:
    explicit Fixed(std::vector<Candidate> moves, double after = 0, double otherwise = 0)
        : moves_(std::move(moves)), after_(after), otherwise_(otherwise) {}
    std::string name() const override { return "fixed"; }
    std::string choose(const Game& game, Rng& rng) override {
        return analyze(game, rng, {}, nullptr).candidates.front().move;
    }
    Analysis analyze(const Game& game, Rng&, const SearchLimits&,
                     const std::function<bool(const Analysis&)>&) override {
        Analysis a;
        a.candidates = moves_;
        if (a.candidates.empty()) a.candidates.push_back({game.legal_moves().front(), 1, 0.5, {}});
        a.root_visits = 1;
        a.root_winrate = game.history().back() == "swap" ? after_ : otherwise_;
        return a;
    }

  private:
    std::vector<Candidate> moves_;
    double after_, otherwise_;
};

// The searches after the two moves decide, whatever the search of the
// position put first; the other candidates keep their order behind.
TEST(PieExchange, TheSearchesAfterTheMovesDecide) {
    auto game = Registry::instance().create("asterisk:size=8");
    for (const char* m : {"dhe@b5", "dca@b4", "lha@a4"}) game->play(m);
    const std::vector<Candidate> searched = {{"swap", 30, 0.7, {"swap"}},
                                             {"lhe@a5", 20, 0.6, {"lhe@a5"}},
                                             {"dce@a5", 10, 0.5, {"dce@a5"}}};
    // After the swap the first player (to move) has 0.6, so the second 0.4;
    // after lhe@a5 the first has 0.45: the second keeps 0.55 and places.
    auto keep = with_pie_search(std::make_unique<Fixed>(searched), [] {
        return std::make_unique<Fixed>(std::vector<Candidate>{}, 0.6, 0.45);
    });
    Rng rng(1);
    const Analysis a = keep->analyze(*game, rng, {}, nullptr);
    ASSERT_EQ(a.candidates.size(), 3u);
    EXPECT_EQ(a.candidates[0].move, "lhe@a5");
    EXPECT_EQ(a.candidates[1].move, "swap");
    EXPECT_NEAR(a.candidates[1].winrate, 0.4, 1e-12);
    EXPECT_EQ(a.candidates[2].move, "dce@a5");
    // The other way round. The best other move is lhe@a5, not the proven
    // win listed after it (a fixed list: a search would put that first),
    // which the swap's removal from the list must not put in its place.
    std::vector<Candidate> listed = searched;
    listed[2].proven = 1;
    auto take = with_pie_search(std::make_unique<Fixed>(listed), [] {
        return std::make_unique<Fixed>(std::vector<Candidate>{}, 0.3, 0.7);
    });
    EXPECT_EQ(take->choose(*game, rng), "swap");
}

}  // namespace
}  // namespace asterism
