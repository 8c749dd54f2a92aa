// *Star ("Star-Star"), Ea Ea's connection game on a five-sided ring board.
// Rules: ../shared/rules/starstar.md (sections 1-6 are implemented here;
// the player-facing summary is docs/starstar.md).
//
// Black and White take turns placing one stone on any empty cell; stones
// never move. The game ends when the board is full (there is no pass). A
// group with two or more perimeter cells ("peries") is a star; each peri
// belongs to the star holding it or, if its group is dead, to the enemy star
// around it; five corner peries also carry a quark. Score = peries owned
// + 1 for three or more quarks + 2 per enemy star - 2 per own star; higher
// wins, ties (impossible on a full board) go to more quarks.
//
// Deliberately left out: stopping early by agreement (spec A5) and passing
// (A7). Scores of a board that is not full are a labelled estimate
// (section 5), never used for the result.
//
// Options (struct Rules in rules.h):
//   size  int   6, 8 or 10   default 10     rings; 105, 180 or 275 cells
//   swap  bool               default false  pie rule: White's first move may
//                                           be "swap", which turns Black's
//                                           first stone white; Black then
//                                           moves (players keep their seats)
//
// Moves are cell names Nxy (see board.h) or "swap". The position string
// lists rings 1..R separated by '/', each ring's 5x cells clockwise from the
// * arm as 'b', 'w' or a decimal count of empty cells, then a space and the
// side to move, 'b' or 'w': the empty 10-ring board with Black to move is
// "5/10/15/20/25/30/35/40/45/50 b".
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/ownership.h"
#include "core/rng.h"
#include "core/types.h"
#include "core/union_find.h"
#include "core/zobrist.h"
#include "games/starstar/board.h"
#include "games/starstar/rules.h"

namespace asterism::starstar {

// Stones are coloured by the player who owns them: Player::First is Black,
// Player::Second is White, Player::None marks an empty cell.
inline constexpr Player kBlack = Player::First;
inline constexpr Player kWhite = Player::Second;

// One player's side of a score (section 4.2).
struct SideScore {
    int peries = 0;       // peries owned
    int quarks = 0;       // corner peries owned
    int quark_point = 0;  // 1 for owning three or more quarks
    int stars = 0;
    int score = 0;  // peries + quark_point + 2 * (enemy stars - own stars)
};

struct Score {
    bool provisional = false;       // true: the section-5 estimate of a partial board
    std::array<SideScore, 2> side;  // indexed by index(Player): Black, White
    int margin() const { return side[0].score - side[1].score; }
    // Higher score, then more quarks; Player::None when both are level.
    Player leader() const;
};

// A star and what it owns, for per-star displays and the per-star form of
// the score (section 4.2): the margin equals the sum over Black's stars of
// (owned - 4) minus the same for White, plus the quark-point difference.
struct StarGroup {
    Player colour = Player::None;
    Cell root = kNoCell;  // a cell of the group, identifying it
    int contained = 0;    // pericells its stones occupy
    int owned = 0;        // peries it owns
    int quarks = 0;
};

// A cell, or the swap. Trivially copyable, two bytes.
// The learned weights that a playout can read without the union-find
// (patterns.cpp; knowledge 2): the move features of the cell alone, as
// gammas (exp of the weights), for MoHex-style local replies.
struct PlayoutGammas {
    std::array<float, 8> ring{};        // by Geometry::depth_class
    std::array<float, 8 * 64> local{};  // ring x 64 + own x 8 + enemy stones touching,
                                        // for a cell next to the opponent's last stone
    float quiet = 1;                    // touching nothing, not next to the last stone
};
const PlayoutGammas& playout_gammas();

struct Move {
    Cell cell = kNoCell;
    static constexpr Cell kSwapCell = -2;
    static constexpr Move swap() { return {kSwapCell}; }
    constexpr bool is_swap() const { return cell == kSwapCell; }
    friend constexpr bool operator==(Move, Move) = default;
};

// The rules, the stones, the empty cells and the side to move: the part of
// a position that State and the lighter BatchState (batch_state.h) both
// keep, with the move generation that reads nothing else, written once for
// both so that a batch steps by the very code the searches use.
class Stones {
  public:
    const Rules& rules() const { return rules_; }
    const Geometry& geometry() const { return *geo_; }
    Player stone(Cell c) const { return stone_[c]; }
    int empty_count() const { return empty_count_; }
    bool full() const { return empty_count_ == 0; }
    Player to_move() const { return to_move_; }
    // Legal only as White's reply to a lone black stone, with the option on.
    bool swap_legal() const {
        return rules_.swap && empty_count_ == geo_->cells() - 1 && to_move_ == kWhite &&
               stone_[first_stone()] == kBlack;
    }

