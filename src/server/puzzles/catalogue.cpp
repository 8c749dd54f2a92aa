// The puzzle sets (catalogue.h): found, read, named and seeded.
#include "server/puzzles/catalogue.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <numeric>
#include <optional>

#include "core/types.h"
#include "record/file_io.h"
#include "server/secrets.h"

namespace asterism::server::puzzles {

using nlohmann::json;

namespace {

// A set's file larger than this is not read (a set of 1000 puzzles with
// their refutations is a few MB).
constexpr std::size_t kMaxFile = 64 << 20;

// Whether `stem` names a set of `game`: the game's id alone, or followed by
// "-" and a form of lower-case letters, digits and dashes.
bool set_of(const std::string& stem, const std::string& game) {
    if (stem == game) return true;
    if (!stem.starts_with(game + "-") || stem.size() == game.size() + 1) return false;
    return std::all_of(
        stem.begin() + static_cast<std::ptrdiff_t>(game.size()), stem.end(),
        [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; });
}

// The themes of a line: its `themes` array's strings (none when absent).
std::vector<std::string> themes_of(const json& line) {
    std::vector<std::string> out;
    const auto it = line.find("themes");
    if (it == line.end() || !it->is_array()) return out;
    for (const json& t : *it)
        if (t.is_string()) out.push_back(t.get<std::string>());
    return out;
}

// The puzzle of one line of set `set`, if the line is one.
std::optional<Puzzle> read_line(const json& j, const std::string& game, const std::string& set) {
    if (!j.is_object() || !j.contains("game") || !j.contains("position") ||
        !j["game"].is_string() || !j["position"].is_string())
        return std::nullopt;
    Puzzle p;
    p.id = puzzle_id(j["game"], j["position"]);
    p.game = game;
    p.set = set;
    p.themes = themes_of(j);
    p.win_in = j.value("win_in", 1);
    p.seed = seed_rating(p.win_in, tempting_moves(j));
    p.line = j;
    p.line["id"] = p.id;
    p.line["set"] = set;
    p.line["themes"] = p.themes;
    return p;
}

void read_set(const std::string& file, const std::string& game, const std::string& set,
              Shelf& shelf) {
    std::string text;
    try {
        text = read_text_file(file, kMaxFile);
    } catch (const GameError&) {
        return;  // unreadable: no puzzles from it
    }
    std::size_t count = 0;
    for (std::size_t at = 0; at < text.size();) {
        const std::size_t end = std::min(text.find('\n', at), text.size());
        const json j = json::parse(text.begin() + static_cast<std::ptrdiff_t>(at),
                                   text.begin() + static_cast<std::ptrdiff_t>(end), nullptr, false);
        at = end + 1;
        std::optional<Puzzle> p = read_line(j, game, set);
        // The same position twice (in two sets) is one puzzle, the first.
        if (!p || shelf.by_id.count(p->id)) continue;
        shelf.by_id[p->id] = shelf.puzzles.size();
        shelf.puzzles.push_back(std::move(*p));
        ++count;
    }
    if (count) shelf.sets.emplace_back(set, count);
}

}  // namespace

std::string puzzle_id(const std::string& spec, const std::string& position) {
    return digest(spec + "\n" + position).substr(0, 12);
}

int tempting_moves(const json& line) {
    const auto it = line.find("refutations");
    if (it == line.end() || !it->is_array() || it->empty() || !(*it)[0].is_object()) return 0;
    int n = 0;
    for (const auto& [move, answer] : (*it)[0].items())
        if (answer.is_string() && !answer.get<std::string>().empty()) ++n;
    return n;
}

ratings::Rating seed_rating(int win_in, int tempting) {
    const double length = std::clamp(win_in, 1, 6) - 1;
    const double r = 1100 + 200 * length + 80 * std::log2(1.0 + std::max(tempting, 0));
    return {std::clamp(r, 600.0, 2800.0), 300, 0.06};
}

const Shelf& Catalogue::shelf(const std::string& game) {
    Slot* slot = nullptr;
    {
        const std::lock_guard lock(mutex_);
        slot = &slots_[game];
    }
    std::call_once(slot->loaded, [&] { load(game, slot->shelf); });
    return slot->shelf;
}

void Catalogue::load(const std::string& game, Shelf& shelf) const {
    namespace fs = std::filesystem;
    std::vector<std::string> stems;
    std::error_code ec;
    for (fs::directory_iterator it(dir_, ec), end; !ec && it != end; it.increment(ec)) {
        const fs::path& file = it->path();
        if (file.extension() == ".jsonl" && set_of(file.stem().string(), game))
            stems.push_back(file.stem().string());
    }
    std::sort(stems.begin(), stems.end());
    for (const std::string& stem : stems) read_set(dir_ + "/" + stem + ".jsonl", game, stem, shelf);
}

std::int64_t utc_day(std::int64_t ms) {
    constexpr std::int64_t kDay = 86'400'000;
    return ms >= 0 ? ms / kDay : (ms - kDay + 1) / kDay;
}

std::string utc_date(std::int64_t day) {
    const std::chrono::year_month_day d{std::chrono::sys_days{std::chrono::days{day}}};
    char out[16];
    std::snprintf(out, sizeof out, "%04d-%02u-%02u", static_cast<int>(d.year()),
                  static_cast<unsigned>(d.month()), static_cast<unsigned>(d.day()));
    return out;
}

const Puzzle* daily(const std::vector<const Puzzle*>& candidates, const std::string& game,
                    std::int64_t day) {
    const auto n = static_cast<std::int64_t>(candidates.size());
    if (n == 0) return nullptr;
    // FNV-1a of the game's name: each game starts its round elsewhere.
    std::uint64_t h = 14695981039346656037ull;
    for (const char c : game) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
    std::int64_t step = 7919 % n;
    while (n > 1 && (step == 0 || std::gcd(step, n) != 1)) step = (step + 1) % n;
    const std::int64_t base = static_cast<std::int64_t>(h % static_cast<std::uint64_t>(n));
    const std::int64_t at = ((base + (day % n) * step) % n + n) % n;
    return candidates[static_cast<std::size_t>(at)];
}

const Puzzle* nearest(const std::vector<const Puzzle*>& candidates, double rating,
                      const std::function<double(const Puzzle&)>& rating_of) {
    const Puzzle* best = nullptr;
    double best_gap = 0;
    for (const Puzzle* p : candidates) {
        const double gap = std::fabs(rating_of(*p) - rating);
        if (!best || gap < best_gap || (gap == best_gap && p->id < best->id)) {
            best = p;
            best_gap = gap;
        }
    }
    return best;
}

}  // namespace asterism::server::puzzles
