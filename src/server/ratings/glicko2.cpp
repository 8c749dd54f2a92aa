// Glicko-2 (glicko2.h), step by step as Glickman's paper numbers them.
#include "server/ratings/glicko2.h"

#include <cmath>
#include <numbers>

namespace asterism::server::ratings {

namespace {

constexpr double kScale = 173.7178;  // the Glicko-2 scale: 400 / ln(10)
constexpr double kCentre = 1500;

double g_of(double phi) {
    return 1 / std::sqrt(1 + 3 * phi * phi / (std::numbers::pi * std::numbers::pi));
}

double expected(double mu, double mu_j, double phi_j) {
    return 1 / (1 + std::exp(-g_of(phi_j) * (mu - mu_j)));
}

// Step 5: the new volatility, the root of f by the Illinois method.
double new_volatility(double phi, double sigma, double v, double delta, const Glicko2Settings& s) {
    const double a = std::log(sigma * sigma);
    const double tau2 = s.tau * s.tau;
    auto f = [&](double x) {
        const double ex = std::exp(x);
        const double d = phi * phi + v + ex;
        return ex * (delta * delta - phi * phi - v - ex) / (2 * d * d) - (x - a) / tau2;
    };
    double lo = a, hi = 0;
    if (delta * delta > phi * phi + v) {
        hi = std::log(delta * delta - phi * phi - v);
    } else {
        int k = 1;
        while (f(a - k * s.tau) < 0 && k < 1000) ++k;
        hi = a - k * s.tau;
    }
    double f_lo = f(lo), f_hi = f(hi);
    for (int i = 0; i < 1000 && std::fabs(hi - lo) > s.epsilon; ++i) {
        const double c = lo + (lo - hi) * f_lo / (f_hi - f_lo);
        const double f_c = f(c);
        if (f_c * f_hi <= 0) {
            lo = hi;
            f_lo = f_hi;
        } else {
            f_lo /= 2;
        }
        hi = c;
        f_hi = f_c;
    }
    return std::exp(lo / 2);
}

}  // namespace

Rating update(const Rating& before, const std::vector<Result>& results,
              const Glicko2Settings& settings) {
    // Step 2: to the Glicko-2 scale.
    const double mu = (before.rating - kCentre) / kScale;
    const double phi = before.deviation / kScale;
    const double sigma = before.volatility;
    const double max_phi = settings.max_deviation / kScale;
    if (results.empty()) {
        // Step 6 alone: only the uncertainty grows.
        Rating out = before;
        out.deviation = std::fmin(std::sqrt(phi * phi + sigma * sigma), max_phi) * kScale;
        return out;
    }
    // Steps 3 and 4: the estimated variance and improvement.
    double v_inverse = 0, sum = 0;
    for (const Result& r : results) {
        const double mu_j = (r.opponent.rating - kCentre) / kScale;
        const double phi_j = r.opponent.deviation / kScale;
        const double g = g_of(phi_j), e = expected(mu, mu_j, phi_j);
        v_inverse += g * g * e * (1 - e);
        sum += g * (r.score - e);
    }
    const double v = 1 / v_inverse;
    const double delta = v * sum;
    // Steps 5 to 8.
    const double sigma_new = new_volatility(phi, sigma, v, delta, settings);
    const double phi_star = std::sqrt(phi * phi + sigma_new * sigma_new);
    const double phi_new = std::fmin(1 / std::sqrt(1 / (phi_star * phi_star) + 1 / v), max_phi);
    const double mu_new = mu + phi_new * phi_new * sum;
    return {mu_new * kScale + kCentre, phi_new * kScale, sigma_new};
}

}  // namespace asterism::server::ratings
