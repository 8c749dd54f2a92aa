// The puzzles' routes and ratings (service.h).
#include "server/puzzles/service.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <set>
#include <tuple>

#include "core/numbers.h"
#include "core/registry.h"
#include "core/text.h"
#include "server/json_args.h"
#include "server/puzzles.h"

namespace asterism::server::puzzles {

using nlohmann::json;

namespace {

constexpr const char* kClass = "puzzle";  // the ratings table's class of puzzle ratings

json rating_json(const ratings::Rating& r) {
    return {{"rating", rounded(r.rating, 1)},
            {"deviation", rounded(r.deviation, 1)},
            {"volatility", r.volatility},
            {"provisional", ratings::provisional(r)}};
}

const std::string* query(const ApiRequest& r, const char* name) {
    const auto it = r.query.find(name);
    return it == r.query.end() || it->second.empty() ? nullptr : &it->second;
}

// A query number in [low, high], `fallback` when absent.
int number(const ApiRequest& r, const char* name, int fallback, int low, int high) {
    const std::string* t = query(r, name);
    if (!t) return fallback;
    int v = 0;
    const auto [end, ec] = std::from_chars(t->data(), t->data() + t->size(), v);
    if (ec != std::errc() || end != t->data() + t->size() || v < low || v > high)
        fail("puz.number", {{"field", name}, {"min", low}, {"max", high}});
    return v;
}

// The ids of `skip` (comma separated), each 12 hex digits.
std::set<std::string, std::less<>> skipped(const ApiRequest& r) {
    std::set<std::string, std::less<>> out;
    const std::string* t = query(r, "skip");
    if (!t) return out;
    for (std::size_t at = 0; at <= t->size();) {
        const std::size_t end = std::min(t->find(',', at), t->size());
        const std::string id = t->substr(at, end - at);
        at = end + 1;
        const bool hex = id.size() == 12 && id.find_first_not_of("0123456789abcdef") == id.npos;
        if (!hex || out.size() >= kMaxSkip) fail("puz.skip", {{"max", kMaxSkip}});
        out.insert(id);
    }
    return out;
}

// The registered games' ids in words: "a, b and c".
std::string game_ids() {
    const std::vector<const GameInfo*> games = Registry::instance().all();
    std::string out;
    for (std::size_t i = 0; i < games.size(); ++i)
        out += (i == 0 ? "" : i + 1 == games.size() ? " and " : ", ") + games[i]->id;
    return out;
}

json sets_json(const Shelf& s) {
    json out = json::array();
    for (const auto& [name, total] : s.sets) out.push_back({{"set", name}, {"total", total}});
    return out;
}

// The puzzles of the shelf in set `set` ("": all), 404 for an unknown set.
std::vector<const Puzzle*> in_set(const Shelf& s, const std::string& game, const std::string* set) {
    if (set && std::none_of(s.sets.begin(), s.sets.end(),
                            [&](const auto& entry) { return entry.first == *set; })) {
        std::string list;
        for (const auto& [name, total] : s.sets) list += (list.empty() ? "" : ", ") + name;
        fail("puz.set", {{"game", game}, {"set", printable(*set, 40)}, {"list", list}});
    }
    std::vector<const Puzzle*> out;
    for (const Puzzle& p : s.puzzles)
        if (!set || p.set == *set) out.push_back(&p);
    return out;
}

}  // namespace

PuzzleService::PuzzleService(store::Store* store, PuzzleOptions options)
    : store_(store),
      options_(std::move(options)),
      catalogue_(options_.dir.empty() ? puzzles_dir() : options_.dir) {
    if (store_)
        for (store::PuzzleRatingRow& row : store_->puzzle_ratings()) rated_[row.id] = row;
}

std::int64_t PuzzleService::now() const {
    if (options_.clock) return options_.clock();
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

ratings::Rating PuzzleService::rating_of(const Puzzle& p) const {
    const std::lock_guard lock(mutex_);
    return rating_held(p);
}

ratings::Rating PuzzleService::rating_held(const Puzzle& p) const {
    const auto it = rated_.find(p.id);
    if (it == rated_.end()) return p.seed;
    return {it->second.rating, it->second.deviation, it->second.volatility};
}

const Shelf& PuzzleService::shelf_of(const std::string& name) {
    const GameInfo* info = Registry::instance().find(name);
    if (!info) fail("puz.game", {{"game", printable(name, 40)}, {"list", game_ids()}});
    const Shelf& s = catalogue_.shelf(info->id);
    if (s.puzzles.empty()) fail("puz.none", {{"game", info->id}});
    return s;
}

const Puzzle& PuzzleService::find(const std::string& game, const std::string& id) {
    const Shelf& s = shelf_of(game);
    const auto it = s.by_id.find(id);
    if (it == s.by_id.end())
        fail("puz.unknown", {{"id", printable(id, 40)}, {"game", s.puzzles[0].game}});
    return s.puzzles[it->second];
}

json PuzzleService::whole(const Puzzle& p) const {
    json out = p.line;
    const ratings::Rating r = rating_of(p);
    out["rating"] = rounded(r.rating, 1);
    out["deviation"] = rounded(r.deviation, 1);
    return out;
}

ApiResponse PuzzleService::sets() {
    json games = json::array();
    for (const GameInfo* info : Registry::instance().all()) {
        const Shelf& s = catalogue_.shelf(info->id);
        if (!s.puzzles.empty()) games.push_back({{"game", info->id}, {"sets", sets_json(s)}});
    }
    return {200, {{"games", games}}};
}

// The game's puzzles (of a set, if asked) as an index, or with `i` or `n`
// whole, K from the I-th counted round the end (the page and its offline
// copy read them so).
ApiResponse PuzzleService::listing(const ApiRequest& r, const std::string& game) {
    const Shelf& s = shelf_of(game);
    const std::string id = s.puzzles[0].game;
    const std::vector<const Puzzle*> all = in_set(s, id, query(r, "set"));
    if (query(r, "i") || query(r, "n")) {
        const int total = static_cast<int>(all.size());
        const int first = number(r, "i", 0, 0, 1 << 30) % total;
        const int n = number(r, "n", 1, 1, kMaxPerRequest);
        json list = json::array();
        for (int k = 0; k < n && k < total; ++k)
            list.push_back(whole(*all[static_cast<std::size_t>((first + k) % total)]));
        return {200, {{"game", id}, {"total", total}, {"first", first}, {"puzzles", list}}};
    }
    json list = json::array();
    std::map<std::string, int> themes;
    for (const Puzzle* p : all) {
        list.push_back({{"id", p->id},
                        {"set", p->set},
                        {"themes", p->themes},
                        {"win_in", p->win_in},
                        {"rating", rounded(rating_of(*p).rating, 1)}});
        for (const std::string& t : p->themes) ++themes[t];
    }
    return {200, {{"game", id}, {"sets", sets_json(s)}, {"themes", themes}, {"puzzles", list}}};
}

ApiResponse PuzzleService::one(const std::string& game, const std::string& id) {
    return {200, {{"puzzle", whole(find(game, id))}}};
}

// The daily puzzle: among the set's (or the game's) puzzles of two moves or
// more if there are any, ordered by id, daily() picks the day's.
ApiResponse PuzzleService::daily_of(const ApiRequest& r, const std::string& game) {
    const Shelf& s = shelf_of(game);
    std::vector<const Puzzle*> pool = in_set(s, s.puzzles[0].game, query(r, "set"));
    if (std::any_of(pool.begin(), pool.end(), [](const Puzzle* p) { return p->win_in >= 2; }))
        std::erase_if(pool, [](const Puzzle* p) { return p->win_in < 2; });
    std::sort(pool.begin(), pool.end(),
              [](const Puzzle* a, const Puzzle* b) { return a->id < b->id; });
    const std::int64_t day = utc_day(now());
    const Puzzle* p = daily(pool, s.puzzles[0].game, day);
    return {200, {{"date", utc_date(day)}, {"puzzle", whole(*p)}}};
}

// The solver's rating and the puzzles not to choose: an account's stored
// ones and those it attempted, else a guest's `rating` and `skip`.
ratings::Rating PuzzleService::solver_of(const ApiRequest& r, const std::string& game,
                                         std::set<std::string, std::less<>>& skip) {
    skip = skipped(r);
    ratings::Rating solver;
    if (r.account == 0 || !store_) {
        solver.rating = number(r, "rating", 1500, 0, 4000);
        return solver;
    }
    if (const auto row = store_->rating(r.account, game, kClass))
        solver = {row->rating, row->deviation, row->volatility};
    for (std::string& done : store_->puzzles_attempted(r.account, game))
        skip.insert(std::move(done));
    return solver;
}

// The next puzzle: of the set and theme asked, not skipped (unless every
// one is), the nearest to the solver's rating; with `above` (a streak), the
// lowest rated above it.
ApiResponse PuzzleService::next(const ApiRequest& r, const std::string& game) {
    const Shelf& s = shelf_of(game);
    const std::string id = s.puzzles[0].game;
    std::vector<const Puzzle*> pool = in_set(s, id, query(r, "set"));
    if (const std::string* theme = query(r, "theme")) {
        std::erase_if(pool, [&](const Puzzle* p) {
            return std::find(p->themes.begin(), p->themes.end(), *theme) == p->themes.end();
        });
        if (pool.empty()) fail("puz.theme", {{"game", id}, {"theme", printable(*theme, 40)}});
    }
    std::set<std::string, std::less<>> skip;
    const ratings::Rating solver = solver_of(r, id, skip);
    std::vector<const Puzzle*> fresh = pool;
    std::erase_if(fresh, [&](const Puzzle* p) { return skip.count(p->id) > 0; });
    if (fresh.empty()) fresh = pool;
    const auto rating = [this](const Puzzle& p) { return rating_of(p).rating; };
    double target = solver.rating;
    if (query(r, "above")) {
        const int above = number(r, "above", 0, 0, 4000);
        std::erase_if(fresh, [&](const Puzzle* p) { return rating(*p) <= above; });
        if (fresh.empty()) fail("puz.top", {{"game", id}, {"rating", above}});
        target = above;
    }
    const Puzzle* p = nearest(fresh, target, rating);
    return {200, {{"rating", rating_json(solver)}, {"puzzle", whole(*p)}}};
}

// An account's attempt: both ratings move (each attempt its own rating
// period), stored in one transaction, unless the account rated this puzzle
// before or has made its most rated attempts.
ApiResponse PuzzleService::attempt(const ApiRequest& r, const std::string& game) {
    const json body = parse_body(r, 4);
    const Puzzle& p = find(game, get_string(body, "id"));
    const bool solved = get_bool(body, "solved", false);
    if (!store_) fail("acc.signedOut");
    // One attempt at a time, so that two solvers of one puzzle both move it.
    const std::lock_guard one_at_a_time(attempts_);
    store::RatingRow row;
    row.account = r.account;
    row.game = p.game;
    row.time_class = kClass;
    if (const auto stored = store_->rating(r.account, p.game, kClass)) row = *stored;
    const ratings::Rating before{row.rating, row.deviation, row.volatility};
    const ratings::Rating puzzle_before = rating_of(p);
    const double score = solved ? 1 : 0;
    const ratings::Rating after = ratings::update(before, {{puzzle_before, score}});
    const ratings::Rating puzzle_after = ratings::update(puzzle_before, {{before, 1 - score}});
    store::PuzzleRatingRow prow;
    prow.id = p.id;
    prow.game = p.game;
    {
        const std::lock_guard lock(mutex_);
        if (const auto it = rated_.find(p.id); it != rated_.end()) prow = it->second;
    }
    std::tie(prow.rating, prow.deviation, prow.volatility) =
        std::tuple(puzzle_after.rating, puzzle_after.deviation, puzzle_after.volatility);
    ++prow.attempts;
    prow.solved += solved ? 1 : 0;
    std::tie(row.rating, row.deviation, row.volatility) =
        std::tuple(after.rating, after.deviation, after.volatility);
    ++row.games;
    row.updated_ms = now();
    const store::PuzzleAttempt verdict =
        store_->rate_puzzle(row, prow, solved, options_.max_attempts);
    if (verdict != store::PuzzleAttempt::rated)
        return {200,
                {{"rated", false},
                 {"why", verdict == store::PuzzleAttempt::full ? "full" : "repeated"},
                 {"rating", rating_json(before)},
                 {"puzzle", rating_json(puzzle_before)}}};
    {
        const std::lock_guard lock(mutex_);
        rated_[p.id] = prow;
    }
    return {200,
            {{"rated", true},
             {"before", rating_json(before)},
             {"rating", rating_json(after)},
             {"puzzle", rating_json(puzzle_after)}}};
}

// A guest's attempt: the same arithmetic on the rating the browser keeps;
// the puzzle's rating does not move.
ApiResponse PuzzleService::guest(const ApiRequest& r, const std::string& game) {
    const json body = parse_body(r, 4);
    const Puzzle& p = find(game, get_string(body, "id"));
    const bool solved = get_bool(body, "solved", false);
    ratings::Rating before;
    if (body.contains("rating") && !body["rating"].is_null()) {
        const json& kept = body["rating"];
        if (!kept.is_object()) fail("puz.rating");
        before = {get_number(kept, "rating", 1500, 0, 4000),
                  get_number(kept, "deviation", 350, 1, 350),
                  get_number(kept, "volatility", 0.06, 0.0001, 1)};
    }
    const ratings::Rating puzzle = rating_of(p);
    const ratings::Rating after = ratings::update(before, {{puzzle, solved ? 1.0 : 0.0}});
    return {200,
            {{"rated", true},
             {"before", rating_json(before)},
             {"rating", rating_json(after)},
             {"puzzle", rating_json(puzzle)}}};
}

// Everything but the choice of the next puzzle (which reads an account's
// attempts) and an account's attempt is answered from memory: the quick lane.
void PuzzleService::add_routes(RouteTable& table) {
    using enum Who;
    using enum RateClass;
    constexpr auto disk = Handler::Lane::Disk, quick = Handler::Lane::Quick;
    using Call = ApiResponse (PuzzleService::*)(const ApiRequest&, const std::string&);
    const auto on = [this](Call handler) {
        return [this, handler](const ApiRequest& r, const PathArgs& a) {
            return (this->*handler)(r, a.at("game"));
        };
    };
    table.add({"GET", "/api/puzzles", Anyone, quick, Plain,
               [this](const ApiRequest&, const PathArgs&) { return sets(); }});
    table.add({"GET", "/api/puzzles/:game", Anyone, quick, Plain, on(&PuzzleService::listing)});
    table.add(
        {"GET", "/api/puzzles/:game/daily", Anyone, quick, Plain, on(&PuzzleService::daily_of)});
    table.add({"GET", "/api/puzzles/:game/next", Anyone, disk, Plain, on(&PuzzleService::next)});
    table.add(
        {"POST", "/api/puzzles/:game/attempts", Account, disk, Plain, on(&PuzzleService::attempt)});
    table.add(
        {"POST", "/api/puzzles/:game/guest", Anyone, quick, Plain, on(&PuzzleService::guest)});
    table.add({"GET", "/api/puzzles/:game/:puzzle", Anyone, quick, Plain,
               [this](const ApiRequest&, const PathArgs& a) {
                   return one(a.at("game"), a.at("puzzle"));
               }});
}

}  // namespace asterism::server::puzzles
