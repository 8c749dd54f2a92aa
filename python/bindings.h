// Shared pieces of the Python module (docs/python.md): the wrappers that the
// binding files hand to each other, and JSON to Python conversion. Each
// binding file adds its classes to the module through one bind_* function.
#pragma once

#include <pybind11/pybind11.h>

#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "core/game.h"

namespace asterism::python {

namespace py = pybind11;

// pyspiel's player id of a finished game, which current_player() returns.
inline constexpr int kTerminalPlayer = -4;

// A game in the pyspiel sense: a spec, from which states are made. `proto`
// is the start position, cloned for every new state.
struct PyGame {
    std::shared_ptr<const Game> proto;
    std::string spec() const { return proto->spec(); }
};

// A state: a game in progress through the type-erased face, with the
// position it started from (empty for the usual start), which records need.
struct PyState {
    std::unique_ptr<Game> game;
    std::string start_position;
};

// The canonical game of a spec; throws GameError as the CLI would report it.
PyGame load_game(const std::string& spec);

py::object json_to_python(const nlohmann::json& j);

void bind_game(py::module_& m);
void bind_batch(py::module_& m);
void bind_player(py::module_& m);
void bind_record(py::module_& m);

}  // namespace asterism::python
