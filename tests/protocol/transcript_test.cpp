// Golden transcripts (DESIGN.md habit 4): each tests/data/protocol/*.gtp file
// is a whole session with the engine, kept with the replies it must give.
//
//   # Comment lines come first; "# requires: starstar" names needed games.
//   > play black *10        a line sent to the engine ($DATA is tests/data,
//   =                       $TMP a fresh folder); the lines after it, up to
//                           the next "> ", are the expected reply, blank
//                           line included
//
// An expected line ending in " [...]" matches any line that starts with the
// text before it, for messages that list something that grows (the known
// games). Setting ASTERISM_UPDATE_GOLDEN=1 rewrites the files with the
// replies the engine gives now; review the diff before committing it.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "common/data_files.h"
#include "protocol/engine.h"
#include "protocol/gtp.h"

namespace asterism {
namespace {

using testing::data_path;
using testing::split_lines;

constexpr std::string_view kAnything = " [...]";

struct Step {
    std::string input;
    int line = 0;  // of the input in the file
    std::vector<std::string> expected;
};

struct Transcript {
    std::vector<std::string> header;
    std::vector<Step> steps;
};

Transcript parse_transcript(const std::vector<std::string>& lines) {
    Transcript t;
    int number = 0;
    for (const auto& line : lines) {
        ++number;
        if (line.starts_with("> ") || line == ">") {
            t.steps.push_back({line.size() > 2 ? line.substr(2) : "", number, {}});
        } else if (t.steps.empty()) {
            t.header.push_back(line);
        } else {
            t.steps.back().expected.push_back(line);
        }
    }
    return t;
}

void replace_all(std::string& text, const std::string& from, const std::string& to) {
    if (from.empty()) return;
    for (auto pos = text.find(from); pos != std::string::npos;
         pos = text.find(from, pos + to.size()))
        text.replace(pos, from.size(), to);
}

bool line_matches(const std::string& expected, const std::string& actual) {
    if (expected.ends_with(kAnything))
        return actual.starts_with(expected.substr(0, expected.size() - kAnything.size()));
    return expected == actual;
}

class Transcripts : public ::testing::TestWithParam<std::string> {};

TEST_P(Transcripts, EngineRepliesAsRecorded) {
    const std::string path = GetParam();
    const auto lines = split_lines(testing::read_file(path));
    if (const auto missing = testing::missing_games(lines); !missing.empty())
        GTEST_SKIP() << path << " needs game '" << missing.front() << "', which is not registered";
    const Transcript t = parse_transcript(lines);
    ASSERT_FALSE(t.steps.empty()) << path << " has no commands";

    const std::string data_dir = data_path("");
    const auto tmp_dir = std::filesystem::temp_directory_path() /
                         ("asterism-transcript-" + testing::test_name(path));
    std::filesystem::remove_all(tmp_dir);
    std::filesystem::create_directories(tmp_dir);

    std::string input;
    for (const auto& s : t.steps) {
        std::string line = s.input;
        replace_all(line, "$DATA/", data_dir);
        replace_all(line, "$TMP", tmp_dir.string());
        input += line + "\n";
    }
    std::istringstream in(input);
    std::ostringstream out;
    Engine engine(in, out);
    engine.run();
    std::string output = out.str();
    replace_all(output, data_dir, "$DATA/");
    replace_all(output, tmp_dir.string(), "$TMP");
    std::filesystem::remove_all(tmp_dir);

    // Cut the output into one reply per command line; comment and empty
    // lines get none.
    std::vector<std::vector<std::string>> actual;
    std::size_t pos = 0;
    for (const auto& s : t.steps) {
        actual.emplace_back();
        if (!gtp::parse_command_line(s.input)) continue;
        const auto end = output.find("\n\n", pos);
        if (end == std::string::npos) break;
        actual.back() = split_lines(output.substr(pos, end + 1 - pos));
        actual.back().push_back("");
        pos = end + 2;
    }
    EXPECT_EQ(output.substr(pos), "") << "output after the last expected reply";

    if (std::getenv("ASTERISM_UPDATE_GOLDEN")) {
        std::ofstream file(path);
        for (const auto& h : t.header) file << h << "\n";
        for (std::size_t i = 0; i < t.steps.size(); ++i) {
            file << (t.steps[i].input.empty() ? ">" : "> " + t.steps[i].input) << "\n";
            // A "[...]" line that still matches is kept as written.
            const auto& want = t.steps[i].expected;
            for (std::size_t k = 0; k < actual[i].size(); ++k)
                file << (k < want.size() && want[k].ends_with(kAnything) &&
                                 line_matches(want[k], actual[i][k])
                             ? want[k]
                             : actual[i][k])
                     << "\n";
        }
        std::cout << "rewrote " << path << "\n";
        return;
    }
    for (std::size_t i = 0; i < t.steps.size(); ++i) {
        const Step& s = t.steps[i];
        const auto& got = actual[i];
        bool same = got.size() == s.expected.size();
        for (std::size_t k = 0; same && k < got.size(); ++k)
            same = line_matches(s.expected[k], got[k]);
        if (!same) {
            std::string want, have;
            for (const auto& l : s.expected) want += l + "\n";
            for (const auto& l : got) have += l + "\n";
            ADD_FAILURE() << path << ":" << s.line << ": '" << s.input << "'\nexpected:\n"
                          << want << "actual:\n"
                          << have;
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Golden, Transcripts,
                         ::testing::ValuesIn(testing::data_files("protocol", ".gtp")),
                         [](const auto& param_info) {
                             return testing::test_name(param_info.param);
                         });

}  // namespace
}  // namespace asterism
