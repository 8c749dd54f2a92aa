// main() of `asterism-mpi`: the same commands inside an MPI job, where
// `match` spreads its games over the ranks (spread_mpi.cpp, docs/mpi.md).
// A command that fails aborts the whole job, so that no rank waits forever
// for one that has gone.
#include <mpi.h>

#include "cli.h"

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    const int rc = asterism::cli::run_main(argc, argv);
    if (rc != 0) MPI_Abort(MPI_COMM_WORLD, rc);
    MPI_Finalize();
    return rc;
}
