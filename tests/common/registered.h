// The games the tests cover, taken from the registry rather than written out:
// a fifth game is tested as soon as it registers.
#pragma once

#include <string>
#include <vector>

#include "core/registry.h"

namespace asterism::testing {

// Every registered game's id and each variant it benches (its bench specs),
// once each, in the registry's order. Games registered by the tests
// themselves (ids ending "-test") come too unless `real_only`.
inline std::vector<std::string> registered_specs(bool real_only = false) {
    std::vector<std::string> out;
    for (const GameInfo* info : Registry::instance().all()) {
        if (real_only && info->id.ends_with("-test")) continue;
        out.push_back(info->id);
        for (const auto& spec : info->bench_specs)
            if (spec != info->id) out.push_back(spec);
    }
    return out;
}

// A gtest parameter name for a spec: letters and digits, '_' for the rest.
inline std::string spec_test_name(const std::string& spec) {
    std::string name;
    for (const char c : spec) name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
    return name;
}

}  // namespace asterism::testing
