// Asterisk (David Vander Laan, a variant of the Game of Y) in its three
// modes: the standard two-player game, Inverted and Solitaire.
//
// Source: ../shared/rules/asterisk.md (normative), which follows the
// designer's rules page. A triangle of hex cells with n cells a side is filled
// with shared pieces of six types (three binary attributes: colour, shape,
// marking; the two pure types do not exist). Each player owns one value of
// every attribute (goal set D: dark, hex, asterisk; L: light, circle, empty)
// and wins on holding two of the three goals "a chain of my value touching
// all three sides", checked for both players after every placement.
//   standard   P1 places three pieces of three different types, P2 places
//              one or swaps goal sets (then P1 moves), then players alternate
//              placing any available piece (3.2).
//   inverted   each turn places the piece the opponent handed over and hands
//              one back; P1 starts by handing a piece (5.1).
//   solitaire  one player places randomly drawn pieces into a randomly
//              prefilled board and wins if only the very last piece completes
//              a three-sided chain of any value (5.2).
// Left out: resignation and time (front-end matters); the goal markers are
// a field of the position, not objects.
//
// Options (asterisk:key=value,...; `asterism games` lists them):
//   size         int   8|11|12|15|20, default 11: cells on each side
//   mode         enum  standard|inverted|solitaire, default standard
//   first_goals  enum  D|L, default D: the first player's goal set (A10)
//   pie          bool  default false: Inverted only, P1 may swap goal sets
//                      after P2's first placement (A6)
//   setup        enum  A|B, default A: Solitaire only, the prefill reading (A7)
//   seed         seed  default 1: Solitaire only, the deal
// A mode-only option with a non-default value in another mode is an error.
//
// Notation (docs/asterisk.md has the details and the choices behind them):
//   cell      column letter + row counted from the apex: a1 is the apex,
//             a11 and k11 the bottom corners on n = 11
//   type      colour d|l, shape h|c, marking a|e: dhe dca dce lha lhe lca,
//             digits 1-6 (colour*4 + shape*2 + marking, 0 = the D value)
//   move      standard: TYPE@CELL, swap. Inverted: >TYPE (the first turn),
//             CELL>TYPE (place the handed piece, hand TYPE over), CELL (a
//             placement that ends the game), swap (pie). Solitaire: TYPE@CELL
//             with the drawn TYPE, or just CELL.
//   position  the rows from the apex joined by '/', one character per cell,
//             '.' or a type digit; then standard: side to move 1|2 and P1's
//             goal set D|L; inverted: the same and the handed piece (digit
//             or -); solitaire: the draw queue, current piece first (or -).
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
#include "games/asterisk/board.h"
#include "games/asterisk/rules.h"

namespace asterism::asterisk {

// Keys for every cell x type, every draw-queue slot x type (counted from the
// end of the queue, so a slot keeps its key while the front is consumed) and
// the handed piece; extra(0) = Second to move, extra(1) = P1 holds goal set L.
inline constexpr int kQueueSlot = kMaxCells, kHandSlot = 2 * kMaxCells;
inline constexpr ZobristTable<2 * kMaxCells + 1, kTypes + 1> kZobrist(0xa57e415cULL);

// Standard and Solitaire: place `type` on `cell`. Inverted: place the handed
// piece on `cell` and hand over `type` (kNoPiece when the placement ends the
// game); the first turn is {kNoCell, type}. The swap is {kNoCell, kNoPiece}.
struct Move {
    Cell cell = kNoCell;
    PieceType type = kNoPiece;
    friend constexpr bool operator==(Move, Move) = default;
};
inline constexpr Move kSwap{kNoCell, kNoPiece};

namespace detail {

// The position and its incremental connectivity: everything a playout
// copies, and the rules that read and change it. State adds the undo
// stacks and the text faces.
struct StateData {
    using UnionFind = UndoableUnionFind<kMaxCells>;

