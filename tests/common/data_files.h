// Helpers for tests driven by files under tests/data: listing them, reading
// them, and the "# requires: GAME ..." line by which a file names the games
// it needs, so that a build without one of them skips the file.
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/registry.h"

namespace asterism::testing {

inline std::string data_path(const std::string& relative) {
    return std::string(ASTERISM_TEST_DATA) + "/" + relative;
}

// Files in a folder under tests/data with the given extension, sorted.
inline std::vector<std::string> data_files(const std::string& folder, const std::string& ext) {
    std::vector<std::string> out;
    const std::filesystem::path dir = data_path(folder);
    if (!std::filesystem::is_directory(dir)) return out;
    for (const auto& entry : std::filesystem::directory_iterator(dir))
        if (entry.path().extension() == ext) out.push_back(entry.path().string());
    std::sort(out.begin(), out.end());
    return out;
}

inline std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

inline std::vector<std::string> split_lines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

// The rows of a committed table under tests/data: each line that is not
// empty or a '#' comment, split into its whitespace-separated words, with
// the line itself for messages.
struct DataRow {
    std::string line;
    std::vector<std::string> words;
};
inline std::vector<DataRow> data_rows(const std::string& relative) {
    std::vector<DataRow> rows;
    for (const std::string& line : split_lines(read_file(data_path(relative)))) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream in(line);
        DataRow row{line, {}};
        for (std::string word; in >> word;) row.words.push_back(word);
        rows.push_back(std::move(row));
    }
    return rows;
}

// The games named on "# requires:" lines that are not registered.
inline std::vector<std::string> missing_games(const std::vector<std::string>& lines) {
    static const std::string kTag = "# requires:";
    std::vector<std::string> missing;
    for (const auto& line : lines) {
        if (!line.starts_with(kTag)) continue;
        std::istringstream ids(line.substr(kTag.size()));
        for (std::string id; ids >> id;)
            if (!Registry::instance().find(id)) missing.push_back(id);
    }
    return missing;
}

// A test name from a file name: its stem, with anything but letters and
// digits made an underscore.
inline std::string test_name(const std::string& path) {
    std::string name = std::filesystem::path(path).stem().string();
    for (char& c : name)
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    return name;
}

}  // namespace asterism::testing
