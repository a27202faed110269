// InputError: the one exception for bad input. It names where the problem is
// (file and line, line 0 when there is no line) so that every layer can let it
// travel up unchanged and main() prints it as "FILE:LINE: problem". The
// text is Printable (model/printable.h): the problem often quotes the input,
// and a NUL byte in it must not cut the message short.
//
// These exceptions are immutable values: safe to copy, and to rethrow on
// another thread (a parser worker's error reaches the in-order stage so).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

#include "model/printable.h"

namespace tracedb {

class InputError : public std::runtime_error {
 public:
  InputError(std::string file, uint64_t line, const std::string& problem)
      : std::runtime_error(Format(file, line, problem)),
        file_(std::move(file)),
        line_(line),
        problem_(problem) {}

  const std::string& file() const { return file_; }
  uint64_t line() const { return line_; }
  const std::string& problem() const { return problem_; }

 private:
  static std::string Format(const std::string& file, uint64_t line, const std::string& problem) {
    if (line == 0) return Printable(file) + ": " + Printable(problem);
    return Printable(file) + ":" + std::to_string(line) + ": " + Printable(problem);
  }

  std::string file_;
  uint64_t line_;
  std::string problem_;
};

// ProblemError: a problem found by a stage that does not know the file name
// (the simulator knows the line only). The driving stage turns it into an
// InputError by adding the file, from problem(): what() is a C string, cut
// at the first NUL byte the problem quotes from the input.
class ProblemError : public std::runtime_error {
 public:
  ProblemError(uint64_t line, const std::string& problem)
      : std::runtime_error(problem), line_(line), problem_(problem) {}
  uint64_t line() const { return line_; }
  const std::string& problem() const { return problem_; }

 private:
  uint64_t line_;
  std::string problem_;
};

// A problem found at a line that skipping the line would not cure: the line
// was fine when read, the trace around it is not (a link whose other half
// never came, found when its container ends). It fails a lenient read too
// (model/bad_lines.h).
class TraceProblemError : public ProblemError {
 public:
  using ProblemError::ProblemError;
};

}  // namespace tracedb
