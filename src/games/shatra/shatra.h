// Shatra, the Altai chess-draughts game (extended form: biy, batyr, 2 turas,
// 2 yalkyns and 11 shatras a side). Rules: ../shared/rules/shatra.md, all of
// it; the player-facing summary and every decision where the rules are
// silent are in docs/shatra.md.
//
// White (first) and Black each have a fortress joined to a 7x6 field by a
// gate; the ten men starting in the fortress and gate are reserves, dropped
// onto any empty cell of the own half while the side's temdek is on. Men move
// like chess men (shatras by zone, 3.5) and capture like draughts men, the
// biy and shatras by the short leap, the others by the long leap; capturing
// is compulsory except for the biy, and a whole capture chain is one move.
// A shatra on the far rank promotes to a piece type its side has lost. A side
// wins by capturing the enemy biy or leaving the enemy without a move.
//
// The Original form (section 14, `rules=original`), the one the Altai
// players play today: a biy and 23 shatras a side. Its home area is closed
// (no own man may end a move or land there) while an own shatra stands in
// its fortress; the nine fortress shatras enter one at a time in a fixed
// order, each onto any empty cell of the own half. Shatras step forward,
// diagonally forward or sideways everywhere and become batyrs, without
// limit, on the far rank, also in the middle of a chain; capture choice and
// long-leap landing cells are free; two lone biys draw after three
// half-moves. It shares the board, notation and machinery of the extended
// form, with the temdek bits meaning "home area closed".
//
// Deliberately left out: draws by agreement, which are no move (the front
// ends offer and accept them by search/draw.h); positions in the middle of
// a capture chain (a chain is one move here, so such positions never arise;
// position strings that name one are refused).
//
// Options (rules.h; all are enums, and every rules option defaults to "preset"):
//   rules               seed|altai|shatrabase|original  default seed
//   beyond_ditch        king|forward                seed: king
//   max_capture         on|off                      seed: on
//   landing             any|continue|nearest        seed: any
//   great_road          off|on                      seed: off
//   mid_chain_promotion on|off                      seed: on
//   biy_capture_promotion off|on                    seed: off
//   gate_drops          on|off                      seed: on
//   urgent_blocked      suspend|lose                seed: suspend
//   tower_squares       off|on                      seed: off
//   delayed_promotion   turn_end|jump               seed: turn_end
//   biy_gate_capture    any|outward                 seed: any
//   ep_exclusive        off|on                      seed: off
//   draws               on|off                      seed: on
//   enemy_drops         pieces|none|all             seed: pieces, original: none
//   biy_gate_return     on|off                      seed: on, original: off
//   gate_privilege      off|on                      seed: off
//   fortress_landing    never|from_fortress         seed and original: never
//   notation            algebraic|numeric|shatrabase  default algebraic
//
// Moves (8.1): `c5-c7`, drops `d2-e6`, chains `c3:e5:g7`, promotion `=Q`,
// also after a mid-chain landing (`c12:e14=Q:e12`). Positions (8.2):
// `sqs/srs/brb/k/sssssss/7/7/7/7/SSSSSSS/K/BRB/SRS/SQS w Tt - - - 0 1`;
// Shatrabase's SPN and the traditional cell numbers are read everywhere.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/rng.h"
#include "core/types.h"
#include "games/shatra/board.h"
#include "games/shatra/rules.h"

namespace asterism::shatra {

// One whole turn: a quiet move, a drop, or a capture chain given by its
// landing cells (the men jumped are implied by the path). A promotion names
// the new kind and the jump after which it happened (0 for a quiet move).
struct Move {
    // Every enemy man, the biy last: 17 in the extended form, 24 in the
    // Original form (23 shatras or batyrs and the biy).
    static constexpr int kMaxJumps = 24;
    enum Flag : std::uint8_t { kDrop = 1, kDoubleStep = 2 };
    std::uint8_t from;
    std::uint8_t to;
    std::uint8_t jumps;  // 0 for a quiet move or drop
    std::uint8_t promo;  // kind promoted to, or 0
    std::uint8_t promo_at;
    std::uint8_t flags;
    std::uint8_t path[kMaxJumps];  // path[0..jumps): landing cells; path[jumps-1] == to

