// A test-only XQF writer: a record as the bytes XQStudio and its successors write, in any version
// 1.0-1.8, with chosen keys. It writes the samples under fixtures/games/*.xqf (formats_test.cpp
// checks that the committed files are what it makes; CHUHAN_WRITE_FIXTURES=1 rewrites them) and
// the corrupt variants the reader must refuse. Written from the format's description
// (docs in core/formats/xqf.h), apart from the reader, so that the two check each other.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "record.h"

namespace chuhan::test {

struct XqfKeys {
  uint8_t mask = 0;                // header byte 0x03
  std::array<uint8_t, 4> ors{};    // 0x08..0x0B
  std::array<uint8_t, 4> seeds{};  // 0x0C..0x0F (they add up to 0 in real files)
};

// `record` as an XQF file of `version` (10 = 1.0 ... 18 = 1.8; keys unused for 1.0). Tags Title,
// Event, Date, Site, Red, Black, TimeControl, RedTime, BlackTime, Annotator, Author go to the
// header in GBK; the declared result to its byte; comments in GBK; NAGs and other tags are lost.
std::string encode_xqf(const Record& record, int version, const XqfKeys& keys = {});

// `text` (UTF-8) in GBK: the bytes XQF programs write. Characters GBK lacks become '?'.
std::string gbk(const std::string& text);

}  // namespace chuhan::test
