// Runs a libFuzzer target without libFuzzer, for the trees gcc builds (it
// has no libFuzzer): every file in the folders named, then a fixed number
// of seeded mutations of them (bytes flipped, changed, inserted, deleted,
// a piece repeated, two inputs spliced), each given to the target's
// LLVMFuzzerTestOneInput. No coverage guides it: it is the committed
// corpus and a bounded random neighbourhood of it, under the sanitizers of
// the tree that builds it. An invariant that fails aborts (fuzz_common.h),
// as under libFuzzer, and a sanitizer's report ends the run; either way the
// input that did it is written to replay-crash-<program>.bin in the working
// folder.
//
// Usage: PROGRAM [--mutations N] [--seed S] DIR...
#include <algorithm>
#include <csignal>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/common_interface_defs.h>
#endif

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

using Bytes = std::vector<std::uint8_t>;

std::vector<Bytes> read_corpus(const std::vector<std::string>& dirs) {
    std::vector<Bytes> corpus;
    for (const auto& dir : dirs) {
        std::vector<std::filesystem::path> files;
        for (const auto& e : std::filesystem::directory_iterator(dir))
            if (e.is_regular_file()) files.push_back(e.path());
        std::sort(files.begin(), files.end());  // the same order, the same run
        for (const auto& f : files) {
            std::ifstream in(f, std::ios::binary);
            corpus.emplace_back(std::istreambuf_iterator<char>(in),
                                std::istreambuf_iterator<char>());
        }
    }
    return corpus;
}

// One random change of `b` (never longer than `cap` bytes).
Bytes mutate(Bytes b, const std::vector<Bytes>& corpus, std::mt19937_64& rng, std::size_t cap) {
    auto pick = [&](std::size_t n) { return static_cast<std::size_t>(rng() % (n == 0 ? 1 : n)); };
    const int changes = 1 + static_cast<int>(rng() % 4);
    for (int c = 0; c < changes; ++c) {
        switch (rng() % 6) {
            case 0:  // flip a bit
                if (!b.empty()) b[pick(b.size())] ^= static_cast<std::uint8_t>(1u << (rng() % 8));
                break;
            case 1:  // any byte
                if (!b.empty()) b[pick(b.size())] = static_cast<std::uint8_t>(rng());
                break;
            case 2:  // insert a byte
                b.insert(b.begin() + static_cast<std::ptrdiff_t>(pick(b.size() + 1)),
                         static_cast<std::uint8_t>(rng()));
                break;
            case 3:  // delete a run
                if (!b.empty()) {
                    const std::size_t at = pick(b.size());
                    const std::size_t n = 1 + pick(std::min<std::size_t>(16, b.size() - at));
                    b.erase(b.begin() + static_cast<std::ptrdiff_t>(at),
                            b.begin() + static_cast<std::ptrdiff_t>(std::min(b.size(), at + n)));
                }
                break;
            case 4: {  // repeat a piece
                if (b.empty()) break;
                const std::size_t at = pick(b.size());
                const std::size_t n = 1 + pick(std::min<std::size_t>(32, b.size() - at));
                const Bytes piece(b.begin() + static_cast<std::ptrdiff_t>(at),
                                  b.begin() + static_cast<std::ptrdiff_t>(at + n));
                b.insert(b.begin() + static_cast<std::ptrdiff_t>(at), piece.begin(), piece.end());
                break;
            }
            default: {  // splice: this input's head, another's tail
                const Bytes& other = corpus[pick(corpus.size())];
                const std::size_t head = pick(b.size() + 1);
                const std::size_t from = pick(other.size() + 1);
                b.resize(head);
                b.insert(b.end(), other.begin() + static_cast<std::ptrdiff_t>(from), other.end());
                break;
            }
        }
    }
    if (b.size() > cap) b.resize(cap);
    return b;
}

// The input being run, written out if the run dies on it (an invariant's
// abort, or a sanitizer's report) with calls a signal handler may make.
const Bytes* current = nullptr;
std::string keep;

void save_current() {
    if (!current) return;
    const int fd = ::open(keep.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) return;
    std::size_t done = 0;
    while (done < current->size()) {
        const ssize_t n = ::write(fd, current->data() + done, current->size() - done);
        if (n <= 0) break;
        done += static_cast<std::size_t>(n);
    }
    ::close(fd);
}

extern "C" void on_abort(int) {
    save_current();
    std::signal(SIGABRT, SIG_DFL);
    std::raise(SIGABRT);
}

void run(const Bytes& input) {
    current = &input;
    LLVMFuzzerTestOneInput(input.data(), input.size());
    current = nullptr;
}

int usage(const char* why) {
    std::cerr << "error: " << why << "\nusage: replay [--mutations N] [--seed S] DIR...\n";
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    unsigned long long mutations = 0;
    unsigned long long seed = 1;
    std::vector<std::string> dirs;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if ((a == "--mutations" || a == "--seed") && i + 1 < argc) {
            char* end = nullptr;
            const unsigned long long v = std::strtoull(argv[++i], &end, 10);
            if (*end != '\0' || v > 10'000'000) return usage("a count from 0 to 10000000");
            (a == "--seed" ? seed : mutations) = v;
        } else if (!a.empty() && a[0] != '-') {
            dirs.push_back(a);
        } else {
            return usage(("unknown option " + a).c_str());
        }
    }
    if (dirs.empty()) return usage("name at least one corpus folder");
    std::vector<Bytes> corpus;
    try {
        corpus = read_corpus(dirs);
    } catch (const std::exception& e) {
        return usage(e.what());
    }
    if (corpus.empty()) return usage("the corpus folders hold no file");
    keep = "replay-crash-" + std::filesystem::path(argv[0]).filename().string() + ".bin";
    std::signal(SIGABRT, on_abort);
#if defined(__SANITIZE_ADDRESS__)
    __sanitizer_set_death_callback(save_current);
#endif
    std::size_t cap = 0;
    for (const auto& c : corpus) cap = std::max(cap, c.size());
    cap = cap * 2 + 64;
    for (const auto& c : corpus) run(c);
    std::mt19937_64 rng(seed);
    for (unsigned long long m = 0; m < mutations; ++m)
        run(mutate(corpus[rng() % corpus.size()], corpus, rng, cap));
    std::cout << corpus.size() << " corpus inputs and " << mutations << " mutations (seed " << seed
              << "): no failure\n";
    return 0;
}