    const Geometry* geo_ = nullptr;
    Rules rules_;
    std::array<PieceType, kMaxCells + 1> board_{};  // board_[kOffBoard] stays empty
    // Pieces neither on the board nor handed over, per type (index 1..6).
    std::array<std::uint8_t, kTypes + 1> supply_{};
    // One union-find per attribute, joining adjacent cells with the same
    // value; each root's mask holds the sides its group touches.
    std::array<UnionFind, kAttributes> uf_{};
    int empties_ = 0;
    ValueSet chains_ = 0;  // values that have a three-sided chain
    Player side_ = Player::First;
    GoalSet first_goals_ = GoalSet::D;  // P1's goal set now (after any swap)
    PieceType hand_ = kNoPiece;         // Inverted: the piece handed to the mover
    // Solitaire: the draw order; queue_[queue_next_] is the piece to place.
    std::array<PieceType, kMaxCells> queue_{};
    int queue_len_ = 0, queue_next_ = 0;
    std::uint64_t hash_ = 0;

    int pieces() const { return geo_->cells - empties_; }
    Player holder(GoalSet g) const { return g == first_goals_ ? Player::First : Player::Second; }
    PieceType current() const { return queue_next_ < queue_len_ ? queue_[queue_next_] : kNoPiece; }
    // Whether a set of chains ends the game: a player holding two goals, or
    // in Solitaire any chain at all.
    bool decided(ValueSet values) const;
    Outcome outcome() const;
    bool in_opening() const { return rules_.mode == Mode::Standard && pieces() < 3; }
    bool swap_available() const;
    // Whether `t` may be placed now (Standard) or handed over (Inverted).
    bool type_allowed(PieceType t) const;
    int allowed_types(PieceType* out) const;
    // The values whose first three-sided chain placing `t` on the empty cell
    // `c` would complete, from the neighbours' roots, changing nothing.
    ValueSet completes(Cell c, PieceType t) const;
    // The neighbours of `c` that agree with `t`: attribute a's 6-bit ring
    // mask sits at bit 6a.
    std::uint32_t agreeing(Cell c, PieceType t) const;
    // Whether placing `t` on `c` would end the game (a win, a Solitaire loss,
    // or the last empty cell).
    bool ends_game(Cell c, PieceType t) const {
        return empties_ == 1 || decided(static_cast<ValueSet>(chains_ | completes(c, t)));
    }
    int generate(Move* out) const;

    GoalSet goals_of(Player p) const {
        return p == Player::First ? first_goals_ : GoalSet(1 - int(first_goals_));
    }
    // Whether attribute `a` is settled: one of its values has a chain, which
    // no later piece can undo, so a piece's value in it no longer matters.
    bool settled(int a) const { return (chains_ >> (2 * a)) & 3; }
    // The player who holds two goals with this set of chains, or None.
    Player winner(ValueSet values) const;

    // ---- playout knowledge (defined in knowledge.h) -------------------------
    // The values whose three-sided chain a piece on the empty cell `c` would
    // complete if it had them: bit 2a+b is set when the groups of value b in
    // attribute a around c, together with c's own sides, touch all three.
    ValueSet critical(Cell c) const;
    // How well type t serves `mover` on cell c: the weight of every
    // unsettled attribute in which t has the mover's value, more for an
    // attribute in which c is critical (a chain is won or blocked there) and
    // most for the values in `need` (a bridge to keep).
    int type_score(PieceType t, Player mover, ValueSet hot, ValueSet need) const;
    // The policy's piece for `mover` to place on c: a best-scoring type in
    // the supply, ties broken at random in proportion to the supply, so the
    // choice also follows what is left.
    PieceType policy_type(Cell c, Player mover, ValueSet need, Rng& rng) const;
    // The answer to an intrusion: when the piece on `last` took a carrier of
    // a two-bridge (or edge bridge) whose ends share a value of `mover`'s
    // that the intruder lacks, the other carrier; kNoCell if there is none.
    // `piece` is the piece the mover must place (Inverted), which has to
    // carry the value, or kNoPiece when the mover chooses it. *need receives
    // the values to keep on the returned cell.
    Cell bridge_reply(Cell last, Player mover, PieceType piece, ValueSet* need, Rng& rng) const;
    // Every such answer: cells[i] keeps values[i]; returns the count (at most
    // kMaxBridges * kAttributes).
    int bridge_replies(Cell last, Player mover, PieceType piece, Cell* cells,
                       ValueSet* values) const;
    // Who owns each cell of this position (State::final_owners).
    FinalOwners final_owners(Player* owner) const;
    // Whether the player to move, offered the swap, takes it: when the
    // pieces on the board serve the other goal set in more attributes.
    bool policy_swap() const;
    // Solitaire: the cell for piece t by `policy` (SolitairePolicy), or
    // kNoCell when the board is full.
    Cell solitaire_cell(PieceType t, int policy, Rng& rng) const;
    // Solitaire: a piece drawn from the supply with probability in
    // proportion to its count.
    PieceType draw_from_supply(Rng& rng) const;

