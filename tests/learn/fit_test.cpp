// The fitters of src/learn (fit.h, train.h): a tiny self-play run and fit
// reproduces the weights committed in tests/data/learn_fit.txt, and the
// fitters recover what a constructed problem was made from.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "common/data_files.h"
#include "learn/fit.h"
#include "learn/selfplay.h"
#include "learn/train.h"

namespace asterism::learn {
namespace {

std::string rounded(double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3f", x);
    return std::string(buf) == "-0.000" ? "0.000" : buf;
}

TEST(Fit, TinyRunAndFitReproduceCommittedWeights) {
    const auto dir = std::filesystem::temp_directory_path() / "asterism_fit_test";
    int checked = 0;
    for (const auto& [line, w] : testing::data_rows("learn_fit.txt")) {
        ASSERT_GE(w.size(), 3u) << line;
        SelfplaySettings s;
        s.game = w[0];
        s.player = w[1];
        s.seed = 7;
        write_selfplay(dir.string(), s, play_selfplay(s, 4, 2, nullptr));
        TrainSettings t;
        t.data = {(dir / "positions.txt").string()};
        t.out = (dir / "weights.inc").string();
        t.fit.iterations = 30;
        t.holdout_every = 0;
        const FitReport r = train(t);
        ASSERT_GE(r.weights.size(), w.size() - 2);
        std::string got;
        for (std::size_t i = 2; i < w.size(); ++i) got += " " + rounded(r.weights[i - 2]);
        std::string want;
        for (std::size_t i = 2; i < w.size(); ++i) want += " " + w[i];
        EXPECT_EQ(got, want) << line;
        EXPECT_GT(r.fitted, 0) << line;
        // The file is what the game compiles: comments, then one number a
        // line (a stray comment piece once broke the whole-number files).
        std::ifstream in(t.out);
        std::size_t values = 0;
        for (std::string text; std::getline(in, text);) {
            if (text.starts_with("//")) continue;
            char* end = nullptr;
            std::strtod(text.c_str(), &end);
            EXPECT_TRUE(end != text.c_str() && (*end == '\0' || std::string(end) == ","))
                << line << ": " << text;
            ++values;
        }
        EXPECT_EQ(values, r.weights.size()) << line;
        ++checked;
    }
    std::filesystem::remove_all(dir);
    EXPECT_EQ(checked, 4);
}

// Two moves a position, one with feature 0 and one with feature 1; the
// first is the target three times in four: the fitted difference of the
// weights is log 3.
TEST(Fit, SoftmaxRecoversTheLogOdds) {
    MoveSample sample;
    sample.features = {0, 1};
    sample.start = {0, 1, 2};
    sample.target = {0.75f, 0.25f};
    FitSettings settings;
    settings.iterations = 2000;
    settings.l2 = 0;
    const FitReport r = fit_softmax({sample}, 2, settings);
    EXPECT_NEAR(r.weights[0] - r.weights[1], std::log(3.0), 0.01);
}

// Results drawn as exactly sigmoid(0.01 * (2 x0 - x1)): the logistic fit
// at that scale finds the weights 2 and -1 again.
TEST(Fit, LogisticRecoversTheWeights) {
    std::vector<EvalSample> samples;
    for (int a = -100; a <= 100; a += 20)
        for (int b = -100; b <= 100; b += 25) {
            EvalSample s;
            s.terms = {static_cast<float>(a), static_cast<float>(b)};
            s.result = static_cast<float>(1 / (1 + std::exp(-0.01 * (2.0 * a - b))));
            samples.push_back(s);
        }
    FitSettings settings;
    settings.iterations = 3000;
    settings.rate = 0.02;
    const FitReport r = fit_logistic(samples, {0, 0}, {false, false}, 0.01, settings);
    EXPECT_NEAR(r.weights[0], 2.0, 0.05);
    EXPECT_NEAR(r.weights[1], -1.0, 0.05);
    EXPECT_NEAR(fit_scale(samples, {2, -1}), 0.01, 0.0005);
}

}  // namespace
}  // namespace asterism::learn
