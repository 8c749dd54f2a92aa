// Star Pool Chess (Peter Aronson and Tony Quintanilla, 2002), a Makruk
// relative on a 9x9 board whose centre e5 is the Star Pool, with an Omega
// Chess citadel beyond each corner. Rules: ../shared/rules/starpool.md, all
// of sections 1-9 (the player-facing summary is docs/starpool.md); the men,
// promotions and start position are data in rules.h.
//
// Each side has a King, Great Elephants, Knights, Rooks, Wizards (starting in
// the citadels), Lieutenants and Pawns; Pawns promote to Sergeants and
// Captains, Sergeants to Captains, Lieutenants to Generals. Orthogonal moves
// skip the pool; diagonal moves pass through it or jump to the citadel at the
// end of that diagonal. A Wizard may swap with an adjacent friendly man.
// Chess legality applies (no move leaves one's King attacked). Checkmate,
// stalemate (the stalemated side loses) and baring the enemy King win;
// threefold repetition and 100 plies without a capture, Pawn move or
// promotion draw.
//
// Deliberately left out: draws by agreement and resignation (no such moves).
// One addition of ours: a game that fills the undo stack (kMaxPlies plies
// since the position was set) is drawn, so that apply() never overflows; no
// real game comes near it, because every 100 plies need a capture, a Pawn
// move or a promotion.
//
// Options (Rules below):
//   setup  enum  standard  default standard   start position preset from
//                                             rules.h (spec section 3)
//
// Moves: from and to cells, '-' quiet, 'x' capture ("b1-c3", "d4xw3"), a
// swap "w1<>a1" (Wizard first); an upper-case man letter in front is
// optional. Position strings: spec section 6, e.g. the start
// "rnelklenr/9/ppppppppp/9/4*4/9/PPPPPPPPP/9/RNELKLENR [WWww] w Kk 0 1".
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/rng.h"
#include "core/types.h"
#include "games/starpool/board.h"
#include "games/starpool/rules.h"

namespace asterism::starpool {

// A man on a cell: side << 4 | kind, or kNoPiece for an empty cell.
using Piece = std::uint8_t;
inline constexpr Piece kNoPiece = 0xFF;
constexpr Piece make_piece(int side, int kind) {
    return static_cast<Piece>(side << 4 | kind);
}
constexpr int side_of(Piece p) {
    return p >> 4;
}
constexpr int kind_of(Piece p) {
    return p & 15;
}

// One move: its from and to cells, the kind the man becomes, and flags for
// a capture or a swap.
struct Move {
    Cell from, to;
    std::uint8_t promotion;  // kind after the move, or kNoKind
    std::uint8_t flags;      // kCapture, kSwap
    friend bool operator==(const Move&, const Move&) = default;
};
inline constexpr std::uint8_t kCapture = 1, kSwap = 2;  // Move::flags

class State {
  public:
    using Move = starpool::Move;

    static constexpr int kPlayers = 2;
    // set_position() accepts at most this many men a side, so that kMaxMoves
    // bounds the moves of any accepted position: no man has more than
    // kMaxTargetsPerMan moves (the move tables give 21 at most, a General on
    // d4 of an open board; a test checks the bound against the tables).
    static constexpr int kMaxMenPerSide = 24;
    static constexpr int kMaxTargetsPerMan = 28;
    static constexpr int kMaxMoves = kMaxMenPerSide * kMaxTargetsPerMan;
    static constexpr int kMaxPlies = 4096;

    explicit State(const Rules& rules = Rules::preset("standard"));

    // StateGame contract (core/state_game.h).
    int generate(Move* out) const;
    void apply(Move m);
    void undo();
    int ply() const { return history_.size(); }
    Outcome outcome() const;
    Player to_move() const { return static_cast<Player>(side_); }
    std::uint64_t hash() const { return hash_; }
    std::string move_text(Move m) const;
    Move parse_move(std::string_view text) const;
    std::string position() const;
    void set_position(std::string_view text);
    nlohmann::json score() const;
    std::string render() const;
    std::string player_name(Player p) const { return p == Player::First ? "White" : "Black"; }
    std::string move_help() const;
    Outcome random_playout(Rng& rng, std::uint64_t* moves) const;
    // The drawing for graphical front ends and one legal move as its from
    // and to cells (Game::view, docs/view.md; in view.cpp).
    nlohmann::json view(ViewParts parts) const;
    nlohmann::json move_view(Move m) const;

