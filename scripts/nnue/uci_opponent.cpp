#include "uci_opponent.h"

#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <sstream>

namespace chuhan::tools {

UciOpponent::UciOpponent(const std::string& command, uint64_t nodes, int hash_mb)
    : name_(command), nodes_(nodes) {
  // A write to an opponent that has exited must fail with EPIPE (reported as an OpponentError
  // when its output ends), not kill the generator.
  std::signal(SIGPIPE, SIG_IGN);
  int in[2], out[2];
  if (pipe(in) != 0) throw OpponentError("opponent: no pipe");
  if (pipe(out) != 0) {
    close(in[0]), close(in[1]);
    throw OpponentError("opponent: no pipe");
  }
  pid_ = fork();
  if (pid_ < 0) {
    close(in[0]), close(in[1]), close(out[0]), close(out[1]);
    throw OpponentError("opponent: cannot fork");
  }
  if (pid_ == 0) {
    dup2(in[0], STDIN_FILENO);
    dup2(out[1], STDOUT_FILENO);
    close(in[0]), close(in[1]), close(out[0]), close(out[1]);
    execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  close(in[0]), close(out[1]);
  to_ = fdopen(in[1], "w");
  from_ = fdopen(out[0], "r");
  try {
    if (!to_ || !from_) throw OpponentError("opponent: fdopen failed");
    send("uci");
    for (std::string line; (line = receive()) != "uciok";)
      if (line.rfind("id name ", 0) == 0) name_ = line.substr(8);
    send("setoption name Threads value 1");
    send("setoption name Hash value " + std::to_string(hash_mb));
    send("isready");
    wait_for("readyok");
  } catch (const OpponentError&) {
    shut_down();  // no destructor runs for an object whose constructor throws
    throw;
  }
}

UciOpponent::~UciOpponent() { shut_down(); }

void UciOpponent::shut_down() {
  if (to_) {
    std::fputs("quit\n", to_);
    std::fclose(to_);  // its end of file also tells the engine to quit
  }
  if (from_) std::fclose(from_);
  to_ = from_ = nullptr;
  if (pid_ > 0) {
    // Give it a moment to quit by itself; an opponent that hangs is ended.
    bool ended = false;
    for (int i = 0; i < 100 && !ended; ++i) {
      ended = waitpid(pid_, nullptr, WNOHANG) == pid_;
      if (!ended) usleep(10000);
    }
    if (!ended) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    pid_ = -1;
  }
}

void UciOpponent::send(const std::string& line) {
  std::fputs((line + "\n").c_str(), to_);
  std::fflush(to_);
}

std::string UciOpponent::receive() {
  std::string line;
  for (int c; (c = std::fgetc(from_)) != EOF;) {
    if (c == '\n') {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return line;
    }
    line += char(c);
  }
  throw OpponentError("opponent '" + name_ + "' exited" + (line.empty() ? "" : " after: " + line));
}

void UciOpponent::wait_for(const std::string& first_word) {
  for (std::string line; (line = receive()).rfind(first_word, 0) != 0;) {
  }
}

void UciOpponent::new_game() {
  send("ucinewgame");
  send("isready");
  wait_for("readyok");
}

UciOpponent::Answer UciOpponent::best_move(const std::string& fen,
                                           const std::vector<std::string>& moves) {
  std::string position = "position fen " + fen;
  if (!moves.empty()) position += " moves";
  for (const std::string& m : moves) position += " " + m;
  send(position);
  send("go nodes " + std::to_string(nodes_));
  Answer answer;
  for (;;) {
    std::istringstream words(receive());
    std::string word;
    words >> word;
    if (word == "bestmove") {
      words >> answer.move;
      if (answer.move == "(none)" || answer.move == "0000") answer.move.clear();
      return answer;
    }
    if (word != "info") continue;
    while (words >> word)
      if (word == "score") {
        std::string kind;
        int value;
        if (words >> kind >> value && (kind == "cp" || kind == "mate"))
          answer.score = kind == "cp" ? value : value > 0 ? MateScore : -MateScore;
      }
  }
}

}  // namespace chuhan::tools
