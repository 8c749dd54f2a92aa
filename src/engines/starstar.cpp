// *Star's search: MCTS with RAVE over StarState.
#include "games/starstar/starstar.h"
#include "search/engine_maker.h"

namespace asterism {
namespace {

const EngineRegistration kStarStar("starstar", make_mcts_engine<starstar::StarState>);

}  // namespace
}  // namespace asterism
