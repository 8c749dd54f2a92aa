// Bounded, printable text for messages (text.h).
#include "core/text.h"

#include <array>
#include <cstdio>

#include "core/types.h"

namespace asterism {

namespace {

// Length of the well-formed UTF-8 sequence at the start of `s`, or 0.
std::size_t utf8_length(std::string_view s) {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
    const unsigned char b0 = byte(0);
    if (b0 < 0x80) return 1;
    std::size_t n = 0;
    unsigned char lo = 0x80, hi = 0xBF;  // the second byte's range (RFC 3629, table 3-7)
    if (b0 >= 0xC2 && b0 <= 0xDF) {
        n = 2;
    } else if (b0 >= 0xE0 && b0 <= 0xEF) {
        n = 3;
        if (b0 == 0xE0) lo = 0xA0;  // overlong
        if (b0 == 0xED) hi = 0x9F;  // surrogates
    } else if (b0 >= 0xF0 && b0 <= 0xF4) {
        n = 4;
        if (b0 == 0xF0) lo = 0x90;  // overlong
        if (b0 == 0xF4) hi = 0x8F;  // above U+10FFFF
    } else {
        return 0;
    }
    if (s.size() < n || byte(1) < lo || byte(1) > hi) return 0;
    for (std::size_t i = 2; i < n; ++i)
        if (byte(i) < 0x80 || byte(i) > 0xBF) return 0;
    return n;
}

}  // namespace

bool valid_utf8(std::string_view text) {
    for (std::size_t at = 0; at < text.size();) {
        const std::size_t n = utf8_length(text.substr(at));
        if (n == 0) return false;
        at += n;
    }
    return true;
}

namespace {

// The code point of the well-formed UTF-8 letter of `n` bytes at `p`.
char32_t decode_letter(const unsigned char* p, std::size_t n) {
    if (n == 1) return p[0];
    char32_t c = p[0] & (0xFF >> (n + 1));
    for (std::size_t i = 1; i < n; ++i) c = (c << 6) | (p[i] & 0x3F);
    return c;
}

bool invisible(char32_t c) {
    return c < 0x20 || (c >= 0x7F && c <= 0x9F) || c == 0xAD || c == 0x061C || c == 0x180E ||
           (c >= 0x200B && c <= 0x200F) || (c >= 0x2028 && c <= 0x202E) ||
           (c >= 0x2060 && c <= 0x206F) || c == 0xFEFF || (c >= 0xFFF9 && c <= 0xFFFB) ||
           (c >= 0xE0000 && c <= 0xE007F);
}

}  // namespace

std::string invisible_character(std::string_view text) {
    for (std::size_t at = 0; at < text.size();) {
        const std::size_t n = utf8_length(text.substr(at));
        if (n == 0) return "a byte that is not UTF-8";
        const char32_t c =
            decode_letter(reinterpret_cast<const unsigned char*>(text.data() + at), n);
        if (invisible(c)) {
            char name[16];
            std::snprintf(name, sizeof name, "U+%04X", static_cast<unsigned>(c));
            return name;
        }
        at += n;
    }
    return "";
}

std::string printable(std::string_view text, std::size_t max_bytes) {
    static constexpr std::string_view kCut = "...";
    std::string out;
    for (std::size_t at = 0; at < text.size();) {
        std::size_t n = utf8_length(text.substr(at));
        std::string piece;
        const auto b = static_cast<unsigned char>(text[at]);
        if (n == 0 || b < 0x20 || b == 0x7F) {
            static constexpr std::array<char, 16> kHex = {'0', '1', '2', '3', '4', '5', '6', '7',
                                                          '8', '9', 'a', 'b', 'c', 'd', 'e', 'f'};
            piece = {'\\', 'x', kHex[b >> 4], kHex[b & 15]};
            n = 1;
        } else {
            piece = text.substr(at, n);
        }
        if (out.size() + piece.size() > max_bytes ||
            (at + n < text.size() && out.size() + piece.size() + kCut.size() > max_bytes)) {
            // Leave room for the mark, then stop.
            while (!out.empty() && out.size() + kCut.size() > max_bytes) {
                // Drop whole letters: continuation bytes go with their lead.
                while (!out.empty() && (static_cast<unsigned char>(out.back()) & 0xC0) == 0x80)
                    out.pop_back();
                if (!out.empty()) out.pop_back();
            }
            return out + std::string(kCut.substr(0, std::min(kCut.size(), max_bytes)));
        }
        out += piece;
        at += n;
    }
    return out;
}

std::string quote(std::string_view text, std::size_t max_bytes) {
    return "'" + printable(text, max_bytes) + "'";
}

LineRead read_line(std::istream& in, std::string& line, std::size_t max_bytes) {
    line.clear();
    bool any = false, too_long = false;
    std::streambuf* buf = in.rdbuf();
    for (;;) {
        const int c = buf ? buf->sbumpc() : std::char_traits<char>::eof();
        if (c == std::char_traits<char>::eof()) {
            in.setstate(std::ios::eofbit);
            if (!any) {
                in.setstate(std::ios::failbit);
                return LineRead::End;
            }
            break;
        }
        any = true;
        if (c == '\n') break;
        // One byte more than the bound is kept: it may be the '\r' of a
        // CRLF ending.
        if (line.size() <= max_bytes)
            line.push_back(static_cast<char>(c));
        else
            too_long = true;
    }
    if (!too_long && !line.empty() && line.back() == '\r') line.pop_back();
    if (!too_long && line.size() <= max_bytes) return LineRead::Ok;
    line.clear();
    return LineRead::TooLong;
}

}  // namespace asterism
