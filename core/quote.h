// Quoting user input inside error messages. An error names what it refuses, but a hostile or
// broken client can send anything: a 100 KB line, NUL bytes, broken UTF-8, terminal escapes.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace chuhan {

// Longest quoted prefix, in characters: enough for any FEN, move or option value worth reading.
constexpr size_t MaxQuotedChars = 100;

// `text` in single quotes, safe to print: printable ASCII and well-formed UTF-8 stay, every other
// byte (controls, NUL, broken or overlong UTF-8) becomes \xNN, and past MaxQuotedChars
// characters the rest is cut and counted ("'abc…' (+99900 bytes)").
std::string quote(std::string_view text);

// Length of the well-formed UTF-8 sequence of 2 to 4 bytes starting at text[i] (no overlong
// forms, no surrogates, at most U+10FFFF), or 0 if there is none (ASCII included).
size_t utf8_sequence(std::string_view text, size_t i);

}  // namespace chuhan
