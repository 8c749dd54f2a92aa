#include "protocol/gtp.h"

#include <algorithm>
#include <cctype>

namespace asterism::gtp {

std::optional<CommandLine> parse_command_line(std::string_view raw) {
    std::string line;
    line.reserve(raw.size());
    for (char c : raw) {
        if (c == '#') break;
        if (c == '\t') {
            line += ' ';
        } else if (static_cast<unsigned char>(c) >= 0x20 && c != 0x7f) {
            line += c;
        }
    }
    std::vector<std::string> words;
    std::vector<std::size_t> starts;  // where each word begins, for `rest`
    for (std::size_t i = 0; i < line.size();) {
        if (line[i] == ' ') {
            ++i;
            continue;
        }
        const std::size_t end = std::min(line.find(' ', i), line.size());
        starts.push_back(i);
        words.push_back(line.substr(i, end - i));
        i = end;
    }
    if (words.empty()) return std::nullopt;

    CommandLine cmd;
    std::size_t next = 0;
    if (std::all_of(words[0].begin(), words[0].end(),
                    [](unsigned char c) { return std::isdigit(c); }))
        cmd.id = words[next++];
    if (next < words.size()) {
        cmd.name = words[next];
        cmd.args.assign(words.begin() + static_cast<std::ptrdiff_t>(next) + 1, words.end());
        if (next + 1 < words.size()) {
            cmd.rest = line.substr(starts[next + 1]);
            while (!cmd.rest.empty() && cmd.rest.back() == ' ') cmd.rest.pop_back();
        }
    }
    return cmd;
}

std::string format_reply(bool success, std::string_view id, std::string_view text) {
    while (!text.empty() && text.back() == '\n') text.remove_suffix(1);
    std::string body;
    body.reserve(text.size());
    for (char c : text) {
        if (c == '\n' && !success) c = ' ';
        if (c == '\n' && !body.empty() && body.back() == '\n') body += ' ';
        body += c;
    }
    std::string out(success ? "=" : "?");
    out += id;
    if (!body.empty() && body.front() != '\n') out += ' ';
    out += body;
    out += "\n\n";
    return out;
}

}  // namespace asterism::gtp
