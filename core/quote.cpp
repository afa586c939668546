#include "quote.h"

namespace chuhan {

size_t utf8_sequence(std::string_view text, size_t i) {
  const auto byte = [&](size_t k) {
    return i + k < text.size() ? static_cast<unsigned char>(text[i + k]) : 0u;
  };
  const unsigned lead = byte(0);
  const auto cont = [&](size_t k) { return (byte(k) & 0xC0) == 0x80; };
  if (lead >= 0xC2 && lead <= 0xDF) return cont(1) ? 2 : 0;
  if (lead >= 0xE0 && lead <= 0xEF) {
    const unsigned b1 = byte(1);
    if ((lead == 0xE0 && b1 < 0xA0) || (lead == 0xED && b1 >= 0xA0)) return 0;
    return cont(1) && cont(2) ? 3 : 0;
  }
  if (lead >= 0xF0 && lead <= 0xF4) {
    const unsigned b1 = byte(1);
    if ((lead == 0xF0 && b1 < 0x90) || (lead == 0xF4 && b1 >= 0x90)) return 0;
    return cont(1) && cont(2) && cont(3) ? 4 : 0;
  }
  return 0;
}

std::string quote(std::string_view text) {
  static constexpr char Hex[] = "0123456789ABCDEF";
  std::string out = "'";
  size_t i = 0;
  for (size_t chars = 0; i < text.size() && chars < MaxQuotedChars; ++chars) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7F) {
      out += char(c);
      ++i;
    } else if (const size_t n = utf8_sequence(text, i)) {
      out.append(text.substr(i, n));
      i += n;
    } else {
      out += "\\x";
      out += Hex[c >> 4];
      out += Hex[c & 15];
      ++i;
    }
  }
  out += i < text.size() ? "\xE2\x80\xA6' (+" + std::to_string(text.size() - i) + " bytes)" : "'";
  return out;
}

}  // namespace chuhan
