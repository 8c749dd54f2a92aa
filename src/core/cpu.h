// Instruction sets chosen at run time for the few functions that gain from
// them (docs/architecture.md, "One binary, the CPU's own instructions").
//
// The release build targets plain x86-64, the compiler's default, so that
// the binary runs on any x86-64 machine. There std::popcount is a call into
// a software routine (libgcc's __popcountdi2), which took about a ninth of
// Star Pool Chess's alpha-beta search. A function marked ASTERISM_CPU_CLONES
// is compiled three times, for x86-64-v3 (Haswell, Zen: popcnt, BMI1/2,
// AVX2), for plain x86-64 with popcnt, and for plain x86-64; the dynamic
// loader picks the best one the CPU supports once, when the program starts
// (an ifunc resolver, GCC's and clang's target_clones). Calls go through one
// indirection, so the mark belongs on functions that do real work per call
// (an evaluation, a move generator), not on small inline helpers, which
// take the instruction set of the clone they are inlined into.
//
// Elsewhere (another architecture, a compiler or system without ifuncs) the
// mark is empty and the function is compiled once, for the build's target.
#pragma once

#if defined(__x86_64__) && defined(__linux__) && defined(__GNUC__) && \
    !defined(ASTERISM_NO_CPU_CLONES)
#define ASTERISM_CPU_CLONES __attribute__((target_clones("arch=x86-64-v3", "popcnt", "default")))
#else
#define ASTERISM_CPU_CLONES
#endif
