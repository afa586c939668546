// Runs the `chuhan` binary as a GUI would: commands on stdin, everything it prints returned.
#pragma once

#include <string>

namespace chuhan::test {

// Pipes `input` into `chuhan` (no arguments) and returns its stdout.
std::string run_engine(const std::string& input);
// Runs `chuhan <args>` and returns its stdout and stderr.
std::string run_command_line(const std::string& args);

}  // namespace chuhan::test