    // For tests and displays.
    Piece at(Cell c) const { return board_[c]; }
    bool in_check() const { return check_; }
    // Whether `by` attacks the cell (the check test's routine), and every
    // cell `by` attacks (the evaluation's routine, in knowledge.cpp): a
    // test holds them to each other.
    bool attacks(Cell target, Player by) const {
        return attacked(target, index(by), side_men_[0] | side_men_[1], Bits{});
    }
    Bits attacks_of(Player by) const;
    bool king_unmoved(Player p) const { return unmoved_ >> index(p) & 1; }
    int halfmove_clock() const { return clock_; }
    // Why the game ended ("checkmate", "stalemate", "bare king", "100 plies",
    // "repetition", "move limit"), or "" while it goes on.
    std::string end_reason() const;
    // The largest number of destinations any man has on an empty board, from
    // the move tables (checked against kMaxTargetsPerMan by a test).
    static int max_targets_per_man();

    // For learning programs (core/state_batch.h; learning.cpp; docs/python.md):
    // action = 84 * from + to over the 84 cells (the board without the pool,
    // then the citadels), and a 25-plane observation on the 11 x 11 grid.
    static constexpr int kActionCells = 84;
    int num_actions() const { return kActionCells * kActionCells; }
    int action_of(Move m) const;
    std::vector<int> observation_shape() const;
    std::vector<std::string> observation_planes() const;
    void observe(float* out) const;

    // For the searches (src/search/alphabeta.h and mcts.h); game knowledge
    // in knowledge.h and knowledge.cpp. Noisy moves change material or
    // promote.
    int evaluate() const;
    // The evaluation is linear: the sum of weight times term over these
    // terms, each counted for the side to move minus the other (material
    // by kind from the General on, mobility, promotion progress, pressure
    // near the enemy King, the King's shelter and the attacked cells round
    // it, the penalty of few men left) plus a tempo term of 1. The weights
    // are fitted (knowledge 1, the default) or the hand-made ones of before
    // (knowledge 0); see knowledge.cpp.
    enum EvalTerm {
        kTermGeneral,
        kTermCaptain,
        kTermGreatElephant,
        kTermKnight,
        kTermRook,
        kTermWizard,
        kTermPawn,
        kTermSergeant,
        kTermLieutenant,
        kTermMobility,
        kTermPawnRank,
        kTermSergeantRank,
        kTermLieutenantRank,
        kTermPressure,
        kTermKingFriends,
        kTermKingAttacked,
        kTermFewMen,
        kTermTempo,
        kEvalTerms
    };
    void eval_terms(int* terms) const;
    // The weights of knowledge 0 (by hand) or 1 (fitted).
    static const std::array<int, kEvalTerms>& eval_weights(int knowledge);
    void set_knowledge(int k) { knowledge_ = static_cast<std::uint8_t>(k); }
    int knowledge() const { return knowledge_; }
    // The evaluation walks every man's moves: alpha-beta remembers it.
    static constexpr bool kCacheEvaluation = true;
    bool is_noisy(Move m) const { return (m.flags & kCapture) || m.promotion != kNoKind; }
    int move_hint(Move m) const;
    static constexpr int kAmafKeys = kGridPoints * kGridPoints;
    int amaf_key(Move m) const { return m.from * kGridPoints + m.to; }
    // Plays *this out, reporting sink(amaf_key, player) for every move. With
    // `knowledge` captures are preferred, the richest usually, and a game
    // still going after kPlayoutPlies plies is adjudicated by the
    // evaluation (random chess games are long and mostly noise at the end).
    template <class Sink>
    Outcome playout(Rng& rng, bool knowledge, Sink&& sink);
    static constexpr int kPlayoutPlies = 160;
    Move playout_choice(Rng& rng, const Move* moves, int n) const;
    Outcome adjudicate() const;  // a decisive evaluation wins, else a draw

