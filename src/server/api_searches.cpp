// The API's searches (api.h): the computer's moves, analyses, the
// computer's answers to draw offers, and reviews.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <semaphore>
#include <thread>

#include "search/engines.h"
#include "search/players.h"
#include "server/api_session.h"
#include "server/draws.h"
#include "server/json_args.h"

namespace asterism::server {

using nlohmann::json;

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

}  // namespace

// A copy of a local game to search on without holding its lock, and the
// count of its changes when it was taken.
struct Api::Snapshot {
    std::unique_ptr<Game> game;
    DrawOffers draws;
    Seat seat;  // the seat to move
    int level = 0;
    std::uint64_t seed = 0;
    std::uint64_t changes = 0;
};

Api::Snapshot Api::snapshot(Call& c) {
    std::lock_guard lock(c.game->mutex);
    const Table& t = c.game->table;
    if (t.over()) fail("over.noMoves", {{"why", t.over_reason()}});
    const Game& g = t.game();
    return {g.clone(),     t.draws(),      t.seat(g.to_move()),
            c.game->level, c.game->seed++, c.game->changes.load()};
}

// Whether the game is still the one `snap` was taken of (the caller holds
// its lock): a move, an undo, new players or its end made the search moot.
void Api::check_unchanged(const Call& c, const Snapshot& snap) {
    if (c.game->changes.load() != snap.changes || c.game->table.over()) fail("game.changed.ask");
}

ApiResponse Api::post_computer(Call& c) {
    const json body = parse_body(c.request, limits_.max_json_depth);
    Snapshot snap = snapshot(c);
    const bool own = snap.seat.computer() && !body.contains("level");
    const std::string player =
        own ? snap.seat.player
            : "level:" + std::to_string(get_int(body, "level", snap.level, 1, kMaxLevel));
    Rng rng(snap.seed);
    ComputerTurn turn;
    {
        SearchSlot slot;
        auto agent = bounded_player(player, *snap.game, snap, c);
        turn = plan_computer_turn(*snap.game, snap.draws, *agent, rng,
                                  {.analyse = false, .answer_draws = snap.seat.computer()});
    }
    json event = {{"player", index(turn.player)}, {"offers_draw", turn.offers_draw}};
    if (turn.answered_draw) event["answered_draw"] = *turn.answered_draw;
    if (turn.move) event["move"] = *turn.move;
    std::lock_guard lock(c.game->mutex);
    check_unchanged(c, snap);
    service().change(*c.game, "turn", std::move(event));
    json state = state_of(c);
    if (turn.move) state["move"] = *turn.move;
    return {200, state};
}

// A copy of the game taken back to `ply` moves, to analyse a position the
// player browsed back to. Unlike snapshot() it takes a finished game: its
// earlier positions are worth analysing (a game lost, a finished online
// game opened here); only a position where the game is over has no moves.
Api::Snapshot Api::snapshot_at(Call& c, int ply) {
    std::lock_guard lock(c.game->mutex);
    const Table& t = c.game->table;
    const int plies = static_cast<int>(t.game().history().size());
    if (ply < 0 || ply > plies) fail("request.ply", {{"max", plies}});
    if (ply == plies && t.over()) fail("over.noMoves", {{"why", t.over_reason()}});
    auto copy = t.game().clone();
    for (int k = plies; k > ply; --k) copy->undo();
    if (copy->to_move() == Player::None) fail("over.atMove");
    const Seat seat = t.seat(copy->to_move());
    return {std::move(copy), t.draws(),      seat,
            c.game->level,   c.game->seed++, c.game->changes.load()};
}

ApiResponse Api::post_analyze(Call& c) {
    const json body = parse_body(c.request, limits_.max_json_depth);
    // `ply`: the position after that many moves (browsing back); absent, the
    // game as it is now.
    const long long ply = get_int(body, "ply", -1, 0, 1 << 20);
    Snapshot snap = ply < 0 ? snapshot(c) : snapshot_at(c, static_cast<int>(ply));
    EngineSettings settings;
    settings.level = static_cast<int>(get_int(body, "level", snap.level, 1, kMaxLevel));
    settings.seed = snap.seed;
    settings.limits.playouts = static_cast<std::uint64_t>(
        get_int(body, "playouts", 0, 0, static_cast<long long>(limits_.max_playouts)));
    settings.limits.seconds = get_number(body, "seconds", 0, 0, limits_.max_seconds);
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
                       limits_.max_seconds &&
                   !stopping_->raised() && !(c.request.gone && c.request.gone->load());
        });
    }
    return {200, analysis_json(a, *snap.game, settings.level)};
}

