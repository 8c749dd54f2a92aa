// The Python module `asterism` (docs/python.md): the four games through a
// pyspiel-shaped interface, batched stepping from numpy arrays for learning
// loops, the computer players and game records. Every bad input turns into
// asterism.Error, a ValueError whose message is the CLI's one-line error.
#include <pybind11/stl.h>

#include "core/registry.h"
#include "python/bindings.h"

namespace asterism::python {

py::object json_to_python(const nlohmann::json& j) {
    switch (j.type()) {
        case nlohmann::json::value_t::null:
            return py::none();
        case nlohmann::json::value_t::boolean:
            return py::bool_(j.get<bool>());
        case nlohmann::json::value_t::number_integer:
            return py::int_(j.get<std::int64_t>());
        case nlohmann::json::value_t::number_unsigned:
            return py::int_(j.get<std::uint64_t>());
        case nlohmann::json::value_t::number_float:
            return py::float_(j.get<double>());
        case nlohmann::json::value_t::string:
            return py::str(j.get<std::string>());
        case nlohmann::json::value_t::array: {
            py::list out;
            for (const auto& item : j) out.append(json_to_python(item));
            return out;
        }
        default: {
            py::dict out;
            for (const auto& [key, value] : j.items()) out[py::str(key)] = json_to_python(value);
            return out;
        }
    }
}

namespace {

// Every registered game with its options and the specs `asterism bench`
// measures, so that tests and programs can loop over the registry.
py::list registered_games() {
    py::list out;
    for (const GameInfo* info : Registry::instance().all()) {
        nlohmann::json j = game_info_json(*info);
        std::vector<std::string> specs = info->bench_specs;
        if (specs.empty()) specs.push_back(info->id);
        j["specs"] = specs;
        out.append(json_to_python(j));
    }
    return out;
}

}  // namespace

}  // namespace asterism::python

PYBIND11_MODULE(asterism, m) {
    using namespace asterism::python;
    m.doc() = "asterism: *Star, Asterisk, Shatra and Star Pool Chess (docs/python.md)";
    py::register_exception<asterism::GameError>(m, "Error", PyExc_ValueError);
    m.attr("TERMINAL") = kTerminalPlayer;
    m.def("registered_games", &registered_games,
          "Every game: id, title, summary, options, and the specs the benchmark measures.");
    bind_game(m);
    bind_batch(m);
    bind_player(m);
    bind_record(m);
}
