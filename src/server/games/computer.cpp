// The online service's life and the computer's turns (game.h).
#include "server/games/game.h"

#include <algorithm>
#include <random>
#include <thread>
#include "search/players.h"

namespace asterism::server {

using namespace online;

GameService::GameService(store::Store& store, EventHub& hub, OnlineLimits limits,
                         std::uint64_t seed, std::function<std::int64_t()> clock)
    : store_(store), hub_(hub), limits_(limits), clock_(clock ? std::move(clock) : system_now) {
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
        if (!g->table.over() && both_joined(*g) && g->table.computer_to_move())
            computer_queue_.push_back(g);
}

GameService::~GameService() {
    hub_.on_presence(nullptr);
    search_stop_->raise("the server is stopping");
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    clock_wake_.notify_all();
    for (auto& t : threads_) t.join();
}

std::size_t GameService::games_in_memory() const {
    std::lock_guard lock(mutex_);
    return games_.size();
}

void GameService::start() {
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    const int n = limits_.computer_threads > 0 ? limits_.computer_threads : static_cast<int>(cores);
    for (int i = 0; i < n; ++i) threads_.emplace_back([this] { computer_worker(); });
    threads_.emplace_back([this] { clock_worker(); });
}

void GameService::schedule_computer(const std::shared_ptr<Game>& g) {
    {
        std::lock_guard lock(mutex_);
        if (g->computer_due) return;
        g->computer_due = true;
        computer_queue_.push_back(g);
    }
    wake_.notify_one();
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
        if (g.table.over() || !both_joined(g) || !g.table.computer_to_move() || !g.expired.empty())
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
    const json event = {{"move", *turn.move}, {"by", seat_index(p)}};
    apply_event(g, "move", event);
    turn_over(g, p, now());
    commit(g, "move", event);
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

void GameService::computer_worker() {
    for (;;) {
        std::shared_ptr<Game> g;
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [&] { return stopping_ || !computer_queue_.empty(); });
            if (stopping_) return;
            g = computer_queue_.front();
            computer_queue_.pop_front();
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
}

void GameService::stop_searches(const std::string& reason) {
    search_stop_->raise(reason);
}

void GameService::check_client_caps(const std::string& client, bool creating_open) const {
    if (!limits_.cap_loopback && loopback_address(client)) return;
    std::size_t held = 0, waiting = 0;
    for (const auto& [id, g] : games_) {
        if (g->holders[0] != client && g->holders[1] != client) continue;
        ++held;
        waiting += g->waiting.load();
    }
    if (held >= limits_.max_games_per_client)
        fail(429, "your address holds " + std::to_string(held) +
                      " unfinished games; finish or resign some first");
    if (creating_open && waiting >= limits_.max_open_per_client)
        fail(429, "you have " + std::to_string(waiting) +
                      " games waiting for a player; start one of those first");
}

std::unique_ptr<Agent> GameService::bounded_player(const std::string& player,
                                                   const asterism::Game& game, std::uint64_t seed,
                                                   const std::shared_ptr<Game>& g,
                                                   std::uint64_t seq, const ApiRequest* request) {
    auto gone = request ? request->gone : nullptr;
    return guarded(make_player(player, game, seed), limits_.search.max_seconds,
                   [stopping = search_stop_, gone, g, seq]() -> std::string {
                       if (stopping->raised()) return stopping->reason();
                       if (gone && gone->load()) return "the client hung up";
                       if (g->changes.load() != seq) return kGameChanged;
                       return {};
                   });
}

}  // namespace asterism::server
