#include "cli/interruption.h"

#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>

namespace tracedb {
namespace {

// How often the watching thread looks at its stop request.
constexpr std::chrono::milliseconds kTick{50};

// Ends the process as `signal` would have, uncaught: exit status 128 + N
// to the shell.
[[noreturn]] void DieOf(int signal) {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, signal);
  pthread_sigmask(SIG_UNBLOCK, &set, nullptr);
  ::signal(signal, SIG_DFL);
  raise(signal);
  _exit(128 + signal);  // not reached: the default action ends the process
}

}  // namespace

Interruption::Interruption() : thread_([this](std::stop_token stop) { Watch(stop); }) {}

void Interruption::Watch(const std::stop_token& stop) {
  while (!stop.stop_requested()) {
    int caught = signals_.Wait(kTick);
    if (caught == 0) continue;
    int none = 0;
    if (!signal_.compare_exchange_strong(none, caught)) DieOf(caught);
    interrupted_.store(true);
  }
}

}  // namespace tracedb
