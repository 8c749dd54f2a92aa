// *Star's search: MCTS with RAVE over State.
#include "games/starstar/starstar.h"
#include "search/engine_maker.h"

// The game's side of the contract, checked here so that a missing member is
// an error at this line (search/concepts.h).
static_assert(asterism::MctsState<asterism::starstar::State>);

namespace asterism {
namespace {

const EngineRegistration kStarStar("starstar", make_mcts_engine<starstar::State>);

// MCTS speed on the 8-ring board (issue 4 asks for 50,000 playouts/s there)
// and on the full board.
const SearchBenchRegistration kStarStarBench("starstar",
                                             {
                                                 {"starstar:size=8", "", 50000, "mcts"},
                                                 {"starstar:size=10", "", 20000, "mcts"},
                                             },
                                             run_mcts_bench);

}  // namespace
}  // namespace asterism
