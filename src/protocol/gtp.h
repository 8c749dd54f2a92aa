// The line syntax of the Go Text Protocol, version 2 (GTP 2, section 2),
// kept apart from the commands so that it can be tested and fuzzed alone.
//
// A command line is "[id] name [arguments]"; the id is a run of digits that
// the reply repeats. Before splitting, control characters other than tab
// and line feed are removed, tabs become spaces, and everything from '#' on
// is a comment. A line with nothing left is not a command.
//
// A reply is "=[id] result" or "?[id] message", and a blank line ends it.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace asterism::gtp {

struct CommandLine {
    std::string id;  // digits, or empty when the line has none
    std::string name;
    std::vector<std::string> args;  // the words after the name
    std::string rest;               // everything after the name, trimmed
};

// Returns nothing for an empty or comment-only line. A line holding only an
// id yields a CommandLine with an empty name, which is an error to reply to.
std::optional<CommandLine> parse_command_line(std::string_view line);

// Formats one reply, ending with the blank line. A multi-line result keeps
// its lines, but an empty line inside it would end the reply early, so each
// becomes a line holding one space; an error message is joined onto one line.
// A result that starts with a line break (a board) goes below the '='.
std::string format_reply(bool success, std::string_view id, std::string_view text);

}  // namespace asterism::gtp
