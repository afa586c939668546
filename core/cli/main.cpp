// The native `chuhan` executable: the UCI/UCCI loop on stdin/stdout, or one command given on the
// command line (command_line.h has the commands and the exit status).
#include <iostream>
#include <string>
#include <vector>

#include "command_line.h"

int main(int argc, char** argv) {
  chuhan::Engine engine;
  const chuhan::ProtocolLoop::Output out = [](const std::string& line) {
    std::cout << line << std::endl;
  };
  if (argc == 1) {
    chuhan::ProtocolLoop(engine, out).run(std::cin);
    return 0;
  }
  const chuhan::cli::Streams io{out,
                                [](const std::string& line) { std::cerr << line << std::endl; }};
  return chuhan::cli::run(engine, std::vector<std::string>(argv + 1, argv + argc), io, true);
}
