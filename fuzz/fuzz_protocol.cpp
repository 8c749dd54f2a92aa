// Fuzzes the protocol: the input is a whole engine session, fed line by line
// to an engine that may not touch files and plays at levels 1 and 2 only, so
// that no command takes long. Its line limit is lowered to 200 bytes so that
// short inputs reach the too-long path. Whatever comes in, every reply must
// be framed: it starts with '=' or '?' and ends with a blank line; and an
// error reply must be short, valid UTF-8 and free of control bytes, however
// long or binary the line it answers.
#include <algorithm>
#include <sstream>

#include "core/text.h"

#include "fuzz/fuzz_common.h"
#include "protocol/engine.h"

using namespace asterism;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    // A few hundred lines at most: a session of thousands of genmoves on the
    // largest board is slow without being wrong.
    std::string_view session = fuzz::as_text(data, size);
    std::size_t lines = 0, cut = 0;
    while (cut < session.size() && lines < 256)
        if (session[cut++] == '\n') ++lines;
    std::istringstream in{std::string(session.substr(0, cut))};
    std::ostringstream out;
    EngineOptions options;
    options.level = 1;
    options.max_level = 2;
    options.allow_files = false;
    options.max_line = 200;
    Engine engine(in, out, options);
    engine.run();

    const std::string text = out.str();
    std::size_t pos = 0;
    while (pos < text.size()) {
        fuzz::check(text[pos] == '=' || text[pos] == '?', "a reply starts with = or ?",
                    text.substr(pos, 80));
        const auto end = text.find("\n\n", pos);
        fuzz::check(end != std::string::npos, "a reply ends with a blank line", text.substr(pos));
        if (text[pos] == '?') {
            const std::string_view error = std::string_view(text).substr(pos, end - pos);
            fuzz::check(error.size() <= kMaxMessage + 16, "an error reply is short", error);
            fuzz::check(valid_utf8(error), "an error reply is UTF-8", error);
            fuzz::check(std::none_of(error.begin(), error.end(),
                                     [](char c) {
                                         return c != '\n' && static_cast<unsigned char>(c) < 0x20;
                                     }),
                        "an error reply has no control bytes", error);
        }
        pos = end + 2;
    }
    return 0;
}
