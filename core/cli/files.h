// Reading files named by a user (EvalFile): what may come from a path is anything, a directory,
// a FIFO that never delivers, /dev/zero, a file of gigabytes, so the reader checks what the path
// is before it reads and reads no more than the caller can use.
#pragma once

#include <cstddef>
#include <functional>
#include <string>

namespace chuhan::cli {

// Reads the regular file at `path` into `bytes`, if it holds at most `max_bytes`. Returns "" or
// what is wrong ("not a regular file", "too large: ...", the system's error), at once:
// it does not wait on a FIFO or a device and reads at most `max_bytes` + 1 bytes.
std::string read_file(const std::string& path, size_t max_bytes, std::string& bytes);

// How the protocol loop reads a file: read_file natively; the WebAssembly command line hands in
// Node's file system instead.
using FileReader =
    std::function<std::string(const std::string& path, size_t max_bytes, std::string& bytes)>;

}  // namespace chuhan::cli
