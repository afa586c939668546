// Embind entry of the npm package's `chuhan` command (wasm/cli/chuhan.mjs): the native binary's
// command line and UCI/UCCI loop (core/cli/), run with inline jobs since this build has no
// threads. JavaScript hands in how to print and how to poll for input; nothing here parses a
// command.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>
#include <vector>

#include "command_line.h"
#include "uci.h"

using emscripten::val;

namespace {

// A JavaScript function of one string, as the loop's output.
chuhan::ProtocolLoop::Output printer(val write) {
  return [write](const std::string& line) { write(line); };
}

// The protocol loop: execute(line) for each line of standard input. `poll` is a function that
// returns the next line if one has arrived, else null, without waiting; searches call it while
// they run, so that `stop`, `isready`, `ponderhit` and `quit` are heard. `read_file(path,
// maxBytes)` reads a file for EvalFile (this module has no file system): a Uint8Array, or a
// string saying what is wrong.
class Protocol {
 public:
  Protocol(val out, val poll, val read_file)
      : loop_(engine_, printer(out), [poll](std::string& line) {
          const val next = poll();
          if (next.isNull() || next.isUndefined()) return false;
          line = next.as<std::string>();
          return true;
        }) {
    loop_.set_file_reader(
        [read_file](const std::string& path, size_t max_bytes, std::string& bytes) -> std::string {
          const val r = read_file(path, double(max_bytes));
          if (r.typeOf().as<std::string>() == "string") return r.as<std::string>();
          const std::vector<uint8_t> data = emscripten::convertJSArrayToNumberVector<uint8_t>(r);
          bytes.assign(data.begin(), data.end());
          return "";
        });
  }
  // Handles one line; false once the loop has ended (after `quit`).
  bool execute(const std::string& line) { return loop_.execute(line); }

 private:
  chuhan::Engine engine_;
  chuhan::ProtocolLoop loop_;
};

// One command given as arguments (an array of strings): its exit status (command_line.h).
int run_command_line(const val& args, val out, val err) {
  chuhan::Engine engine;
  const std::vector<std::string> words = emscripten::vecFromJSArray<std::string>(args);
  return chuhan::cli::run(engine, words, {printer(out), printer(err)}, false);
}

}  // namespace

EMSCRIPTEN_BINDINGS(chuhan_cli) {
  emscripten::class_<Protocol>("Protocol")
      .constructor<val, val, val>()
      .function("execute", &Protocol::execute);
  emscripten::function("runCommandLine", &run_command_line);
}
