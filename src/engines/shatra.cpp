// Shatra's search: alpha-beta over shatra::State (MCTS on request), and the
// fixed-depth searches `asterism bench` times.
#include "games/shatra/shatra.h"
#include "core/state_game.h"
#include "search/engine_maker.h"

// The game's side of the contract, checked here so that a missing member is
// an error at this line (search/concepts.h): alpha-beta, and MCTS on request.
static_assert(asterism::AlphaBetaState<asterism::shatra::State>);
static_assert(asterism::MctsState<asterism::shatra::State>);

namespace asterism {
namespace {

// The extended forms keep the usual levels, up to three million nodes at
// level 10, which beat a million there (docs/strength.md). The Original
// form stops at a million (million_node_alphabeta_levels): three million
// were not shown to gain over it, while each step up to a million gained
// 75 to 215 Elo.
const EngineRegistration kShatra("shatra", [](const Game& game, const EngineSettings& s) {
    const auto* sg = dynamic_cast<const StateGame<shatra::State>*>(&game);
    const bool original = sg && sg->state().rules().original;
    return make_alphabeta_or_mcts_engine<shatra::State>(
        game, s, original ? million_node_alphabeta_levels() : default_alphabeta_levels());
});

const SearchBenchRegistration kShatraBench(
    "shatra",
    {
        {"shatra", "", 5},
        // A middle game of level-6 self-play, move 16.
        {"shatra",
         "1qs/2s/b1b/k/ssss3/s6/2r4/7/SSB4/SSSS3/K/1RB/3/1Q1 "
         "w Tt - - - 0 16",
         7},
        // The Original form's start (spec section 14).
        {"shatra:rules=original", "", 5},
    },
    run_alphabeta_bench<shatra::State>);

}  // namespace
}  // namespace asterism
