// The type-erased game face. Everything a person or another program talks to
// (the CLI, the engine protocol, records, the HTTP server) goes through this
// interface: moves and positions as text in and out, structure as JSON.
// Hot loops never use it; they are templates over a game's concrete State
// (see perft.h and DESIGN.md, "Two faces, one rules engine").
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/rng.h"
#include "core/types.h"

namespace asterism {

// One rules option of a game, as listed by `asterism games`.
struct OptionSpec {
    enum class Type { Int, Enum, Bool, Seed };
    std::string name;
    Type type = Type::Enum;
    std::string default_value;
    // For Int and Enum: the allowed values, as text. Bool allows true/false;
    // Seed allows any unsigned 64-bit integer.
    std::vector<std::string> allowed;
    std::string help;
    // An override of a preset (Shatra's rules points): while it keeps its
    // default it is left out of the canonical spec, which stays readable.
    bool omit_at_default = false;
};

const char* type_name(OptionSpec::Type t);

// Validated options: every declared option present, with its value as text.
class Options {
  public:
    Options() = default;
    explicit Options(std::map<std::string, std::string> values) : values_(std::move(values)) {}
    const std::string& get(const std::string& name) const;
    int get_int(const std::string& name) const;
    bool get_bool(const std::string& name) const;
    std::uint64_t get_u64(const std::string& name) const;

  private:
    std::map<std::string, std::string> values_;
};

// Throughput of random playouts, reported by `asterism bench`.
struct PlayoutStats {
    std::uint64_t games = 0;
    std::uint64_t moves = 0;
    double seconds = 0;
    std::uint64_t wins[2] = {0, 0};  // games won by Player::First, Player::Second
    std::uint64_t checksum = 0;      // deterministic summary of the outcomes
};

// The game id of a spec string: "shatra" of "shatra:rules=altai".
std::string spec_id(std::string_view spec);

// What each player gets from a game, as learning programs count it
// (pyspiel's returns): +1 for the winner, -1 for the loser, 0 for both in a
// draw or a game still going; a one-player game's one value is +1 for a win
// and -1 for a loss.
template <class T>
void outcome_returns(Outcome o, int players, T* out) {
    for (int p = 0; p < players; ++p) out[p] = T(0);
    if (o.kind == Outcome::Kind::Loss) out[0] = T(-1);
    if (o.kind != Outcome::Kind::Win) return;
    for (int p = 0; p < players; ++p) out[p] = p == index(o.winner) ? T(1) : T(-1);
}

// Many games of one spec played side by side, for learning loops that step
// them from arrays of integer actions (the Python module's Batch; see
// docs/python.md). Every array is row-major with one row per game. The games
// run on the concrete State of their game (state_batch.h), never through
// move text, so that stepping costs what the rules cost.
class GameBatch {
  public:
    virtual ~GameBatch() = default;
    virtual int size() const = 0;
    virtual int num_players() const = 0;
    virtual int num_actions() const = 0;
    virtual std::vector<int> observation_shape() const = 0;

    // Puts every game back at the batch's start position.
    virtual void reset() = 0;
    // Plays actions[i] in game i. A game that ends, or that reaches the
    // batch's ply limit (truncated), writes its returns (num_players()
    // values, all 0 for a truncated game), sets done[i] and starts again
    // from the start position; the rows of the others are zeros. Every
    // action is checked before any is played: an illegal one throws
    // GameError naming the game and the action, and nothing changes.
    virtual void step(const std::int32_t* actions, float* returns, std::uint8_t* done,
                      std::uint8_t* truncated) = 0;
    // A uniformly random legal action for every game.
    virtual void random_actions(std::int32_t* out) = 0;
    // size() x num_actions() bytes, 1 for a legal action.
    virtual void legal_mask(std::uint8_t* out) = 0;
    // The legal actions of each game in ascending order, padded with -1 to
    // `width` (at least max_legal()), and how many there are.
    virtual int max_legal() = 0;
    virtual void legal_actions(std::int32_t* out, int width, std::int32_t* counts) = 0;
    // size() observation tensors (Game::observation_tensor).
    virtual void observations(float* out) const = 0;
    // The player to move in each game (0 or 1).
    virtual void current_players(std::int32_t* out) const = 0;
};

class Game {
  public:
    virtual ~Game() = default;

