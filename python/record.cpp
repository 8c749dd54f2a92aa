// Game records (docs/records.md) read, written and replayed from Python:
// the same strict reader and atomic writer as `asterism replay` and
// `asterism play --save`, so errors name the file and line alike.
#include <pybind11/stl.h>

#include "python/bindings.h"
#include "record/record.h"

namespace asterism::python {

namespace {

// A record that has been replayed on its game, so that it is known to be
// good; it is kept in the game's canonical form.
struct PyRecord {
    Record record;
};

PyRecord parse(const std::string& text, const std::string& source) {
    return PyRecord{replay_record(parse_record(text, source), source).record};
}

PyState replay(const PyRecord& r) {
    LoadedGame loaded = replay_record(r.record);
    return PyState{std::move(loaded.game), loaded.start_position};
}

py::dict tags(const PyRecord& r) {
    py::dict out;
    for (const RecordTag& t : r.record.tags) out[py::str(t.key)] = t.value;
    return out;
}

// A record of a state: its game, start position, moves and result, with
// the tags given (First, Second, Date and so on) and today's date unless a
// Date is among them.
PyRecord of_state(const PyState& s, const std::map<std::string, std::string>& extra) {
    PyRecord r;
    for (const auto& [key, value] : extra) r.record.set_tag(key, value);
    if (!r.record.find_tag(tag::kDate)) r.record.set_tag(tag::kDate, today_utc());
    update_record(r.record, *s.game, s.start_position);
    // Replaying checks the tags given (a bad Result, say) as a file would be.
    return PyRecord{replay_record(r.record).record};
}

}  // namespace

void bind_record(py::module_& m) {
    py::class_<PyRecord>(m, "Record", "A game record (docs/records.md), checked by replaying it.")
        .def_property_readonly("tags", &tags, "The tags in file order.")
        .def_property_readonly("moves",
                               [](const PyRecord& r) {
                                   std::vector<std::string> out;
                                   for (const RecordMove& mv : r.record.moves)
                                       out.push_back(mv.move);
                                   return out;
                               })
        .def_property_readonly("comments",
                               [](const PyRecord& r) {
                                   std::vector<std::string> out;
                                   for (const RecordMove& mv : r.record.moves)
                                       out.push_back(mv.comment);
                                   return out;
                               })
        .def("state", &replay, "The game at the end of the record, with its moves to undo.")
        .def("text", [](const PyRecord& r) { return format_record(r.record); })
        .def("save",
             [](const PyRecord& r, const std::string& path) { save_record_file(path, r.record); })
        .def("__str__", [](const PyRecord& r) { return format_record(r.record); });
    m.def(
        "load_record",
        [](const std::string& path) { return PyRecord{load_record_file(path).record}; },
        py::arg("path"), "Reads and replays a record file.");
    m.def("parse_record", &parse, py::arg("text"), py::arg("source") = "",
          "Reads and replays a record from text; `source` names it in errors.");
    m.def("record_of", &of_state, py::arg("state"),
          py::arg("tags") = std::map<std::string, std::string>{},
          "A record of a state, with extra tags such as First and Second.");
}

}  // namespace asterism::python
