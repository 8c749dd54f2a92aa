// *Star's rows of the engine's error catalogue (core/errors.h): code and
// English template of each message its rules, notation and options write,
// registered in register.cpp; the common rows (the frame of an illegal
// move, a spec, a record) are core/error_table.h's. A code is stable once
// shipped: web/locales/*-errors-engine.js translate it ("err." + code).
#pragma once

#include "core/errors.h"

namespace asterism::starstar {

// clang-format off
inline constexpr EngineErrorEntry kErrorRows[] = {
    {"board.star.rings", "*Star boards have 6, 8 or 10 rings, not {rings}"},
    {"move.star.swapOff", "swap is not allowed: the swap option is off (use starstar:swap=true)"},
    {"move.star.swapWhen", "swap is only legal as White's reply to Black's first stone"},
    {"move.star.form", "expected a cell name Nxy: arm letter * S T A R, ring digit (0 for ring 10), offset digit"},
    {"move.star.ring", "ring {ring} is off the {rings}-ring board"},
    {"move.star.offset", "ring {ring} has offsets 0 to {max} only"},
    {"move.star.black", "cell {cell} is occupied by a black stone"},
    {"move.star.white", "cell {cell} is occupied by a white stone"},
    {"pos.star", "bad *Star position: {why}"},
    {"pos.star.form", "expected the rings, a space and the side to move, b or w"},
    {"pos.star.cells", "ring {ring} has {n} cells, not {got}"},
    {"pos.star.rings", "more than {rings} rings, separated by '/'"},
    {"pos.star.unexpected", "unexpected '{ch}' in ring {ring} (use b, w, a count of empty cells from 1, or '/')"},
    {"pos.star.only", "ring {ring} has only {n} cells"},
    {"pos.star.found", "found {x} rings, the board has {rings}"},
};
// clang-format on

// A code of these rows or of the common ones, and the throw sites' words
// for them: throw error("code", {...}), reason("code", {...}).
using Code = ModuleCode<kErrorRows>;
inline constexpr ErrorWord<Code> error{};
inline constexpr ReasonWord<Code> reason{};

}  // namespace asterism::starstar
