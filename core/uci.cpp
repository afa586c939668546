#include "uci.h"

#include <iostream>
#include <sstream>
#include <vector>

namespace chuhan {

ProtocolLoop::ProtocolLoop(Engine& engine, std::ostream& out) : engine_(engine), out_(out) {}
ProtocolLoop::~ProtocolLoop() = default;

void ProtocolLoop::run(std::istream& in) {
  for (std::string line; std::getline(in, line);)
    if (!execute(line)) break;
}

void ProtocolLoop::error(const std::string& message) {
  out_ << "info string error: " << message << std::endl;
}

bool ProtocolLoop::execute(const std::string& line) {
  std::istringstream args(line);
  std::string cmd;
  if (!(args >> cmd)) return true;  // blank line

  if (cmd == "quit") return false;
  if (cmd == "uci") {
    out_ << "id name Chuhan\nid author the Chuhan developers\nuciok" << std::endl;
  } else if (cmd == "isready") {
    out_ << "readyok" << std::endl;
  } else if (cmd == "position") {
    cmd_position(args);
  } else if (cmd == "go") {
    cmd_go(args);
  } else if (cmd == "d") {
    out_ << engine_.describe() << std::flush;
  } else {
    error("unknown command '" + cmd + "'");
  }
  return true;
}

void ProtocolLoop::cmd_position(std::istringstream& args) {
  std::string token, fen;
  args >> token;
  if (token == "startpos") {
    fen = "startpos";
    args >> token;
  } else if (token == "fen") {
    while (args >> token && token != "moves") fen += (fen.empty() ? "" : " ") + token;
  } else {
    return error("position needs 'startpos' or 'fen <FEN>'");
  }
  if (!args.fail() && token != "moves") return error("unexpected '" + token + "' in position");
  std::vector<std::string> moves;
  while (args >> token) moves.push_back(token);
  const std::string problem = engine_.set_position(fen, moves);
  if (!problem.empty()) error(problem + "; position unchanged");
}

void ProtocolLoop::cmd_go(std::istringstream& args) {
  std::string token;
  int depth = -1;
  while (args >> token)
    if (token == "perft" && !(args >> depth)) depth = -2;
  if (depth < 0) return error("go supports only 'perft <depth>' for now");
  const uint64_t total = engine_.perft(depth, [this](const std::string& move, uint64_t n) {
    out_ << move << ": " << n << "\n";
  });
  out_ << "\nNodes searched: " << total << "\n" << std::endl;
}

}  // namespace chuhan
