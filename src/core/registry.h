// The game registry. Each game registers itself from its own folder with a
// static GameRegistration object, so adding a game never touches a central
// list. Games are addressed by spec strings: `id` or `id:key=value,...`.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/game.h"

namespace asterism {

// A perft run that `asterism bench` times: spec, position string (empty for
// the start position) and depth.
struct PerftBench {
    std::string spec;
    std::string position;
    int depth = 1;
};

// How PGN (record/pgn.h) writes a game it covers. PGN numbers moves in
// pairs, White's and Black's, so it fits the chess-likes, whose first player
// is White and whose players take turns; the other games keep asterism's own
// records and register none.
struct PgnNotation {
    // The Variant tag's value, e.g. "Star Pool Chess".
    std::string variant;
    // Characters of the game's notation that PGN reserves, and the ones the
    // PGN text has in their place, character by character ("<>" and "=").
    std::string reserved = {};
    std::string replacement = {};
    // The spec of a PGN game that names no game (no GameSpec or Variant
    // tag), when this game is the one such files hold (Shatrabase's); at
    // most one game sets it.
    std::string unnamed_spec = {};
    // Rewrites the moves of a PGN game without a GameSpec tag (another
    // program's file) into the game's own notation; empty when they need
    // nothing.
    std::function<void(std::vector<std::string>& moves)> foreign_moves = {};
};

struct GameInfo {
    std::string id;
    std::string title;
    std::string summary;
    std::vector<OptionSpec> options;
    std::function<std::unique_ptr<Game>(const Options&)> make;
    // Specs that `asterism bench` measures (each size, each mode); empty
    // means the default options only.
    std::vector<std::string> bench_specs = {};
    // Perft runs that `asterism bench` times (the chess-like games).
    std::vector<PerftBench> bench_perft = {};
    // How PGN writes the game; absent for a game PGN does not cover.
    std::optional<PgnNotation> pgn = {};
    // The review's conversion of a search's win rate w to the chance of
    // winning, per form: 1 / (1 + ((1 - w) / w)^s) with s the value here,
    // fitted to the results of self-play (docs/review.md); empty, the
    // review's default for the search (search/review.h).
    std::function<double(const Options&)> review_stretch = {};
    // The level a review of the form runs at unless asked for another: one
    // whose searches tell a random move from a good one on that board
    // (docs/review.md, "A review's level per form"); empty, kReviewLevel.
    std::function<int(const Options&)> review_level = {};
};

// The review's level where a form registers none.
inline constexpr int kReviewLevel = 5;

class Registry {
  public:
    static Registry& instance();
    void add(GameInfo info);
    const GameInfo* find(std::string_view id) const;
    std::vector<const GameInfo*> all() const;  // sorted by id

    // Parses and validates a spec, filling in defaults. Throws GameError.
    Options parse_options(const GameInfo& info, std::string_view option_text) const;
    std::unique_ptr<Game> create(std::string_view spec) const;

    // The canonical spec with one option set to `value` (validated).
    std::string with_option(std::string_view spec, const std::string& key,
                            const std::string& value) const;

  private:
    std::vector<GameInfo> games_;
};

// A game's description as JSON: id, title, summary and its options (name,
// type, default, allowed, help). `asterism games --json` prints these and
// the server's catalogue sends them.
nlohmann::json game_info_json(const GameInfo& info);

// Canonical spec text for a game id and validated options, in declared order.
std::string canonical_spec(const GameInfo& info, const Options& options);

// The options of a game's own (canonical) spec, with the game's registry
// entry; null when the game is not registered (a test's double).
const GameInfo* registered_options(const Game& game, Options& options);

// The level a review of `game` runs at by default (GameInfo::review_level).
int review_level_of(const Game& game);

struct GameRegistration {
    explicit GameRegistration(GameInfo info) { Registry::instance().add(std::move(info)); }
};

}  // namespace asterism
