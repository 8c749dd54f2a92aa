// The fitters of fit.h.
#include "learn/fit.h"

#include <algorithm>
#include <cmath>

namespace asterism::learn {
namespace {

// Adam over a full-batch gradient.
struct Adam {
    std::vector<double> m, v;
    int t = 0;
    explicit Adam(std::size_t n) : m(n, 0), v(n, 0) {}
    void step(std::vector<double>& w, const std::vector<double>& g, double rate,
              const std::vector<bool>* frozen = nullptr) {
        ++t;
        const double b1 = 0.9, b2 = 0.999;
        for (std::size_t i = 0; i < w.size(); ++i) {
            if (frozen && (*frozen)[i]) continue;
            m[i] = b1 * m[i] + (1 - b1) * g[i];
            v[i] = b2 * v[i] + (1 - b2) * g[i] * g[i];
            const double mh = m[i] / (1 - std::pow(b1, t)), vh = v[i] / (1 - std::pow(b2, t));
            w[i] -= rate * mh / (std::sqrt(vh) + 1e-8);
        }
    }
};

// Cross-entropy of one position under `w`; adds its gradient to `grad`
// when that is not null; `top1` is set when the model's best move is the
// target's best.
double softmax_loss(const MoveSample& s, const std::vector<double>& w, std::vector<double>* grad,
                    bool* top1) {
    const std::size_t n = s.target.size();
    std::vector<double> score(n);
    double top = -1e300;
    for (std::size_t i = 0; i < n; ++i) {
        double x = 0;
        for (std::uint32_t k = s.start[i]; k < s.start[i + 1]; ++k) x += w[s.features[k]];
        score[i] = x;
        top = std::max(top, x);
    }
    double total = 0;
    for (const double x : score) total += std::exp(x - top);
    const double log_total = std::log(total) + top;
    double loss = 0;
    std::size_t best_model = 0, best_target = 0;
    for (std::size_t i = 0; i < n; ++i) {
        if (score[i] > score[best_model]) best_model = i;
        if (s.target[i] > s.target[best_target]) best_target = i;
        if (s.target[i] > 0) loss -= s.target[i] * (score[i] - log_total);
        if (!grad) continue;
        const double d = std::exp(score[i] - log_total) - s.target[i];
        for (std::uint32_t k = s.start[i]; k < s.start[i + 1]; ++k) (*grad)[s.features[k]] += d;
    }
    if (top1) *top1 = best_model == best_target;
    return loss;
}

double sigmoid(double x) {
    return 1 / (1 + std::exp(-x));
}

double dot(const std::vector<float>& x, const std::vector<double>& w) {
    double s = 0;
    for (std::size_t i = 0; i < x.size(); ++i) s += x[i] * w[i];
    return s;
}

double mean_squared(const std::vector<EvalSample>& samples, const std::vector<double>& w,
                    double scale, bool holdout) {
    double total = 0;
    int n = 0;
    for (const EvalSample& s : samples) {
        if (s.holdout != holdout) continue;
        const double e = s.result - sigmoid(scale * dot(s.terms, w));
        total += e * e;
        ++n;
    }
    return n ? total / n : 0;
}

}  // namespace

FitReport fit_softmax(const std::vector<MoveSample>& samples, int features,
                      const FitSettings& settings) {
    FitReport r;
    r.weights.assign(static_cast<std::size_t>(features), 0.0);
    for (const MoveSample& s : samples) ++(s.holdout ? r.held_out : r.fitted);
    auto holdout_loss = [&] {
        double loss = 0;
        int top1 = 0;
        for (const MoveSample& s : samples) {
            if (!s.holdout) continue;
            bool hit = false;
            loss += softmax_loss(s, r.weights, nullptr, &hit);
            top1 += hit;
        }
        r.holdout_top1 = r.held_out ? static_cast<double>(top1) / r.held_out : 0;
        return r.held_out ? loss / r.held_out : 0;
    };
    r.holdout_start_loss = holdout_loss();
    Adam adam(r.weights.size());
    std::vector<double> grad(r.weights.size());
    for (int it = 0; it < settings.iterations; ++it) {
        std::fill(grad.begin(), grad.end(), 0.0);
        double loss = 0;
        for (const MoveSample& s : samples)
            if (!s.holdout) loss += softmax_loss(s, r.weights, &grad, nullptr);
        const double n = std::max(1, r.fitted);
        for (std::size_t i = 0; i < grad.size(); ++i)
            grad[i] = grad[i] / n + settings.l2 * r.weights[i];
        r.fitted_loss = loss / n;
        adam.step(r.weights, grad, settings.rate);
    }
    r.holdout_loss = holdout_loss();
    return r;
}

double fit_scale(const std::vector<EvalSample>& samples, const std::vector<double>& w) {
    double lo = 1e-5, hi = 0.05;
    const double phi = (std::sqrt(5.0) - 1) / 2;
    for (int it = 0; it < 60; ++it) {
        const double a = hi - phi * (hi - lo), b = lo + phi * (hi - lo);
        if (mean_squared(samples, w, a, false) < mean_squared(samples, w, b, false))
            hi = b;
        else
            lo = a;
    }
    return (lo + hi) / 2;
}

FitReport fit_logistic(const std::vector<EvalSample>& samples, const std::vector<double>& start,
                       const std::vector<bool>& frozen, double scale, const FitSettings& settings) {
    FitReport r;
    r.weights = start;
    for (const EvalSample& s : samples) ++(s.holdout ? r.held_out : r.fitted);
    r.holdout_start_loss = mean_squared(samples, r.weights, scale, true);
    Adam adam(r.weights.size());
    std::vector<double> grad(r.weights.size());
    for (int it = 0; it < settings.iterations; ++it) {
        std::fill(grad.begin(), grad.end(), 0.0);
        for (const EvalSample& s : samples) {
            if (s.holdout) continue;
            const double p = sigmoid(scale * dot(s.terms, r.weights));
            const double d = -2 * (s.result - p) * p * (1 - p) * scale;
            for (std::size_t i = 0; i < s.terms.size(); ++i) grad[i] += d * s.terms[i];
        }
        const double n = std::max(1, r.fitted);
        for (std::size_t i = 0; i < grad.size(); ++i) grad[i] /= n;
        adam.step(r.weights, grad, settings.rate, &frozen);
    }
    r.fitted_loss = mean_squared(samples, r.weights, scale, false);
    r.holdout_loss = mean_squared(samples, r.weights, scale, true);
    return r;
}

}  // namespace asterism::learn
