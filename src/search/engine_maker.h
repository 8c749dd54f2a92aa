// The usual way for a game to get its searching player: MCTS over its State,
// configured from the strength level. Binding files in src/engines use it as
//   const EngineRegistration kX("x", make_mcts_engine<x::State>);
#pragma once

#include <algorithm>
#include <memory>

#include "core/errors.h"
#include "search/alphabeta_agent.h"
#include "search/concepts.h"
#include "search/engines.h"
#include "search/mcts_agent.h"

namespace asterism {

// Search settings for a level: playouts grow by a factor of three per level
// (playouts_for_level); plain UCT drops RAVE and the playout knowledge.
inline MctsConfig mcts_config_for(const EngineSettings& s) {
    MctsConfig c;
    c.seed = s.seed;
    c.threads = s.threads;
    c.ownership = s.ownership;
    if (s.plain_uct) {
        c.rave = false;
        c.knowledge = false;
        c.exploration = 0.7;
        c.first_play = 1.1;
    }
    return c;
}

// `tune(config, limits)` adjusts the configuration of the full-strength
// search (not of the plain UCT baseline) where a game's measurements call
// for other settings, which may depend on the search's budget.
template <class S, class Tune>
std::unique_ptr<Agent> make_mcts_engine(const Game& game, const EngineSettings& s, Tune&& tune) {
    if (s.search == EngineSettings::Search::AlphaBeta) {
        throw error("player.noAlphaBeta", {{"game", game.id()}});
    }
    SearchLimits limits = s.limits;
    if (!limits.playouts && limits.seconds <= 0) limits.playouts = playouts_for_level(s.level);
    MctsConfig config = mcts_config_for(s);
    if (!s.plain_uct) tune(config, limits);
    const auto& o = s.mcts;
    if (o.exploration) config.exploration = *o.exploration;
    if (o.rave_k) config.rave_k = *o.rave_k;
    if (o.prior_weight) config.prior_weight = *o.prior_weight;
    if (o.expand_visits) config.expand_visits = *o.expand_visits;
    if (o.prior_visits) config.prior_visits = *o.prior_visits;
    if (o.max_nodes) config.max_nodes = *o.max_nodes;
    auto agent = std::make_unique<MctsAgent<S>>(s.plain_uct ? "uct" : "mcts", config, limits);
    agent->set_knowledge(s.knowledge);
    return agent;
}

template <class S>
std::unique_ptr<Agent> make_mcts_engine(const Game& game, const EngineSettings& s) {
    return make_mcts_engine<S>(game, s, [](MctsConfig&, const SearchLimits&) {});
}

}  // namespace asterism

namespace asterism {

// Alpha-beta for a level: the level's row of `levels` (a node budget, or a
// fixed depth), or the settings' own limits (playouts read as nodes) and
// depth; the table grows with the budget so that small levels stay small
// in memory. With more than one thread the node budget counts the nodes
// of all threads together (Lazy SMP, alphabeta.h).
template <class S>
std::unique_ptr<Agent> make_alphabeta_engine(
    const Game&, const EngineSettings& s,
    const AlphaBetaLevels& levels = default_alphabeta_levels()) {
    AlphaBetaLimits limits;
    limits.nodes = s.limits.playouts;
    limits.seconds = s.limits.seconds;
    limits.depth = s.depth;
    AlphaBetaConfig config;
    if (!limits.nodes && limits.seconds <= 0 && !limits.depth) {
        const AlphaBetaLevel& at = levels[std::clamp(s.level, 2, kMaxLevel)];
        limits.nodes = at.nodes;
        limits.depth = at.depth;
        limits.min_depth = at.min_depth;
        config.quiescence = at.quiescence;
    }
    config.threads = s.threads;
    config.tt_entries = std::size_t{1} << 20;
    if (limits.nodes && limits.seconds <= 0)
        config.tt_entries = std::clamp<std::size_t>(2 * limits.nodes, 1 << 14, 1 << 20);
    auto agent = std::make_unique<AlphaBetaAgent<S>>("alphabeta", config, limits);
    agent->set_knowledge(s.knowledge);
    return agent;
}

// The chess-likes' maker: alpha-beta at `levels`, or MCTS when the settings
// ask for it (`mcts:...` and `uct:...` players).
template <class S>
std::unique_ptr<Agent> make_alphabeta_or_mcts_engine(
    const Game& game, const EngineSettings& s,
    const AlphaBetaLevels& levels = default_alphabeta_levels()) {
    if (s.search == EngineSettings::Search::Mcts || s.plain_uct)
        return make_mcts_engine<S>(game, s);
    return make_alphabeta_engine<S>(game, s, levels);
}

}  // namespace asterism
