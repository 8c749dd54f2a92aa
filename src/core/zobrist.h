// Zobrist keys: one random 64-bit word per (slot, value), XORed into a
// position's hash when that slot takes that value. The table is derived from
// a fixed seed so hashes are identical across runs and machines, which lets
// tests and transposition tables compare them.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "core/rng.h"

namespace asterism {

template <std::size_t Slots, std::size_t Values>
class ZobristTable {
  public:
    explicit constexpr ZobristTable(std::uint64_t seed) {
        std::uint64_t state = seed;
        for (auto& row : keys_)
            for (auto& key : row) key = splitmix64(state);
        for (auto& key : extra_) key = splitmix64(state);
    }
    constexpr std::uint64_t operator()(std::size_t slot, std::size_t value) const {
        return keys_[slot][value];
    }
    // A few spare keys for scalar state such as the side to move.
    constexpr std::uint64_t extra(std::size_t i) const { return extra_[i]; }

  private:
    std::array<std::array<std::uint64_t, Values>, Slots> keys_{};
    std::array<std::uint64_t, 16> extra_{};
};

}  // namespace asterism
