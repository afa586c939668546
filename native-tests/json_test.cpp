// The JSON writer (core/json.h): every byte string becomes a string literal that JSON parsers
// accept, and the writer places commas and keys.
#include "json.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace chuhan::test {
namespace {

std::string literal(std::string_view text) {
  std::string out;
  json::append_string(out, text);
  return out;
}

TEST(Json, StringsEscapeQuoteBackslashAndEveryControlCharacter) {
  EXPECT_EQ(literal("a\"b\\c"), R"("a\"b\\c")");
  EXPECT_EQ(literal("\b\f\n\r\t"), R"("\b\f\n\r\t")");
  EXPECT_EQ(literal(std::string("\0\x01\x1f\x7f", 4)), R"("\u0000\u0001\u001F\u007F")");
  // A FEN read from a file with its line end, as the issue found it.
  EXPECT_EQ(literal("9/9 w\r\n"), R"("9/9 w\r\n")");
}

TEST(Json, WellFormedUtf8StaysAndOtherBytesBecomeReplacementCharacters) {
  EXPECT_EQ(literal("炮二平五"), "\"炮二平五\"");
  EXPECT_EQ(literal("\xF0\x9F\x90\x98"), "\"\xF0\x9F\x90\x98\"");
  const std::string replacement = "\xEF\xBF\xBD";
  EXPECT_EQ(literal("a\xFF"), "\"a" + replacement + "\"");
  // Overlong, surrogate, truncated and lone continuation bytes: one U+FFFD per byte.
  EXPECT_EQ(literal("\xC0\xAF"), "\"" + replacement + replacement + "\"");
  EXPECT_EQ(literal("\xED\xA0\x80"), "\"" + replacement + replacement + replacement + "\"");
  EXPECT_EQ(literal("\xE7\x82"), "\"" + replacement + replacement + "\"");
  EXPECT_EQ(literal("\x80"), "\"" + replacement + "\"");
}

TEST(Json, NumbersAndBooleans) {
  std::string out;
  json::append_int(out, -42);
  out += ' ';
  json::append_number(out, 3.0);
  out += ' ';
  json::append_number(out, 0.5);
  out += ' ';
  json::append_number(out, std::nan(""));
  out += ' ';
  json::append_number(out, std::numeric_limits<double>::infinity());
  out += ' ';
  json::append_bool(out, true);
  EXPECT_EQ(out, "-42 3 0.5 null null true");
}

TEST(Json, WriterPlacesCommasAndKeys) {
  std::string out = "prefix ";
  json::Writer w(out);
  w.begin_object()
      .key("fen")
      .string("x\ty")
      .key("moves")
      .strings({"h2e2", "h9g7"})
      .key("plies")
      .begin_array()
      .begin_object()
      .key("ply")
      .integer(1)
      .key("check")
      .boolean(false)
      .end_object()
      .begin_object()
      .end_object()
      .null()
      .number(1.5)
      .end_array()
      .key("empty")
      .begin_array()
      .end_array()
      .end_object();
  EXPECT_EQ(out, R"(prefix {"fen":"x\ty","moves":["h2e2","h9g7"],"plies":[{"ply":1,"check":false},)"
                 R"({},null,1.5],"empty":[]})");
}

}  // namespace
}  // namespace chuhan::test
