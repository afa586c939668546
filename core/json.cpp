#include "json.h"

#include <cmath>
#include <cstdio>

#include "quote.h"

namespace chuhan::json {

// Characters with a short escape, and the letter after the backslash for each.
constexpr std::string_view ShortEscaped = "\"\\\b\f\n\r\t";
constexpr std::string_view ShortEscapes = "\"\\bfnrt";

void append_string(std::string& out, std::string_view text) {
  static constexpr char Hex[] = "0123456789ABCDEF";
  out += '"';
  for (size_t i = 0; i < text.size();) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c >= 0x80) {
      // Well-formed UTF-8 stays; any other byte is one replacement character.
      if (const size_t n = utf8_sequence(text, i)) {
        out.append(text.substr(i, n));
        i += n;
      } else {
        out += "\xEF\xBF\xBD";
        ++i;
      }
      continue;
    }
    ++i;
    if (const size_t k = ShortEscaped.find(char(c)); k != std::string_view::npos) {
      out += '\\';
      out += ShortEscapes[k];
    } else if (c < 0x20 || c == 0x7F) {
      out += "\\u00";
      out += Hex[c >> 4];
      out += Hex[c & 15];
    } else {
      out += char(c);
    }
  }
  out += '"';
}

void append_strings(std::string& out, const std::vector<std::string>& items) {
  out += '[';
  for (size_t i = 0; i < items.size(); ++i) {
    if (i) out += ',';
    append_string(out, items[i]);
  }
  out += ']';
}

void append_int(std::string& out, int64_t n) { out += std::to_string(n); }

void append_number(std::string& out, double d) {
  if (!std::isfinite(d)) {
    out += "null";
    return;
  }
  if (d == std::floor(d) && std::fabs(d) < 9007199254740992.0) return append_int(out, int64_t(d));
  char buffer[32];
  out.append(buffer, size_t(std::snprintf(buffer, sizeof buffer, "%.17g", d)));
}

void append_bool(std::string& out, bool b) { out += b ? "true" : "false"; }

void Writer::separate() {
  if (out_.size() == start_) return;
  const char last = out_.back();
  if (last != '{' && last != '[' && last != ':') out_ += ',';
}

Writer& Writer::open(char bracket) {
  separate();
  out_ += bracket;
  return *this;
}

Writer& Writer::close(char bracket) {
  out_ += bracket;
  return *this;
}

Writer& Writer::key(std::string_view name) {
  separate();
  append_string(out_, name);
  out_ += ':';
  return *this;
}

Writer& Writer::string(std::string_view text) {
  separate();
  append_string(out_, text);
  return *this;
}

Writer& Writer::strings(const std::vector<std::string>& items) {
  separate();
  append_strings(out_, items);
  return *this;
}

Writer& Writer::integer(int64_t n) {
  separate();
  append_int(out_, n);
  return *this;
}

Writer& Writer::number(double d) {
  separate();
  append_number(out_, d);
  return *this;
}

Writer& Writer::boolean(bool b) {
  separate();
  append_bool(out_, b);
  return *this;
}

Writer& Writer::null() {
  separate();
  out_ += "null";
  return *this;
}

}  // namespace chuhan::json
