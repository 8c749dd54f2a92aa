// GET /api/puzzles/GAME: the shipped puzzles, read once and kept.
#include "server/puzzles.h"

#include <charconv>
#include <cstdlib>
#include <map>
#include <mutex>
#include <vector>

#include "core/registry.h"
#include "core/text.h"
#include "core/types.h"
#include "record/file_io.h"
#include "server/installed.h"

#ifndef ASTERISM_PUZZLES_DIR
#define ASTERISM_PUZZLES_DIR "data/puzzles"
#endif

namespace asterism::server {
namespace {

using nlohmann::json;

// A puzzles file larger than this is not read (today's are under 200 kB).
constexpr std::size_t kMaxFile = 16 << 20;

// One game's puzzles, each line parsed once; lines that are not JSON
// objects are left out.
struct Shelf {
    std::once_flag loaded;
    std::vector<json> puzzles;
};

// The shelf of the registered game `id`. The shelves are made once, one per
// registered game, so a request never adds one and finding one needs no lock.
Shelf& shelf(const std::string& id) {
    static std::map<std::string, Shelf> shelves = [] {
        std::map<std::string, Shelf> out;
        for (const GameInfo* info : Registry::instance().all()) out[info->id];
        return out;
    }();
    Shelf& s = shelves.at(id);
    std::call_once(s.loaded, [&] {
        std::string text;
        try {
            text = read_text_file(puzzles_dir() + "/" + id + ".jsonl", kMaxFile);
        } catch (const GameError&) {
            return;  // no file: no puzzles for this game here
        }
        std::size_t at = 0;
        while (at < text.size()) {
            const std::size_t end = std::min(text.find('\n', at), text.size());
            json j = json::parse(text.begin() + static_cast<std::ptrdiff_t>(at),
                                 text.begin() + static_cast<std::ptrdiff_t>(end), nullptr, false);
            if (j.is_object()) s.puzzles.push_back(std::move(j));
            at = end + 1;
        }
    });
    return s;
}

// A query number in [low, high], `fallback` when absent.
int number(const ApiRequest& r, const char* name, int fallback, int low, int high) {
    const auto it = r.query.find(name);
    if (it == r.query.end()) return fallback;
    int v = 0;
    const std::string& t = it->second;
    const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    if (ec != std::errc() || end != t.data() + t.size() || v < low || v > high)
        fail("puz.number", {{"field", name}, {"min", low}, {"max", high}});
    return v;
}

// The registered games' ids in words: "a, b and c".
std::string game_ids() {
    const std::vector<const GameInfo*> games = Registry::instance().all();
    std::string out;
    for (std::size_t i = 0; i < games.size(); ++i)
        out += (i == 0 ? "" : i + 1 == games.size() ? " and " : ", ") + games[i]->id;
    return out;
}

}  // namespace

std::string puzzles_dir() {
    const char* dir = std::getenv("ASTERISM_PUZZLES_DIR");
    return dir && *dir ? dir : installed_or("puzzles", ASTERISM_PUZZLES_DIR);
}

namespace {

ApiResponse puzzles_of(const ApiRequest& r, const std::string& name) {
    const GameInfo* info = Registry::instance().find(name);
    if (!info) fail("puz.game", {{"game", printable(name, 40)}, {"list", game_ids()}});
    const std::string& game = info->id;
    const std::vector<json>& all = shelf(game).puzzles;
    if (all.empty()) fail("puz.none", {{"game", game}});

    const int total = static_cast<int>(all.size());
    const int first = number(r, "i", 0, 0, 1 << 30) % total;
    const int n = number(r, "n", 1, 1, kMaxPuzzlesPerRequest);
    json list = json::array();
    for (int k = 0; k < n && k < total; ++k)
        list.push_back(all[static_cast<std::size_t>((first + k) % total)]);
    return ApiResponse{200,
                       {{"game", game}, {"total", total}, {"first", first}, {"puzzles", list}}};
}

}  // namespace

// The puzzles are files read once and kept in memory: the quick lane.
void add_puzzle_routes(RouteTable& table) {
    table.add(
        {"GET", "/api/puzzles/:id", Who::Anyone, Handler::Lane::Quick, RateClass::Plain,
         [](const ApiRequest& r, const PathArgs& args) { return puzzles_of(r, args.at("id")); }});
}

}  // namespace asterism::server