    // Moves. generate() lists the swap first when it is legal, then the
    // empty cells in the order of the internal empty-cell list.
    int generate(Move* out) const {
        int n = 0;
        if (empty_count_ == 0) return 0;
        if (swap_legal()) out[n++] = Move::swap();
        for (int k = 0; k < empty_count_; ++k) out[n++] = Move{empty_[k]};
        return n;
    }
    // A uniformly random legal move in O(1); the game must not be over.
    Move random_move(Rng& rng) const {
        const int options = empty_count_ + (swap_legal() ? 1 : 0);
        const int k = static_cast<int>(rng.below(static_cast<std::uint32_t>(options)));
        return k < empty_count_ ? Move{empty_[k]} : Move::swap();
    }

    // For learning programs (core/state_batch.h, docs/python.md): action =
    // the cell's dense id, and cells() for the swap, whether or not the
    // rules allow one.
    int num_actions() const { return geo_->cells() + 1; }
    int action_of(Move m) const { return m.is_swap() ? geo_->cells() : m.cell; }
    bool decode_action(int a, Move* m) const {
        if (a == geo_->cells() && swap_legal())
            *m = Move::swap();
        else if (a >= 0 && a < geo_->cells() && stone_[a] == Player::None)
            *m = Move{static_cast<Cell>(a)};
        else
            return false;
        return true;
    }

  protected:
    explicit Stones(Rules rules) : rules_(rules), geo_(&Geometry::get(rules.size)) {}

    // The stone placed first: while it is the only one it is the only
    // entry in the occupied part of empty_, at the very end.
    Cell first_stone() const { return empty_[geo_->cells() - 1]; }
    // Puts a stone on an empty cell: the cell moves from the empty part of
    // empty_ to the front of the occupied part.
    void take(Cell c, Player p) {
        const Cell last = empty_[--empty_count_];
        const Cell slot = where_[c];
        empty_[slot] = last;
        where_[last] = slot;
        empty_[empty_count_] = c;
        where_[c] = static_cast<Cell>(empty_count_);
        stone_[c] = p;
    }

    // Fixed for the game.
    Rules rules_;
    const Geometry* geo_;

    // The stones and the side to move; empty_ is a permutation of all cells
    // with the empty ones first, where_ its inverse, kept for speed and undo.
    std::array<Player, kMaxCells> stone_{};
    Player to_move_ = kBlack;
    std::array<Cell, kMaxCells> empty_{};
    std::array<Cell, kMaxCells> where_{};
    int empty_count_ = 0;
};

class BatchState;

class State : public Stones {
  public:
    using Move = starstar::Move;
    static constexpr Cell kSwapCell = Move::kSwapCell;
    static constexpr int kMaxMoves = kMaxCells + 1;
    static constexpr int kPlayers = 2;
    // A position is its board alone: stones never move, so a board is
    // reached only at its own ply and nothing of it depends on the path
    // there (an exact solver may keep a table; search/solver.h).
    static constexpr bool kPathFree = true;

    explicit State(Rules rules = {});

    // The group a stone belongs to, named by its union-find root.
    Cell group(Cell c) const { return static_cast<Cell>(groups_.find(c)); }

    void apply(Move m);
    void undo();

    int ply() const { return ply_; }
    Outcome outcome() const;
    std::uint64_t hash() const { return hash_; }

    // Text.
    std::string move_text(Move m) const;
    Move parse_move(std::string_view text) const;
    std::string position() const;
    void set_position(std::string_view text);
    std::string player_name(Player p) const;
    std::string move_help() const;

    // Scoring: exact on a full board (4.1-4.2), the section-5 estimate
    // otherwise. exact_score() requires a full board.
    Score current_score() const { return full() ? exact_score() : estimate(); }
    // The final margin (Black minus White) of a full board, for MCTS.
    int terminal_margin() const { return exact_score().margin(); }
    Score exact_score() const;
    Score estimate() const;
    // For puzzles (learn/puzzles.h; puzzle.cpp; docs/learn.md, "Themes"):
    // whether the board has almost nothing left to play (three empty cells
    // or fewer) and this game's themes of a line played from here.
    bool almost_nothing_left() const { return empty_count() <= 3; }
    std::vector<std::string> line_themes(const std::vector<Move>& line) const;
    std::vector<StarGroup> stars() const;  // exact when full, else the estimate's
    nlohmann::json score() const;

