// main() of the plain `asterism` binary (no MPI; main.cpp dispatches).
#include "cli.h"

int main(int argc, char** argv) {
    return asterism::cli::run_main(argc, argv);
}
