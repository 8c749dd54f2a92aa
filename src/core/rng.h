// A small, fast, seedable random generator. Every random choice in the
// project goes through this type so that a seed reproduces a run exactly,
// on every platform (no std::uniform_int_distribution, whose output is
// implementation-defined).
#pragma once

#include <cstdint>

namespace asterism {

// SplitMix64: used to expand one 64-bit seed into generator state and to
// derive fixed tables (Zobrist keys).
constexpr std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

// xoshiro256** (Blackman and Vigna): 256 bits of state, good statistical
// quality, a handful of instructions per number.
class Rng {
  public:
    explicit Rng(std::uint64_t seed = 0x5eed) { reseed(seed); }

    void reseed(std::uint64_t seed) {
        std::uint64_t sm = seed;
        for (auto& word : s_) word = splitmix64(sm);
    }

    std::uint64_t next() {
        const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
        const std::uint64_t t = s_[1] << 17;
        s_[2] ^= s_[0];
        s_[3] ^= s_[1];
        s_[1] ^= s_[2];
        s_[0] ^= s_[3];
        s_[2] ^= t;
        s_[3] = rotl(s_[3], 45);
        return result;
    }

    // Uniform integer in [0, bound) for bound >= 1, by Lemire's multiply-shift.
    // The bias is below 2^-32 for the bounds we use (a few hundred), which no
    // playout statistic can see, and it keeps the generator branch-free.
    std::uint32_t below(std::uint32_t bound) {
        return static_cast<std::uint32_t>(((next() >> 32) * static_cast<std::uint64_t>(bound)) >>
                                          32);
    }

    // Uniform double in [0, 1).
    double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

  private:
    static constexpr std::uint64_t rotl(std::uint64_t x, int k) {
        return (x << k) | (x >> (64 - k));
    }
    std::uint64_t s_[4];
};

}  // namespace asterism
