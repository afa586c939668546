// libFuzzer target: the JSON writer (core/json.h). Any bytes, written as a string alone and inside
// an object and an array, give text that a strict JSON reader accepts (RFC 8259: no raw control
// character, only the defined escapes, well-formed UTF-8), and the string reads back as the input
// when the input was well-formed UTF-8 (else as the input with U+FFFD for the bad bytes, which
// writes back unchanged).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "formats/encoding.h"
#include "fuzz_check.h"
#include "json.h"

using namespace chuhan;

namespace {

// A strict reader of the JSON the writer makes: values, objects, arrays, strings, numbers, true,
// false, null. Strings are decoded into UTF-8 (`decoded` holds the last one read).
class Reader {
 public:
  explicit Reader(std::string_view text) : s_(text) {}

  // The whole text is one value, with nothing after it.
  bool document() { return value() && i_ == s_.size(); }
  std::string decoded;

  bool value() {
    if (i_ >= s_.size()) return false;
    switch (s_[i_]) {
      case '{':
        return object();
      case '[':
        return array();
      case '"':
        return string();
      case 't':
        return word("true");
      case 'f':
        return word("false");
      case 'n':
        return word("null");
      default:
        return number();
    }
  }

 private:
  bool object() {
    ++i_;
    if (peek('}')) return ++i_, true;
    for (;;) {
      if (!peek('"') || !string() || !peek(':')) return false;
      ++i_;
      if (!value()) return false;
      if (peek('}')) return ++i_, true;
      if (!peek(',')) return false;
      ++i_;
    }
  }

  bool array() {
    ++i_;
    if (peek(']')) return ++i_, true;
    for (;;) {
      if (!value()) return false;
      if (peek(']')) return ++i_, true;
      if (!peek(',')) return false;
      ++i_;
    }
  }

  bool word(std::string_view w) {
    if (s_.substr(i_, w.size()) != w) return false;
    i_ += w.size();
    return true;
  }

  bool digits() {
    const size_t start = i_;
    while (i_ < s_.size() && s_[i_] >= '0' && s_[i_] <= '9') ++i_;
    return i_ > start;
  }

  bool number() {
    if (peek('-')) ++i_;
    if (peek('0'))
      ++i_;
    else if (!digits())
      return false;
    if (peek('.') && (++i_, !digits())) return false;
    if (peek('e') || peek('E')) {
      ++i_;
      if (peek('+') || peek('-')) ++i_;
      if (!digits()) return false;
    }
    return true;
  }

  static int hex(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  }

  bool string() {
    ++i_;
    decoded.clear();
    while (i_ < s_.size()) {
      const unsigned char c = static_cast<unsigned char>(s_[i_]);
      if (c == '"') return ++i_, true;
      if (c < 0x20) return false;  // a raw control character
      if (c == '\\') {
        if (++i_ >= s_.size()) return false;
        const char e = s_[i_++];
        static constexpr std::string_view Letters = "\"\\/bfnrt", Meanings = "\"\\/\b\f\n\r\t";
        if (const size_t k = Letters.find(e); k != std::string_view::npos) {
          decoded += Meanings[k];
        } else if (e == 'u') {
          uint32_t cp = 0;
          for (int k = 0; k < 4; ++k) {
            const int h = i_ < s_.size() ? hex(s_[i_++]) : -1;
            if (h < 0) return false;
            cp = cp << 4 | uint32_t(h);
          }
          if (cp >= 0xD800 && cp <= 0xDFFF) return false;  // the writer escapes no surrogate
          formats::append_utf8(decoded, cp);
        } else {
          return false;
        }
        continue;
      }
      if (c < 0x80) {
        decoded += char(c);
        ++i_;
        continue;
      }
      const size_t n = utf8_length(s_, i_);
      if (!n) return false;  // JSON text is UTF-8
      decoded.append(s_.substr(i_, n));
      i_ += n;
    }
    return false;
  }

 public:
  // Length of the well-formed multi-byte UTF-8 sequence at text[i], or 0 (written apart from
  // core/quote.cpp's, so that the check does not share the writer's code).
  static size_t utf8_length(std::string_view text, size_t i) {
    const auto at = [&](size_t k) -> uint32_t {
      return i + k < text.size() ? static_cast<unsigned char>(text[i + k]) : 0;
    };
    const uint32_t b0 = at(0);
    size_t n;
    uint32_t cp;
    if ((b0 & 0xE0) == 0xC0)
      n = 2, cp = b0 & 0x1F;
    else if ((b0 & 0xF0) == 0xE0)
      n = 3, cp = b0 & 0x0F;
    else if ((b0 & 0xF8) == 0xF0)
      n = 4, cp = b0 & 0x07;
    else
      return 0;
    for (size_t k = 1; k < n; ++k) {
      if ((at(k) & 0xC0) != 0x80) return 0;
      cp = cp << 6 | (at(k) & 0x3F);
    }
    const uint32_t min = n == 2 ? 0x80 : n == 3 ? 0x800 : 0x10000;
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
    return n;
  }

 private:
  bool peek(char c) const { return i_ < s_.size() && s_[i_] == c; }

  std::string_view s_;
  size_t i_ = 0;
};

bool well_formed_utf8(std::string_view text) {
  for (size_t i = 0; i < text.size();) {
    if (static_cast<unsigned char>(text[i]) < 0x80) {
      ++i;
    } else if (const size_t n = Reader::utf8_length(text, i)) {
      i += n;
    } else {
      return false;
    }
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);

  // The string alone: valid JSON that reads back as the input, or as its repaired form.
  std::string out;
  json::append_string(out, text);
  Reader reader(out);
  FUZZ_CHECK(reader.document(), "not JSON: " + out);
  const std::string decoded = reader.decoded;
  FUZZ_CHECK(well_formed_utf8(decoded), "decoded string is not UTF-8: " + out);
  if (well_formed_utf8(text)) FUZZ_CHECK(decoded == text, "did not read back: " + out);
  std::string again;
  json::append_string(again, decoded);
  FUZZ_CHECK(again == out, "repaired string wrote back differently: " + again + " vs " + out);

  // Inside a structure, as a key and as values, split at every NUL into an array.
  std::string doc;
  json::Writer w(doc);
  w.begin_object().key(text).string(text).key("parts").begin_array();
  for (size_t start = 0;;) {
    const size_t end = text.find('\0', start);
    w.string(std::string_view(text).substr(start, end - start));
    if (end == std::string::npos) break;
    start = end + 1;
  }
  w.end_array().key("n").integer(int64_t(size) - 7).key("x").number(double(size) / 3);
  w.key("b").boolean(size % 2).key("z").null().key("e").begin_object().end_object();
  w.end_object();
  FUZZ_CHECK(Reader(doc).document(), "not JSON: " + doc);
  return 0;
}
