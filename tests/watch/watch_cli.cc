// The helpers of watch_cli.h, and the instantiation of WatchCli on both
// backends.
#include "watch_cli.h"

#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>

#include <fstream>
#include <regex>
#include <sstream>

#include "support/test_support.h"

extern char** environ;

namespace tracedb::testing::watch_cli {

std::string StatesTrace(int states) {
  std::string body;
  for (int i = 0; i < states; ++i) {
    body += "8 " + std::to_string(i) + ".0 S t1 A\n10 " + std::to_string(i) + ".5 S t1\n";
  }
  return Header() + body;
}

std::string FreshDir(const std::string& name) {
  fs::path dir = WriteTempFile(name, "");
  fs::remove_all(dir);
  fs::create_directory(dir);
  return dir.string();
}

void Write(const std::string& path, const std::string& content) {
  std::ofstream(path, std::ios::binary) << content;
}

void Append(const std::string& path, const std::string& content) {
  std::ofstream(path, std::ios::binary | std::ios::app) << content;
}

std::string Read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<std::string> Files(const std::string& dir) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.is_regular_file()) names.push_back(entry.path().filename().string());
  }
  return Sorted(names);
}

bool Exists(const std::string& path) { return fs::exists(path); }

std::vector<std::string> LogLines(const std::string& text) {
  static const std::regex kStamp("^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z ");
  static const std::regex kSeconds(", [0-9]+\\.[0-9] s\\)");
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    std::string bare = std::regex_replace(line, kStamp, "");
    if (bare == line) {
      lines.push_back("(no time) " + line);
      continue;
    }
    if (bare.starts_with("watching ") || bare.starts_with("loading what is in ")) continue;
    lines.push_back(std::regex_replace(bare, kSeconds, ", S s)"));
  }
  return lines;
}

WatchProcess::WatchProcess(const std::string& args, const std::string& name)
    : err_(WriteTempFile(name + ".err", "")) {
  std::string command =
      "exec " + std::string(TRACEDB_BINARY) + " watch " + args + " >/dev/null 2>" + err_;
  const char* argv[] = {"sh", "-c", command.c_str(), nullptr};
  if (posix_spawn(&pid_, "/bin/sh", nullptr, nullptr, const_cast<char**>(argv), environ) != 0) {
    pid_ = -1;
  }
}

WatchProcess::~WatchProcess() {
  if (pid_ > 0) Stop(SIGKILL);
}

int WatchProcess::Stop(int signal) {
  ::kill(pid_, signal);
  int status = 0;
  waitpid(pid_, &status, 0);
  pid_ = -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

INSTANTIATE_TEST_SUITE_P(Backends, WatchCli,
                         ::testing::Values(Backend::kSqlite, Backend::kPostgres), BackendName);

}  // namespace tracedb::testing::watch_cli
