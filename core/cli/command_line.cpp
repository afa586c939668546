#include "command_line.h"

#include "analyze.h"
#include "contract.h"
#include "convert.h"
#include "explore.h"
#include "quote.h"

namespace chuhan::cli {

const char* const Usage =
    "usage: chuhan                      UCI/UCCI on standard input\n"
    "       chuhan bench [DEPTH [THREADS]]\n"
    "                                   search the bench positions, print the node count\n"
    "       chuhan perft DEPTH [FEN]    count leaves (also: chuhan perft FEN DEPTH)\n"
    "       chuhan go LIMITS            search the start position, e.g. chuhan go depth 8\n"
    "       chuhan analyze \"FEN | startpos [moves ...]\" [--movetime MS | --depth N] [--lines K]\n"
    "                      [--notation chinese|wxf|iccs] [--json]\n"
    "                                   the best lines with their scores (default 1000 ms)\n"
    "       chuhan explore \"FEN | startpos [moves ...]\" [--json] [--data FILE]\n"
    "                                   the masters' moves, results and games (opening explorer)\n"
    "       chuhan convert FILE [--to pgn|dhtmlxq|json|fen] [--notation iccs|wxf|chinese]\n"
    "                      [--encoding auto|gbk|big5|utf-8] [--all]\n"
    "                                   a game file (PGN, XQF, DhtmlXQ, FEN) in another format\n"
    "       chuhan convert --check FILE...  whether each game of each file reads\n"
    "       chuhan --version | --help";

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

int usage_error(const Streams& io, const std::string& problem) {
  io.err("chuhan: " + problem);
  io.err(Usage);
  return 2;
}

int run(Engine& engine, const std::vector<std::string>& args, const Streams& io, bool threads) {
  if (args[0] == "--version") return io.out("chuhan " CHUHAN_VERSION), 0;
  if (args[0] == "--help" || args[0] == "-h") return io.out(Usage), 0;
  if (args[0] == "analyze") return analyze(engine, {args.begin() + 1, args.end()}, io);
  if (args[0] == "explore") return explore(engine, {args.begin() + 1, args.end()}, io);
  if (args[0] == "convert") return convert({args.begin() + 1, args.end()}, io);

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
      if (!problem.empty()) return usage_error(io, problem);
    }
    command = "go perft " + depth;
  } else if (args[0] == "go") {
    // A search from the command line must end by itself: nothing can send `stop`.
    for (const std::string& word : args)
      if (word == "infinite" || word == "ponder")
        return usage_error(io, "'go " + word + "' never ends without stop");
    bool bounded = false;
    for (const contract::LimitSpec& limit : contract::Limits)
      for (const std::string& word : args) bounded |= limit.ends_search && word == limit.name;
    if (!bounded)
      return usage_error(
          io,
          "go needs a limit that ends the search (depth, movetime, nodes, wtime or btime; a mate "
          "search ends only when it finds one)");
    command = join(args);
  } else if (args[0] == "bench" || args[0] == "perft") {
    command = join(args);
  } else {
    return usage_error(io, "unknown command " + quote(args[0]));
  }

  int status = 0;
  {
    ProtocolLoop loop = threads ? ProtocolLoop(engine, io.out)
                                : ProtocolLoop(engine, io.out, [](std::string&) { return false; });
    loop.execute(command);
    loop.wait_for_search();  // a search or perft may run on its own thread; let it finish
    loop.execute("quit");
    status = loop.errors() ? 1 : 0;
  }
  if (status) io.err(Usage);
  return status;
}

}  // namespace chuhan::cli
