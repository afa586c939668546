# Writes OUT, a C++ source holding the bytes of the network file NET as
# chuhan::nnue::EmbeddedNetData / EmbeddedNetSize (run as `cmake -DNET=... -DOUT=... -P`).
file(READ "${NET}" hex HEX)
string(LENGTH "${hex}" length)
math(EXPR size "${length} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "((0x..,){32})" "\\1\n" bytes "${bytes}")
file(WRITE "${OUT}.tmp"
  "// Generated from ${NET} by core/embed-net.cmake. Do not edit.\n"
  "#include <cstddef>\n"
  "namespace chuhan::nnue {\n"
  "extern const unsigned char EmbeddedNetData[];\n"
  "extern const size_t EmbeddedNetSize;\n"
  "alignas(16) const unsigned char EmbeddedNetData[] = {\n${bytes}\n};\n"
  "const size_t EmbeddedNetSize = ${size};\n"
  "}  // namespace chuhan::nnue\n")
file(RENAME "${OUT}.tmp" "${OUT}")
