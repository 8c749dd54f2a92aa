// Self-play games and their training data (selfplay.h, docs/learning.md).
#include "learn/selfplay.h"

#include <algorithm>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <mutex>
#include <thread>

#include "core/numbers.h"
#include "core/registry.h"
#include "record/file_io.h"
#include "record/record.h"
#include "search/draw.h"
#include "search/players.h"

namespace asterism::learn {
namespace {

// Candidates kept per position: the search's best ones, enough for any
// distribution that matters (a wide MCTS root leaves most moves unvisited).
constexpr std::size_t kMaxCandidates = 64;

// Game i's seed: a mix of the run's seed and i, so that neighbouring games
// share no stream.
std::uint64_t game_seed(std::uint64_t seed, int index) {
    std::uint64_t z = seed * 0x9e3779b97f4a7c15ULL + static_cast<std::uint64_t>(index) + 1;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

// One "p" line: the position before move `ply`, the value the search gave
// the move it played, and its candidates with their visits and values.
std::string position_line(std::size_t ply, const Analysis& a) {
    std::string line = "p " + std::to_string(ply) + " " + fixed4(a.candidates.front().winrate);
    std::string moves;
    std::size_t n = 0;
    for (const Candidate& c : a.candidates) {
        // The move played is always written, even with no visits (a forced
        // move that alpha-beta does not search).
        if (n == kMaxCandidates || (c.visits == 0 && n > 0)) break;
        moves += " " + c.move + " " + std::to_string(c.visits) + " " + fixed4(c.winrate);
        ++n;
    }
    return line + " " + std::to_string(n) + moves + "\n";
}

// The result from the first player's view: 1, -1, 0 (a draw) or * (unfinished).
std::string result_text(const std::optional<Outcome>& o) {
    if (!o) return "*";
    if (o->kind != Outcome::Kind::Win) return "0";
    return o->winner == Player::First ? "1" : "-1";
}

std::string record_text(const SelfplaySettings& s, const Game& game, std::uint64_t seed,
                        const std::optional<Outcome>& judged) {
    Record record;
    record.set_tag(tag::kGame, game.spec());
    record.set_tag(tag::kFirst, "asterism");
    record.set_tag(tag::kFirstLevel, canonical_player(s.player));
    record.set_tag(tag::kSecond, "asterism");
    record.set_tag(tag::kSecondLevel, canonical_player(s.player));
    record.set_tag("Selfplay",
                   "seed " + std::to_string(s.seed) + ", game seed " + std::to_string(seed));
    update_record(record, game, "");
    if (judged) {
        const bool draw = judged->kind != Outcome::Kind::Win;
        record.set_tag(tag::kResult, draw                              ? "1/2-1/2"
                                     : judged->winner == Player::First ? "1-0"
                                                                       : "0-1");
        record.set_tag(tag::kTermination, "adjudication");
    } else if (!game.terminal()) {
        record.set_tag(tag::kResult, "*");
    }
    return format_record(record);
}

}  // namespace

std::string training_header(const std::string& spec) {
    return "asterism-training 1 " + spec + "\n";
}

SelfplayGame selfplay_game(const SelfplaySettings& s, int number) {
    const std::uint64_t seed = game_seed(s.seed, number);
    auto game = Registry::instance().create(s.game);
    if (game->num_players() != 2) throw GameError("selfplay is for two-player games");
    Rng rng(seed);
    for (int p = 0; p < s.random_plies && !game->terminal(); ++p) {
        const auto legal = game->legal_moves();
        game->play(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
    }
    std::unique_ptr<Agent> seats[2] = {make_player(s.player, *game, seed),
                                       make_player(s.player, *game, seed + 1)};
    std::string lines;
    Adjudicator judge(s.resign, s.draw);
    std::optional<Outcome> judged;
    while (!game->terminal() && !judged && static_cast<int>(game->history().size()) < s.max_plies) {
        const Player mover = game->to_move();
        Agent& agent = *seats[index(mover)];
        const Analysis a = agent.analyze(*game, rng, {}, nullptr);
        if (a.candidates.empty()) throw GameError("internal: " + agent.name() + " found no move");
        lines += position_line(game->history().size(), a);
        game->play(a.candidates.front().move);
        Outcome o;
        if (!game->terminal() && judge.active() &&
            judge.observe(mover, analysis_rating(a), static_cast<int>(game->history().size()), o))
            judged = o;
    }
    SelfplayGame out;
    out.index = number;
    std::string moves;
    for (const std::string& m : game->history()) moves += " " + m;
    out.training = "g " + std::to_string(number) + " " +
                   result_text(game->terminal() ? game->outcome() : judged) + " " +
                   std::to_string(game->history().size()) + moves + "\n" + lines;
    out.record = record_text(s, *game, seed, judged);
    return out;
}

std::string pack_game(const SelfplayGame& g) {
    return std::to_string(g.index) + "\n" + std::to_string(g.record.size()) + "\n" + g.record +
           g.training;
}

SelfplayGame unpack_game(const std::string& bytes) {
    SelfplayGame g;
    const std::size_t a = bytes.find('\n');
    const std::size_t b = a == std::string::npos ? a : bytes.find('\n', a + 1);
    try {
        if (b == std::string::npos) throw std::invalid_argument("short");
        g.index = std::stoi(bytes.substr(0, a));
        const std::size_t size = std::stoul(bytes.substr(a + 1, b - a - 1));
        if (b + 1 + size > bytes.size()) throw std::invalid_argument("short");
        g.record = bytes.substr(b + 1, size);
        g.training = bytes.substr(b + 1 + size);
    } catch (const std::exception&) {
        throw GameError("not a packed self-play game");
    }
    return g;
}

std::vector<SelfplayGame> play_selfplay(const SelfplaySettings& s, int count, int parallel,
                                        const std::function<void(const SelfplayGame&)>& on_game) {
    std::vector<SelfplayGame> games(static_cast<std::size_t>(std::max(0, count)));
    std::vector<bool> done(games.size(), false);
    std::mutex mutex;
    int next = 0, reported = 0;
    std::exception_ptr failure;
    auto worker = [&] {
        for (;;) {
            int i;
            {
                std::lock_guard<std::mutex> lock(mutex);
                if (next >= count || failure) return;
                i = next++;
            }
            try {
                SelfplayGame g = selfplay_game(s, i);
                std::lock_guard<std::mutex> lock(mutex);
                games[static_cast<std::size_t>(i)] = std::move(g);
                done[static_cast<std::size_t>(i)] = true;
                // Report every finished game whose predecessors are all in.
                for (; reported < count && done[static_cast<std::size_t>(reported)]; ++reported)
                    if (on_game) on_game(games[static_cast<std::size_t>(reported)]);
            } catch (...) {
                std::lock_guard<std::mutex> lock(mutex);
                if (!failure) failure = std::current_exception();
            }
        }
    };
    std::vector<std::thread> threads;
    for (int t = 1; t < std::max(1, parallel); ++t) threads.emplace_back(worker);
    worker();
    for (auto& t : threads) t.join();
    if (failure) std::rethrow_exception(failure);
    return games;
}

void write_selfplay(const std::string& dir, const SelfplaySettings& s,
                    const std::vector<SelfplayGame>& games) {
    namespace fs = std::filesystem;
    std::error_code ec;
    fs::create_directories(fs::path(dir) / "records", ec);
    if (ec) throw GameError("cannot create " + dir + "/records: " + ec.message());
    const std::string spec = Registry::instance().create(s.game)->spec();
    std::string training = training_header(spec);
    for (const SelfplayGame& g : games) {
        char name[32];
        std::snprintf(name, sizeof name, "%06d.rec", g.index);
        write_file_atomically((fs::path(dir) / "records" / name).string(), g.record);
        training += g.training;
    }
    write_file_atomically((fs::path(dir) / "positions.txt").string(), training);
}

}  // namespace asterism::learn
