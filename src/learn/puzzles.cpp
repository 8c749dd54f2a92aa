// Puzzles proven by the exact solver: finding, proving, checking, JSON.
#include "learn/puzzles.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <set>
#include <thread>
#include <type_traits>

#include <nlohmann/json.hpp>

#include "core/registry.h"
#include "core/state_game.h"
#include "games/all_states.h"
#include "search/solver.h"

namespace asterism::learn {
namespace {

using nlohmann::json;

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
Rejection attacker_step(S& s, WinSolver<S>& solver, int left, bool unique, Puzzle& p) {
    const auto moves = solver.legal(s);
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

template <class S>
std::optional<Puzzle> prove(const PuzzleSettings& st, S s, Rejection& why) {
    if (s.outcome().over()) return why = Rejection::Over, std::nullopt;
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
    p.horizon = st.horizon;
    p.exact = true;
    for (int left = st.horizon; !s.outcome().over(); --left) {
        if (s.to_move() == attacker) {
            why = attacker_step(s, solver, left, st.unique_line || p.win_in == 0, p);
            if (why != Rejection::None) return std::nullopt;
            ++p.win_in;
        } else if (!defender_step(s, solver, left, p)) {
            return why = Rejection::Budget, std::nullopt;
        }
    }
    const Outcome o = s.outcome();
    if (o.kind != Outcome::Kind::Win || o.winner != attacker)
        return why = Rejection::NoWin, std::nullopt;  // not reached: the line is proven
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

json puzzle_json(const Puzzle& p) {
    json refutations = json::array();
    for (const auto& step : p.refutations) refutations.push_back(step);
    return {{"game", p.game},         {"position", p.position},     {"to_move", p.to_move},
            {"solution", p.solution}, {"win_in", p.win_in},         {"horizon", p.horizon},
            {"exact", p.exact},       {"refutations", refutations}, {"also", p.also},
            {"source", p.source}};
}

Puzzle puzzle_from_json(const json& j) {
    auto field = [&](const char* name, json::value_t type) -> const json& {
        if (!j.is_object() || !j.contains(name))
            throw GameError(std::string("a puzzle has no '") + name + "'");
        const json& v = j.at(name);
        const bool ok =
            type == json::value_t::number_integer ? v.is_number_integer() : v.type() == type;
        if (!ok) throw GameError(std::string("a puzzle's '") + name + "' has the wrong type");
        return v;
    };
    Puzzle p;
    try {
        p.game = field("game", json::value_t::string).get<std::string>();
        p.position = field("position", json::value_t::string).get<std::string>();
        p.to_move = field("to_move", json::value_t::number_integer).get<int>();
        p.solution = field("solution", json::value_t::array).get<std::vector<std::string>>();
        p.win_in = field("win_in", json::value_t::number_integer).get<int>();
        p.horizon = field("horizon", json::value_t::number_integer).get<int>();
        p.exact = field("exact", json::value_t::boolean).get<bool>();
        for (const json& step : field("refutations", json::value_t::array))
            p.refutations.push_back(step.get<std::map<std::string, std::string>>());
        p.also = field("also", json::value_t::array).get<std::vector<std::vector<std::string>>>();
        p.source = field("source", json::value_t::string).get<std::string>();
    } catch (const json::exception& e) {
        throw GameError(std::string("a puzzle's field has the wrong type: ") + e.what());
    }
    return p;
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

std::vector<Puzzle> find_puzzles(const PuzzleSettings& settings,
                                 const std::vector<std::pair<std::string, std::string>>& candidates,
                                 int threads, int max_puzzles, std::map<std::string, int>* tally) {
    // Each position once, at its first appearance.
    std::vector<std::size_t> todo;
    std::set<std::string> seen;
    for (std::size_t i = 0; i < candidates.size(); ++i)
        if (seen.insert(candidates[i].first).second) todo.push_back(i);
    std::vector<std::optional<Puzzle>> found(todo.size());
    std::vector<Rejection> why(todo.size(), Rejection::None);
    std::atomic<std::size_t> next{0};
    std::atomic<int> count{0};
    // Workers take candidates in order and stop taking new ones once enough
    // are found, so the candidates done are a prefix of the list and the
    // first `max_puzzles` puzzles of it do not depend on the threads.
    auto work = [&] {
        for (;;) {
            if (count.load() >= max_puzzles) return;
            const std::size_t k = next.fetch_add(1);
            if (k >= todo.size()) return;
            const auto& [position, source] = candidates[todo[k]];
            try {
                found[k] = make_puzzle(settings, position, &why[k]);
            } catch (const GameError&) {
                why[k] = Rejection::Unreadable;  // a position string that does not read back
            }
            if (found[k]) {
                found[k]->source = source;
                ++count;
            }
        }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(work);
    work();
    for (auto& t : pool) t.join();
    std::vector<Puzzle> out;
    const std::size_t done = std::min(next.load(), todo.size());
    for (std::size_t k = 0; k < done; ++k) {
        if (tally) ++(*tally)[rejection_name(why[k])];
        if (found[k] && static_cast<int>(out.size()) < max_puzzles) out.push_back(*found[k]);
    }
    return out;
}

}  // namespace asterism::learn
