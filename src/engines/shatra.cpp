// Shatra's search: alpha-beta over shatra::State (MCTS on request), and the
// fixed-depth searches `asterism bench` times.
#include "games/shatra/shatra.h"
#include "search/engine_maker.h"

namespace asterism {
namespace {

const EngineRegistration kShatra("shatra", make_alphabeta_or_mcts_engine<shatra::State>);

const SearchBenchRegistration kShatraBench("shatra",
                                           {
                                               {"shatra", "", 3},
                                           },
                                           run_alphabeta_bench<shatra::State>);

}  // namespace
}  // namespace asterism