    // A character drawing of the board at the section-1.7 coordinates:
    // '.' empty, 'X' Black, 'O' White. render_labels() writes every empty
    // cell's name instead, to help entering moves.
    std::string render() const;
    std::string render_labels() const;
    // The drawing for graphical front ends and one legal move as a path of
    // cells (Game::view, docs/view.md; in view.cpp).
    nlohmann::json view(ViewParts parts) const;
    nlohmann::json move_view(Move m) const;

    // For learning programs (core/state_batch.h, docs/python.md; the
    // actions are Stones'): the observation (learning.cpp) is 7 planes over
    // the cells in id order.
    std::vector<int> observation_shape() const;
    std::vector<std::string> observation_planes() const;
    void observe(float* out) const;
    // Batches step a lighter state without groups (batch_state.h).
    using BatchState = starstar::BatchState;
    // Scores a full board of stones (Black minus White into `margin` when
    // it is not null): the end of every playout, and of a batch's games.
    Outcome score_filled(const std::array<Player, kMaxCells>& board, int* margin) const;

    // Plays random moves from here to a full board on a copy (fill then
    // score) and returns the result; *moves receives the number of moves.
    Outcome random_playout(Rng& rng, std::uint64_t* moves) const {
        std::array<Player, kMaxCells> board;
        return fill_and_score(rng, board, moves);
    }

    // For Monte Carlo tree search (src/search/mcts.h): one AMAF key per cell
    // and one for the swap, and a playout that also reports every move
    // played, as sink(key, player). Without `knowledge` it is the uniform
    // fill-then-score playout; each cell is played once per game, so the
    // order of the reports carries no information. With `knowledge` the
    // moves are played in order and a player answers an intrusion into one
    // of their two-bridges by taking the other carrier cell. A sink that
    // has score(int) also gets the final margin (Black minus White), which
    // MCTS uses to choose between moves that all win or all lose.
    static constexpr int kAmafKeys = kMaxCells + 1;
    static int amaf_key(Move m) { return m.is_swap() ? kMaxCells : m.cell; }
    // In knowledge.h, with the playout policy.
    template <class Sink>
    Outcome playout(Rng& rng, bool knowledge, Sink&& sink) const;

    // Learned move knowledge (patterns.cpp, docs/learning.md): each move
    // has kMoveFeatures feature ids below kPriorFeatures, whose weights
    // `asterism train` fits to self-play; priors() turns their sums into
    // MCTS priors. knowledge 1 (the default) uses them; 0 is the knowledge
    // of before (no priors), kept for comparison matches; 2 also plays the
    // learned local replies in the playouts (knowledge.cpp), which lost at
    // equal playouts (docs/strength.md) and so is not the default.
    static constexpr int kPriorFeatures = 98;
    static constexpr int kMoveFeatures = 6;
    int move_features(Move m, std::uint16_t* out) const;
    // The same for a list of moves: kMoveFeatures slots a move in `out`.
    void move_features(const Move* moves, int count, std::uint16_t* out,
                       std::uint8_t* counts) const;
    void priors(const Move* moves, int count, float* value) const;
    void set_knowledge(int k) { knowledge_ = static_cast<std::uint8_t>(k); }
    int knowledge() const { return knowledge_; }
    // Ownership (core/ownership.h), for the search's ownership map. On a
    // full board a cell is owned by the colour of the star its stone
    // belongs to; the other cells (stones of dead groups) form regions
    // under lattice adjacency, and a region bordering exactly one star goes
    // to that star's colour, one bordering several to nobody. This is the
    // rules' section-5 reading applied to a full board, where it gives every
    // pericell to the owner of section 4.1 (a test checks it), so the
    // pericells a player owns are the peries they score. The scores and
    // territories reported are the section-4.2 score and the peries owned.
    // final_owners() needs a full board; owners_filled() reads a playout's.
    int owner_cells() const { return geo_->cells(); }
    FinalOwners final_owners(Player* owner) const;
    FinalOwners owners_filled(const std::array<Player, kMaxCells>& board, Player* owner) const;

  private:
    using Groups = UndoableUnionFind<kMaxCells, std::uint64_t>;

    // The cell of the stone placed `back` plies ago, kNoCell for none or a swap.
    Cell last_stone(int back) const;
    // What the move features of one position share (patterns.cpp): for each
    // cell, bit 1 if it touches the opponent's last stone, 2 if it answers
    // an intrusion into one of the mover's two-bridges there, 4 if it
    // touches the mover's own last stone.
    using Recent = std::array<std::uint8_t, kMaxCells>;
    void mark_recent(Recent& near) const;
    int features_with(Move m, const Recent& near, std::uint16_t* out) const;

