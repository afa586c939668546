// The `chuhan` executable: the UCI/UCCI loop on stdin/stdout, or one command given on the
// command line, run by the same protocol loop to its end. Exit status: 0 when the command ran,
// 1 when the loop refused it (its error is printed), 2 for a command line it does not know.
#include <iostream>
#include <string>
#include <vector>

#include "engine.h"
#include "quote.h"
#include "uci.h"

namespace {

constexpr const char* Usage =
    "usage: chuhan                      UCI/UCCI on standard input\n"
    "       chuhan bench [DEPTH]        search the bench positions, print the node count\n"
    "       chuhan perft DEPTH [FEN]    count leaves (also: chuhan perft FEN DEPTH)\n"
    "       chuhan go LIMITS            search the start position, e.g. chuhan go depth 8\n";

std::string join(const std::vector<std::string>& words) {
  std::string s;
  for (const std::string& w : words) s += (s.empty() ? "" : " ") + w;
  return s;
}

bool is_number(const std::string& s) {
  return !s.empty() && s.find_first_not_of("0123456789") == std::string::npos;
}

int usage(const std::string& problem) {
  std::cerr << "chuhan: " << problem << "\n" << Usage;
  return 2;
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

  std::string command;
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
      if (!problem.empty()) return usage(problem);
    }
    command = "go perft " + depth;
  } else if (args[0] == "go") {
    // A search from the command line must end by itself: nothing can send `stop`.
    bool bounded = false;
    for (const std::string& word : args) {
      if (word == "infinite" || word == "ponder") return usage("'go " + word + "' never ends without stop");
      bounded |= word == "depth" || word == "movetime" || word == "nodes" || word == "mate" || word == "wtime" ||
                 word == "btime";
    }
    if (!bounded) return usage("go needs a limit: depth, movetime, nodes, mate, wtime or btime");
    command = join(args);
  } else if (args[0] == "bench" || args[0] == "perft") {
    command = join(args);
  } else {
    return usage("unknown command " + chuhan::quote(args[0]));
  }
  loop.execute(command);
  loop.wait_for_search();  // a search or perft runs on its own thread; let it finish
  loop.execute("quit");
  if (loop.errors() == 0) return 0;
  std::cerr << Usage;
  return 1;
}
