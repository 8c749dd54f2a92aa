// The threads of spread.h, shared by the plain and the MPI build.
#include <algorithm>
#include <exception>
#include <mutex>
#include <thread>

#include "spread.h"

namespace asterism::cli {

std::vector<std::string> run_here(const std::vector<int>& indices, int threads,
                                  const SpreadJob& job) {
    std::vector<std::string> out(indices.size());
    std::mutex mutex;
    std::size_t next = 0;
    std::exception_ptr failure;
    auto worker = [&] {
        for (;;) {
            std::size_t k;
            {
                std::lock_guard<std::mutex> lock(mutex);
                if (failure || next >= indices.size()) return;
                k = next++;
            }
            try {
                out[k] = job(indices[k]);
            } catch (...) {
                std::lock_guard<std::mutex> lock(mutex);
                if (!failure) failure = std::current_exception();
            }
        }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < std::max(1, threads); ++t) pool.emplace_back(worker);
    worker();
    for (auto& t : pool) t.join();
    if (failure) std::rethrow_exception(failure);
    return out;
}

}  // namespace asterism::cli
