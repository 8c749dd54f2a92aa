// Independent items of work (the games of a match, of a self-play run)
// spread over threads and, in asterism-mpi, over the processes of an MPI
// job (docs/mpi.md). An item is a pure function of its index that returns
// a byte string; spread() returns every item's string in index order on
// the process that reports, so that its output is the same whether the
// items ran in one process or in many, given the same seed.
//
// The plain `asterism` binary links spread_local.cpp (no MPI at all);
// `asterism-mpi` links spread_mpi.cpp instead, with the same commands.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace asterism::cli {

using SpreadJob = std::function<std::string(int index)>;

// Runs items 0..n-1, up to `threads` at once in this process, and returns
// their strings in index order where spread_reports() is true; elsewhere
// (MPI ranks other than 0) an empty vector. Every process must call it with
// the same n. An exception from a job ends the run with that exception.
std::vector<std::string> spread(int n, int threads, const SpreadJob& job);

// Whether this process prints results: always without MPI; rank 0 with it.
bool spread_reports();

// Whether items go over the processes of an MPI job (asterism-mpi).
bool spread_over_processes();

// The items `indices`, up to `threads` at once in this process, their
// strings in the order of `indices` (both builds use it).
std::vector<std::string> run_here(const std::vector<int>& indices, int threads,
                                  const SpreadJob& job);

}  // namespace asterism::cli
