// find_puzzles (learn/puzzles.h): many candidate positions proven in
// threads, decided in candidate order under the set's caps, so that the
// puzzles kept do not depend on the threads.
#include <atomic>
#include <mutex>
#include <set>
#include <thread>

#include "core/types.h"
#include "learn/puzzles.h"

namespace asterism::learn {

namespace {

// One run of find_puzzles: workers prove candidates out of order; decide()
// takes their results in candidate order, so that the cap, the tally, the
// puzzles kept and where the run stops do not depend on the threads.
struct PuzzleRun {
    PuzzleRun(const PuzzleSettings& s, const std::vector<std::pair<std::string, std::string>>& c,
              int max, PuzzleProgress& p, const PuzzleDecided& d)
        : settings(s), candidates(c), max_puzzles(max), progress(p), on_decided(d) {}

    const PuzzleSettings& settings;
    const std::vector<std::pair<std::string, std::string>>& candidates;
    std::vector<std::size_t> todo;  // indices of the distinct candidates
    int max_puzzles;
    PuzzleProgress& progress;
    const PuzzleDecided& on_decided;
    std::vector<std::optional<Puzzle>> found;
    std::vector<Rejection> why;
    std::vector<char> ready;
    std::vector<Puzzle> kept;
    std::mutex lock;
    std::atomic<std::size_t> next{0};
    std::atomic<bool> stop{false};

    bool full() const { return progress.kept >= max_puzzles; }

    // The caps: a puzzle opening with a check or a capture is kept only if
    // then at most a third of those kept so far open so, and a win in one
    // or two only if then the wins in three or more keep their share.
    void keep(std::size_t k) {
        Rejection& r = why[k];
        std::optional<Puzzle>& p = found[k];
        if (p && p->sharp_opening && 3 * (progress.sharp + 1) > progress.kept + 1) {
            r = Rejection::CheckCaptureCap;
            p.reset();
        }
        const int percent = settings.min_long_percent;
        if (p && p->win_in < 3 && 100 * progress.long_wins < percent * (progress.kept + 1)) {
            r = Rejection::LongShare;
            p.reset();
        }
        ++progress.tally[rejection_name(r)];
        ++progress.decided;
        if (p) {
            ++progress.kept;
            progress.sharp += p->sharp_opening;
            progress.long_wins += p->win_in >= 3;
            kept.push_back(*p);
        }
        if (on_decided) on_decided(progress, p ? &*p : nullptr);
        p.reset();
    }

    // Decides, in order, every candidate whose proof is ready.
    void decide() {
        std::lock_guard<std::mutex> hold(lock);
        while (!full() && progress.decided < todo.size() && ready[progress.decided])
            keep(progress.decided);
        if (full()) stop = true;
    }

    void work() {
        while (!stop.load()) {
            const std::size_t k = next.fetch_add(1);
            if (k >= todo.size()) return;
            const auto& [position, source] = candidates[todo[k]];
            std::optional<Puzzle> p;
            Rejection r = Rejection::None;
            try {
                p = make_puzzle(settings, position, &r);
            } catch (const GameError&) {
                r = Rejection::Unreadable;  // a position string that does not read back
            }
            if (p) p->source = source;
            {
                std::lock_guard<std::mutex> hold(lock);
                found[k] = std::move(p);
                why[k] = r;
                ready[k] = 1;
            }
            decide();
        }
    }
};

}  // namespace

std::vector<Puzzle> find_puzzles(const PuzzleSettings& settings,
                                 const std::vector<std::pair<std::string, std::string>>& candidates,
                                 int threads, int max_puzzles, PuzzleProgress& progress,
                                 const PuzzleDecided& decided) {
    PuzzleRun run(settings, candidates, max_puzzles, progress, decided);
    // Each position once, at its first appearance.
    std::set<std::string> seen;
    for (std::size_t i = 0; i < candidates.size(); ++i)
        if (seen.insert(candidates[i].first).second) run.todo.push_back(i);
    progress.candidates = run.todo.size();
    run.found.resize(run.todo.size());
    run.why.assign(run.todo.size(), Rejection::None);
    run.ready.assign(run.todo.size(), 0);
    if (progress.decided > run.todo.size())
        throw GameError("the run to resume decided more candidates than there are");
    run.next = progress.decided;
    run.stop = run.full();
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back([&] { run.work(); });
    run.work();
    for (auto& t : pool) t.join();
    return std::move(run.kept);
}

}  // namespace asterism::learn
