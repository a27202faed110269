#include "watch/stop_signals.h"

#include <poll.h>
#include <pthread.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdint>
#include <system_error>

namespace tracedb::watch {
namespace {

// A descriptor, or a system_error saying which one could not be made.
int Checked(int fd, const char* what) {
  if (fd < 0) throw std::system_error(errno, std::generic_category(), what);
  return fd;
}

int PollTimeout(std::chrono::milliseconds timeout) {
  if (timeout < std::chrono::milliseconds::zero()) return -1;
  return timeout.count() > INT_MAX ? INT_MAX : static_cast<int>(timeout.count());
}

}  // namespace

StopSignals::StopSignals() {
  sigemptyset(&stop_);
  sigaddset(&stop_, SIGTERM);
  sigaddset(&stop_, SIGINT);
  pthread_sigmask(SIG_BLOCK, &stop_, &old_mask_);
  try {
    signal_fd_ = Checked(signalfd(-1, &stop_, SFD_CLOEXEC | SFD_NONBLOCK),
                         "signalfd for SIGTERM and SIGINT");
    wake_fd_ =
        Checked(eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK), "eventfd to wake the signal watcher");
  } catch (...) {
    if (signal_fd_ >= 0) close(signal_fd_);
    pthread_sigmask(SIG_SETMASK, &old_mask_, nullptr);
    throw;
  }
}

StopSignals::~StopSignals() {
  close(wake_fd_);
  close(signal_fd_);
  pthread_sigmask(SIG_SETMASK, &old_mask_, nullptr);
}

int StopSignals::Wait(std::chrono::milliseconds timeout) {
  pollfd fds[2] = {{.fd = signal_fd_, .events = POLLIN, .revents = 0},
                   {.fd = wake_fd_, .events = POLLIN, .revents = 0}};
  if (poll(fds, 2, PollTimeout(timeout)) <= 0) return 0;  // none came, or EINTR
  // Non-blocking reads: a signal taken meanwhile by anyone else (there is
  // no one today) must not leave this thread stuck in read().
  if (fds[1].revents & POLLIN) {
    uint64_t count = 0;
    if (read(wake_fd_, &count, sizeof count) < 0) return 0;
  }
  if (!(fds[0].revents & POLLIN)) return 0;
  signalfd_siginfo info{};
  if (read(signal_fd_, &info, sizeof info) != sizeof info) return 0;
  return static_cast<int>(info.ssi_signo);
}

void StopSignals::Wake() {
  uint64_t one = 1;
  // Fails only if the counter would overflow: then a wake is pending anyway.
  [[maybe_unused]] ssize_t written = write(wake_fd_, &one, sizeof one);
}

const char* SignalName(int signal) {
  switch (signal) {
    case SIGTERM:
      return "SIGTERM";
    case SIGINT:
      return "SIGINT";
    default:
      return "a signal";
  }
}

}  // namespace tracedb::watch
