// Star Pool Chess's search: alpha-beta over starpool::State (MCTS on
// request), and the fixed-depth searches `asterism bench` times.
#include "games/starpool/starpool.h"
#include "search/engine_maker.h"

// The game's side of the contract, checked here so that a missing member is
// an error at this line (search/concepts.h): alpha-beta, and MCTS on request.
static_assert(asterism::AlphaBetaState<asterism::starpool::State>);
static_assert(asterism::MctsState<asterism::starpool::State>);

namespace asterism {
namespace {

// Star Pool Chess's levels stop at a million nodes
// (million_node_alphabeta_levels): three million gained nothing measurable
// over one million (level 10 against level 9 of the usual levels: 11-2-11
// in 24 games, four minutes a game), while each step up to a million
// gained 170 to 300 Elo. The level so freed goes to the bottom.
const EngineRegistration kStarPool("starpool", [](const Game& game, const EngineSettings& s) {
    return make_alphabeta_or_mcts_engine<starpool::State>(game, s, million_node_alphabeta_levels());
});

const SearchBenchRegistration kStarPoolBench("starpool",
                                             {
                                                 {"starpool", "", 9},
                                                 // The perft bench's middle game.
                                                 {"starpool",
                                                  "1N1lkl3/r7r/1p1ppp1pp/p3e4/P3*1p1w/2P4W1/"
                                                  "EP1PPP1PP/5R3/W2LKLeN1 [R-nw] w - 2 19",
                                                  7},
                                             },
                                             run_alphabeta_bench<starpool::State>);

}  // namespace
}  // namespace asterism
