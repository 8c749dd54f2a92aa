// Puzzles proven by the engine (`asterism puzzles`, docs/learn.md): a
// position where the side to move forces a win, found in finished games and
// proven by the exact solver (search/solver.h). A puzzle is kept only when
//
//   * the side to move (the attacker) forces the game's own win, by the
//     rules' terminal outcome, within `max_plies` plies: the solver tried
//     every defence, so this is a proof, not an engine's opinion;
//   * the first move is unique: every other legal first move is refuted,
//     that is proven not to force a win within the puzzle's horizon
//     (`horizon` plies from the puzzle's position, at least the solution's
//     length), and `exact` says whether every refutation holds for good
//     (the solver reached the end of the game on each line, as it does in
//     the placement games near a full board);
//   * with `unique_line` (the default), every later move of the attacker
//     in the line is unique in the same way, within the plies left of the
//     horizon, so that a learner who finds the idea is never told that
//     another winning move is wrong. Without it, a later step may have
//     other winning moves: the line takes the one with the shortest win
//     (the first in move order among equals) and `also` lists the others,
//     so that a page can say "that wins too" instead of "wrong";
//   * it is worth solving (docs/learn.md, "Filters"): the first move is not
//     the only legal move, not every move of the attacker is forced (the
//     only legal move, or a capture where every legal move captures), and
//     the game's own rule of "almost nothing left" (the State's
//     almost_nothing_left(), where the game has one) does not hold;
//   * in a game with captures, at most a third of a set opens with a check
//     or a capture: find_puzzles skips such a puzzle, counted as it writes,
//     when keeping it would make them more than a third so far; and with
//     PuzzleSettings::min_long_percent, it skips a win in one or two when
//     keeping it would bring the wins in three or more under that share.
//
// The solution is the whole forced line: the attacker's unique moves and,
// for the defender, the reply that resists longest (the one after which
// the attacker's shortest forced win is longest; the first in move order
// among equals). `refutations` gives, for each attacker step, every wrong
// move with a defender's answer after which no forced win remains within
// the horizon ("" when the wrong move itself ends the game), so that a
// page can answer a wrong move without a search.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace asterism::learn {

struct PuzzleSettings {
    std::string spec;    // the game, e.g. "starstar:size=6"
    int max_plies = 5;   // the longest solution, in plies
    int horizon = 5;     // uniqueness is proven within this many plies (>= max_plies)
    int min_win_in = 1;  // the fewest attacker moves a puzzle may have
    std::uint64_t max_nodes = 2'000'000;  // the solver's budget per candidate
    bool unique_line = true;              // every attacker move unique, not only the first
    // Each puzzle's horizon is its own solution's length (a "win in N"
    // problem: the first move is the one fastest win; a slower win is not
    // the solution), rather than `horizon` for the whole set.
    bool fastest = false;
    // find_puzzles keeps a win in one or two only while at least this
    // percentage of the puzzles kept (that one counted) win in three or more.
    int min_long_percent = 0;
};

struct Puzzle {
    std::string game;  // the canonical spec
    std::string position;
    int to_move = 0;  // 0 first player, 1 second: the attacker, who wins
    std::vector<std::string> solution;
    int win_in = 0;      // attacker moves in `solution`
    int horizon = 0;     // plies within which every other attacker move is refuted
    bool exact = false;  // every refutation holds to the end of the game
    // Per attacker step: wrong move -> the defender's answer that refutes it.
    std::vector<std::map<std::string, std::string>> refutations;
    // Per attacker step: the other moves that also win (always empty for
    // the first step, and for every step with unique_line).
    std::vector<std::vector<std::string>> also;
    std::string source;  // where the position came from
    // Short stable ids of what the line shows (docs/learn.md, "Themes"),
    // from the generic ones and the game's State::line_themes, sorted.
    std::vector<std::string> themes;
    // The first move captures or gives check (not in the JSON: the cap's
    // count, recomputed by opens_with_check_or_capture).
    bool sharp_opening = false;
};

