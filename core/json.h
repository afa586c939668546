// A small JSON text writer: what the WebAssembly binding sends to JavaScript (game records, one
// string per call) and anything else that must be JSON whatever the bytes it was given. Strings
// are escaped completely: quote, backslash and every control character, and bytes that are not
// well-formed UTF-8 become U+FFFD, so the output always parses.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace chuhan::json {

// Appends `text` as a JSON string literal: `"` and `\` escaped, control characters as \b \f \n
// \r \t or \u00XX (DEL as \u007F), well-formed UTF-8 kept, every other byte as U+FFFD.
void append_string(std::string& out, std::string_view text);
// Appends `items` as an array of strings.
void append_strings(std::string& out, const std::vector<std::string>& items);
// Appends a whole number.
void append_int(std::string& out, int64_t n);
// Appends a number that reads back as `d` (whole numbers without a fraction); NaN and infinities
// (which JSON cannot hold) as null.
void append_number(std::string& out, double d);
// Appends true or false.
void append_bool(std::string& out, bool b);

// Builds one JSON value into a string, placing the commas:
//   json::Writer w(out);
//   w.begin_object().key("fen").string(fen).key("ply").integer(3).end_object();
// Keys and values in an object alternate; the caller keeps the nesting balanced.
class Writer {
 public:
  explicit Writer(std::string& out) : out_(out), start_(out.size()) {}

  Writer& begin_object() { return open('{'); }
  Writer& end_object() { return close('}'); }
  Writer& begin_array() { return open('['); }
  Writer& end_array() { return close(']'); }
  // In an object, the key of the next value.
  Writer& key(std::string_view name);
  Writer& string(std::string_view text);
  Writer& strings(const std::vector<std::string>& items);
  Writer& integer(int64_t n);
  Writer& number(double d);
  Writer& boolean(bool b);
  Writer& null();

 private:
  Writer& open(char bracket);
  Writer& close(char bracket);
  // A comma unless this value opens a container, follows a key or is the first.
  void separate();

  std::string& out_;
  size_t start_;
};

}  // namespace chuhan::json
