// Tests of the bounded, printable text of messages (core/text.h), the
// bounded line reader and OS randomness.
#include <gtest/gtest.h>

#include <set>
#include <sstream>

#include "core/os_random.h"
#include "core/text.h"
#include "core/types.h"

namespace asterism {
namespace {

TEST(Text, Utf8IsCheckedStrictly) {
    EXPECT_TRUE(valid_utf8("plain *Star \xe2\x98\x85 \xf0\x9f\x8e\xb2"));
    EXPECT_FALSE(valid_utf8("\xff"));
    EXPECT_FALSE(valid_utf8("\xc0\xae"));          // overlong '.'
    EXPECT_FALSE(valid_utf8("\xed\xa0\x80"));      // a surrogate
    EXPECT_FALSE(valid_utf8("\xf4\x90\x80\x80"));  // above U+10FFFF
    EXPECT_FALSE(valid_utf8("\xe2\x98"));          // cut short
}

TEST(Text, PrintableEscapesControlAndBadBytesAndCuts) {
    EXPECT_EQ(printable(std::string("a\0b", 3)), "a\\x00b");
    EXPECT_EQ(printable("\xff\xfe"), "\\xff\\xfe");
    EXPECT_EQ(printable("tab\there"), "tab\\x09here");
    EXPECT_EQ(printable("\xe2\x98\x85"), "\xe2\x98\x85");
    EXPECT_EQ(printable("back\\slash"), "back\\slash");
    EXPECT_EQ(printable(std::string(100, 'x'), 10), "xxxxxxx...");
    // A letter is never cut in half.
    const std::string stars = printable(std::string(30, '*') + "\xe2\x98\x85\xe2\x98\x85", 33);
    EXPECT_TRUE(valid_utf8(stars)) << stars;
    EXPECT_LE(stars.size(), 33u);
    EXPECT_EQ(quote(std::string(1000, 'q')).size(), kMaxQuoted + 2);
}

TEST(Text, GameErrorsAreShortPrintableAndWholePastANul) {
    const GameError e("unknown game '" + std::string("star\0star", 9) + "'");
    EXPECT_EQ(std::string(e.what()), "unknown game 'star\\x00star'");
    const GameError quoted("unknown game " + quote(std::string("a\x01", 2)));
    EXPECT_EQ(std::string(quoted.what()), "unknown game 'a\\x01'");
    const GameError big(std::string(1 << 20, 'z'));
    EXPECT_LE(std::string(big.what()).size(), kMaxMessage);
}

TEST(Text, LinesAreReadWithinTheirBound) {
    std::istringstream in("short\r\n" + std::string(100, 'x') + "\nnext\nlast");
    std::string line;
    EXPECT_EQ(read_line(in, line, 10), LineRead::Ok);
    EXPECT_EQ(line, "short");
    EXPECT_EQ(read_line(in, line, 10), LineRead::TooLong);
    EXPECT_LE(line.size(), 10u);
    EXPECT_EQ(read_line(in, line, 10), LineRead::Ok);
    EXPECT_EQ(line, "next");
    EXPECT_EQ(read_line(in, line, 10), LineRead::Ok);
    EXPECT_EQ(line, "last");
    EXPECT_EQ(read_line(in, line, 10), LineRead::End);
    // A line that fits only without its '\r' still fits.
    std::istringstream crlf("0123456789\r\n");
    EXPECT_EQ(read_line(crlf, line, 10), LineRead::Ok);
    EXPECT_EQ(line, "0123456789");
}

TEST(OsRandom, TokensAreHexAndDistinct) {
    std::set<std::string> seen;
    for (int i = 0; i < 100; ++i) {
        const std::string t = random_token();
        EXPECT_EQ(t.size(), 32u);
        EXPECT_EQ(t.find_first_not_of("0123456789abcdef"), std::string::npos);
        EXPECT_TRUE(seen.insert(t).second);
    }
    EXPECT_EQ(random_token(4).size(), 8u);
}

}  // namespace
}  // namespace asterism
