// spread.h for `asterism-mpi`: rank r of an MPI job of `size` ranks runs
// the items whose index is r modulo size, then every rank sends its strings
// to rank 0, which puts them back in index order (docs/mpi.md). The share
// is fixed by the indices alone, so that which rank ran an item never
// changes what the item gives.
#include <mpi.h>

#include <cstdint>
#include <stdexcept>

#include "spread.h"

namespace asterism::cli {
namespace {

int world(int (*query)(MPI_Comm, int*)) {
    int value = 0;
    query(MPI_COMM_WORLD, &value);
    return value;
}

// Strings as one buffer: each one's length (8 bytes), then its bytes.
std::string pack(const std::vector<std::string>& items) {
    std::string out;
    for (const std::string& s : items) {
        const std::uint64_t n = s.size();
        out.append(reinterpret_cast<const char*>(&n), sizeof n);
        out += s;
    }
    return out;
}

std::vector<std::string> unpack(const char* data, std::size_t size) {
    std::vector<std::string> out;
    for (std::size_t at = 0; at < size;) {
        std::uint64_t n = 0;
        std::copy(data + at, data + at + sizeof n, reinterpret_cast<char*>(&n));
        at += sizeof n;
        out.emplace_back(data + at, n);
        at += n;
    }
    return out;
}

// Rank 0 receives every rank's packed buffer; the buffers by rank.
std::vector<std::string> gather(const std::string& mine, int size, int rank) {
    int length = static_cast<int>(mine.size());
    std::vector<int> lengths(static_cast<std::size_t>(size)), offsets(lengths.size());
    MPI_Gather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
    std::string all;
    if (rank == 0) {
        long long total = 0;
        for (std::size_t r = 0; r < lengths.size(); ++r) {
            offsets[r] = static_cast<int>(total);
            total += lengths[r];
        }
        if (total > 2'000'000'000) throw std::runtime_error("mpi: gathered results over 2 GB");
        all.resize(static_cast<std::size_t>(total));
    }
    MPI_Gatherv(mine.data(), length, MPI_CHAR, all.data(), lengths.data(), offsets.data(), MPI_CHAR,
                0, MPI_COMM_WORLD);
    std::vector<std::string> by_rank;
    for (std::size_t r = 0; rank == 0 && r < lengths.size(); ++r)
        by_rank.push_back(
            all.substr(static_cast<std::size_t>(offsets[r]), static_cast<std::size_t>(lengths[r])));
    return by_rank;
}

}  // namespace

std::vector<std::string> spread(int n, int threads, const SpreadJob& job) {
    const int size = world(MPI_Comm_size), rank = world(MPI_Comm_rank);
    std::vector<int> mine;
    for (int i = rank; i < n; i += size) mine.push_back(i);
    const std::vector<std::string> by_rank = gather(pack(run_here(mine, threads, job)), size, rank);
    if (rank != 0) return {};
    std::vector<std::string> out(static_cast<std::size_t>(std::max(n, 0)));
    for (int r = 0; r < size; ++r) {
        const std::string& buffer = by_rank[static_cast<std::size_t>(r)];
        const std::vector<std::string> items = unpack(buffer.data(), buffer.size());
        for (std::size_t k = 0; k < items.size(); ++k)
            out[static_cast<std::size_t>(r) + k * static_cast<std::size_t>(size)] = items[k];
    }
    return out;
}

bool spread_reports() {
    return world(MPI_Comm_rank) == 0;
}

bool spread_over_processes() {
    return true;
}

}  // namespace asterism::cli