    // For puzzles (learn/puzzles.h; puzzle.cpp; docs/learn.md, "Themes"):
    // the enemy men a move captures, whether the side not to move has almost
    // nothing left (its King and at most one man), this game's themes of a
    // line played from here, and the position with the other side to move
    // ("" when there is none), for the zugzwang-like test.
    int captured_men(Move m) const { return (m.flags & kCapture) ? 1 : 0; }
    bool almost_nothing_left() const { return side_men_[side_ ^ 1].count() <= 2; }
    std::vector<std::string> line_themes(const std::vector<Move>& line) const;
    std::string passed_position() const;

  private:
    // One applied move and what undo() needs to restore.
    struct Undo {
        std::uint64_t hash;
        Move move;
        std::uint16_t clock;
        Piece moved;  // the man as it was before the move (before promotion)
        Piece captured;
        std::uint8_t unmoved;
        bool check;
    };
    // The undo stack. Copies take only the used entries, so copying a
    // State (playouts, clones) costs what its history holds, not kMaxPlies.
    class History {
      public:
        History() = default;
        History(const History& o) { *this = o; }
        History& operator=(const History& o) {
            size_ = o.size_;
            for (int i = 0; i < size_; ++i) items_[i] = o.items_[i];
            return *this;
        }
        int size() const { return size_; }
        bool full() const { return size_ == kMaxPlies; }
        void clear() { size_ = 0; }
        Undo& push() { return items_[size_++]; }
        const Undo& pop() { return items_[--size_]; }
        const Undo& operator[](int i) const { return items_[i]; }

      private:
        int size_ = 0;
        std::array<Undo, kMaxPlies> items_;
    };

    struct Generator;                  // legal_moves()'s helper (state.cpp)
    int legal_moves(Move* out) const;  // ignores the draw rules and bare Kings
    bool attacked(Cell target, int by, Bits occupied, Bits removed) const;
    bool king_attacked() const;  // the side to move's King, as the board stands
    Bits pinned(int side, Bits occupied) const;
    Bits sliders_of(int side) const;     // men of `side` that have slides
    bool slides(Cell c, int dir) const;  // whether the man on c slides in dir
    bool bare(int side) const { return side_men_[side] == Bits::of(king_[side]); }
    bool drawn_by_rule() const;  // 100 plies, repetition or a full undo stack
    // One side's evaluation terms but those of its King's ring, and the
    // cells the side attacks, which the other side's ring terms need
    // (knowledge.cpp).
    Bits side_terms(int side, int sign, int* terms) const;
    Bits king_attacks(int side) const;
    void king_terms(int side, int sign, Bits enemy_attacks, int* terms) const;
    // eval_terms' body, compiled per instruction set (core/cpu.h). It is
    // private, called from knowledge.cpp alone: clang names a cloned
    // function's entry point apart from the plain symbol that other files
    // would call, so a function that other files call must not be cloned.
    void cloned_eval_terms(int* terms) const;
    bool repetition() const;
    void put(Cell c, Piece p);
    void remove(Cell c);

    // A position as read from its text (notation.cpp), before load() checks
    // it for impossible positions.
    struct Setup {
        std::array<Piece, kGridPoints> board;
        std::uint8_t side = 0, unmoved = 0;
        int clock = 0, fullmove = 1;
    };
    static Setup read_setup(std::string_view text);  // throws on malformed text
    // Sets the position to `setup` with an empty history and returns null,
    // or returns why the position is impossible (a reason, errors.h) and
    // leaves the state alone.
    nlohmann::json load(const Setup& setup);

    // Copied by apply() and restored by undo() from the Undo entry.
    std::array<Piece, kGridPoints> board_{};
    std::array<std::array<Bits, kKinds>, 2> men_{};
    std::array<Bits, 2> side_men_{};
    std::array<Cell, 2> king_{};
    std::uint8_t unmoved_ = 0;  // bit s: side s's King has not moved
    std::uint8_t side_ = 0;     // index of the player to move
    int clock_ = 0;             // plies since a capture, Pawn move or promotion
    int fullmove_ = 1;
    std::uint64_t hash_ = 0;
    // Whether the side to move is in check: the search asks after every
    // move and the generator needs it next, so apply() finds it once.
    bool check_ = false;
    History history_;
    // Which evaluation weights the searches use; not part of the position.
    std::uint8_t knowledge_ = 1;
};

}  // namespace asterism::starpool

#include "games/starpool/knowledge.h"  // IWYU pragma: export
