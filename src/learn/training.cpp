// Reading and writing the training file (training.h, docs/learning.md).
#include "learn/training.h"

#include <sstream>

#include "core/numbers.h"
#include "core/types.h"
#include "learn/selfplay.h"
#include "record/file_io.h"

namespace asterism::learn {
namespace {

std::vector<std::string> words(std::string_view line) {
    std::vector<std::string> out;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && line[i] == ' ') ++i;
        const std::size_t start = i;
        while (i < line.size() && line[i] != ' ') ++i;
        if (i > start) out.emplace_back(line.substr(start, i - start));
    }
    return out;
}

struct LineReader {
    std::string_view source;
    int line = 0;

    [[noreturn]] void fail(const std::string& why) const {
        throw GameError(std::string(source) + ":" + std::to_string(line) + ": " + why);
    }
    long long integer(const std::string& w) const {
        std::size_t used = 0;
        long long v = 0;
        try {
            v = std::stoll(w, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (used != w.size() || w.empty()) fail("'" + w + "' is not a whole number");
        return v;
    }
    double real(const std::string& w) const {
        std::size_t used = 0;
        double v = 0;
        try {
            v = std::stod(w, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (used != w.size() || w.empty()) fail("'" + w + "' is not a number");
        return v;
    }
};

TrainingGame parse_game_line(const std::vector<std::string>& w, const LineReader& r) {
    if (w.size() < 4) r.fail("a game line needs: g INDEX RESULT PLIES MOVES...");
    TrainingGame g;
    g.index = static_cast<int>(r.integer(w[1]));
    if (w[2] == "*") {
        g.finished = false;
    } else {
        g.result = static_cast<int>(r.integer(w[2]));
        if (g.result < -1 || g.result > 1) r.fail("a result is 1, -1, 0 or *");
    }
    const long long plies = r.integer(w[3]);
    if (plies < 0 || static_cast<std::size_t>(plies) != w.size() - 4)
        r.fail("the game line announces " + w[3] + " moves and has " +
               std::to_string(w.size() - 4));
    g.moves.assign(w.begin() + 4, w.end());
    return g;
}

TrainingPosition parse_position_line(const std::vector<std::string>& w, const LineReader& r,
                                     const TrainingGame& game) {
    if (w.size() < 4) r.fail("a position line needs: p PLY VALUE COUNT CANDIDATES...");
    TrainingPosition p;
    p.ply = static_cast<int>(r.integer(w[1]));
    if (p.ply < 0 || static_cast<std::size_t>(p.ply) >= game.moves.size())
        r.fail("ply " + w[1] + " is outside its game");
    p.value = r.real(w[2]);
    const long long n = r.integer(w[3]);
    if (n < 0 || w.size() != 4 + 3 * static_cast<std::size_t>(n))
        r.fail("the position line announces " + w[3] + " candidates, each MOVE VISITS VALUE");
    for (long long k = 0; k < n; ++k) {
        const std::size_t at = 4 + 3 * static_cast<std::size_t>(k);
        const long long visits = r.integer(w[at + 1]);
        if (visits < 0) r.fail("visits cannot be negative");
        p.candidates.push_back({w[at], static_cast<std::uint64_t>(visits), r.real(w[at + 2])});
    }
    return p;
}

}  // namespace

TrainingFile parse_training(std::string_view text, std::string_view source) {
    TrainingFile file;
    LineReader r{source};
    std::size_t pos = 0;
    while (pos < text.size()) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        const std::vector<std::string> w = words(text.substr(pos, end - pos));
        pos = end + 1;
        ++r.line;
        if (r.line == 1) {
            if (w.size() != 3 || w[0] != "asterism-training" || w[1] != "1")
                r.fail("not an asterism training file (version 1)");
            file.spec = w[2];
            continue;
        }
        if (w.empty()) continue;
        if (w[0] == "g") {
            file.games.push_back(parse_game_line(w, r));
        } else if (w[0] == "p") {
            if (file.games.empty()) r.fail("a position line before any game line");
            file.games.back().positions.push_back(parse_position_line(w, r, file.games.back()));
        } else {
            r.fail("a line starts with g or p, not '" + w[0] + "'");
        }
    }
    if (r.line == 0) r.fail("empty");
    return file;
}

std::string format_training(const TrainingFile& file) {
    std::ostringstream out;
    out << training_header(file.spec);
    for (const TrainingGame& g : file.games) {
        out << "g " << g.index << ' ' << (g.finished ? std::to_string(g.result) : "*") << ' '
            << g.moves.size();
        for (const std::string& m : g.moves) out << ' ' << m;
        out << '\n';
        for (const TrainingPosition& p : g.positions) {
            out << "p " << p.ply << ' ' << fixed4(p.value) << ' ' << p.candidates.size();
            for (const TrainingCandidate& c : p.candidates)
                out << ' ' << c.move << ' ' << c.visits << ' ' << fixed4(c.value);
            out << '\n';
        }
    }
    return out.str();
}

TrainingFile load_training(const std::vector<std::string>& paths) {
    TrainingFile all;
    for (const std::string& path : paths) {
        TrainingFile f = parse_training(read_text_file(path, std::size_t{1} << 31), path);
        if (!all.spec.empty() && f.spec != all.spec)
            throw GameError(path + ": game " + f.spec + ", not " + all.spec + " as before");
        all.spec = f.spec;
        for (TrainingGame& g : f.games) all.games.push_back(std::move(g));
    }
    if (paths.empty()) throw GameError("no training file given");
    return all;
}

}  // namespace asterism::learn