    // Plays a legal move; on_union(attribute, change) sees every union made.
    template <class OnUnion>
    void play(Move m, OnUnion&& on_union);
    template <class OnUnion>
    void place(Cell c, PieceType t, OnUnion& on_union);
    void give(PieceType t) {  // Inverted: hand `t` from the supply to the mover
        hand_ = t;
        --supply_[t];
        hash_ ^= kZobrist(kHandSlot, t);
    }
};

}  // namespace detail

class State : private detail::StateData {
  public:
    using Move = asterisk::Move;
    static constexpr int kMaxMoves = kTypes * kMaxCells + 1;
    static constexpr int kMaxPlies = kMaxCells + 2;  // hand-over, swap, T(n) placements
    static constexpr int kPlayers = 2;
    // A position is its board alone: stones never move, so a board is
    // reached only at its own ply and nothing of it depends on the path
    // there (an exact solver may keep a table; search/solver.h).
    static constexpr bool kPathFree = true;

    // The start position of the rules (for Solitaire: the deal of rules.seed).
    explicit State(const Rules& rules = {});

    // ---- the State contract of core/state_game.h ------------------------------
    using StateData::generate;
    void apply(Move m);
    void undo();
    // Plies since the game began: the moves applied since the start position
    // plus the plies that the last position string implies (set_position).
    int ply() const { return ply_base_ + depth_; }
    using StateData::outcome;
    Player to_move() const { return side_; }
    std::uint64_t hash() const { return hash_; }
    std::string move_text(Move m) const;
    Move parse_move(std::string_view text) const;
    std::string position() const;
    void set_position(std::string_view text);
    nlohmann::json score() const;
    std::string render() const;
    std::string player_name(Player p) const;
    std::string move_help() const;
    // The drawing for graphical front ends and one legal move as a path of
    // cells plus the piece type picked (Game::view, docs/view.md; view.cpp).
    nlohmann::json view(ViewParts parts) const;
    nlohmann::json move_view(Move m) const;
    Outcome random_playout(Rng& rng, std::uint64_t* moves) const {
        return recorded_playout(rng, moves, nullptr);
    }
    // The same, also writing the moves played to `record` (kMaxPlies slots)
    // when it is not null, so tests can replay a playout through apply().
    Outcome recorded_playout(Rng& rng, std::uint64_t* moves, Move* record) const;

    // ---- for learning programs (core/state_batch.h, docs/python.md) ----------
    // Action = 7 * cell + type, where cell `cells` stands for no cell (the
    // swap and Inverted's first hand-over) and type 0 for no piece (the swap,
    // and Inverted's placement that ends the game). The observation
    // (learning.cpp) is 25 planes over the cells in id order.
    int num_actions() const { return (geo_->cells + 1) * (kTypes + 1); }
    int action_of(Move m) const {
        return (m.cell == kNoCell ? geo_->cells : m.cell) * (kTypes + 1) + m.type;
    }
    std::vector<int> observation_shape() const;
    std::vector<std::string> observation_planes() const;
    void observe(float* out) const;

