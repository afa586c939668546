// The text protocol adapter over Engine: UCI as Pikafish speaks it, and UCCI (ElephantEye's
// protocol) when the first command is `ucci`.
#pragma once

#include <iosfwd>
#include <string>

#include "engine.h"

namespace chuhan {

class ProtocolLoop {
 public:
  ProtocolLoop(Engine& engine, std::ostream& out);
  ~ProtocolLoop();

  // Reads commands until `quit` or end of input (then waits for a running search to finish).
  void run(std::istream& in);
  // Handles one command line; returns false after `quit`.
  bool execute(const std::string& line);

 private:
  void cmd_position(std::istringstream& args);
  void cmd_go(std::istringstream& args);
  void error(const std::string& message);

  Engine& engine_;
  std::ostream& out_;
};

}  // namespace chuhan