namespace {

// A share rounded to four decimals: plenty for a shaded map, and it keeps a
// 275-cell map small.
double rounded(double share) {
    return std::round(share * 10000) / 10000;
}

// The ownership map (core/ownership.h) as docs/server.md gives it.
json ownership_json(const OwnershipEstimate& e) {
    json first = json::array(), second = json::array();
    for (std::size_t c = 0; c < e.first.size(); ++c) {
        first.push_back(rounded(e.first[c]));
        second.push_back(rounded(e.second[c]));
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

json Api::analysis_json(const Analysis& a, const Game& game, int level) const {
    json candidates = json::array();
    for (const Candidate& c : a.candidates) {
        if (static_cast<int>(candidates.size()) >= limits_.max_candidates) break;
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

// Draws by agreement (docs/server.md): a person offers, accepts or
// declines; a computer answers an offer made to it at once, by a search
// made without holding the game.
ApiResponse Api::post_draw(Call& c) {
    const json body = parse_body(c.request, limits_.max_json_depth);
    const std::string what = get_string(body, "action");
    if (what != "offer" && what != "accept" && what != "decline") fail("draw.action");
    Player by = Player::None;
    Snapshot snap;
    {
        std::lock_guard lock(c.game->mutex);
        const Table& t = c.game->table;
        if (t.over()) fail("over.now", {{"why", t.over_reason()}});
        if (t.game().num_players() != 2) fail("draw.one");
        const Player standing = t.draws().offered_by();
        if (what != "offer") {
            if (standing == Player::None) fail("draw.none");
            if (t.seat(opponent(standing)).computer()) fail("draw.toComputer");
            service().change(*c.game, "draw",
                             {{"action", what}, {"by", index(opponent(standing))}});
            return {200, state_of(c)};
        }
        by = offering_player(body, t);
        // Offering back what the other side offers is agreeing; an offer to
        // a person stands until they answer or move.
        if (standing == opponent(by) || !t.seat(opponent(by)).computer()) {
            service().change(*c.game, "draw", {{"action", "offer"}, {"by", index(by)}});
            return {200, state_of(c)};
        }
        const Game& g = t.game();
        snap = {g.clone(),     t.draws(),      t.seat(opponent(by)),
                c.game->level, c.game->seed++, c.game->changes.load()};
    }
    Rng rng(snap.seed);
    bool yes = false;
    {
        SearchSlot slot;
        auto agent = bounded_player(snap.seat.player, *snap.game, snap, c);
        yes = computer_accepts_offer(*snap.game, opponent(by), *agent, rng);
    }
    std::lock_guard lock(c.game->mutex);
    check_unchanged(c, snap);
    service().change(*c.game, "draw", {{"action", "offer"}, {"by", index(by)}, {"answer", yes}});
    json state = state_of(c);
    state["answer"] = yes ? "accepted" : "declined";
    return {200, state};
}

// Reviews (docs/server.md, "Reviewing a game"): the game as it is now, on a
// copy, a long job of the thinking pool in the network's turn; one per game
// at a time and limits_.max_reviews waiting or running on the server.
ApiResponse Api::post_review(Call& c) {
    const json body = parse_body(c.request, limits_.max_json_depth);
    std::atomic<int>& running = service().reviews_running();
    std::lock_guard lock(c.game->mutex);
    GameService::Game& s = *c.game;
    ReviewSettings settings;
    settings.level = static_cast<int>(get_int(
        body, "level", std::min(s.level, limits_.max_review_level), 2, limits_.max_review_level));
    settings.seed = s.seed++;
    const Game& g = s.table.game();
    const auto moves = static_cast<int>(g.history().size());
    if (moves == 0) fail("rv.noMoves");
    if (moves > limits_.max_review_moves)
        fail("rv.long", {{"n", moves}, {"max", limits_.max_review_moves}});
    if (s.review && !s.review->finished()) fail("rv.running");
    if (running.fetch_add(1) >= limits_.max_reviews) {
        running.fetch_sub(1);
        fail("limit.reviews", {{"n", limits_.max_reviews}});
    }
    s.review.reset();
    s.review = std::make_unique<ReviewJob>(
        g.clone(), settings, running, service().thinking(), c.request.client, stopping_,
        c.request.local ? FairPool::Admit::Own : FairPool::Admit::Bounded);
    return {202, s.review->status()};
}

ApiResponse Api::get_review(Call& c) {
    std::lock_guard lock(c.game->mutex);
    if (!c.game->review) fail("rv.none");

    return {200, c.game->review->status()};
}

std::unique_ptr<Agent> Api::bounded_player(const std::string& player, const Game& game,
                                           const Snapshot& snap, const Call& c) {
    // The search is of a copy: when the game changes (a move, an undo, new
    // players, its end), the search is for nothing.
    return guarded(make_player(player, game, snap.seed), limits_.search.max_seconds,
                   [stopping = stopping_, gone = c.request.gone, g = c.game,
                    changes = snap.changes]() -> std::string {
                       if (stopping->raised()) return stopping->reason();
                       if (gone && gone->load()) return "the client hung up";
                       if (g->changes.load() != changes) return kGameChanged;
                       return {};
                   });
}

void Api::stop_searches(const std::string& reason) {
    stopping_->raise(reason);
    if (games_) games_->stop_searches(reason);
}

}  // namespace asterism::server
