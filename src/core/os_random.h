// Randomness from the operating system (getrandom(2)), for what must not be
// guessed: game ids today, seat secrets later. The seeded Rng (rng.h) is for
// play and search, where a seed must reproduce a game; it is predictable by
// design and never names anything a client could guess.
#pragma once

#include <cstddef>
#include <string>

namespace asterism {

// Fills `out` with `size` bytes from the OS; throws std::runtime_error when
// the OS cannot give them.
void os_random_bytes(void* out, std::size_t size);

// `bytes` random bytes from the OS as lower-case hex (2 * bytes digits);
// the default, 16 bytes, is 128 bits.
std::string random_token(std::size_t bytes = 16);

}  // namespace asterism
