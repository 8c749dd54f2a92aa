// Computer players: the player texts of `asterism match` (level:N, mcts:...,
// ab:..., uct:..., random, greedy, mc), asked for a move or an analysis of
// a state. Searches run with the GIL released.
#include <pybind11/stl.h>

#include <mutex>

#include "python/bindings.h"
#include "search/agent.h"
#include "search/match.h"

namespace asterism::python {

namespace {

// Searches run with the GIL released, on a copy of the state taken before,
// so that other Python threads may go on using the state meanwhile; a mutex
// keeps two threads from using one player at once.
struct PyPlayer {
    std::unique_ptr<Agent> agent;
    std::string spec;
    std::string kind;
    Rng rng;
    std::unique_ptr<std::mutex> busy = std::make_unique<std::mutex>();
};

PyPlayer make(const PyGame& g, const std::string& kind, std::uint64_t seed) {
    return PyPlayer{make_player(kind, *g.proto, seed), g.spec(), kind, Rng(seed)};
}

// A player is made for one game's spec; a state of another game, or one
// that is over, is bad input.
void check(const PyPlayer& p, const PyState& s) {
    if (s.game->spec() != p.spec)
        throw GameError("this player plays " + p.spec + ", not " + s.game->spec());
    if (s.game->terminal()) throw GameError("the game is over (" + s.game->result() + ")");
}

std::string move(PyPlayer& p, const PyState& s) {
    check(p, s);
    const std::unique_ptr<Game> game = s.game->clone();
    py::gil_scoped_release release;
    const std::lock_guard<std::mutex> lock(*p.busy);
    return p.agent->choose(*game, p.rng);
}

py::dict analyze(PyPlayer& p, const PyState& s, std::uint64_t playouts, double seconds) {
    check(p, s);
    if (seconds < 0) throw GameError("seconds must be 0 or more");
    Analysis a;
    const std::unique_ptr<Game> game = s.game->clone();
    {
        py::gil_scoped_release release;
        const std::lock_guard<std::mutex> lock(*p.busy);
        a = p.agent->analyze(*game, p.rng, SearchLimits{playouts, seconds}, nullptr);
    }
    py::list candidates;
    for (const Candidate& c : a.candidates) {
        py::dict d;
        d["move"] = c.move;
        d["visits"] = c.visits;
        d["winrate"] = c.winrate;
        d["pv"] = c.pv;
        candidates.append(d);
    }
    py::dict out;
    out["candidates"] = candidates;
    out["effort"] = a.playouts;
    out["unit"] = a.unit;
    out["root_winrate"] = a.root_winrate;
    out["root_visits"] = a.root_visits;
    out["seconds"] = a.seconds;
    return out;
}

}  // namespace

void bind_player(py::module_& m) {
    py::class_<PyPlayer>(m, "Player", R"(A computer player, described as in `asterism match`:
'level:N' (1..10), 'random', 'greedy', 'mc', 'mcts:playouts=N,seconds=X',
'uct:...', or for the chess-likes 'ab:nodes=N,depth=D,seconds=X'.)")
        .def(py::init([](const std::string& spec, const std::string& kind, std::uint64_t seed) {
                 return make(load_game(spec), kind, seed);
             }),
             py::arg("spec"), py::arg("kind") = "level:6", py::arg("seed") = 1)
        .def(py::init([](const PyGame& g, const std::string& kind, std::uint64_t seed) {
                 return make(g, kind, seed);
             }),
             py::arg("game"), py::arg("kind") = "level:6", py::arg("seed") = 1)
        .def_property_readonly("name", [](const PyPlayer& p) { return p.agent->name(); })
        .def_property_readonly("kind", [](const PyPlayer& p) { return p.kind; })
        .def("move", &move, py::arg("state"), "The player's move in this state, as text.")
        .def(
            "action",
            [](PyPlayer& p, const PyState& s) { return s.game->string_to_action(move(p, s)); },
            py::arg("state"), "The player's move as an integer action.")
        .def("analyze", &analyze, py::arg("state"), py::arg("playouts") = 0,
             py::arg("seconds") = 0.0,
             "A search of the state: {'candidates': [{'move', 'visits', 'winrate', 'pv'}, ...] "
             "best first, 'effort', 'unit', 'seconds', 'root_winrate' (the mover's expected "
             "score over the whole search, as the review reads it), 'root_visits'}; 0 limits "
             "mean the player's own budget.")
        .def("__repr__", [](const PyPlayer& p) {
            return "<asterism.Player " + p.kind + " for " + p.spec + ">";
        });
}

}  // namespace asterism::python
