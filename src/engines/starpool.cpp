// Star Pool Chess's search: alpha-beta over starpool::State (MCTS on
// request), and the fixed-depth searches `asterism bench` times.
#include "games/starpool/starpool.h"
#include "search/engine_maker.h"

namespace asterism {
namespace {

const EngineRegistration kStarPool("starpool", make_alphabeta_or_mcts_engine<starpool::State>);

const SearchBenchRegistration kStarPoolBench("starpool",
                                             {
                                                 {"starpool", "", 4},
                                             },
                                             run_alphabeta_bench<starpool::State>);

}  // namespace
}  // namespace asterism
