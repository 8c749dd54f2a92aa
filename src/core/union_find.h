// Union-find with undo, for connection games. Union by size and no path
// compression keep every change a single parent write, so a move's unions
// can be rolled back exactly in reverse order; the trees stay O(log n) deep,
// which for boards of a few hundred cells is at most eight or nine hops.
// Each root also carries a small bit mask (sides touched, perimeter flags)
// that is ORed on union and restored on undo.
#pragma once

#include <array>
#include <cstdint>

namespace asterism {

template <int N, class Mask = std::uint8_t>
class UndoableUnionFind {
  public:
    using Index = std::int16_t;
    static_assert(N < 32768, "indices are 16-bit");

    // A record of one union, enough to undo it.
    struct Change {
        Index child = -1;  // the root that was hung below `parent`; -1 = no-op
        Index parent = -1;
        Mask parent_mask{};
        std::uint16_t parent_size = 0;
    };

    void reset(int n) {
        for (int i = 0; i < n; ++i) {
            parent_[i] = static_cast<Index>(i);
            size_[i] = 1;
            mask_[i] = Mask{};
        }
    }

    // Set the mask of a singleton (a cell that just got its stone).
    void set_mask(int i, Mask m) { mask_[i] = m; }

    int find(int i) const {
        while (parent_[i] != i) i = parent_[i];
        return i;
    }
    Mask mask(int root) const { return mask_[root]; }
    int size(int root) const { return size_[root]; }

    // Join the sets of a and b; returns what to pass to undo().
    Change unite(int a, int b) {
        int ra = find(a), rb = find(b);
        if (ra == rb) return {};
        if (size_[ra] < size_[rb]) std::swap(ra, rb);
        Change c{static_cast<Index>(rb), static_cast<Index>(ra), mask_[ra], size_[ra]};
        parent_[rb] = static_cast<Index>(ra);
        size_[ra] = static_cast<std::uint16_t>(size_[ra] + size_[rb]);
        mask_[ra] = static_cast<Mask>(mask_[ra] | mask_[rb]);
        return c;
    }

    void undo(const Change& c) {
        if (c.child < 0) return;
        parent_[c.child] = c.child;
        size_[c.parent] = c.parent_size;
        mask_[c.parent] = c.parent_mask;
    }

  private:
    std::array<Index, N> parent_{};
    std::array<std::uint16_t, N> size_{};
    std::array<Mask, N> mask_{};
};

}  // namespace asterism
