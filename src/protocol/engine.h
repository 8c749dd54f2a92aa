// The text engine protocol: a command-line engine in the GTP 2 family
// (docs/protocol.md lists every command with an example). The engine reads
// command lines from an istream and writes replies to an ostream, so the
// binary runs it on stdin and stdout and the tests run it in-process.
//
// `analyze` streams its findings until the next command line arrives: the
// search runs on a second thread while this one waits for input, and the
// arrival of a line stops the search before that line is answered.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string>

#include "search/engines.h"

namespace asterism {

// Level 10 is full strength; a controller that wants quick answers sets a
// clock (time_settings) or a lower level.
inline constexpr int kDefaultEngineLevel = kMaxLevel;

// The longest command line the engine reads (the longest position string
// is a few hundred bytes). A longer line is read to its end, dropped and
// answered with an error, so that no input makes the engine's memory grow.
inline constexpr std::size_t kMaxCommandLine = 64 * 1024;

struct EngineOptions {
    // The game to start with, as a spec; empty for none until `game`.
    std::string game;
    // genmove is a function of the commands and this seed (unless a clock
    // is set), so that sessions can be replayed exactly; set_seed changes it.
    std::uint64_t seed = 1;
    // Strength 1..10, as make_engine() reads it (search/engines.h).
    int level = kDefaultEngineLevel;
    // Whether loadrecord and saverecord may touch files. The fuzzer turns
    // this off, and caps the level so that no command takes long.
    bool allow_files = true;
    int max_level = kMaxLevel;
    // Longest command line read (kMaxCommandLine); the fuzzer lowers it to
    // reach the too-long path with short inputs.
    std::size_t max_line = kMaxCommandLine;
};

class Engine {
  public:
    // Throws GameError for a bad starting game or level.
    Engine(std::istream& in, std::ostream& out, EngineOptions options = {});
    ~Engine();
    Engine(const Engine&) = delete;
    Engine& operator=(const Engine&) = delete;

    // Answers command lines until `quit` or the end of the input.
    void run();

  private:
    class Session;
    std::unique_ptr<Session> session_;
};

}  // namespace asterism
