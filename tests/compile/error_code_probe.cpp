// Throw sites as a game's rules write them, for the ctests error_code_*
// (tests/CMakeLists.txt), which only compile this file: an error code is
// checked when its throw site compiles (core/errors.h, CatalogueCode), so
// that a code no table has never reaches a client. As it is, every code
// here is a row of the game's table or of the common one, and the file must
// compile; with ASTERISM_PROBE_UNKNOWN_GAME a game's throw site, and with
// ASTERISM_PROBE_UNKNOWN_COMMON a common one, names a code of no table, and
// the compiler must stop with the catalogue's message. Not a part of
// asterism_tests (tests/compile is no folder of its sources).
#include "games/starstar/errors.h"

namespace asterism::starstar {

// A code of the game's rows, and a common code through the game's words
// and through the common ones.
GameError game_probe() {
#ifdef ASTERISM_PROBE_UNKNOWN_GAME
    return error("pos.star.noSuchCode", {{"why", "probe"}});
#else
    return error("pos.star", {{"why", reason("spec.bool")}});
#endif
}
nlohmann::json common_probe() {
#ifdef ASTERISM_PROBE_UNKNOWN_COMMON
    return asterism::reason("pos.star");  // a game's code, not a common one
#else
    return asterism::reason("spec.bool");
#endif
}

}  // namespace asterism::starstar
