// `asterism train` (train.h): the samples of each game's learned knowledge
// and the include file of fitted weights.
#include "learn/train.h"

#include <cmath>
#include <cstdio>
#include <optional>

#include "core/registry.h"
#include "core/state_game.h"
#include "games/all_states.h"
#include "learn/training.h"
#include "record/file_io.h"

namespace asterism::learn {
namespace {

constexpr double kTexelRate = 40;

// The knowledge a game's State offers to fit, read from its members: move
// priors (the MCTS games: features of every legal move, fitted by softmax)
// or an evaluation (the chess-likes: terms of the static evaluation, fitted
// by Texel's method).
template <class S>
concept HasMovePriors = requires(const S& s, const typename S::Move* moves, std::uint16_t* out,
                                 std::uint8_t* counts) {
    S::kPriorFeatures;
    S::kMoveFeatures;
    s.move_features(moves, 0, out, counts);
};
template <class S>
concept HasEvaluation = requires(const S& s, int* terms) {
    S::kEvalTerms;
    s.eval_terms(terms);
    S::eval_weights(0);
};

// The move samples of a game whose State has move_features(): every legal
// move with its features, the target the search's visits.
template <class S>
std::vector<MoveSample> move_samples(const TrainingFile& file, int holdout_every,
                                     bool played_only) {
    std::vector<MoveSample> out;
    std::vector<typename S::Move> moves(S::kMaxMoves);
    for (const TrainingGame& g : file.games) {
        auto game = Registry::instance().create(file.spec);
        int ply = 0;
        for (const TrainingPosition& p : g.positions) {
            for (; ply < p.ply; ++ply) game->play(g.moves[static_cast<std::size_t>(ply)]);
            const S& s = dynamic_cast<const StateGame<S>&>(*game).state();
            MoveSample sample;
            sample.holdout = holdout_every > 0 && g.index % holdout_every == holdout_every - 1;
            const int n = s.generate(moves.data());
            double visits = 0;
            for (const TrainingCandidate& c : p.candidates) visits += static_cast<double>(c.visits);
            sample.target.assign(static_cast<std::size_t>(n), 0.0f);
            for (const TrainingCandidate& c : p.candidates) {
                if (played_only && &c != &p.candidates.front()) break;
                if (played_only) visits = static_cast<double>(c.visits);
                const typename S::Move m = s.parse_move(c.move);
                for (int i = 0; i < n; ++i)
                    if (moves[static_cast<std::size_t>(i)] == m)
                        sample.target[static_cast<std::size_t>(i)] =
                            static_cast<float>(static_cast<double>(c.visits) / visits);
            }
            std::vector<std::uint16_t> f(static_cast<std::size_t>(n * S::kMoveFeatures));
            std::vector<std::uint8_t> counts(static_cast<std::size_t>(n));
            s.move_features(moves.data(), n, f.data(), counts.data());
            for (int i = 0; i < n; ++i) {
                const auto at = f.begin() + i * S::kMoveFeatures;
                sample.features.insert(sample.features.end(), at,
                                       at + counts[static_cast<std::size_t>(i)]);
                sample.start.push_back(static_cast<std::uint32_t>(sample.features.size()));
            }
            if (n > 1 && visits > 0) out.push_back(std::move(sample));
        }
    }
    return out;
}

// The evaluation samples of a chess-like: the quiet positions (no capture
// or promotion to make, not in check), where the static evaluation is what
// the search uses, with the game's result for the side to move.
template <class S>
std::vector<EvalSample> eval_samples(const TrainingFile& file, int holdout_every) {
    std::vector<EvalSample> out;
    std::vector<typename S::Move> moves(S::kMaxMoves);
    for (const TrainingGame& g : file.games) {
        if (!g.finished) continue;
        auto game = Registry::instance().create(file.spec);
        int ply = 0;
        for (const TrainingPosition& p : g.positions) {
            for (; ply < p.ply; ++ply) game->play(g.moves[static_cast<std::size_t>(ply)]);
            const S& s = dynamic_cast<const StateGame<S>&>(*game).state();
            const int n = s.generate(moves.data());
            bool quiet = n > 0 && !s.in_check();
            for (int i = 0; i < n && quiet; ++i)
                quiet = !s.is_noisy(moves[static_cast<std::size_t>(i)]);
            if (!quiet) continue;
            EvalSample sample;
            sample.holdout = holdout_every > 0 && g.index % holdout_every == holdout_every - 1;
            int terms[S::kEvalTerms];
            s.eval_terms(terms);
            sample.terms.assign(terms, terms + S::kEvalTerms);
            const int first = s.to_move() == Player::First ? 1 : -1;
            sample.result = static_cast<float>(0.5 + 0.5 * g.result * first);
            out.push_back(std::move(sample));
        }
    }
    return out;
}

// Texel: the scale that fits the hand weights, then every weight at that
// scale, so the fitted evaluation keeps the units the search's margins
// expect. The weights are written rounded to whole units.
template <class S>
FitReport texel(const TrainingFile& file, const TrainSettings& s) {
    const std::vector<EvalSample> samples = eval_samples<S>(file, s.holdout_every);
    if (samples.empty()) throw GameError("no quiet positions in the training data");
    std::vector<double> start(S::kEvalTerms);
    for (int i = 0; i < S::kEvalTerms; ++i)
        start[static_cast<std::size_t>(i)] = S::eval_weights(0)[static_cast<std::size_t>(i)];
    const double scale = fit_scale(samples, start);
    // The weights are in evaluation units (a small man is 100), so Adam's
    // step, which is about the change of a weight per iteration, is scaled
    // up from the priors' to match.
    FitSettings fit = s.fit;
    fit.rate *= kTexelRate;
    FitReport r = fit_logistic(samples, start, std::vector<bool>(start.size(), false), scale, fit);
    for (double& w : r.weights) w = std::round(w);
    return r;
}

std::string weights_file(const TrainSettings& s, const std::string& spec, const FitReport& r,
                         bool whole) {
    std::string text = "// Fitted by: " + s.command + "\n// Data: " + spec + ", " +
                       std::to_string(r.fitted) + " positions fitted, " +
                       std::to_string(r.held_out) + " held out\n";
    char buf[160];
    std::snprintf(buf, sizeof buf, "// Loss: fitted %.4f, held out %.4f (%.4f before)",
                  r.fitted_loss, r.holdout_loss, r.holdout_start_loss);
    text += buf;
    // Top-1 is a move choice's figure: the priors' (softmax) fits have it,
    // an evaluation's (whole weights) does not.
    std::snprintf(buf, sizeof buf, ", held-out top-1 %.3f", r.holdout_top1);
    if (!whole) text += buf;
    text += "\n";
    for (std::size_t i = 0; i < r.weights.size(); ++i) {
        const char* comma = i + 1 < r.weights.size() ? "," : "";
        if (whole)
            std::snprintf(buf, sizeof buf, "%d%s\n", static_cast<int>(r.weights[i]), comma);
        else
            std::snprintf(buf, sizeof buf, "%.5f%s\n", r.weights[i], comma);
        text += buf;
    }
    return text;
}

}  // namespace

FitReport train(const TrainSettings& s) {
    const TrainingFile file = load_training(s.data);
    const std::string id = spec_id(file.spec);
    std::optional<FitReport> report;
    bool whole = false;
    if (Registry::instance().find(id)) {
        const auto game = Registry::instance().create(file.spec);
        visit_state<AllStates>(*game, [&]<class S>(const S&) {
            if constexpr (HasMovePriors<S>) {
                report = fit_softmax(move_samples<S>(file, s.holdout_every, s.played_only),
                                     S::kPriorFeatures, s.fit);
            } else if constexpr (HasEvaluation<S>) {
                report = texel<S>(file, s);
                whole = true;
            }
        });
    }
    if (!report) throw GameError("no learned knowledge to fit for " + id);
    write_file_atomically(s.out, weights_file(s, file.spec, *report, whole));
    return *report;
}

}  // namespace asterism::learn
