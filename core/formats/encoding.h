// Text encodings of game files: UTF-8 (with or without a byte-order mark), UTF-16 with a mark,
// GB18030 (which covers GBK and GB2312: mainland files and XQF's strings) and Big5 (Taiwan and Hong
// Kong files). Everything inside Chuhan is UTF-8; files are turned into it here.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace chuhan::formats {

enum class Encoding : uint8_t { AUTO, UTF8, UTF16LE, UTF16BE, GB18030, BIG5 };

// "auto", "utf-8", "utf-16le", "utf-16be", "gb18030", "big5".
const char* name(Encoding e);
// Reads an encoding's name in any case: those above, and "utf8", "gbk", "gb2312", "cp936",
// "big-5", "cp950". False for another.
bool parse_encoding(std::string_view text, Encoding& out);

// The encoding `bytes` are most likely in: a byte-order mark, else UTF-8 when they are valid
// UTF-8, else whichever of GB18030 and Big5 reads them with fewer invalid codes and more of the
// characters game files are made of (piece names, move words, digits; simplified characters are
// GB's, traditional ones Big5's).
Encoding detect_encoding(std::string_view bytes);

// `bytes` in UTF-8, read as `encoding` (AUTO: detect_encoding). A byte-order mark is dropped; a
// code that is not valid in the encoding becomes U+FFFD.
std::string to_utf8(std::string_view bytes, Encoding encoding = Encoding::AUTO);

// True when `bytes` are valid UTF-8 (no overlong forms, surrogates or code points past U+10FFFF).
bool valid_utf8(std::string_view bytes);
// Appends code point `cp` in UTF-8 (U+FFFD for a surrogate or a value past U+10FFFF).
void append_utf8(std::string& out, uint32_t cp);

}  // namespace chuhan::formats