    // What undo() needs to reverse one apply().
    struct Step {
        Move move;
        Cell cell = kNoCell;      // the cell played, or the stone swapped
        Cell slot = 0;            // its position in empty_ before the move
        std::uint8_t unions = 0;  // group merges recorded in merges_
    };

    // Puts a stone on an empty cell and joins it to its groups; returns the
    // number of merges pushed onto merges_.
    int place_stone(Cell c, Player p);
    void clear();
    // Fills every empty cell at random into `board` (a copy of the stones)
    // and scores the result: the engine of both playouts. `margin`, when
    // not null, receives Black's score minus White's (section 4.2).
    Outcome fill_and_score(Rng& rng, std::array<Player, kMaxCells>& board, std::uint64_t* moves,
                           int* margin = nullptr) const;
    // The knowledge playout: fills `board`, lists the moves in `order` (the
    // swap as kSwapCell) and scores the result.
    Outcome policy_playout(Rng& rng, std::array<Player, kMaxCells>& board,
                           std::array<Cell, kMaxCells + 1>& order, int* count,
                           int* margin = nullptr) const;
    using Owners = std::array<Cell, kMaxPeri>;  // owning star's root per peri
    Owners exact_owners() const;
    Owners estimate_owners() const;
    std::string draw(bool labels) const;
    // The lines under the drawing: who moves and the estimate, or the result.
    std::string status_text() const;

    // The rest of the position (the stones are Stones'): the Zobrist key,
    // and the groups with the pericells each contains (a 64-bit mask per
    // union-find root).
    std::uint64_t hash_ = 0;
    Groups groups_;

    // Kept for undo: steps_ and merges_ are the undo stacks since
    // construction or set_position().
    int ply_ = 0;
    int merge_count_ = 0;
    std::array<Step, kMaxCells + 1> steps_{};
    std::array<Groups::Change, kMaxCells> merges_{};
    // Which knowledge the searches use (set_knowledge); not part of the position.
    std::uint8_t knowledge_ = 1;
};

// Zobrist keys: cell x colour, and extra(0) for White to move.
inline constexpr ZobristTable<kMaxCells, 2> kZobrist(0x57a2'57a2ULL);

// apply() and undo() are inline so that search templates over State see
// them whole.

inline int State::place_stone(Cell c, Player p) {
    take(c, p);
    hash_ ^= kZobrist(static_cast<std::size_t>(c), static_cast<std::size_t>(index(p)));
    int unions = 0;
    for (const Cell n : geo_->neighbours(c)) {
        if (stone_[n] != p) continue;
        const Groups::Change change = groups_.unite(c, n);
        if (change.child >= 0) {
            merges_[merge_count_++] = change;
            ++unions;
        }
    }
    return unions;
}

inline void State::apply(Move m) {
    Step& step = steps_[ply_++];
    step.move = m;
    if (m.is_swap()) {
        step.cell = first_stone();
        step.unions = 0;
        stone_[step.cell] = kWhite;
        hash_ ^= kZobrist(static_cast<std::size_t>(step.cell), 0) ^
                 kZobrist(static_cast<std::size_t>(step.cell), 1);
    } else {
        step.cell = m.cell;
        step.slot = where_[m.cell];
        step.unions = static_cast<std::uint8_t>(place_stone(m.cell, to_move_));
    }
    to_move_ = opponent(to_move_);
    hash_ ^= kZobrist.extra(0);
}

inline void State::undo() {
    const Step& step = steps_[--ply_];
    to_move_ = opponent(to_move_);
    hash_ ^= kZobrist.extra(0);
    const Cell c = step.cell;
    if (step.move.is_swap()) {
        stone_[c] = kBlack;
        hash_ ^=
            kZobrist(static_cast<std::size_t>(c), 0) ^ kZobrist(static_cast<std::size_t>(c), 1);
        return;
    }
    for (int k = 0; k < step.unions; ++k) groups_.undo(merges_[--merge_count_]);
    hash_ ^= kZobrist(static_cast<std::size_t>(c), static_cast<std::size_t>(index(to_move_)));
    stone_[c] = Player::None;
    // c sits just past the empty part; the cell that took its slot returns
    // there, so empty_ (and the order of generate()) is restored exactly.
    const Cell moved = empty_[step.slot];
    empty_[empty_count_] = moved;
    where_[moved] = static_cast<Cell>(empty_count_);
    empty_[step.slot] = c;
    where_[c] = step.slot;
    ++empty_count_;
}

}  // namespace asterism::starstar

#include "games/starstar/batch_state.h"  // IWYU pragma: export
#include "games/starstar/knowledge.h"    // IWYU pragma: export
