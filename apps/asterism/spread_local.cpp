// spread.h for the plain `asterism` binary: every item in this process.
#include <numeric>

#include "spread.h"

namespace asterism::cli {

std::vector<std::string> spread(int n, int threads, const SpreadJob& job) {
    std::vector<int> all(static_cast<std::size_t>(std::max(n, 0)));
    std::iota(all.begin(), all.end(), 0);
    return run_here(all, threads, job);
}

bool spread_reports() {
    return true;
}

bool spread_over_processes() {
    return false;
}

}  // namespace asterism::cli
