// Games and states, shaped after pyspiel's so that code written for
// OpenSpiel ports with few changes: load_game(spec) gives a game, the game
// makes states, states take integer actions (or move text) and report
// players, returns and observation tensors.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "core/registry.h"
#include "python/bindings.h"

namespace asterism::python {

PyGame load_game(const std::string& spec) {
    return PyGame{std::shared_ptr<const Game>(Registry::instance().create(spec))};
}

namespace {

PyState new_state(const PyGame& g) {
    return PyState{g.proto->clone(), ""};
}

PyState deserialize_state(const PyGame& g, const std::string& position) {
    PyState s{g.proto->clone(), position};
    s.game->set_position(position);
    s.start_position = s.game->position();
    return s;
}

int current_player(const PyState& s) {
    const Player p = s.game->to_move();
    return p == Player::None ? kTerminalPlayer : index(p);
}

std::vector<double> returns(const PyState& s) {
    std::vector<double> out(static_cast<std::size_t>(s.game->num_players()));
    outcome_returns(s.game->outcome(), s.game->num_players(), out.data());
    return out;
}

py::array_t<float> observation(const PyState& s) {
    const std::vector<int> shape = s.game->observation_shape();
    py::array_t<float> out(std::vector<py::ssize_t>(shape.begin(), shape.end()));
    s.game->observation_tensor(out.mutable_data());
    return out;
}

void undo(PyState& s) {
    if (!s.game->undo()) throw GameError("nothing to undo");
}

// pyspiel's action_to_string and string_to_action also take the player
// first; the player must be the one to move.
void check_player(const PyState& s, int player) {
    if (player != current_player(s))
        throw GameError("player " + std::to_string(player) + " is not to move");
}

using StateClass = py::class_<PyState>;

// Who moves, what is legal, and playing and taking back moves.
void bind_state_moves(StateClass& c) {
    c.def("get_game", [](const PyState& s) { return load_game(s.game->spec()); })
        .def("spec", [](const PyState& s) { return s.game->spec(); })
        .def("current_player", &current_player,
             "The player to move (0 or 1), or asterism.TERMINAL when the game is over.")
        .def("is_terminal", [](const PyState& s) { return s.game->terminal(); })
        .def("num_players", [](const PyState& s) { return s.game->num_players(); })
        .def("legal_actions", [](const PyState& s) { return s.game->legal_actions(); })
        .def(
            "legal_actions",
            [](const PyState& s, int player) {
                return player == current_player(s) ? s.game->legal_actions() : std::vector<int>{};
            },
            "pyspiel's form: the legal actions of `player`, none unless it is to move.")
        .def(
            "is_chance_node", [](const PyState&) { return false; },
            "Always false: Solitaire's draws come from its seed option.")
        .def(
            "legal_moves", [](const PyState& s) { return s.game->legal_moves(); },
            "The legal moves as text, sorted.")
        .def("apply_action", [](PyState& s, int a) { s.game->apply_action(a); })
        .def(
            "apply_move", [](PyState& s, const std::string& move) { s.game->play(move); },
            "Plays a move given as text.")
        .def("undo", &undo, "Takes back the last move.")
        .def("action_to_string",
             [](const PyState& s, int a) { return s.game->action_to_string(a); })
        .def("action_to_string",
             [](const PyState& s, int player, int a) {
                 check_player(s, player);
                 return s.game->action_to_string(a);
             })
        .def("string_to_action",
             [](const PyState& s, const std::string& t) { return s.game->string_to_action(t); })
        .def("string_to_action", [](const PyState& s, int player, const std::string& t) {
            check_player(s, player);
            return s.game->string_to_action(t);
        });
}

// What a state is worth and how it reads: returns, score, copies, the
// position string and the observation tensor.
void bind_state_views(StateClass& c) {
    c.def("returns", &returns, "+1 for a win, -1 for a loss, 0 otherwise, per player.")
        .def("result", [](const PyState& s) { return s.game->result(); })
        .def(
            "score", [](const PyState& s) { return json_to_python(s.game->score()); },
            "The game's score breakdown as a dict (docs/python.md).")
        .def("clone",
             [](const PyState& s) {
                 return PyState{s.game->clone(), s.start_position};
             })
        .def(
            "serialize", [](const PyState& s) { return s.game->position(); },
            "The position string; Game.deserialize_state reads it back.")
        .def(
            "history", [](const PyState& s) { return s.game->history(); },
            "The moves played since the state was made, as text.")
        .def("hash", [](const PyState& s) { return s.game->hash(); })
        .def("observation_tensor", &observation,
             "The position as a float32 array of Game.observation_tensor_shape().")
        .def(
            "observation_tensor",
            [](const PyState& s, int player) {
                if (player < 0 || player >= s.game->num_players())
                    throw GameError("no player " + std::to_string(player) + " in this game");
                return observation(s);
            },
            "pyspiel's form: every player sees the whole position, so it is the same tensor.")
        .def("__str__", [](const PyState& s) { return s.game->render(); })
        .def("__repr__", [](const PyState& s) {
            return "<asterism.State " + s.game->spec() + " " + s.game->position() + ">";
        });
}

}  // namespace

void bind_game(py::module_& m) {
    m.def("load_game", &load_game, py::arg("spec"),
          "The game of a spec such as 'starstar:size=10' or 'shatra:rules=altai'.");
    py::class_<PyGame>(m, "Game", "A game and its options, from load_game(spec).")
        .def("spec", &PyGame::spec, "The canonical spec, every option spelt out.")
        .def("num_players", [](const PyGame& g) { return g.proto->num_players(); })
        .def("num_distinct_actions",
             [](const PyGame& g) { return g.proto->num_distinct_actions(); })
        .def("observation_tensor_shape",
             [](const PyGame& g) { return g.proto->observation_shape(); })
        .def(
            "observation_planes", [](const PyGame& g) { return g.proto->observation_planes(); },
            "The name of each plane of the observation tensor.")
        .def("new_initial_state", &new_state)
        .def("deserialize_state", &deserialize_state, py::arg("position"),
             "A state at a position string (State.serialize).")
        .def("__str__", &PyGame::spec)
        .def("__repr__", [](const PyGame& g) { return "<asterism.Game " + g.spec() + ">"; });
    StateClass state(m, "State", "A game in progress.");
    bind_state_moves(state);
    bind_state_views(state);
}

}  // namespace asterism::python
