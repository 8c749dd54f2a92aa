// The puzzles' routes (docs/server.md, "Routes"; docs/learn.md, "Puzzles"):
// the sets of catalogue.h, each puzzle's and each solver's Glicko-2 rating,
// the daily puzzle and the choice of the next one.
//
//   GET  /api/puzzles                     every game's sets and their sizes
//   GET  /api/puzzles/GAME?set=           the game's puzzles: id, set,
//                                         themes, rating (the sets, themes)
//   GET  /api/puzzles/GAME?set=&i=I&n=K   puzzles I..I+K-1, whole, of `total`
//   GET  /api/puzzles/GAME/daily?set=     the day's puzzle (UTC), whole
//   GET  /api/puzzles/GAME/next?set=&theme=&rating=&above=&skip=
//                                         the puzzle nearest the solver's
//                                         rating (an account's own, else
//                                         `rating`), or with `above` the
//                                         lowest rated above it (a streak)
//   GET  /api/puzzles/GAME/ID             one puzzle, whole
//   POST /api/puzzles/GAME/attempts       an account's rated attempt
//                                         {id, solved}: both ratings move
//   POST /api/puzzles/GAME/guest          a guest's attempt {id, solved,
//                                         rating}: the new rating, computed
//                                         here and kept by the browser;
//                                         nothing is stored
//
// A solve is the solver's win over the puzzle and a miss its loss, each
// attempt its own rating period, as lichess rates puzzles. An account's
// puzzle rating per game is a row of the ratings table of class "puzzle",
// with its history, so the profile shows and graphs it with the others.
// Only accounts' attempts move puzzles' ratings (a guest could repeat an
// attempt without end), and each account rates each puzzle once.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <set>
#include <string>

#include "server/api_message.h"
#include "server/puzzles/catalogue.h"
#include "server/routes.h"
#include "store/store.h"

namespace asterism::server::puzzles {

struct PuzzleOptions {
    std::string dir;                      // "": puzzles_dir()
    std::function<std::int64_t()> clock;  // ms since 1970 (null: the system's)
    // Rated attempts an account may make in all (docs/server.md, "Limits"):
    // beyond it, attempts are answered unrated and nothing is stored.
    std::int64_t max_attempts = 20000;
};

// The most whole puzzles one request may ask for (`n`).
inline constexpr int kMaxPerRequest = 20;
// The most ids a `skip` list may hold.
inline constexpr std::size_t kMaxSkip = 200;

class PuzzleService {
  public:
    // `store` null: no account is rated (the routes stay, accounts' calls
    // never reach them).
    explicit PuzzleService(store::Store* store, PuzzleOptions options = {});

    void add_routes(RouteTable& table);
    // A puzzle's rating now: its seed until a solver's result moved it.
    ratings::Rating rating_of(const Puzzle& p) const;

  private:
    const Shelf& shelf_of(const std::string& name);
    ApiResponse sets();
    ApiResponse listing(const ApiRequest& r, const std::string& game);
    ApiResponse one(const std::string& game, const std::string& id);
    ApiResponse daily_of(const ApiRequest& r, const std::string& game);
    ratings::Rating solver_of(const ApiRequest& r, const std::string& game,
                              std::set<std::string, std::less<>>& skip);
    ApiResponse next(const ApiRequest& r, const std::string& game);
    ApiResponse attempt(const ApiRequest& r, const std::string& game);
    ApiResponse guest(const ApiRequest& r, const std::string& game);
    nlohmann::json whole(const Puzzle& p) const;
    ratings::Rating rating_held(const Puzzle& p) const;  // the caller holds mutex_
    const Puzzle& find(const std::string& game, const std::string& id);
    std::int64_t now() const;

    store::Store* store_;
    PuzzleOptions options_;
    Catalogue catalogue_;
    std::mutex attempts_;                                  // held through an account's attempt
    mutable std::mutex mutex_;                             // guards rated_
    std::map<std::string, store::PuzzleRatingRow> rated_;  // by id: those solvers moved
};

}  // namespace asterism::server::puzzles
