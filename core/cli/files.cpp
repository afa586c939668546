#include "files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>

namespace chuhan::cli {

std::string read_file(const std::string& path, size_t max_bytes, std::string& bytes) {
  // Without O_NONBLOCK, opening a FIFO waits for a writer; with it, the open returns and the
  // check below refuses anything but a regular file before a byte is read.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return std::strerror(errno);
  struct stat st;
  std::string problem;
  if (::fstat(fd, &st) != 0) {
    problem = std::strerror(errno);
  } else if (!S_ISREG(st.st_mode)) {
    problem = S_ISDIR(st.st_mode) ? "a directory, not a file" : "not a regular file";
  } else if (uint64_t(st.st_size) > max_bytes) {
    problem = "too large: " + std::to_string(st.st_size) + " bytes (at most " +
              std::to_string(max_bytes) + ")";
  } else {
    // The size may change while it is read: read at most one byte more than allowed.
    std::string data(size_t(st.st_size) + 1, '\0');
    size_t got = 0;
    while (got < data.size() && got <= max_bytes) {
      const ssize_t n = ::read(fd, data.data() + got, data.size() - got);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) {
        problem = std::strerror(errno);
        break;
      }
      if (n == 0) break;
      got += size_t(n);
      if (got == data.size() && got <= max_bytes) data.resize(std::min(max_bytes + 1, got * 2));
    }
    if (problem.empty() && got > max_bytes)
      problem = "too large: more than " + std::to_string(max_bytes) + " bytes";
    if (problem.empty()) {
      data.resize(got);
      bytes = std::move(data);
    }
  }
  ::close(fd);
  return problem;
}

}  // namespace chuhan::cli
