// Star Pool Chess's search: alpha-beta over starpool::State (MCTS on
// request), and the fixed-depth searches `asterism bench` times.
#include "games/starpool/starpool.h"
#include "search/engine_maker.h"

namespace asterism {
namespace {

const EngineRegistration kStarPool("starpool", make_alphabeta_or_mcts_engine<starpool::State>);

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
