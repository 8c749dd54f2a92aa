// Batched stepping for learning loops: many games of one spec stepped at
// once from a numpy array of actions, with returns, legal actions and
// observations coming back as numpy arrays. The work runs in C++ on the
// games' concrete States (core/state_batch.h) with the GIL released.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <mutex>

#include "python/bindings.h"

namespace asterism::python {

namespace {

using Actions = py::array_t<std::int32_t, py::array::c_style | py::array::forcecast>;

// The GIL is released while a batch works, so a mutex keeps two Python
// threads from stepping one batch at once.
struct PyBatch {
    std::unique_ptr<GameBatch> batch;
    std::string spec;
    std::unique_ptr<std::mutex> busy = std::make_unique<std::mutex>();
};

// Releases the GIL, then holds the batch.
struct Working {
    explicit Working(const PyBatch& b) : lock(*b.busy) {}
    py::gil_scoped_release release;
    std::lock_guard<std::mutex> lock;
};

PyBatch make(const PyGame& g, int size, std::uint64_t seed, int max_plies) {
    return PyBatch{g.proto->make_batch(size, seed, max_plies), g.spec()};
}

py::tuple step(PyBatch& b, const Actions& actions) {
    const py::ssize_t n = b.batch->size();
    if (actions.ndim() != 1 || actions.shape(0) != n)
        throw GameError("step needs one action per game: an array of shape (" + std::to_string(n) +
                        ",)");
    py::array_t<float> returns({n, static_cast<py::ssize_t>(b.batch->num_players())});
    py::array_t<bool> done(n), truncated(n);
    {
        const std::int32_t* a = actions.data();
        float* r = returns.mutable_data();
        // numpy's bool is one byte, 0 or 1, which is what the batch writes.
        auto* d = reinterpret_cast<std::uint8_t*>(done.mutable_data());
        auto* t = reinterpret_cast<std::uint8_t*>(truncated.mutable_data());
        Working working(b);
        b.batch->step(a, r, d, t);
    }
    return py::make_tuple(returns, done, truncated);
}

py::array_t<std::int32_t> random_actions(PyBatch& b) {
    py::array_t<std::int32_t> out(b.batch->size());
    std::int32_t* p = out.mutable_data();
    Working working(b);
    b.batch->random_actions(p);
    return out;
}

py::array_t<bool> legal_mask(PyBatch& b) {
    py::array_t<bool> out({static_cast<py::ssize_t>(b.batch->size()),
                           static_cast<py::ssize_t>(b.batch->num_actions())});
    auto* p = reinterpret_cast<std::uint8_t*>(out.mutable_data());
    Working working(b);
    b.batch->legal_mask(p);
    return out;
}

py::tuple legal_actions(PyBatch& b) {
    // Another thread may step the batch between the two calls; then the
    // second one throws rather than overrun the arrays.
    int width = 0;
    {
        Working working(b);
        width = b.batch->max_legal();
    }
    py::array_t<std::int32_t> out(
        {static_cast<py::ssize_t>(b.batch->size()), static_cast<py::ssize_t>(width)});
    py::array_t<std::int32_t> counts(b.batch->size());
    {
        std::int32_t* o = out.mutable_data();
        std::int32_t* c = counts.mutable_data();
        Working working(b);
        b.batch->legal_actions(o, width, c);
    }
    return py::make_tuple(out, counts);
}

py::array_t<float> observations(const PyBatch& b) {
    std::vector<py::ssize_t> shape{b.batch->size()};
    for (int d : b.batch->observation_shape()) shape.push_back(d);
    py::array_t<float> out(shape);
    float* p = out.mutable_data();
    Working working(b);
    b.batch->observations(p);
    return out;
}

py::array_t<std::int32_t> current_players(const PyBatch& b) {
    py::array_t<std::int32_t> out(b.batch->size());
    std::int32_t* p = out.mutable_data();
    Working working(b);
    b.batch->current_players(p);
    return out;
}

}  // namespace

void bind_batch(py::module_& m) {
    py::class_<PyBatch>(m, "Batch", R"(Many games of one spec stepped together (docs/python.md).

Every game starts at the game's start position (or the state's position),
and a game that ends starts again at once, so every game always has a move.)")
        .def(py::init([](const std::string& spec, int size, std::uint64_t seed, int max_plies) {
                 return make(load_game(spec), size, seed, max_plies);
             }),
             py::arg("spec"), py::arg("size"), py::arg("seed") = 1, py::arg("max_plies") = 0)
        .def(py::init([](const PyGame& g, int size, std::uint64_t seed, int max_plies) {
                 return make(g, size, seed, max_plies);
             }),
             py::arg("game"), py::arg("size"), py::arg("seed") = 1, py::arg("max_plies") = 0)
        .def(py::init([](const PyState& s, int size, std::uint64_t seed, int max_plies) {
                 return PyBatch{s.game->make_batch(size, seed, max_plies), s.game->spec()};
             }),
             py::arg("state"), py::arg("size"), py::arg("seed") = 1, py::arg("max_plies") = 0)
        .def_property_readonly("size", [](const PyBatch& b) { return b.batch->size(); })
        .def_property_readonly("spec", [](const PyBatch& b) { return b.spec; })
        .def_property_readonly("num_players",
                               [](const PyBatch& b) { return b.batch->num_players(); })
        .def_property_readonly("num_actions",
                               [](const PyBatch& b) { return b.batch->num_actions(); })
        .def_property_readonly("observation_shape",
                               [](const PyBatch& b) { return b.batch->observation_shape(); })
        .def("reset",
             [](PyBatch& b) {
                 Working working(b);
                 b.batch->reset();
             })
        .def("step", &step, py::arg("actions"),
             "Plays one action per game; returns (returns[size, players], done[size], "
             "truncated[size]) for the games that ended, which start again.")
        .def("random_actions", &random_actions, "A uniformly random legal action per game.")
        .def("legal_mask", &legal_mask, "bool[size, num_actions]: the legal actions.")
        .def("legal_actions", &legal_actions,
             "(actions[size, width] padded with -1, counts[size]): each game's legal actions.")
        .def("observations", &observations, "float32[size, *observation_shape].")
        .def("current_players", &current_players, "int32[size]: the player to move.");
}

}  // namespace asterism::python
