#include "protocol_runner.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <unistd.h>

namespace chuhan::test {

namespace {
std::string capture(const std::string& command) {
  std::string out;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return "popen failed";
  char buffer[4096];
  for (size_t n; (n = fread(buffer, 1, sizeof(buffer), pipe)) > 0;) out.append(buffer, n);
  pclose(pipe);
  return out;
}
}  // namespace

std::string run_engine(const std::string& input) {
  char path[] = "/tmp/chuhan-input-XXXXXX";
  const int fd = mkstemp(path);
  if (fd < 0) return "mkstemp failed";
  close(fd);
  std::ofstream(path) << input;
  const std::string out = capture(std::string("timeout 60 ") + CHUHAN_BINARY + " < " + path);
  std::remove(path);
  return out;
}

std::string run_command_line(const std::string& args) {
  return capture(std::string("timeout 60 ") + CHUHAN_BINARY + " " + args + " 2>&1");
}

}  // namespace chuhan::test
