// A local game's searches (game.h): the computer's move asked for, analyses,
// reviews, and the computer's answer to a draw offer, which online games
// share. Each searches a copy of the game without holding it, with the one
// bounded player (computer.cpp), and stores its result only if the game is
// still the one it searched.
#include "server/games/game.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <semaphore>
#include <thread>

#include "core/numbers.h"
#include "core/registry.h"
#include "search/engines.h"
#include "search/players.h"

namespace asterism::server {

using namespace games;

namespace {

// Searches are the only slow requests; this many may run at once, so that a
// burst of computer moves cannot oversubscribe the machine. The others wait.
std::counting_semaphore<256>& search_slots() {
    static std::counting_semaphore<256> slots(
        static_cast<std::ptrdiff_t>(std::clamp(std::thread::hardware_concurrency(), 1u, 256u)));
    return slots;
}

struct SearchSlot {
    SearchSlot() { search_slots().acquire(); }
    ~SearchSlot() { search_slots().release(); }
    SearchSlot(const SearchSlot&) = delete;
    SearchSlot& operator=(const SearchSlot&) = delete;
};

void require_local(const Game& g, const char* what) {
    if (!g.local()) fail("game.localOnly", {{"what", what}});
}

// 409 when the game is no longer the one searched (the caller holds its
// lock): a move, an undo, new players or its end made the search moot.
void check_unchanged(const Game& g, std::uint64_t changes) {
    if (g.changes.load() != changes || g.table.over()) fail("game.changed.ask");
}

}  // namespace

// A copy of a game to search on without holding its lock, and the count of
// its changes when it was taken.
struct GameService::Snapshot {
    std::unique_ptr<asterism::Game> game;
    DrawOffers draws;
    Seat seat;  // the seat to move
    int level = 0;
    std::uint64_t seed = 0;
    std::uint64_t changes = 0;
};

// The game now (`ply` < 0), which must be unfinished, or taken back to
// `ply` moves, to analyse a position the player browsed back to: a finished
// game's earlier positions are worth analysing too; only a position where
// the game is over has no moves.
GameService::Snapshot GameService::snapshot(Call& c, int ply) {
    std::lock_guard lock(c.game->mutex);
    const Table& t = c.game->table;
    const int plies = static_cast<int>(t.game().history().size());
    if (ply > plies) fail("request.ply", {{"max", plies}});
    if ((ply < 0 || ply == plies) && t.over()) fail("over.noMoves", {{"why", t.over_reason()}});
    auto copy = t.game().clone();
    for (int k = plies; ply >= 0 && k > ply; --k) copy->undo();
    if (copy->to_move() == Player::None) fail("over.atMove");
    const Seat seat = t.seat(copy->to_move());
    return {std::move(copy), t.draws(),      seat,
            c.game->level,   c.game->seed++, c.game->changes.load()};
}

// The computer's turn at a local game, asked for: the computer seat's own
// player, or a level the body names (a hint for a person's seat).
ApiResponse GameService::computer(Call& c) {
    require_local(*c.game, "computer");
    const json body = parse_body(c.request, 32);
    Snapshot snap = snapshot(c);
    const bool own = snap.seat.computer() && !body.contains("level");
    const std::string player =
        own ? snap.seat.player
            : "level:" + std::to_string(get_int(body, "level", snap.level, 1, kMaxLevel));
    Rng rng(snap.seed);
    ComputerTurn turn;
    {
        SearchSlot slot;
        auto agent =
            bounded_player(player, *snap.game, snap.seed, c.game, snap.changes, &c.request);
        turn = plan_computer_turn(*snap.game, snap.draws, *agent, rng,
                                  {.analyse = false, .answer_draws = snap.seat.computer()});
    }
    turn.analysis.reset();  // the log keeps what replaying needs, no search
    const std::optional<std::string> played = turn.move;
    std::lock_guard lock(c.game->mutex);
    check_unchanged(*c.game, snap.changes);
    change(*c.game, table_events::Turn{std::move(turn)});
    json state = local_state(c);
    if (played) state["move"] = *played;
    return {200, state};
}

ApiResponse GameService::analyze(Call& c) {
    require_local(*c.game, "analyze");
    const json body = parse_body(c.request, 32);
    const ThinkingLimits& l = limits_.thinking;
    // `ply`: the position after that many moves (browsing back); absent, the
    // game as it is now.
    const long long ply = get_int(body, "ply", -1, 0, 1 << 20);
    Snapshot snap = snapshot(c, static_cast<int>(ply));
    EngineSettings settings;
    settings.level = static_cast<int>(get_int(body, "level", snap.level, 1, kMaxLevel));
    settings.seed = snap.seed;
    settings.limits.playouts = static_cast<std::uint64_t>(
        get_int(body, "playouts", 0, 0, static_cast<long long>(l.max_playouts)));
    settings.limits.seconds = get_number(body, "seconds", 0, 0, l.max_seconds);
    settings.ownership = get_bool(body, "ownership", false);
    Rng rng(snap.seed);
    const auto start = std::chrono::steady_clock::now();
    Analysis a;
    {
        SearchSlot slot;
        auto agent = make_engine(*snap.game, settings);
        // Whatever the engine's own effort, stop at the server's cap.
        a = agent->analyze(*snap.game, rng, settings.limits, [&](const Analysis&) {
            return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() <
                       l.max_seconds &&
                   !search_stop_->raised() && !(c.request.gone && c.request.gone->load());
        });
    }
    return {200, analysis_json(a, *snap.game, settings.level)};
}

json GameService::answer_offer(Call& c, std::unique_lock<std::mutex>& lock, Player by) {
    Game& g = *c.game;
    auto copy = g.table.game().clone();
    const std::string player = g.table.seat(opponent(by)).player;
    const std::uint64_t seed = g.seed++, changes = g.changes.load();
    lock.unlock();
    bool yes = false;
    {
        SearchSlot slot;
        Rng rng(seed);
        auto agent = bounded_player(player, *copy, seed, c.game, changes, &c.request);
        yes = computer_accepts_offer(*copy, opponent(by), *agent, rng);
    }
    lock.lock();
    check_unchanged(g, changes);
    json out = act(c, table_events::Draw{"offer", by, yes});
    out["answer"] = yes ? "accepted" : "declined";
    return out;
}

// Reviews (docs/server.md, "Reviewing a game"): the game as it is now, on a
// copy, a long job of the thinking pool in the network's turn; one per game
// at a time and max_reviews waiting or running on the server.
ApiResponse GameService::post_review(Call& c) {
    require_local(*c.game, "review");
    const json body = parse_body(c.request, 32);
    const ThinkingLimits& l = limits_.thinking;
    std::lock_guard lock(c.game->mutex);
    Game& s = *c.game;
    const asterism::Game& g = s.table.game();
    ReviewSettings settings;
    // By default the form's review level, not the computer's playing level.
    settings.level = static_cast<int>(get_int(
        body, "level", std::min(review_level_of(g), l.max_review_level), 2, l.max_review_level));
    // A fixed seed, the one the page's own review in the browser uses
    // (web/review-panel.js): the same game at the same level reviews the
    // same every time, here and there, whatever was searched before.
    settings.seed = 1;
    const auto moves = static_cast<int>(g.history().size());
    if (moves == 0) fail("rv.noMoves");
    if (moves > l.max_review_moves) fail("rv.long", {{"n", moves}, {"max", l.max_review_moves}});
    if (s.review && !s.review->finished()) fail("rv.running");
    if (reviews_running_.fetch_add(1) >= l.max_reviews) {
        reviews_running_.fetch_sub(1);
        fail("limit.reviews", {{"n", l.max_reviews}});
    }
    s.review.reset();
    s.review = std::make_unique<ReviewJob>(
        g.clone(), settings, reviews_running_, *thinking_, c.request.client, search_stop_,
        c.request.local ? FairPool::Admit::Own : FairPool::Admit::Bounded);
    return {202, s.review->status()};
}

ApiResponse GameService::get_review(Call& c) {
    require_local(*c.game, "review");
    std::lock_guard lock(c.game->mutex);
    if (!c.game->review) fail("rv.none");
    return {200, c.game->review->status()};
}

namespace {

// The ownership map (core/ownership.h) as docs/server.md gives it.
json ownership_json(const OwnershipEstimate& e) {
    json first = json::array(), second = json::array();
    for (std::size_t c = 0; c < e.first.size(); ++c) {
        first.push_back(rounded(e.first[c], 4));
        second.push_back(rounded(e.second[c], 4));
    }
    json out = {{"samples", e.samples}, {"first", first}, {"second", second}};
    if (e.scored) {
        out["score"] = {e.score[0], e.score[1]};
        out["peries"] = {e.territory[0], e.territory[1]};
    }
    return out;
}

// One candidate; a proven one adds its result and distance.
json candidate_json(const Candidate& c) {
    json out = {{"move", c.move}, {"visits", c.visits}, {"winrate", c.winrate}, {"pv", c.pv}};
    if (c.proven != 0) {
        out["proven"] = c.proven > 0 ? "win" : "loss";
        out["proven_plies"] = c.proven_plies;
    }
    return out;
}

}  // namespace

json GameService::analysis_json(const Analysis& a, const asterism::Game& game, int level) const {
    json candidates = json::array();
    for (const Candidate& c : a.candidates) {
        if (static_cast<int>(candidates.size()) >= limits_.thinking.max_candidates) break;
        candidates.push_back(candidate_json(c));
    }
    const Player mover = game.to_move();
    json out = {{"ply", game.history().size()},
                {"to_move", index(mover)},
                {"candidates", candidates},
                {"playouts", a.playouts},
                {"unit", a.unit},
                {"seconds", a.seconds},
                {"level", level}};
    // The best move's winrate, turned to the first player's view for the
    // graph (one-player games: the player's own chance).
    if (!a.candidates.empty()) {
        const double w = a.candidates.front().winrate;
        out["winrate_first"] = mover == Player::Second ? 1 - w : w;
        // The result of the position itself when the move to play is proven.
        if (const std::string proven = proven_text(a.candidates.front()); !proven.empty())
            out["proven"] = proven;
    }
    if (!a.ownership.empty()) out["ownership"] = ownership_json(a.ownership);
    return out;
}

}  // namespace asterism::server
