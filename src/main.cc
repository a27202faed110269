#include <malloc.h>

#include <algorithm>
#include <thread>

#include "cli/cli.h"

int main(int argc, char** argv) {
  // The pipeline frees and reallocates its batches (tens of MB) all the
  // time. With glibc's defaults a freed batch goes back to the kernel
  // (munmap, heap trim) and the next one faults in zeroed pages again: about
  // 40% more page faults and 4% more CPU on an ingest. Fixed thresholds keep
  // the memory in the process, for a higher peak (a 100 MB SQLite ingest:
  // 115 -> 147 MB).
  mallopt(M_MMAP_THRESHOLD, 256 << 20);
  mallopt(M_TRIM_THRESHOLD, 512 << 20);
  // Memory kept that way is kept per arena, and glibc gives threads up to
  // eight arenas per core: the reader's, the parsers', the simulator's and
  // the writers' each kept their own. One arena per core keeps less for the
  // same speed (two cores, medians of 5 alternating: 100 MB SQLite ingest
  // 154 -> 120 MB peak RSS, 3.77 / 3.78 s; 1 GB dump 5.26 / 5.19 s). One
  // arena in all was slower (ingest 4.02 s) for 9 MB less.
  mallopt(M_ARENA_MAX, static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
  return tracedb::RunCli(argc, argv);
}
