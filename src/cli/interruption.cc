#include "cli/interruption.h"

#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <stop_token>

namespace tracedb {
namespace {

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
  // The jthread's destructor requests the stop: it then wakes this thread
  // at once, and the join does not wait.
  std::stop_callback wake(stop, [this] { signals_.Wake(); });
  while (!stop.stop_requested()) {
    int caught = signals_.Wait(watch::StopSignals::kForever);
    if (caught == 0) continue;
    int none = 0;
    if (!signal_.compare_exchange_strong(none, caught)) DieOf(caught);
    interrupted_.store(true);
  }
}

}  // namespace tracedb
