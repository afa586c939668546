// The command line of the native tools in scripts/ (chuhan-datagen, chuhan-tune): `--name value`
// pairs, and `--help`. The JavaScript tools read theirs with scripts/lib/args.mjs.
#pragma once

#include <iostream>
#include <optional>
#include <string>

namespace chuhan::tools {

// Reads argv as `--name value` pairs and hands each to `set(name, value)`, which returns false for
// a name or value it does not take. Returns the status to exit with when the tool should stop:
// 0 after printing `usage` for --help, 2 after printing the problem and `usage` to stderr for a
// refused option or a name without its value; nothing when every option was taken.
template <class Set>
std::optional<int> read_options(int argc, char** argv, const char* usage, Set set) {
  for (int i = 1; i < argc; i += 2) {
    const std::string name = argv[i];
    if (name == "--help" || name == "-h") {
      std::cout << usage;
      return 0;
    }
    if (i + 1 >= argc) {
      std::cerr << name << " needs a value\n" << usage;
      return 2;
    }
    if (!set(name, std::string(argv[i + 1]))) {
      std::cerr << "unknown option or bad value: " << name << " " << argv[i + 1] << "\n" << usage;
      return 2;
    }
  }
  return std::nullopt;
}

}  // namespace chuhan::tools