    // Identity.
    virtual std::string spec() const = 0;  // canonical: id plus every option
    std::string id() const;                // the game id alone (spec_id() of the spec)
    virtual std::unique_ptr<Game> clone() const = 0;
    virtual int num_players() const = 0;
    virtual std::string player_name(Player p) const = 0;

    // Playing. play() throws GameError naming the problem for an unparsable
    // or illegal move and leaves the game unchanged.
    virtual Player to_move() const = 0;                        // Player::None when the game is over
    virtual std::vector<std::string> legal_moves() const = 0;  // sorted
    virtual void play(std::string_view move) = 0;
    virtual bool undo() = 0;  // false when there is nothing to undo
    // The moves played, as their text; a reference into the game, valid
    // until it next changes (asking its size copies nothing).
    virtual const std::vector<std::string>& history() const = 0;

    // Positions. set_position() throws GameError for a malformed string and
    // then leaves the game unchanged; a successful call clears the history.
    virtual std::string position() const = 0;
    virtual void set_position(std::string_view text) = 0;
    virtual std::uint64_t hash() const = 0;

    // Outcome and scoring.
    virtual Outcome outcome() const = 0;
    bool terminal() const { return outcome().over(); }
    std::string result() const;  // "*", "1-0", "0-1", "1/2-1/2", "win", "loss"
    virtual nlohmann::json score() const = 0;

    // Presentation.
    virtual std::string render() const = 0;  // text board for a terminal
    // The board with the names of the empty cells written on it, for games
    // whose drawing has no coordinates at its edges (*Star); the others
    // draw their plain board.
    virtual std::string render_labels() const { return render(); }
    virtual std::string move_help() const = 0;  // one paragraph on move notation

    // A drawing of the position for graphical front ends (the browser UI),
    // so that they draw any game without knowing its geometry: the cells
    // with their outlines in board units (y pointing down), the men on
    // them, decorations, game-specific extras, and every legal move with
    // the cells a player clicks to make it. docs/view.md describes the
    // shape. The default lists the legal moves only, with no cells.
    // ViewParts::Changing leaves out the cells and the box, which stay the
    // same all game (the face suite checks it): the online server sends
    // them once per game, and skipping their geometry and JSON is most of
    // the cost of a drawing.
    nlohmann::json view() const { return view(ViewParts::Whole); }
    virtual nlohmann::json view(ViewParts parts) const;

    // Integer actions, for learning programs (docs/python.md describes each
    // game's encoding). Every legal move has one action in
    // 0..num_distinct_actions()-1, distinct from the other legal moves' in
    // the same position. Games without an encoding throw GameError.
    virtual int num_distinct_actions() const = 0;
    virtual std::vector<int> legal_actions() const = 0;  // ascending
    // Throws GameError, and leaves the game unchanged, for an action that
    // is not legal here; otherwise plays it like play() (history, undo).
    virtual void apply_action(int action) = 0;
    virtual std::string action_to_string(int action) const = 0;     // of a legal action
    virtual int string_to_action(std::string_view move) const = 0;  // play()'s errors

    // The position as numbers: observation_shape() gives the dimensions
    // (planes first), observation_planes() names each plane, and
    // observation_tensor() fills the product of the dimensions with floats.
    virtual std::vector<int> observation_shape() const = 0;
    virtual std::vector<std::string> observation_planes() const = 0;
    virtual void observation_tensor(float* out) const = 0;

    // `size` copies of the current position, stepped together; a game that
    // ends starts again from here. `max_plies` (0 = none) truncates games
    // that run longer. `seed` drives random_actions().
    virtual std::unique_ptr<GameBatch> make_batch(int size, std::uint64_t seed,
                                                  int max_plies) const = 0;

    // Counting and timing through the concrete State (fast paths).
    virtual std::uint64_t perft(int depth, bool divide,
                                std::vector<std::pair<std::string, std::uint64_t>>* out) const = 0;
    // Plays random games from the current position until `max_games` have
    // finished or `seconds` have passed, whichever comes first.
    virtual PlayoutStats random_playouts(Rng& rng, std::uint64_t max_games,
                                         double seconds) const = 0;
};

}  // namespace asterism
