// libFuzzer target: the UCI/UCCI command line. Each input line runs through ProtocolLoop as a GUI
// would send it, followed by `stop`, so that no search outlives its line. `bench` lines are
// skipped: the bench is a fixed, long workload with nothing of the input in it.
//
// One Engine serves every input (a new one costs its tables, hundreds of times the run of a
// short input); each input starts from the start position, UCI mode and small, default
// settings, so an input's outcome hardly depends on the one before.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "engine.h"
#include "uci.h"

using namespace chuhan;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static Engine& engine = *new Engine;
  const std::string input(reinterpret_cast<const char*>(data), size);
  std::string out;
  ProtocolLoop loop(engine, [&out](const std::string& line) { out += line + "\n"; });
  for (const char* reset : {"uci", "setoption name Hash value 1", "setoption name MultiPV value 1",
                            "setoption name Move Overhead value 10",
                            "setoption name OwnBook value false", "position startpos"})
    loop.execute(reset);
  std::istringstream lines(input);
  for (std::string line; std::getline(lines, line);) {
    std::istringstream words(line);
    std::string first;
    words >> first;
    if (first == "bench") continue;
    if (!loop.execute(line)) break;
    loop.execute("stop");
  }
  loop.execute("quit");
  return 0;
}
