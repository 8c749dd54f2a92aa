// An engine protocol session run in-process (tests/protocol): the whole
// input at once, the whole output back.
#pragma once

#include <sstream>
#include <string>
#include <utility>

#include "protocol/engine.h"

namespace asterism::testing {

inline std::string run_engine(const std::string& input, EngineOptions options = {}) {
    std::istringstream in(input);
    std::ostringstream out;
    Engine engine(in, out, std::move(options));
    engine.run();
    return out.str();
}

}  // namespace asterism::testing
