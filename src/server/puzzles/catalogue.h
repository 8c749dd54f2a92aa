// The shipped puzzles (docs/learn.md, "Puzzles"), as sets: every file
// data/puzzles/GAME.jsonl or GAME-FORM.jsonl (starstar-8.jsonl) of a
// registered game is a set named by its file's stem, found by listing the
// puzzles folder, so nothing of a request reaches the filesystem. A game's
// files are read at its first request and kept.
//
// Each puzzle gets an id that survives regeneration: the first 12 hex
// digits of the SHA-256 of its game spec, a newline and its position, so the
// same position found again keeps its address and its rating. Its starting
// rating is seeded from the solution (seed_rating); what solvers' results
// made of it is the service's (service.h).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/ratings/glicko2.h"

namespace asterism::server::puzzles {

struct Puzzle {
    std::string id;    // 12 hex digits
    std::string game;  // the registered game's id
    std::string set;   // its file's stem
    std::vector<std::string> themes;
    int win_in = 1;
    ratings::Rating seed;
    nlohmann::json line;  // the file's line, with id, set and themes added
};

// A puzzle's id: the first 12 hex digits of SHA-256("SPEC\nPOSITION").
std::string puzzle_id(const std::string& spec, const std::string& position);

// The tempting wrong first moves: those the file refutes with an answer
// (a move that ends the game at once, refuted by nothing, tempts nobody).
int tempting_moves(const nlohmann::json& line);

// A puzzle's starting rating, before any solver has tried it: longer
// solutions and more tempting wrong first moves make it harder,
//   1100 + 200 (min(win_in, 6) - 1) + 80 log2(1 + tempting),
// held within 600..2800, with deviation 300 (little is known yet) and the
// usual volatility 0.06.
ratings::Rating seed_rating(int win_in, int tempting);

// One game's puzzles, in file order, the sets in name order.
struct Shelf {
    std::vector<Puzzle> puzzles;
    std::vector<std::pair<std::string, std::size_t>> sets;  // name, count
    std::map<std::string, std::size_t, std::less<>> by_id;
};

class Catalogue {
  public:
    explicit Catalogue(std::string dir) : dir_(std::move(dir)) {}

    // The game's shelf (empty when it has no set here); `game` must be a
    // registered game's id.
    const Shelf& shelf(const std::string& game);

  private:
    struct Slot {
        std::once_flag loaded;
        Shelf shelf;
    };
    void load(const std::string& game, Shelf& shelf) const;

    std::string dir_;
    std::mutex mutex_;  // guards slots_ (a slot, once made, is never moved)
    std::map<std::string, Slot> slots_;
};

// The UTC day of a clock's milliseconds (days since 1970-01-01), and its date.
std::int64_t utc_day(std::int64_t ms);
std::string utc_date(std::int64_t day);

// The daily puzzle of `day` among `candidates` (in a fixed order): day d
// takes number (h + d * step) mod n, where h is from the game's name and
// step is coprime with n, so the same day gives everyone the same puzzle,
// consecutive days differ, and no puzzle comes back within n days.
const Puzzle* daily(const std::vector<const Puzzle*>& candidates, const std::string& game,
                    std::int64_t day);

// The puzzle whose rating (`rating_of`) is nearest to `rating`, ties to the
// smaller id; null when there are no candidates.
const Puzzle* nearest(const std::vector<const Puzzle*>& candidates, double rating,
                      const std::function<double(const Puzzle&)>& rating_of);

}  // namespace asterism::server::puzzles
