// Sha256OfFile and BackgroundDigest (input/file_digest.h).
#include "input/file_digest.h"

#include <gtest/gtest.h>

#include "model/input_error.h"
#include "support/test_support.h"

namespace tracedb::file_digest_test {
namespace {

constexpr const char* kAbcDigest =
    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";

TEST(FileDigest, IsTheSha256OfTheBytes) {
  std::string path = testing::WriteTempFile("abc.txt", "abc");
  EXPECT_EQ(Sha256OfFile(path), kAbcDigest);
  EXPECT_EQ(BackgroundDigest(path).Get(), kAbcDigest);
}

// 2.5 MiB and 3 bytes of 'a': read in three chunks, the last one partly
// filled (the digest is sha256sum's).
TEST(FileDigest, AFileOfSeveralChunksIsDigestedWhole) {
  std::string path = testing::WriteTempFile("a.txt", std::string(5 * (1 << 19) + 3, 'a'));
  EXPECT_EQ(Sha256OfFile(path), "afec2c69a4413f9b5a60e6eac5c3f68dea6d402b40299bbd9e47483de1f2a41d");
}

TEST(FileDigest, StoppedItGivesNothing) {
  std::string path = testing::WriteTempFile("abc.txt", "abc");
  std::atomic<bool> stop{true};
  EXPECT_EQ(Sha256OfFile(path, &stop), "");
}

TEST(FileDigest, AMissingFileIsAnInputErrorFromEitherWay) {
  std::string path = testing::WriteTempFile("gone.txt", "") + ".missing";
  std::string expected = path + ": cannot open: No such file or directory";
  try {
    Sha256OfFile(path);
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), expected);
  }
  BackgroundDigest digest(path);
  try {
    digest.Get();
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), expected);
  }
}

}  // namespace
}  // namespace tracedb::file_digest_test
