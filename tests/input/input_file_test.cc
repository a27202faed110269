// InputFile::Peek: the first bytes are looked at, then read again from the start, from plain,
// gzip and piped input (stdin cannot be opened twice).
#include "input/input_file.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <string>
#include <thread>

#include "support/test_support.h"

namespace tracedb::testing::input_file_test {
namespace {

// Everything left, through reads of `chunk` bytes, so that one read can straddle the end of
// the peeked bytes.
std::string ReadAll(InputFile& file, size_t chunk) {
  std::string text;
  std::string buffer(chunk, '\0');
  while (size_t got = file.Read(buffer.data(), chunk)) text.append(buffer, 0, got);
  return text;
}

// Numbered lines, `bytes` long in all.
std::string Lines(size_t bytes) {
  std::string text;
  for (int i = 0; text.size() < bytes; ++i) text += "line " + std::to_string(i) + "\n";
  text.resize(bytes);
  return text;
}

TEST(InputFilePeek, PeekedBytesAreReadAgainFromTheStart) {
  std::string text = Lines(200000);
  InputFile file(WriteTempFile("peek.txt", text));
  EXPECT_EQ(file.Peek(10), text.substr(0, 10));
  EXPECT_EQ(file.Peek(4), text.substr(0, 4));
  EXPECT_EQ(file.Peek(64), text.substr(0, 64));
  EXPECT_EQ(ReadAll(file, 7), text);
  char c;
  EXPECT_EQ(file.Read(&c, 1), 0u);
}

TEST(InputFilePeek, AShortInputPeeksWhatItHas) {
  InputFile abc(WriteTempFile("abc.txt", "abc"));
  EXPECT_EQ(abc.Peek(64), "abc");
  EXPECT_EQ(ReadAll(abc, 2), "abc");
  InputFile empty(WriteTempFile("empty.txt", ""));
  EXPECT_EQ(empty.Peek(64), "");
  EXPECT_EQ(ReadAll(empty, 2), "");
}

TEST(InputFilePeek, GzipInputPeeksTheUncompressedBytes) {
  std::string text = Lines(300000);
  std::string path = WriteTempFile("peek-gzip.txt", text);
  ASSERT_EQ(std::system(("gzip -f " + path).c_str()), 0);
  InputFile file(path + ".gz");
  EXPECT_TRUE(file.compressed());
  EXPECT_EQ(file.Peek(16), text.substr(0, 16));
  EXPECT_EQ(ReadAll(file, 1 << 16), text);
}

// The in-memory input of the fuzzers (fuzz/) peeks like a file, and is never gunzipped.
TEST(InputFilePeek, InMemoryInputPeeksAndReadsItsBytes) {
  std::string text = Lines(5000);
  InputFile file("memory.txt", text);
  EXPECT_EQ(file.Peek(16), text.substr(0, 16));
  EXPECT_EQ(ReadAll(file, 100), text);
  std::string gzip_magic = "\x1f\x8b rest";
  InputFile raw("memory.gz", gzip_magic);
  EXPECT_FALSE(raw.compressed());
  EXPECT_EQ(raw.Peek(2), "\x1f\x8b");
  EXPECT_EQ(ReadAll(raw, 3), gzip_magic);
  InputFile empty("empty", "");
  EXPECT_EQ(empty.Peek(8), "");
  EXPECT_EQ(ReadAll(empty, 8), "");
}

// More than zlib's read-ahead (1 MiB), written in small pieces: a second InputFile("-")
// after the peek would have lost what the first one had buffered.
TEST(InputFilePeek, StdinFromAPipeLosesNothing) {
  std::string text = Lines(3 << 20);
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  std::thread writer([&] {
    for (size_t at = 0; at < text.size(); at += 1000) {
      size_t n = std::min<size_t>(1000, text.size() - at);
      if (write(fds[1], text.data() + at, n) != static_cast<ssize_t>(n)) break;  // seen below
    }
    close(fds[1]);
  });
  int saved_stdin = dup(STDIN_FILENO);
  ASSERT_EQ(dup2(fds[0], STDIN_FILENO), STDIN_FILENO);
  close(fds[0]);
  std::string peeked;
  std::string read;
  {
    InputFile file("-");  // holds its own copy of the pipe: stdin can be put back at once
    dup2(saved_stdin, STDIN_FILENO);
    close(saved_stdin);
    peeked = std::string(file.Peek(64));
    read = ReadAll(file, 1 << 20);
  }
  writer.join();
  EXPECT_EQ(peeked, text.substr(0, 64));
  EXPECT_EQ(read.size(), text.size());
  EXPECT_TRUE(read == text);
}

}  // namespace
}  // namespace tracedb::testing::input_file_test
