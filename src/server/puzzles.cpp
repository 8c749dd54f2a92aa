// Where the puzzles are, and the store-less service (puzzles.h).
#include "server/puzzles.h"

#include <cstdlib>

#include "server/installed.h"
#include "server/puzzles/service.h"

#ifndef ASTERISM_PUZZLES_DIR
#define ASTERISM_PUZZLES_DIR "data/puzzles"
#endif

namespace asterism::server {

std::string puzzles_dir() {
    const char* dir = std::getenv("ASTERISM_PUZZLES_DIR");
    return dir && *dir ? dir : installed_or("puzzles", ASTERISM_PUZZLES_DIR);
}

void add_puzzle_routes(RouteTable& table) {
    static puzzles::PuzzleService service(nullptr);
    service.add_routes(table);
}

}  // namespace asterism::server