    // ---- for Monte Carlo tree search (src/search/mcts.h) ---------------------
    // AMAF keys: in Standard a placement's key is its cell and type, so RAVE
    // tells the piece types on a cell apart: against cell-only keys that won
    // 43 of 60 games (size 11, 1000 playouts a move, priors and knowledge
    // playouts on both sides, +161 Elo). In Inverted the mover does not
    // choose the piece it places, so the key is the cell alone. The swap and
    // Inverted's first hand-over have keys of their own.
    static constexpr int kAmafKeys = kTypes * kMaxCells + 1 + kTypes;
    int amaf_key(Move m) const {
        if (m.cell == kNoCell) return kTypes * kMaxCells + m.type;  // swap: type 0
        if (rules_.mode == Mode::Inverted) return m.cell;
        return (m.type - 1) * kMaxCells + m.cell;
    }
    // Plays *this out to the end (leaving the undo stacks behind, so the
    // state is only good for destruction afterwards), uniformly at random
    // or, with `knowledge`, by the policy of knowledge.h, and reports every
    // move as sink(amaf_key, mover).
    template <class Sink>
    Outcome playout(Rng& rng, bool knowledge, Sink&& sink);
    // Ownership (core/ownership.h), for the search's ownership map. At the
    // end of a game a player holds a cell in an attribute when the cell's
    // piece lies in a three-sided chain of that player's value of the
    // attribute; the cell is owned by the player who holds it in more
    // attributes than the other, and by nobody when they hold it in as many
    // (none at all, as for every empty cell, or one each). So the map shows
    // where each player's winning chains run. Solitaire has no owners.
    int owner_cells() const { return geo_->cells; }
    using StateData::final_owners;
    // The same with the policy, reporting the moves themselves as
    // on_move(move, mover), for tests; on a copy of the position.
    template <class OnMove>
    Outcome policy_playout(Rng& rng, OnMove&& on_move) const;
    // ---- Solitaire knowledge (knowledge.h) --------------------------------------
    // Where a Solitaire player puts a piece: Safe = a uniformly chosen cell
    // where it completes no chain (the greedy baseline); Tightest = such a
    // cell that the fewest other pieces of the supply could take, so that the
    // piece uses up a hard place and leaves the easy ones for later draws.
    // Either falls back to any cell when no cell is safe.
    enum SolitairePolicy : int { kSafe = 0, kTightest = 1 };
    using StateData::draw_from_supply;
    using StateData::solitaire_cell;
    // Plays a Solitaire game out on a copy, placing by `policy` and drawing
    // every piece at random from the supply (with `draws`), never from the
    // draw queue: what it sees is only what a player may see (the board and
    // the counts of what is left). Call it after the drawn piece is placed;
    // with equal `draws` streams, positions with equal supplies see the same
    // future pieces, so their results can be compared draw by draw.
    Outcome solitaire_rollout(Rng& draws, Rng& choices, int policy) const;
    // Prior values of moves for MCTS (mcts.h): the same knowledge as the
    // policy, plus immediate wins and the blocking of the opponent's; in
    // Standard with knowledge 1 (the default), reweighted by the learned
    // move features below (knowledge.h, docs/learning.md).
    void priors(const Move* moves, int count, float* value) const;
    // The hand-made priors alone, as before the learned features.
    void hand_priors(const Move* moves, int count, float* value) const;
    // Learned move knowledge (Standard): each move has up to kMoveFeatures
    // feature ids below kPriorFeatures (kMoveFeatures slots per move in
    // `out`, the count in `counts`), whose weights `asterism train` fits
    // to self-play. knowledge 0 is the knowledge of before, for matches.
    static constexpr int kPriorFeatures = 120;
    static constexpr int kMoveFeatures = 6;
    void move_features(const Move* moves, int count, std::uint16_t* out,
                       std::uint8_t* counts) const;
    void set_knowledge(int k) { knowledge_ = static_cast<std::uint8_t>(k); }
    int knowledge() const { return knowledge_; }
    // The cell of the last placement, which the policy may answer.
    Cell last_cell() const { return depth_ > 0 ? undo_[depth_ - 1].move.cell : kNoCell; }
    using StateData::bridge_reply;
    using StateData::critical;
    using StateData::goals_of;
    using StateData::policy_swap;
    using StateData::policy_type;
    using StateData::settled;
    using StateData::type_score;
    using StateData::winner;

