// The native `chuhan` executable: the UCI/UCCI loop on stdin/stdout, or one command given on the
// command line (command_line.h has the commands and the exit status).
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "command_line.h"

int main(int argc, char** argv) {
  chuhan::Engine engine;
  // Output that cannot be written (a full disk, a closed file) ends the process with one line on
  // standard error and status 1, rather than going on with the output lost.
  const chuhan::ProtocolLoop::Output out = [](const std::string& line) {
    std::cout << line << std::endl;
    if (!std::cout) {
      std::cerr << "chuhan: cannot write the output (" << std::strerror(errno) << ")" << std::endl;
      std::_Exit(1);
    }
  };
  if (argc == 1) {
    chuhan::ProtocolLoop(engine, out).run(std::cin);
    return 0;
  }
  const chuhan::cli::Streams io{out,
                                [](const std::string& line) { std::cerr << line << std::endl; }};
  return chuhan::cli::run(engine, std::vector<std::string>(argv + 1, argv + argc), io, true);
}
