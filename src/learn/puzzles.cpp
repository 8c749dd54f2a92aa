// Puzzles proven by the exact solver: proving one position, checking a
// puzzle, its themes. The run over many candidates is puzzle_run.cpp's, the
// JSON form puzzle_json.cpp's.
#include "learn/puzzles.h"

#include <algorithm>
#include <type_traits>

#include "core/registry.h"
#include "core/state_game.h"
#include "games/all_states.h"
#include "search/solver.h"

namespace asterism::learn {
namespace {

// The placement games' positions are their boards (stones never move, so a
// board is reached only at its own ply, with nothing path-dependent), so
// the solver may keep a table; the chess-likes' repetition and no-progress
// rules depend on the path, so they search without one (search/solver.h).
// A State says which it is with `static constexpr bool kPathFree`.
template <class S>
constexpr bool kPathFree = requires {
    requires S::kPathFree;
};

template <class S>
SolverLimits limits_for(int horizon, std::uint64_t max_nodes) {
    SolverLimits l;
    l.max_nodes = max_nodes;
    l.max_plies = horizon;
    l.table = kPathFree<S>;
    return l;
}

// Calls f(state) with the concrete State of `game`, for every built game.
template <class F>
auto with_state(const Game& game, F&& f) {
    using Result = std::invoke_result_t<F&, const std::tuple_element_t<0, AllStates>&>;
    std::optional<Result> out;
    if (!visit_state<AllStates>(game, [&](const auto& s) { out.emplace(f(s)); }))
        throw GameError("no puzzles for the game " + game.id());
    return std::move(*out);
}

// The games' optional puzzle hooks (learn/puzzles.h): a game with captures
// says how many men a move captures; a game may say when a position has
// almost nothing left, which themes of its own a line shows, and the
// position with the other side to move (for zugzwang-like).
template <class S>
constexpr bool kCaptures = requires(const S& s, typename S::Move m) {
    { s.captured_men(m) } -> std::convertible_to<int>;
};

template <class S>
int captured(const S& s, const typename S::Move& m) {
    if constexpr (kCaptures<S>)
        return s.captured_men(m);
    else
        return 0;
}

template <class S>
bool gives_check(S& s, const typename S::Move& m) {
    if constexpr (requires { s.in_check(); }) {
        s.apply(m);
        const bool check = s.in_check();
        s.undo();
        return check;
    } else {
        return false;
    }
}

template <class S>
bool nothing_left(const S& s) {
    if constexpr (requires { s.almost_nothing_left(); })
        return s.almost_nothing_left();
    else
        return false;
}

// Forced: the only legal move, or (in a game with captures) a capture
// where every legal move captures, so that the rules chose that a man is
// taken and the attacker only which.
template <class S>
bool forced(const S& s, const std::vector<typename S::Move>& moves) {
    if (moves.size() == 1) return true;
    if constexpr (kCaptures<S>)
        return std::all_of(moves.begin(), moves.end(),
                           [&](const auto& m) { return s.captured_men(m) > 0; });
    return false;
}

// A defender's answer to the wrong move just played on `s` after which the
// attacker has no forced win within `left` plies: "" when the wrong move
// ended the game, nullopt when the budget ran out first.
template <class S>
std::optional<std::string> refutation(S& s, WinSolver<S>& solver, int left) {
    if (s.outcome().over()) return std::string();
    for (const auto& r : solver.legal(s)) {
        s.apply(r);
        const Proof q = solver.wins_within(s, left);
        s.undo();
        if (q == Proof::Unknown) return std::nullopt;
        if (refuted(q)) return s.move_text(r);
    }
    return std::nullopt;  // not reached when the wrong move is refuted
}

// The attacker's step at `s` within `left` plies: the one winning move (its
// index) with every other move's refutation, or a rejection.
template <class S>
Rejection attacker_step(S& s, WinSolver<S>& solver, int left, bool unique, Puzzle& p,
                        bool& all_forced) {
    const auto moves = solver.legal(s);
    all_forced = all_forced && forced(s, moves);
    int winner = -1, fastest = 0;
    std::map<std::string, std::string> wrong;
    std::vector<std::string> also;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        s.apply(moves[i]);
        const Proof q = solver.wins_within(s, left - 1);
        std::optional<std::string> answer;
        if (refuted(q)) answer = refutation(s, solver, left - 2);
        s.undo();
        if (q == Proof::Unknown || (refuted(q) && !answer)) return Rejection::Budget;
        if (q == Proof::Win) {
            if (winner >= 0 && unique) return Rejection::NotUnique;
            // Among several winning moves the line takes the fastest.
            s.apply(moves[i]);
            Proof w;
            const int plies = solver.shortest_win(s, left - 1, w);
            s.undo();
            if (plies < 0) return Rejection::Budget;
            if (winner < 0 || plies < fastest) {
                if (winner >= 0)
                    also.push_back(s.move_text(moves[static_cast<std::size_t>(winner)]));
                winner = static_cast<int>(i);
                fastest = plies;
            } else {
                also.push_back(s.move_text(moves[i]));
            }
            continue;
        }
        if (q != Proof::Never) p.exact = false;
        wrong[s.move_text(moves[i])] = *answer;
    }
    if (winner < 0) return Rejection::NoWin;
    std::sort(also.begin(), also.end());
    p.refutations.push_back(std::move(wrong));
    p.also.push_back(std::move(also));
    const auto& m = moves[static_cast<std::size_t>(winner)];
    p.solution.push_back(s.move_text(m));
    s.apply(m);
    return Rejection::None;
}

// The defender's reply at `s` that resists longest, played; false when the
// budget ran out (every reply is a proven loss within `left` plies).
template <class S>
bool defender_step(S& s, WinSolver<S>& solver, int left, Puzzle& p) {
    const auto replies = solver.legal(s);
    int best = -1, longest = -1;
    for (std::size_t i = 0; i < replies.size(); ++i) {
        s.apply(replies[i]);
        Proof q;
        const int plies = solver.shortest_win(s, left - 1, q);
        s.undo();
        if (plies < 0) return false;
        if (plies > longest) {
            longest = plies;
            best = static_cast<int>(i);
        }
    }
    if (best < 0) return false;
    const auto& r = replies[static_cast<std::size_t>(best)];
    p.solution.push_back(s.move_text(r));
    s.apply(r);
    return true;
}

// The moves of `solution` from `start`, as the State's moves.
template <class S>
std::vector<typename S::Move> line_moves(S s, const std::vector<std::string>& solution) {
    std::vector<typename S::Move> line;
    for (const std::string& text : solution) {
        line.push_back(s.parse_move(text));
        s.apply(line.back());
    }
    return line;
}

// zugzwang-like: after the attacker's first move the defender, to move,
// loses only because it must move: were it to pass (the game's
// passed_position), the attacker would have no forced win within the
// plies the line has left. A budget that runs out tags nothing.
template <class S>
bool zugzwang_like(const S& start, const std::vector<typename S::Move>& line,
                   std::uint64_t max_nodes) {
    if constexpr (requires { start.passed_position(); }) {
        if (line.size() < 3) return false;
        S s = start;
        s.apply(line.front());
        const std::string passed = s.passed_position();
        if (passed.empty()) return false;
        S p = start;
        try {
            p.set_position(passed);
        } catch (const GameError&) {
            return false;  // a position the rules do not allow: no pass to compare with
        }
        if (p.outcome().over() || p.to_move() != start.to_move()) return false;
        const int left = static_cast<int>(line.size()) - 1;
        WinSolver<S> solver(start.to_move(), limits_for<S>(left, max_nodes));
        return refuted(solver.wins_within(p, left));
    } else {
        return false;
    }
}

// The themes of `solution` from `start` (docs/learn.md, "Themes"): the
// game's own, then sacrifice (the longest defence's first reply captures
// more men than the first move did) and quiet (the first move neither
// captures nor checks) in the games with captures, and zugzwang-like.
template <class S>
std::vector<std::string> themes_of(S start, const std::vector<std::string>& solution,
                                   std::uint64_t max_nodes) {
    const auto line = line_moves(start, solution);
    std::vector<std::string> out;
    if (line.empty()) return out;
    if constexpr (requires { start.line_themes(line); }) out = start.line_themes(line);
    if constexpr (kCaptures<S>) {
        const int first = captured(start, line[0]);
        S after = start;
        after.apply(line[0]);
        if (line.size() > 1 && captured(after, line[1]) > first) out.emplace_back("sacrifice");
        if (first == 0 && !gives_check(start, line[0])) out.emplace_back("quiet");
    }
    if (zugzwang_like(start, line, max_nodes)) out.emplace_back("zugzwang-like");
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

// Why `s` is no candidate before any search: over, almost nothing left, or
// a single legal move.
template <class S>
Rejection cheap_rejection(const S& s) {
    if (s.outcome().over()) return Rejection::Over;
    if (nothing_left(s)) return Rejection::NothingLeft;
    std::vector<typename S::Move> moves(static_cast<std::size_t>(S::kMaxMoves));
    if (s.generate(moves.data()) == 1) return Rejection::OnlyMove;
    return Rejection::None;
}

template <class S>
std::optional<Puzzle> prove(const PuzzleSettings& st, S s, Rejection& why) {
    why = cheap_rejection(s);
    if (why != Rejection::None) return std::nullopt;
    const S start = s;
    const Player attacker = s.to_move();
    WinSolver<S> solver(attacker, limits_for<S>(st.horizon, st.max_nodes));
    Proof proof;
    const int plies = solver.shortest_win(s, st.max_plies, proof);
    if (plies < 0)
        return why = proof == Proof::Unknown ? Rejection::Budget : Rejection::NoWin, std::nullopt;
    if ((plies + 1) / 2 < st.min_win_in) return why = Rejection::TooShort, std::nullopt;
    Puzzle p;
    p.position = s.position();
    p.to_move = index(attacker);
    p.horizon = st.fastest ? plies : st.horizon;
    p.exact = true;
    bool all_forced = true;
    for (int left = p.horizon; !s.outcome().over(); --left) {
        if (s.to_move() == attacker) {
            why = attacker_step(s, solver, left, st.unique_line || p.win_in == 0, p, all_forced);
            if (why != Rejection::None) return std::nullopt;
            ++p.win_in;
        } else if (!defender_step(s, solver, left, p)) {
            return why = Rejection::Budget, std::nullopt;
        }
    }
    const Outcome o = s.outcome();
    if (o.kind != Outcome::Kind::Win || o.winner != attacker)
        return why = Rejection::NoWin, std::nullopt;  // not reached: the line is proven
    if (all_forced) return why = Rejection::AllForced, std::nullopt;
    const auto first = start.parse_move(p.solution.front());
    S probe = start;
    p.sharp_opening = kCaptures<S> && (captured(start, first) > 0 || gives_check(probe, first));
    p.themes = themes_of(start, p.solution, st.max_nodes);
    why = Rejection::None;
    return p;
}

// The verifier's look at one attacker step: the played move wins within
// `left`, every other is refuted. "" when so.
// Whether `answer` to the wrong move just played on `s` leaves no forced
// win within `left` plies ("" when the wrong move ended the game).
template <class S>
bool refutes(S& s, WinSolver<S>& solver, int left, const std::string& answer) {
    if (s.outcome().over()) return answer.empty();
    if (answer.empty()) return false;
    s.apply(s.parse_move(answer));
    const Proof q = solver.wins_within(s, left);
    s.undo();
    return refuted(q);
}

template <class S>
std::string check_attacker(S& s, WinSolver<S>& solver, int left, const std::string& played,
                           const std::map<std::string, std::string>& wrong,
                           const std::vector<std::string>& also) {
    std::size_t others = 0;
    for (const auto& m : solver.legal(s)) {
        const std::string text = s.move_text(m);
        s.apply(m);
        const Proof q = solver.wins_within(s, left - 1);
        const auto answer = wrong.find(text);
        const bool listed = std::find(also.begin(), also.end(), text) != also.end();
        const bool answered =
            text == played || listed ||
            (answer != wrong.end() && refutes(s, solver, left - 2, answer->second));
        s.undo();
        if (q == Proof::Unknown) return "the solver's budget ran out at " + text;
        if (text == played && q != Proof::Win) return played + " is not a proven win";
        if (listed && q != Proof::Win) return text + " is listed as winning but is not";
        if (text != played && !listed && q == Proof::Win) return "another move also wins: " + text;
        if (!answered) return "no refutation of " + text + " holds";
        others += text != played;
    }
    if (others != wrong.size() + also.size()) return "a refutation names no legal move";
    return "";
}

template <class S>
std::string check_defender(S& s, WinSolver<S>& solver, int left, const std::string& played) {
    int longest = -1, of_played = -1;
    for (const auto& r : solver.legal(s)) {
        const std::string text = s.move_text(r);
        s.apply(r);
        Proof q;
        const int plies = solver.shortest_win(s, left - 1, q);
        s.undo();
        if (plies < 0) return "the defence " + text + " is not a proven loss";
        longest = std::max(longest, plies);
        if (text == played) of_played = plies;
    }
    if (of_played < longest) return "the defence " + played + " is not the longest";
    return "";
}

template <class S>
std::string verify(const Puzzle& p, const S& start, std::uint64_t max_nodes) {
    S s = start;
    const Player attacker = s.to_move();
    if (s.outcome().over() || index(attacker) != p.to_move)
        return "the side to move is not to_move";
    WinSolver<S> solver(attacker, limits_for<S>(p.horizon, max_nodes));
    int left = p.horizon;
    std::size_t step = 0;
    for (const std::string& text : p.solution) {
        if (s.outcome().over()) return "the game ends before " + text;
        const bool attacking = s.to_move() == attacker;
        if (attacking && (step >= p.refutations.size() || step >= p.also.size()))
            return "a step has no refutations";
        if (attacking && step == 0 && !p.also[0].empty()) return "the first move is not unique";
        const std::string problem =
            attacking ? check_attacker(s, solver, left, text, p.refutations[step], p.also[step])
                      : check_defender(s, solver, left, text);
        step += attacking;
        if (!problem.empty()) return problem;
        s.apply(s.parse_move(text));
        --left;
    }
    const Outcome o = s.outcome();
    if (o.kind != Outcome::Kind::Win || o.winner != attacker)
        return "the line does not end in a win for to_move";
    return "";
}

}  // namespace

const char* rejection_name(Rejection r) {
    switch (r) {
        case Rejection::None:
            return "puzzle";
        case Rejection::Over:
            return "game over";
        case Rejection::NoWin:
            return "no forced win";
        case Rejection::TooShort:
            return "too short";
        case Rejection::NotUnique:
            return "not unique";
        case Rejection::Budget:
            return "over budget";
        case Rejection::Unreadable:
            return "unreadable position";
        case Rejection::OnlyMove:
            return "first move the only legal move";
        case Rejection::AllForced:
            return "every winning move forced";
        case Rejection::NothingLeft:
            return "almost nothing left";
        case Rejection::CheckCaptureCap:
            return "over the third opening with a check or capture";
        case Rejection::LongShare:
            return "under the share of wins in three or more";
    }
    return "?";
}

std::optional<Puzzle> make_puzzle(const PuzzleSettings& settings, const std::string& position,
                                  Rejection* why) {
    if (settings.horizon < settings.max_plies)
        throw GameError("the horizon must be at least the longest solution");
    auto game = Registry::instance().create(settings.spec);
    if (!position.empty()) game->set_position(position);
    Rejection r = Rejection::None;
    auto p = with_state(*game, [&](const auto& s) { return prove(settings, s, r); });
    if (why) *why = r;
    if (p) p->game = game->spec();
    return p;
}

std::string verify_puzzle(const Puzzle& puzzle, std::uint64_t max_nodes) {
    try {
        auto game = Registry::instance().create(puzzle.game);
        game->set_position(puzzle.position);
        // Legality and the end through the face, as a page would play it.
        auto replay = game->clone();
        for (const std::string& m : puzzle.solution) replay->play(m);
        const Outcome o = replay->outcome();
        if (o.kind != Outcome::Kind::Win || index(o.winner) != puzzle.to_move)
            return "the solution does not end in a win for to_move";
        if (puzzle.win_in != static_cast<int>((puzzle.solution.size() + 1) / 2))
            return "win_in does not count the solution's attacker moves";
        return with_state(*game, [&](const auto& s) { return verify(puzzle, s, max_nodes); });
    } catch (const GameError& e) {
        return e.what();
    }
}

bool opens_with_check_or_capture(const Puzzle& puzzle) {
    if (puzzle.solution.empty()) return false;
    auto game = Registry::instance().create(puzzle.game);
    game->set_position(puzzle.position);
    return with_state(*game, [&](const auto& start) {
        using S = std::decay_t<decltype(start)>;
        const auto first = start.parse_move(puzzle.solution.front());
        S probe = start;
        return kCaptures<S> && (captured(start, first) > 0 || gives_check(probe, first));
    });
}

std::vector<std::string> puzzle_themes(const std::string& spec, const std::string& position,
                                       const std::vector<std::string>& solution,
                                       std::uint64_t max_nodes) {
    auto game = Registry::instance().create(spec);
    if (!position.empty()) game->set_position(position);
    return with_state(*game,
                      [&](const auto& start) { return themes_of(start, solution, max_nodes); });
}

std::vector<std::string> tail_positions(const std::string& spec, const std::string& start,
                                        const std::vector<std::string>& moves, int tail) {
    auto game = Registry::instance().create(spec);
    if (!start.empty()) game->set_position(start);
    for (const std::string& m : moves) game->play(m);
    std::vector<std::string> out;
    for (int k = 0; k < tail && game->undo(); ++k) out.push_back(game->position());
    return out;
}

}  // namespace asterism::learn
