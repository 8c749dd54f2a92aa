// The usual way for a game to get its searching player: MCTS over its State,
// configured from the strength level. Binding files in src/engines use it as
//   const EngineRegistration kX("x", make_mcts_engine<x::State>);
#pragma once

#include <memory>

#include "search/engines.h"
#include "search/mcts_agent.h"

namespace asterism {

// Search settings for a level: playouts grow by a factor of three per level
// (playouts_for_level); plain UCT drops RAVE and the playout knowledge.
inline MctsConfig mcts_config_for(const EngineSettings& s) {
    MctsConfig c;
    c.seed = s.seed;
    c.threads = s.threads;
    if (s.plain_uct) {
        c.rave = false;
        c.knowledge = false;
        c.exploration = 0.7;
        c.first_play = 1.1;
    }
    return c;
}

template <class S>
std::unique_ptr<Agent> make_mcts_engine(const Game&, const EngineSettings& s) {
    SearchLimits limits = s.limits;
    if (!limits.playouts && limits.seconds <= 0) limits.playouts = playouts_for_level(s.level);
    const MctsConfig config = mcts_config_for(s);
    return std::make_unique<MctsAgent<S>>(s.plain_uct ? "uct" : "mcts", config, limits);
}

}  // namespace asterism
