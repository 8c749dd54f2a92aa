// Whole-file reading and atomic writing, for records and anything else that
// must never be left half-written.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace asterism {

// Reads a whole file. Throws GameError ("cannot read FILE: reason") when it
// cannot be opened or read, or when it is larger than `max_bytes`.
std::string read_text_file(const std::string& path, std::size_t max_bytes);

// Writes `text` to a new temporary file beside `path`, flushes it to disk and
// renames it over `path`. The rename is atomic, so a reader sees either the
// old file or the new one, never a mixture; on any failure the temporary file
// is removed, `path` is untouched and GameError names the problem.
void write_file_atomically(const std::string& path, std::string_view text);

}  // namespace asterism