    // ---- queries --------------------------------------------------------------
    const Rules& rules() const { return rules_; }
    const Geometry& geometry() const { return *geo_; }
    PieceType at(Cell c) const { return board_[c]; }
    int supply(PieceType t) const { return supply_[t]; }
    int empty_cells() const { return empties_; }
    // For puzzles (learn/puzzles.h; puzzle.cpp; docs/learn.md, "Themes"):
    // whether the board has almost nothing left to play (three empty cells
    // or fewer) and this game's themes of a line played from here.
    bool almost_nothing_left() const { return empties_ <= 3; }
    std::vector<std::string> line_themes(const std::vector<Move>& line) const;
    ValueSet chains() const { return chains_; }
    GoalSet goals(Player p) const {
        return p == Player::First ? first_goals_ : GoalSet(1 - int(first_goals_));
    }
    using StateData::holder;
    PieceType hand() const { return hand_; }
    // Solitaire: the drawn piece (kNoPiece when none is left) and the number
    // of pieces still to draw, the drawn one included.
    using StateData::current;
    int queue_left() const { return queue_len_ - queue_next_; }
    using StateData::completes;
    using StateData::ends_game;
    using StateData::in_opening;
    using StateData::swap_available;
    using StateData::type_allowed;

  private:
    // The parts of parse_move and set_position (notation.cpp); each throws
    // GameError naming what is wrong.
    Move parse_placement(const std::string& text) const;
    Move parse_inverted(const std::string& text) const;
    PieceType parse_handed_type(std::string_view text) const;
    void check_placement(Cell c, PieceType t, std::string_view text) const;
    void read_rows(std::string_view rows);
    void read_turn(const std::vector<std::string_view>& fields);
    void check_turn_order() const;
    // Recomputes everything derived (supply, union-finds, chains, hash,
    // ply_base_) from board, side, goals, hand and queue; throws GameError
    // when there are more pieces of a type than the set holds.
    void rebuild();
    void deal();
    std::string status() const;

    int ply_base_ = 0;
    // ---- undo stacks -----------------------------------------------------------
    struct Undo {
        std::uint64_t hash;
        Move move;
        std::uint16_t changes;  // size of the union stack before the move
        PieceType hand;
        ValueSet chains;
        Player side;
        GoalSet goals;
    };
    int depth_ = 0, nchanges_ = 0;
    std::array<Undo, kMaxPlies> undo_{};
    // Which knowledge the searches use (set_knowledge); not part of the position.
    std::uint8_t knowledge_ = 1;
    // Unions over a whole game are at most T(n) - 1 per attribute; each is
    // kept with its attribute so that undo finds its union-find.
    std::array<UnionFind::Change, kAttributes * kMaxCells> changes_{};
    std::array<std::uint8_t, kAttributes * kMaxCells> change_attribute_{};
};

// Solitaire has one player; this face says so (kPlayers = 1) so that front
// ends report "win"/"loss" and refuse two-player agents. The rules engine is
// the same.
struct SolitaireState final : State {
    static constexpr int kPlayers = 1;
    using State::State;
};

}  // namespace asterism::asterisk

// The hot paths (generation, placement, apply and undo) and the playouts,
// inline so that templated search code sees them whole; the playouts use
// the hot paths, so they come second.
#include "games/asterisk/play.h"  // IWYU pragma: export

#include "games/asterisk/knowledge.h"  // IWYU pragma: export
