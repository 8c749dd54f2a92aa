// Shared pieces of the libFuzzer targets: splitting an input into a game spec
// (its first line) and the rest, and a check that stops the run with a
// message when an invariant fails, so that the fuzzer keeps the input.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>

#include "core/registry.h"

namespace asterism::fuzz {

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

inline void check(bool ok, const char* what, std::string_view detail = {}) {
    if (ok) return;
    // fwrite, not "%.*s": a default string_view's data() is null, which gcc
    // (building the replays, tests/CMakeLists.txt) rightly refuses in printf.
    std::fprintf(stderr, "invariant failed: %s: ", what);
    std::fwrite(detail.data(), 1, detail.size(), stderr);
    std::fputc('\n', stderr);
    std::abort();
}

// The game named by the input's first line, or nothing when that line is not
// a valid spec (bad specs must be refused with GameError, and are).
struct GameInput {
    std::unique_ptr<Game> game;
    std::string spec;
    std::string_view rest;
};

inline GameInput game_input(std::string_view text) {
    GameInput in;
    const auto newline = text.find('\n');
    if (newline == std::string_view::npos) return in;
    in.spec = std::string(text.substr(0, newline));
    in.rest = text.substr(newline + 1);
    try {
        in.game = Registry::instance().create(in.spec);
    } catch (const GameError&) {
    }
    return in;
}

}  // namespace asterism::fuzz
