// Where `asterism serve` finds the files it reads at run time (the UI's
// files in web/, the shipped puzzles): an installed binary finds them in
// its prefix's share folder (<prefix>/games/../share/asterism/NAME, the
// layout of the Debian package, packaging/CMakeLists.txt), and a binary
// run from its build tree in the source tree it was built from.
#pragma once

#include <string>

namespace asterism::server {

// <the running binary's folder>/<ASTERISM_SHARE_FROM_BIN>/`name` when that
// folder exists, else `source_tree_folder`.
std::string installed_or(const std::string& name, const std::string& source_tree_folder);

}  // namespace asterism::server
