# Writes OUT, a C++ source holding the bytes of the file DATA as <NAMESPACE>::<SYMBOL>Data and
# <SYMBOL>Size (run as `cmake -DDATA=... -DOUT=... -DNAMESPACE=... -DSYMBOL=... -P`).
file(READ "${DATA}" hex HEX)
string(LENGTH "${hex}" length)
math(EXPR size "${length} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "((0x..,){32})" "\\1\n" bytes "${bytes}")
file(WRITE "${OUT}.tmp"
  "// Generated from ${DATA} by core/embed-data.cmake. Do not edit.\n"
  "#include <cstddef>\n"
  "namespace ${NAMESPACE} {\n"
  "extern const unsigned char ${SYMBOL}Data[];\n"
  "extern const size_t ${SYMBOL}Size;\n"
  "alignas(16) const unsigned char ${SYMBOL}Data[] = {\n${bytes}0};\n"
  "const size_t ${SYMBOL}Size = ${size};\n"
  "}  // namespace ${NAMESPACE}\n")
file(RENAME "${OUT}.tmp" "${OUT}")
