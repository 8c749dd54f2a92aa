// The online service's life and the computer's turns (game.h).
#include "server/games/game.h"

#include <algorithm>
#include <random>
#include <thread>
#include "search/players.h"
#include "server/share.h"

namespace asterism::server {

using namespace games;

GameService::GameService(store::Store& store, EventHub& hub, GameLimits limits, std::uint64_t seed,
                         std::function<std::int64_t()> clock, FairPool* thinking)
    : store_(store), hub_(hub), limits_(limits), clock_(clock ? std::move(clock) : system_now) {
    if (!thinking) {
        own_thinking_ = std::make_unique<FairPool>(FairPool::Limits{.threads = 1});
        thinking = own_thinking_.get();
    }
    thinking_ = thinking;
    if (seed == 0) {
        std::random_device device;
        seed = (std::uint64_t{device()} << 32) ^ device();
    }
    next_seed_ = seed | 1;
    restore_all();
    hub_.on_presence([this](const std::string& channel) {
        std::shared_ptr<Game> g;
        {
            std::lock_guard lock(mutex_);
            const auto it = games_.find(channel);
            if (it == games_.end()) return;
            g = it->second;
        }
        std::lock_guard lock(g->mutex);
        publish(*g);
    });
    // Computer moves that were due when the server stopped.
    for (const auto& [id, g] : games_)
        if (!g->table.over() && g->seats.both_joined() && g->table.computer_to_move())
            computer_queue_.push_back(g);
}

GameService::~GameService() {
    hub_.on_presence(nullptr);
    search_stop_->raise("stop.server");
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    clock_wake_.notify_all();
    for (auto& t : threads_) t.join();
    // The computer's moves queued in a pool of the service's own (a shared
    // pool is stopped by its owner before this service goes).
    if (own_thinking_) own_thinking_->stop();
}

std::size_t GameService::games_in_memory() const {
    std::lock_guard lock(mutex_);
    return games_.size();
}

void GameService::start() {
    std::deque<std::shared_ptr<Game>> due;
    {
        std::lock_guard lock(mutex_);
        started_ = true;
        due.swap(computer_queue_);
    }
    for (const auto& g : due) think(g);
    threads_.emplace_back([this] { clock_worker(); });
}

// The network a game's computer works for: the person's seat's holder (the
// one who chose the opponent), whose share of the thinking pool it takes.
std::string GameService::computer_network(const Game& g) const {
    for (int i = 0; i < 2; ++i)
        if (!g.seats[i].computer && !g.holders[i].empty()) return g.holders[i];
    return "the server";
}

// Hands the computer's move to the thinking pool, as work owed to the
// person who moved (never refused: a network's games are capped instead).
// The pool serves networks in turn, so one network's many games against
// strong opponents take one thread, not all.
void GameService::think(const std::shared_ptr<Game>& g) {
    std::string network;
    {
        std::lock_guard lock(mutex_);
        network = computer_network(*g);
    }
    thinking_->submit(
        network, [this, g] { play_or_retry(g); }, FairPool::Admit::Owed);
}

void GameService::schedule_computer(const std::shared_ptr<Game>& g) {
    {
        std::lock_guard lock(mutex_);
        if (g->computer_due) return;
        g->computer_due = true;
        if (!started_) {
            computer_queue_.push_back(g);
            return;
        }
    }
    think(g);
}

// Plans the computer's move on a copy without holding the game, then plays
// it if the game has not changed meanwhile; false when it had (the move is
// planned again).
bool GameService::play_computer_move(const std::shared_ptr<Game>& gp) {
    Game& g = *gp;
    std::unique_ptr<asterism::Game> copy;
    std::string player;
    std::uint64_t seq = 0, seed = 0, changes = 0;
    {
        std::lock_guard lock(g.mutex);
        g.computer_due = false;
        if (g.table.over() || !g.seats.both_joined() || !g.table.computer_to_move() ||
            !g.expired.empty())
            return true;
        changes = g.changes.load();
        copy = g.table.game().clone();
        player = g.table.seat(copy->to_move()).player;
        seq = g.row.last_seq;
        seed = g.seed++;
    }
    Rng rng(seed);
    auto agent = bounded_player(player, *copy, seed, gp, changes, nullptr);
    const ComputerTurn turn = plan_computer_turn(*copy, DrawOffers{}, *agent, rng,
                                                 {.analyse = false, .answer_draws = false});
    std::lock_guard lock(g.mutex);
    if (g.row.last_seq != seq) return false;
    if (!turn.move) return true;
    const Player p = g.table.game().to_move();
    const GameEvent event = table_events::Move{*turn.move, seat_index(p)};
    apply_event(g, event);
    turn_over(g, p, now());
    commit(g, event);
    return true;
}

void GameService::run_computer_moves() {
    for (int guard = 0; guard < 10000; ++guard) {
        std::shared_ptr<Game> g;
        {
            std::lock_guard lock(mutex_);
            if (computer_queue_.empty()) return;
            g = computer_queue_.front();
            computer_queue_.pop_front();
        }
        if (!play_computer_move(g)) schedule_computer(g);
    }
}

// A computer's move on a thread of the pool; planned again when the game
// changed meanwhile.
void GameService::play_or_retry(const std::shared_ptr<Game>& g) {
    {
        std::lock_guard lock(mutex_);
        if (stopping_) return;
    }
    try {
        if (!play_computer_move(g)) schedule_computer(g);
    } catch (const SearchStopped&) {
        // The game changed (its next change asks again) or the server
        // is stopping.
    } catch (const std::exception&) {
        // A store failure: the game stays as its log says; its next
        // change will ask the computer again.
    } catch (const HttpError&) {
        // Not saved (the store refused): as above.
    }
}

void GameService::stop_searches(ReasonCode reason) {
    search_stop_->raise(reason);
}

// The table of online games gives each network its share (share.h): the
// games it created or holds a seat in, and of those the ones waiting.
void GameService::check_client_caps(const ApiRequest& r, bool creating_open) const {
    const std::string& client = r.client;
    std::size_t held = 0, waiting = 0;
    for (const auto& [id, g] : games_) {
        if (g->holders[0] != client && g->holders[1] != client) continue;
        ++held;
        waiting += g->waiting.load();
    }
    if (games_.size() >= limits_.max_games) fail("new.full", {{"n", limits_.max_games}});
    if (r.local) return;
    switch (
        share_verdict({.capacity = limits_.max_games, .per_network = limits_.max_games_per_client},
                      games_.size(), held)) {
        case ShareVerdict::OverShare:
            fail("new.held", {{"n", held}});
        case ShareVerdict::Crowded:
            fail_crowded(held);
        case ShareVerdict::Room:
            break;
    }
    if (creating_open && waiting >= limits_.max_open_per_client)
        fail("new.waiting", {{"n", waiting}});
}

std::unique_ptr<Agent> GameService::bounded_player(const std::string& player,
                                                   const asterism::Game& game, std::uint64_t seed,
                                                   const std::shared_ptr<Game>& g,
                                                   std::uint64_t changes,
                                                   const ApiRequest* request) {
    // The search is of a copy: when the game changes (a move, an undo, new
    // players, its end), the search is for nothing.
    auto gone = request ? request->gone : nullptr;
    return guarded(make_player(player, game, seed), limits_.search.max_seconds,
                   [stopping = search_stop_, gone, g, changes]() -> std::optional<ReasonCode> {
                       if (stopping->raised()) return stopping->reason();
                       if (gone && gone->load()) return ReasonCode("stop.hungUp");
                       if (g->changes.load() != changes) return kGameChanged;
                       return std::nullopt;
                   });
}

}  // namespace asterism::server
