// *Star's search: MCTS with RAVE over State.
#include "games/starstar/starstar.h"
#include "search/engine_maker.h"
#include "search/pie.h"

// The game's side of the contract, checked here so that a missing member is
// an error at this line (search/concepts.h).
static_assert(asterism::MctsState<asterism::starstar::State>);

namespace asterism {
namespace {

// The learned priors (games/starstar/patterns.cpp) start every new child
// with 300 AMAF playouts at its prior, and a leaf is expanded at its second
// visit, which halves what the priors and the new children cost. Both were
// chosen by matches against no priors (docs/strength.md, "*Star: what was
// tried"): weight 40, 120 and 300 at equal playouts, expansion at the first
// and second visit at equal time. knowledge=0 is the search of before
// them: no priors, expansion at the first visit.
// The swap (option swap): the searches of search/pie.h decide it.
std::unique_ptr<Agent> make_starstar_engine(const Game& game, const EngineSettings& s) {
    auto make = [g = std::shared_ptr<Game>(game.clone()), s] {
        return make_mcts_engine<starstar::State>(*g, s, [&s](MctsConfig& c, const SearchLimits&) {
            c.prior_weight = s.knowledge == 0 ? 0 : 300;
            if (s.knowledge != 0) c.expand_visits = 2;
        });
    };
    return s.pie ? with_pie_search(make(), make) : make();
}

const EngineRegistration kStarStar("starstar", make_starstar_engine);

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
