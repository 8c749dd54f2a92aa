// Asterisk's searches: MCTS with RAVE and the playout knowledge of
// games/asterisk/playout.h for the two-player modes (standard and Inverted).
#include "games/asterisk/asterisk.h"
#include "core/state_game.h"
#include "search/engine_maker.h"

namespace asterism {
namespace {

std::unique_ptr<Agent> make_asterisk_engine(const Game& game, const EngineSettings& s) {
    if (dynamic_cast<const StateGame<asterisk::AsteriskState>*>(&game))
        return make_mcts_engine<asterisk::AsteriskState>(game, s);
    return nullptr;  // Solitaire: make_engine falls back to its default
}

const EngineRegistration kAsterisk("asterisk", make_asterisk_engine);

}  // namespace
}  // namespace asterism
