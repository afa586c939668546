// The `chuhan` executable: the UCI/UCCI loop on stdin/stdout, or one command given on the
// command line (`chuhan perft 5 [FEN]`, `chuhan perft FEN 5`, `chuhan bench`), handed to the
// same protocol loop.
#include <iostream>
#include <string>
#include <vector>

#include "engine.h"
#include "uci.h"

namespace {

std::string join(const std::vector<std::string>& words) {
  std::string s;
  for (const std::string& w : words) s += (s.empty() ? "" : " ") + w;
  return s;
}

bool is_number(const std::string& s) {
  return !s.empty() && s.find_first_not_of("0123456789") == std::string::npos;
}

}  // namespace

int main(int argc, char** argv) {
  chuhan::Engine engine;
  chuhan::ProtocolLoop loop(engine, std::cout);
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) {
    loop.run(std::cin);
    return 0;
  }

  if (args[0] == "perft" && args.size() >= 2) {
    std::vector<std::string> rest(args.begin() + 1, args.end());
    std::string depth;
    if (is_number(rest.front())) {
      depth = rest.front();
      rest.erase(rest.begin());
    } else {
      depth = rest.back();
      rest.pop_back();
    }
    if (!rest.empty()) {
      const std::string problem = engine.set_position(join(rest));
      if (!problem.empty()) {
        std::cerr << "error: " << problem << std::endl;
        return 1;
      }
    }
    loop.execute("go perft " + depth);
  } else {
    loop.execute(join(args));
  }
  loop.execute("quit");
  return 0;
}