    friend bool operator==(const Move& a, const Move& b);
};

// Everything that describes a position; copied whole onto the undo stack.
// The first block is the position proper, the second is derived from it or
// from the game so far.
struct Pos {
    std::array<std::uint8_t, kCells> board;  // 0 or man(kind, colour)
    Bits urgent;                             // men marked urgent (4.4)
    std::uint8_t side;                       // kWhite or kBlack to move
    std::uint8_t temdek;                     // bit c: colour c's temdek is on
    std::uint8_t ep_skip;                    // skipped cell of a double step, or kNoCell
    std::uint8_t ep_victim;                  // the shatra that made it
    std::uint16_t clock;                     // plies without progress (7)
    std::int32_t move_number;

    // Derived: occupancy, counts by kind, the Zobrist key, how many plies
    // ago material or a temdek last changed (repetition scans stop there),
    // and the result if a rule has ended the game.
    Bits occ[2];
    std::uint8_t count[2][6];
    std::uint64_t hash;
    std::uint16_t reversible;
    std::uint8_t status;  // kOngoing, kWon (by `winner`), kDrawn
    std::uint8_t winner;

    enum Status : std::uint8_t { kOngoing = 0, kWon = 1, kDrawn = 2 };
    bool temdek_on(int colour) const { return temdek >> colour & 1; }
};

class State {
  public:
    using Move = shatra::Move;
    static constexpr int kMaxMoves = 4096;
    static constexpr int kPlayers = 2;

    explicit State(const Rules& rules = Rules{});

    int generate(Move* out) const;
    void apply(Move m);
    void undo();
    int ply() const { return static_cast<int>(stack_.size()); }
    Outcome outcome() const;
    Player to_move() const { return pos_.side == kWhite ? Player::First : Player::Second; }
    std::uint64_t hash() const { return pos_.hash; }

    std::string move_text(Move m) const { return move_text(m, rules_.notation); }
    std::string move_text(Move m, Notation notation) const;
    Move parse_move(std::string_view text) const;
    std::string position() const;
    void set_position(std::string_view text);
    // Both position formats explicitly, whatever the notation option says.
    std::string position_string() const;  // section 8.2
    std::string spn() const;              // Shatrabase's SPN (13.1)

    nlohmann::json score() const;
    std::string render() const;
    std::string player_name(Player p) const { return p == Player::First ? "White" : "Black"; }
    std::string move_help() const;
    // The Original form: the fortress shatra of `colour` that enters next
    // (14.3), or kNoCell (none left, or another form).
    int next_entry(int colour) const;
    Outcome random_playout(Rng& rng, std::uint64_t* moves) const;
    // The drawing for graphical front ends and one legal move as its path
    // of cells (Game::view, docs/view.md). These and score() are in view.cpp.
    nlohmann::json view(ViewParts parts) const;
    nlohmann::json move_view(Move m) const;

    const Rules& rules() const { return rules_; }
    // Whether a third repetition draws (section 7; not under shatrabase's
    // draws=off): the search scores one only then (search/alphabeta.h).
    bool repetition_draws() const { return rules_.draws; }
    const Pos& pos() const { return pos_; }

    // For learning programs (core/state_batch.h; learning.cpp, where the
    // encoding is explained; docs/python.md): integer actions and a 17-plane
    // observation on the 14 x 7 grid.
    static constexpr int kActionVariants = 128;
    int num_actions() const { return 4 * kCells * kCells * kActionVariants; }
    void encode_actions(const Move* moves, int n, int* out) const;
    std::vector<int> observation_shape() const;
    std::vector<std::string> observation_planes() const;
    void observe(float* out) const;

