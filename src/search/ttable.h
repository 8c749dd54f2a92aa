// The alpha-beta search's transposition table (alphabeta.h): a fixed number
// of slots, indexed by the low bits of a position's key, shared without
// locks by the threads of a Lazy SMP search. The number of slots is a power
// of two (AlphaBeta rounds its setting down to one) or zero (no table).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace asterism::ab {

// A transposition table entry: the full key, the score with its bound, the
// depth it was searched to, and the best move as its index in generate()'s
// order (generation is deterministic, so the index names the same move
// again, and a wrong index after a key collision only costs ordering).
struct TTEntry {
    std::uint64_t key = 0;
    std::int16_t score = 0;
    std::uint16_t move = 0xffff;
    std::int8_t depth = -1;
    std::uint8_t bound = 0;  // kExact, kLower or kUpper (alphabeta.h)
    std::uint16_t generation = 0;
};

// The table, shared by the threads of a search. Each slot is two words read
// and written with relaxed atomics (plain moves on x86-64): the entry's data
// packed in one, the key XOR the data in the other. Two threads writing one
// slot at once can leave words of different entries; such a slot then fails
// the key test, as a miss, instead of giving one position another's data.
class TTable {
  public:
    explicit TTable(std::size_t entries) : size_(entries), words_(2 * entries) { clear(); }

    bool empty() const { return size_ == 0; }

    void clear() {
        for (std::size_t i = 0; i < size_; ++i) write_slot(i, TTEntry{});
    }

    // The entry in `key`'s slot, whatever position it holds.
    TTEntry read(std::uint64_t key) const {
        const std::size_t i = 2 * (key & (size_ - 1));
        const std::uint64_t data = words_[i + 1].load(std::memory_order_relaxed);
        const std::uint64_t check = words_[i].load(std::memory_order_relaxed);
        TTEntry e;
        e.key = check ^ data;
        e.score = static_cast<std::int16_t>(data & 0xffff);
        e.move = static_cast<std::uint16_t>(data >> 16 & 0xffff);
        e.depth = static_cast<std::int8_t>(data >> 32 & 0xff);
        e.bound = static_cast<std::uint8_t>(data >> 40 & 0xff);
        e.generation = static_cast<std::uint16_t>(data >> 48);
        return e;
    }

    void write(const TTEntry& e) { write_slot(e.key & (size_ - 1), e); }

  private:
    void write_slot(std::size_t slot, const TTEntry& e) {
        const std::uint64_t data = std::uint64_t{static_cast<std::uint16_t>(e.score)} |
                                   std::uint64_t{e.move} << 16 |
                                   std::uint64_t{static_cast<std::uint8_t>(e.depth)} << 32 |
                                   std::uint64_t{e.bound} << 40 | std::uint64_t{e.generation} << 48;
        words_[2 * slot + 1].store(data, std::memory_order_relaxed);
        words_[2 * slot].store(e.key ^ data, std::memory_order_relaxed);
    }

    std::size_t size_;
    std::vector<std::atomic<std::uint64_t>> words_;
};

}  // namespace asterism::ab