// Why a candidate position was not a puzzle, for the command's tally.
enum class Rejection {
    None,
    Over,
    NoWin,
    TooShort,
    NotUnique,
    Budget,
    Unreadable,
    OnlyMove,         // the first move is the only legal move
    AllForced,        // every move of the attacker is forced
    NothingLeft,      // the game's rule of almost nothing left holds
    CheckCaptureCap,  // a third of the set already opens with a check or a capture
    LongShare         // a short win would bring the wins in three or more under their share
};
const char* rejection_name(Rejection r);

// Proves a puzzle at `position` (the game's start when empty), or says why
// there is none. Throws GameError for a bad spec or position.
std::optional<Puzzle> make_puzzle(const PuzzleSettings& settings, const std::string& position,
                                  Rejection* why = nullptr);

// Checks a puzzle independently of how it was made, with a fresh solver of
// `max_nodes`: the position parses, every solution move is legal in turn,
// the line ends with the attacker's win, every attacker move of the line
// is a proven win and every other move at that step is proven not to win
// within the puzzle's horizon (so the first move is unique) or is listed
// in `also` and proven to win, every refutation holds, and each
// defender move is a reply after which the attacker's shortest win is
// longest. Returns "" when all holds, else the first problem.
std::string verify_puzzle(const Puzzle& puzzle, std::uint64_t max_nodes);

// One JSON line and back (docs/learn.md); puzzle_from_json throws GameError
// naming the missing or mistyped field.
nlohmann::json puzzle_json(const Puzzle& puzzle);
Puzzle puzzle_from_json(const nlohmann::json& j);

// Whether the puzzle's first move captures or gives check, replayed from
// its position (false for a game without captures).
bool opens_with_check_or_capture(const Puzzle& puzzle);

// The themes of a line played from `position` (the solution of a puzzle
// whose attacker is the side to move there), as make_puzzle tags them,
// with a solver of `max_nodes` for zugzwang-like.
std::vector<std::string> puzzle_themes(const std::string& spec, const std::string& position,
                                       const std::vector<std::string>& solution,
                                       std::uint64_t max_nodes);

// The positions of a finished game worth trying: the last `tail` positions
// before its end (from its start position `start`, empty for the usual),
// as position strings, nearest the end first.
std::vector<std::string> tail_positions(const std::string& spec, const std::string& start,
                                        const std::vector<std::string>& moves, int tail);

// Where a run of find_puzzles is: the distinct candidates decided so far
// (in candidate order), the puzzles kept and how many of them open with a
// check or a capture, and the tally of every decision by kind. A run given
// the state an interrupted run reached goes on from there and ends as the
// uninterrupted run would have.
struct PuzzleProgress {
    std::size_t decided = 0;
    int kept = 0;
    int sharp = 0;
    int long_wins = 0;  // puzzles kept that win in three moves or more
    std::map<std::string, int> tally;
    std::size_t candidates = 0;  // out: the distinct candidates in all
};

// Called after each candidate is decided, in candidate order, one call at a
// time: the progress so far and the puzzle kept (null when none was).
using PuzzleDecided = std::function<void(const PuzzleProgress&, const Puzzle*)>;

// Proves puzzles at `candidates` (position, source) on `threads` threads, in
// candidate order, until `max_puzzles` are kept; positions seen before are
// skipped, and so are the first `progress.decided` distinct candidates
// (decided by an earlier run). `progress` goes on counting; the puzzles
// kept are returned and passed one by one to `decided`. The result is the
// same for any number of threads.
std::vector<Puzzle> find_puzzles(const PuzzleSettings& settings,
                                 const std::vector<std::pair<std::string, std::string>>& candidates,
                                 int threads, int max_puzzles, PuzzleProgress& progress,
                                 const PuzzleDecided& decided = {});

}  // namespace asterism::learn
