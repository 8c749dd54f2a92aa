// Computer players by name (players.h).
#include "search/players.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <type_traits>

#include "core/errors.h"
#include "core/key_values.h"
#include "search/engines.h"

namespace asterism {

namespace {

using Keys = std::map<std::string, std::string>;

Keys parse_keys(const std::string& text, const std::string& whole) {
    Keys out;
    for (const KeyValue& kv : split_key_values(text)) {
        if (!kv.has_equals || kv.key.empty())
            throw error("player.form", {{"player", whole}, {"item", kv.item}});
        out[kv.key] = kv.value;
    }
    return out;
}

constexpr double kLargest = 9007199254740992.0;  // 2^53

double number(const Keys& keys, const std::string& key, double fallback, const std::string& whole) {
    auto it = keys.find(key);
    if (it == keys.end()) return fallback;
    try {
        std::size_t used = 0;
        const double v = std::stod(it->second, &used);
        // NaN and numbers past 2^53 would not survive the casts to counts.
        if (used != it->second.size() || !(v >= 0 && v <= kLargest))
            throw std::invalid_argument("x");
        return v;
    } catch (const std::exception&) {
        throw error("player.number", {{"player", whole}, {"key", key}});
    }
}

void only_keys(const Keys& keys, std::initializer_list<std::string_view> known,
               const std::string& whole) {
    std::string list;
    for (const auto k : known) list += (list.empty() ? "" : ", ") + std::string(k);
    for (const auto& [k, v] : keys)
        if (std::find(known.begin(), known.end(), k) == known.end())
            throw error("player.key", {{"player", whole}, {"key", k}, {"list", list}});
}

// knowledge=1 (the default) or 0 (EngineSettings::knowledge); tree players
// also take 2, the learned playouts of *Star and Asterisk (docs/learning.md).
int knowledge_key(const Keys& keys, const std::string& whole, int top = 1) {
    const double k = number(keys, "knowledge", 1, whole);
    if (k < 0 || k > top || k != static_cast<int>(k))
        throw error("player.knowledge", {{"player", whole}, {"max", top}});
    return static_cast<int>(k);
}

// A player's `threads=` key: 1 unless given, so that a player named in a
// match plays the same moves for the same seed.
int thread_count(const Keys& keys, const std::string& whole) {
    const double t = number(keys, "threads", 1, whole);
    if (t < 1 || t > max_threads() || t != static_cast<int>(t))
        throw error("player.threads", {{"player", whole}, {"max", max_threads()}});
    return static_cast<int>(t);
}

bool all_digits(const std::string& s) {
    return !s.empty() &&
           std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::unique_ptr<Agent> level_player(const std::string& digits, const std::string& text,
                                    const Game& game, std::uint64_t seed) {
    if (digits.size() > 2 || !all_digits(digits)) throw error("player.level", {{"player", text}});
    EngineSettings s;
    s.level = std::stoi(digits);
    s.seed = seed;
    return make_engine(game, s);
}

std::unique_ptr<Agent> alphabeta_player(const Keys& keys, const std::string& text, const Game& game,
                                        std::uint64_t seed) {
    only_keys(keys, {"nodes", "depth", "seconds", "level", "threads", "knowledge"}, text);
    EngineSettings s;
    s.seed = seed;
    s.search = EngineSettings::Search::AlphaBeta;
    s.threads = thread_count(keys, text);
    s.limits.playouts = static_cast<std::uint64_t>(number(keys, "nodes", 0, text));
    s.limits.seconds = number(keys, "seconds", 0, text);
    s.depth = static_cast<int>(number(keys, "depth", 0, text));
    s.knowledge = knowledge_key(keys, text);
    const double level = number(keys, "level", kMaxLevel, text);
    if (level < 2 || level > kMaxLevel || level != static_cast<int>(level))
        throw error("player.abLevel", {{"player", text}, {"max", kMaxLevel}});
    s.level = static_cast<int>(level);
    if (!has_engine(game.id())) throw error("player.noAlphaBeta", {{"game", game.spec()}});
    return make_engine(game, s);
}

std::unique_ptr<Agent> tree_player(const std::string& name, const Keys& keys,
                                   const std::string& text, const Game& game, std::uint64_t seed) {
    only_keys(keys,
              {"playouts", "seconds", "threads", "exploration", "rave_k", "prior_weight",
               "prior_visits", "expand", "pool", "knowledge", "pie"},
              text);
    EngineSettings s;
    s.seed = seed;
    s.plain_uct = name == "uct";
    s.search = EngineSettings::Search::Mcts;
    s.threads = thread_count(keys, text);
    s.knowledge = knowledge_key(keys, text, 2);
    const double pie = number(keys, "pie", 1, text);
    if (pie != 0 && pie != 1) throw error("player.pie", {{"player", text}});
    s.pie = pie == 1;
    s.limits.playouts = static_cast<std::uint64_t>(number(keys, "playouts", 0, text));
    s.limits.seconds = number(keys, "seconds", 0, text);
    auto set = [&](auto& field, const char* key) {
        if (keys.count(key))
            field = static_cast<typename std::decay_t<decltype(field)>::value_type>(
                number(keys, key, 0, text));
    };
    set(s.mcts.exploration, "exploration");
    set(s.mcts.rave_k, "rave_k");
    set(s.mcts.prior_weight, "prior_weight");
    set(s.mcts.expand_visits, "expand");
    set(s.mcts.prior_visits, "prior_visits");
    set(s.mcts.max_nodes, "pool");
    if (s.mcts.expand_visits && *s.mcts.expand_visits < 1)
        throw error("player.expand", {{"player", text}});
    if (s.mcts.max_nodes && *s.mcts.max_nodes < 1000)
        throw error("player.pool", {{"player", text}});
    if (!has_engine(game.id())) throw error("player.noTree", {{"game", game.spec()}});
    return make_engine(game, s);
}

std::unique_ptr<Agent> simple_player(const std::string& name, const Keys& keys,
                                     const std::string& text, const Game& game) {
    if (name == "mc") {
        only_keys(keys, {"playouts", "seconds", "threads"}, text);
        if (game.num_players() != 2) throw error("player.mc");
        return make_flat_monte_carlo(
            static_cast<std::uint64_t>(number(keys, "playouts", 64, text)));
    }
    if (name != "random" && name != "greedy") throw error("player.unknown", {{"player", name}});
    if (!keys.empty()) throw error("player.options", {{"player", name}});
    return name == "random" ? make_random_agent() : make_greedy_agent();
}

}  // namespace

std::unique_ptr<Agent> make_player(const std::string& text, const Game& game, std::uint64_t seed) {
    const auto colon = text.find(':');
    const std::string name = text.substr(0, colon);
    const std::string rest = colon == std::string::npos ? "" : text.substr(colon + 1);
    if (name == "level") return level_player(rest, text, game, seed);
    if (all_digits(name) && colon == std::string::npos) return level_player(name, text, game, seed);
    const Keys keys = parse_keys(rest, text);
    if (name == "ab" || name == "alphabeta") return alphabeta_player(keys, text, game, seed);
    if (name == "mcts" || name == "uct") return tree_player(name, keys, text, game, seed);
    return simple_player(name, keys, text, game);
}

void check_player_bounds(const std::string& text, const PlayerBounds& bounds) {
    const auto colon = text.find(':');
    const std::string name = text.substr(0, colon);
    if (name == "level" || colon == std::string::npos) return;  // levels, random, greedy, mc
    const Keys keys = parse_keys(text.substr(colon + 1), text);
    const bool mc = name == "mc";
    auto at_most = [&](const char* key, double top) {
        if (number(keys, key, 0, text) <= top) return;
        char shown[32];
        std::snprintf(shown, sizeof shown, "%.15g", top);
        throw error("player.bound", {{"player", text}, {"key", key}, {"max", shown}});
    };
    at_most("seconds", bounds.seconds);
    at_most("threads", bounds.threads);
    at_most("playouts", static_cast<double>(mc ? bounds.mc_playouts : bounds.effort));
    at_most("nodes", static_cast<double>(bounds.effort));
    at_most("pool", static_cast<double>(bounds.pool));
    at_most("depth", bounds.depth);
}

int player_level(const std::string& text) {
    const std::string digits = text.rfind("level:", 0) == 0 ? text.substr(6) : text;
    if (!all_digits(digits) || digits.size() > 2) return 0;
    return std::stoi(digits);
}

std::string canonical_player(const std::string& text) {
    const int level = player_level(text);
    return level > 0 ? "level:" + std::to_string(level) : text;
}

}  // namespace asterism
