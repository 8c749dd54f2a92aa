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

// `tune` adjusts the configuration of the full-strength search (not of the
// plain UCT baseline) where a game's measurements call for other settings.
template <class S, class Tune>
std::unique_ptr<Agent> make_mcts_engine(const Game&, const EngineSettings& s, Tune&& tune) {
    SearchLimits limits = s.limits;
    if (!limits.playouts && limits.seconds <= 0) limits.playouts = playouts_for_level(s.level);
    MctsConfig config = mcts_config_for(s);
    if (!s.plain_uct) tune(config);
    return std::make_unique<MctsAgent<S>>(s.plain_uct ? "uct" : "mcts", config, limits);
}

template <class S>
std::unique_ptr<Agent> make_mcts_engine(const Game& game, const EngineSettings& s) {
    return make_mcts_engine<S>(game, s, [](MctsConfig&) {});
}

}  // namespace asterism
