// tracedb-rss-launcher REPORT PROGRAM ARGS...: runs PROGRAM and writes to
// REPORT how it ended and its peak memory: "exit CODE KB" or "signal N KB".
//
// Why a process of its own: a child's peak RSS as wait4 reports it counts
// what its parent had mapped when it forked (exec keeps the old memory's
// high-water mark), and the test process holds million-line vectors. Forked
// from this small process instead, PROGRAM's figure is its own.
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: tracedb-rss-launcher REPORT PROGRAM [ARGS...]\n");
    return 2;
  }
  pid_t child = fork();
  if (child == 0) {
    execv(argv[2], argv + 2);
    _exit(127);
  }
  int status = 0;
  struct rusage usage {};
  if (child < 0 || wait4(child, &status, 0, &usage) != child) return 1;
  std::FILE* report = std::fopen(argv[1], "w");
  if (report == nullptr) return 1;
  if (WIFSIGNALED(status)) {
    std::fprintf(report, "signal %d %ld\n", WTERMSIG(status), usage.ru_maxrss);
  } else {
    std::fprintf(report, "exit %d %ld\n", WEXITSTATUS(status), usage.ru_maxrss);
  }
  return std::fclose(report) == 0 ? 0 : 1;
}