    // For the searches (src/search/alphabeta.h and mcts.h); game knowledge
    // in knowledge.h and knowledge.cpp. Shatra has no check: a biy in danger is the evaluation's
    // business, and capturing it ends the game.
    int evaluate() const;
    // The evaluation is linear: the sum of weight times term over these
    // terms, each counted for the side to move minus the other (material
    // by kind, shatra advancement, leaper freedom, the biy's surroundings),
    // plus a tempo term of 1 and the most valuable threatened man (half
    // its value). The weights are fitted (knowledge 1, the default) or the
    // hand-made ones of before (knowledge 0); see knowledge.cpp.
    enum EvalTerm {
        kTermBatyr,
        kTermTura,
        kTermYalkyn,
        kTermShatra,
        kTermAdvanceNear,
        kTermBeyondDitch,
        kTermAdvanceFar,
        kTermWaiting,
        kTermFreedom,
        kTermBiyOut,
        kTermBiyFriends,
        kTermBiyEnemies,
        kTermTempo,
        kTermThreat,
        kEvalTerms
    };
    void eval_terms(int* terms) const;
    // The weights of knowledge 0 (by hand) or 1 (fitted to games of the
    // extended form, `seed`), and those evaluate() uses: with knowledge 1
    // the Original form has weights fitted to its own games.
    static const std::array<int, kEvalTerms>& eval_weights(int knowledge);
    const std::array<int, kEvalTerms>& weights() const;
    void set_knowledge(int k) { knowledge_ = static_cast<std::uint8_t>(k); }
    int knowledge() const { return knowledge_; }
    bool is_noisy(Move m) const { return m.jumps > 0 || m.promo != 0; }
    int move_hint(Move m) const;
    bool in_check() const { return false; }
    static constexpr int kAmafKeys = kCells * kCells;
    int amaf_key(Move m) const { return m.from * kCells + m.to; }
    // Plays *this out, reporting sink(amaf_key, player) for every move. With
    // `knowledge` a biy capture is always taken, the longest or richest
    // chain is preferred, and a game still going after kPlayoutPlies plies
    // is adjudicated by the evaluation.
    // Defined in knowledge.h, included at the end of this header.
    template <class Sink>
    Outcome playout(Rng& rng, bool knowledge, Sink&& sink);
    static constexpr int kPlayoutPlies = 200;
    static constexpr int kPlayoutCap = 3000;  // a playout without draw rules stops here
    Move playout_choice(Rng& rng, const Move* moves, int n) const;
    Outcome adjudicate() const;  // a decisive evaluation wins, else a draw

    // For puzzles (learn/puzzles.h; puzzle.cpp; docs/learn.md, "Themes"):
    // the enemy men a move captures, whether the side not to move has almost
    // nothing left (at most two men, its biy included), this game's themes of
    // a line played from here, and the position with the other side to move
    // ("" when there is none), for the zugzwang-like test.
    int captured_men(Move m) const { return m.jumps; }
    bool almost_nothing_left() const;
    std::vector<std::string> line_themes(const std::vector<Move>& line) const;
    std::string passed_position() const;

  private:
    void reset(const Pos& p);  // fills the derived fields and clears the history
    void finish_turn(bool progress, bool material);
    void judge();

    Rules rules_;
    Pos pos_;
    std::vector<Pos> stack_;  // the position before each applied move
    // Which evaluation weights the searches use; not part of the position.
    std::uint8_t knowledge_ = 1;
};

// Fills a position's derived fields (occupancy, counts, hash) from the rest.
void derive(Pos& p);
// The Original form: whether `colour`'s home area is closed, that is an own
// shatra stands in its own fortress (14.2.1).
bool home_closed(const Pos& p, int colour);
std::uint64_t compute_hash(const Pos& p);

// Cell names: algebraic ("c14") and traditional numbers (1-62).
std::string cell_name(int cell);
// Reads "c14" or "1".."62" (numbers when `numeric`); -1 if not a cell.
int parse_cell(std::string_view text);

// The moves of a PGN game from another program (Shatrabase's files), in
// asterism's cell numbering; PGN reading calls it through the game's
// registered PgnNotation (register.cpp).
void shatrabase_numbering(std::vector<std::string>& moves);

}  // namespace asterism::shatra

#include "games/shatra/knowledge.h"  // IWYU pragma: export
