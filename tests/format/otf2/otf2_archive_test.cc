// An OTF2 archive as a whole (../shared/docs/otf2-format.md, "The archive",
// "Errors"), on both backends: given by its anchor or its folder, named
// after its folder; its local definitions read before its records, and
// optional; its missing or damaged files; its identity, which covers every
// file of it; --on-error skip of a single bad record.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>

#include "otf2_cli.h"

namespace tracedb::testing::otf2_cli::otf2_archive_test {
namespace {

namespace fs = std::filesystem;

constexpr uint32_t kMain = 0;

std::string Bytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

void Write(const fs::path& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

// How many bytes differ between two files of one size (-1: sizes differ).
int BytesChanged(const fs::path& a, const fs::path& b) {
  std::string x = Bytes(a), y = Bytes(b);
  if (x.size() != y.size()) return -1;
  int changed = 0;
  for (size_t i = 0; i < x.size(); ++i) changed += x[i] != y[i];
  return changed;
}

// Two processes, a message from 0 to 1 of `length` bytes, main on both;
// location 1 has local definitions: a region mapping of local id 50 (that
// no record uses) to global region `mapped`.
Otf2Archive Small(uint64_t length = 0x42, const std::string& host = "host", uint64_t mapped = 1) {
  Otf2Archive archive = World(2);
  archive.nodes[0].name = host;
  archive.regions = {
      {.id = kMain, .name = "main"}, {.id = 1, .name = "other"}, {.id = 2, .name = "third"}};
  archive.records[0] = {Enter(0, kMain), MpiSend(10, 1, kWorld, 1, length), Leave(30, kMain)};
  archive.records[1] = {Enter(5, kMain), MpiRecv(20, 0, kWorld, 1, 0), Leave(40, kMain)};
  archive.local[1] = {{.type = OTF2_MAPPING_REGION, .ids = {{50, mapped}}}};
  return archive;
}

std::vector<std::string> SmallStates() {
  return Sorted({Thread(0) + "|Region|0.0|0.03|0|main", Thread(1) + "|Region|0.005|0.04|0|main"});
}

std::string Folder(const std::string& anchor) { return fs::path(anchor).parent_path().string(); }

class Otf2Archives : public Otf2Cli {};

TEST_P(Otf2Archives, AnArchiveIsGivenByItsAnchorOrItsFolderAndNamedAfterTheFolder) {
  std::string anchor = WriteArchive(Small(), "run42");
  CliRun by_anchor = Ingest(anchor);
  ASSERT_EQ(by_anchor.exit_code, 0) << by_anchor.err;
  EXPECT_EQ(TraceRow(), "run42|otf2|5|2|0|0|1|0.0|0.04");
  EXPECT_EQ(Stored("state"), SmallStates());
  std::string copy = Folder(anchor) + "-copy";
  fs::remove_all(copy);
  fs::copy(Folder(anchor), copy, fs::copy_options::recursive);
  CliRun by_folder = Ingest(copy, "", "--force");
  ASSERT_EQ(by_folder.exit_code, 0) << by_folder.err;
  EXPECT_EQ(TraceRow(), "run42-copy|otf2|5|2|0|0|1|0.0|0.04");
  EXPECT_EQ(Stored("state"), SmallStates());
  EXPECT_EQ(Stored("link"), std::vector<std::string>{"MPI point-to-point|" + Thread(0) + "|" +
                                                     Thread(1) + "|0.01|0.02|MPI_COMM_WORLD|66|1"});
  CliRun dump_folder = Tracedb("dump " + copy), dump_anchor = Tracedb("dump " + anchor);
  EXPECT_EQ(dump_folder.exit_code, 0) << dump_folder.err;
  EXPECT_EQ(dump_folder.out, dump_anchor.out);
}

// The local definitions are read before the records: location 1's records
// name communicator 7, which its mapping table makes MPI_COMM_WORLD (0).
TEST_P(Otf2Archives, TheLocalMappingTablesApplyToTheirLocationsRecords) {
  Otf2Archive archive = World(2);
  archive.records[0] = {MpiSend(10, 1, kWorld, 3, 8)};
  archive.records[1] = {MpiRecv(20, 0, 7, 3, 8)};
  archive.local[1] = {{.type = OTF2_MAPPING_COMM, .ids = {{7, kWorld}}}};
  IngestArchive(archive, "mapped");
  EXPECT_EQ(Stored("link"), std::vector<std::string>{"MPI point-to-point|" + Thread(0) + "|" +
                                                     Thread(1) + "|0.01|0.02|MPI_COMM_WORLD|8|3"});
}

// Local definition files are optional: without 1.def the archive reads the
// same (its mapping table maps nothing any record uses).
TEST_P(Otf2Archives, AMissingLocalDefinitionFileIsNoError) {
  std::string anchor = WriteArchive(Small(), "no_local_defs");
  ASSERT_TRUE(fs::remove(Folder(anchor) + "/traces/1.def"));
  CliRun run = Ingest(anchor);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err, "");
  EXPECT_EQ(Stored("state"), SmallStates());
}

TEST_P(Otf2Archives, AMissingEventFileIsAnErrorNamingIt) {
  std::string anchor = WriteArchive(Small(), "missing_evt");
  ASSERT_TRUE(fs::remove(Folder(anchor) + "/traces/1.evt"));
  ExpectRejected(Ingest(anchor), anchor, {"traces/1.evt"});
}

TEST_P(Otf2Archives, AMissingGlobalDefinitionFileIsAnErrorNamingIt) {
  std::string anchor = WriteArchive(Small(), "missing_def");
  ASSERT_TRUE(fs::remove(Folder(anchor) + "/traces.def"));
  ExpectRejected(Ingest(anchor), anchor, {"traces.def"});
}

// The anchor is there, its folder of event files is not.
TEST_P(Otf2Archives, AnAnchorWhoseFolderIsMissingIsAnError) {
  std::string anchor = WriteArchive(Small(), "no_folder");
  ASSERT_GT(fs::remove_all(Folder(anchor) + "/traces"), 0u);
  ExpectRejected(Ingest(anchor), anchor, {"traces/0.evt"});
}

TEST_P(Otf2Archives, AnAnchorOfRandomBytesIsAnError) {
  std::string anchor = WriteArchive(Small(), "random_anchor");
  std::string random;
  for (int i = 0; i < 72; ++i) random += static_cast<char>((i * 151 + 17) % 256);
  Write(anchor, random);
  ExpectRejected(Ingest(anchor), anchor, {"not a readable OTF2 anchor file"});
}

// An event file cut short (a tracer killed while writing): 2000 more
// records on location 0, then half of its file lost.
std::string TruncatedArchive(const std::string& name) {
  Otf2Archive archive = Small();
  for (uint64_t t = 100; t < 2100; t += 2) {
    archive.records[0].push_back(Enter(t, kMain));
    archive.records[0].push_back(Leave(t + 1, kMain));
  }
  std::string anchor = WriteArchive(archive, name);
  fs::path evt = Folder(anchor) + "/traces/0.evt";
  std::string bytes = Bytes(evt);
  Write(evt, bytes.substr(0, bytes.size() / 2));
  return anchor;
}

// The read fails naming the file cut short ("a location's .evt file is
// missing or unreadable"), though the library's global reader does not say
// which location failed.
TEST_P(Otf2Archives, ATruncatedEventFileFailsTheReadNamingIt) {
  std::string anchor = TruncatedArchive("truncated");
  ExpectRejected(Ingest(anchor), anchor,
                 {"cannot read event file \"traces/0.evt\" (location id 0): "});
}

// Neither from stdin nor gzip-compressed: an archive is a folder of files.
TEST_P(Otf2Archives, AnArchiveCannotComeFromStdinOrGzip) {
  std::string anchor = WriteArchive(Small(), "stdin");
  CliRun dump = Tracedb("dump - <" + anchor);
  EXPECT_EQ(dump.exit_code, 1);
  EXPECT_EQ(dump.err, "-: an OTF2 archive cannot be read from stdin: give its anchor file\n");
  ExpectRejected(Ingest("- <" + anchor), "-", {});
  std::string gz = Folder(anchor) + "/traces.otf2.gz";
  ASSERT_EQ(std::system(("gzip -c " + anchor + " >" + gz).c_str()), 0);
  ExpectRejected(Ingest(gz), gz, {});
}

// The identity covers every file: the same archive again (or a copy) is
// skipped; a byte changed in an event file, the global definitions or a
// local definition file makes another trace.
TEST_P(Otf2Archives, AByteChangedInAnyFileOfTheArchiveMakesANewTrace) {
  std::string anchor = WriteArchive(Small(), "identity");
  std::string folder = Folder(anchor);
  ASSERT_EQ(Ingest(anchor).exit_code, 0);
  const std::string skipped =
      ": already in the database as trace 1 (same content); skipped, "
      "--force replaces it\n";
  std::string ingest = "ingest --db " + database_->url() + " ";
  EXPECT_EQ(Tracedb(ingest + anchor).err, anchor + skipped);
  std::string copy = folder + "-copy";
  fs::remove_all(copy);
  fs::copy(folder, copy, fs::copy_options::recursive);
  EXPECT_EQ(Tracedb(ingest + copy).err, copy + skipped);

  // The same archive written with one value changed: a file differing in one byte.
  struct Variant {
    Otf2Archive archive;
    const char* file;
  };
  std::vector<Variant> variants = {{Small(0x41), "traces/0.evt"},
                                   {Small(0x42, "hosT"), "traces.def"},
                                   {Small(0x42, "host", 2), "traces/1.def"}};
  int trace = 1;
  for (const Variant& variant : variants) {
    std::string other = WriteArchive(variant.archive, std::string("variant-") + variant.file[7]);
    fs::path original = fs::path(folder) / variant.file,
             changed = fs::path(Folder(other)) / variant.file;
    ASSERT_EQ(BytesChanged(original, changed), 1) << variant.file;
    std::string kept = Bytes(original);
    fs::copy_file(changed, original, fs::copy_options::overwrite_existing);
    CliRun run = Ingest(anchor);
    EXPECT_EQ(run.exit_code, 0) << variant.file << ": " << run.err;
    EXPECT_EQ(run.err, "") << variant.file;
    EXPECT_EQ(TraceRow().substr(0, 9), "identity|") << variant.file;
    EXPECT_EQ(database_->Rows("SELECT max(id) FROM trace"),
              std::vector<std::string>{std::to_string(++trace)})
        << variant.file;
    Write(original, kept);
  }
  EXPECT_EQ(Tracedb(ingest + anchor).err, anchor + skipped);
  EXPECT_EQ(database_->Rows("SELECT count(DISTINCT sha256), count(*) FROM trace"),
            std::vector<std::string>{"4|4"});
}

// --on-error skip leaves out a record at fault alone (a Leave of a region
// not open, a record before the one before it) and reads on.
TEST_P(Otf2Archives, OnErrorSkipLeavesOutTheBadRecordAlone) {
  Otf2Archive archive = World(2);
  archive.regions = {{.id = kMain, .name = "main"}, {.id = 1, .name = "compute"}};
  archive.records[0] = {Enter(10, kMain), MpiCollectiveBegin(50), Enter(60, 1), Leave(70, 1),
                        Leave(80, kMain)};
  archive.records[1] = {Enter(20, kMain), Leave(30, 1), Leave(40, kMain)};
  std::string anchor = WriteArchive(archive, "skip");
  RewriteTimestamp(Folder(anchor) + "/traces/0.evt", 60, 45);  // Enter compute, backwards
  CliRun failed = Ingest(anchor);
  ExpectRejected(failed, anchor, {"timestamp 30"});
  CliRun run = Ingest(anchor, "--on-error skip");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  // Without its Enter, the Leave of compute at 70 is at fault too.
  EXPECT_EQ(Stored("state"), Sorted({Thread(0) + "|Region|0.01|0.08|0|main",
                                     Thread(1) + "|Region|0.02|0.04|0|main"}));
  for (const char* part : {"timestamp 30", "timestamp 45", "timestamp 70"}) {
    EXPECT_NE(run.err.find(part), std::string::npos) << part << " in " << run.err;
  }
}

INSTANTIATE_TEST_SUITE_P(Backends, Otf2Archives,
                         ::testing::Values(Backend::kSqlite, Backend::kPostgres), BackendName);

}  // namespace
}  // namespace tracedb::testing::otf2_cli::otf2_archive_test
