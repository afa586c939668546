#include "protocol_runner.h"

#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>

namespace chuhan::test {

namespace {

int64_t now_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
}

}  // namespace

EngineProcess::EngineProcess(const std::string& shell) {
  int to_child[2], from_child[2];
  if (pipe(to_child) != 0 || pipe(from_child) != 0) return;
  pid_ = fork();
  if (pid_ == 0) {
    dup2(to_child[0], 0);
    dup2(from_child[1], 1);
    dup2(from_child[1], 2);
    close(to_child[0]), close(to_child[1]), close(from_child[0]), close(from_child[1]);
    if (shell.empty())
      execl(CHUHAN_BINARY, CHUHAN_BINARY, static_cast<char*>(nullptr));
    else
      execl("/bin/sh", "sh", "-c", (shell + "; exec '" CHUHAN_BINARY "'").c_str(),
            static_cast<char*>(nullptr));
    _exit(127);
  }
  close(to_child[0]);
  close(from_child[1]);
  in_ = to_child[1];
  from_ = from_child[0];
  signal(SIGPIPE, SIG_IGN);  // writing to an engine that has quit must not kill the test
}

EngineProcess::~EngineProcess() {
  if (in_ >= 0) close(in_);
  if (from_ >= 0) close(from_);
  if (pid_ > 0) {
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
  }
}

void EngineProcess::send(const std::string& text) {
  for (size_t done = 0; done < text.size();) {
    const ssize_t n = write(in_, text.data() + done, text.size() - done);
    if (n <= 0) return;
    done += size_t(n);
  }
}

bool EngineProcess::read_some(int timeout_ms) {
  pollfd p{from_, POLLIN, 0};
  if (poll(&p, 1, timeout_ms) <= 0) return false;
  char buffer[65536];
  const ssize_t n = read(from_, buffer, sizeof(buffer));
  if (n <= 0) return false;
  out_.append(buffer, size_t(n));
  return true;
}

bool EngineProcess::wait_for(const std::string& text, int count, int timeout_ms) {
  const int64_t deadline = now_ms() + timeout_ms;
  while (count_of(out_, text) < size_t(count)) {
    const int64_t left = deadline - now_ms();
    if (left <= 0 || !read_some(int(left))) return false;
  }
  return true;
}

int EngineProcess::finish(int timeout_ms) {
  if (in_ >= 0) close(in_), in_ = -1;
  const int64_t deadline = now_ms() + timeout_ms;
  while (now_ms() < deadline && read_some(int(deadline - now_ms()))) {
  }
  for (int status = 0; now_ms() < deadline; usleep(1000))
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    }
  kill(pid_, SIGKILL);
  waitpid(pid_, nullptr, 0);
  pid_ = -1;
  return -1;
}

std::string run_engine(const std::string& input, const std::string& until) {
  EngineProcess engine;
  engine.send(input);
  if (!until.empty() && !engine.wait_for(until))
    return engine.output() + "\n[timed out waiting for '" + until + "']";
  if (engine.finish() < 0) return engine.output() + "\n[did not exit after end of input]";
  return engine.output();
}

std::string run_command_line(const std::string& args, int* status) {
  std::string out;
  FILE* pipe =
      popen((std::string("timeout 120 ") + CHUHAN_BINARY + " " + args + " 2>&1").c_str(), "r");
  if (!pipe) return "popen failed";
  char buffer[4096];
  for (size_t n; (n = fread(buffer, 1, sizeof(buffer), pipe)) > 0;) out.append(buffer, n);
  const int s = pclose(pipe);
  if (status) *status = WIFEXITED(s) ? WEXITSTATUS(s) : -1;
  return out;
}

size_t count_of(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace chuhan::test
