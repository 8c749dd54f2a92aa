// Helpers shared by the *Star tests.
#pragma once

#include <string>

#include "core/types.h"

namespace asterism::starstar {

// Runs f and returns the GameError message it throws ("" if none).
template <class F>
std::string error_of(F f) {
    try {
        f();
    } catch (const GameError& e) {
        return e.what();
    }
    return "";
}

inline bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

}  // namespace asterism::starstar
