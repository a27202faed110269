#include "format/otf2/otf2_reader.h"

#include <otf2/otf2.h>

#include <cstdarg>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>

#include "format/otf2/archive_files.h"
#include "format/otf2/containers.h"
#include "format/otf2/definitions.h"
#include "format/otf2/record_callbacks.h"
#include "format/otf2/record_mapper.h"
#include "model/input_error.h"
#include "model/json_text.h"

namespace tracedb::otf2 {
namespace {

namespace fs = std::filesystem;

// An OTF2 record averages about this many bytes: progress reports records
// as bytes of the event files.
constexpr uint64_t kBytesPerRecord = 16;

// The library's last complaint on this thread. It would print every error
// to stderr, a missing optional file included; tracedb says what went wrong
// itself, quoting this where it helps.
thread_local std::string last_library_error;

OTF2_ErrorCode KeepLibraryError(void*, const char*, uint64_t, const char*, OTF2_ErrorCode code,
                                const char* format, va_list arguments) {
  char text[512];
  std::vsnprintf(text, sizeof text, format, arguments);
  last_library_error = text;
  return code;
}

struct ReaderCloser {
  void operator()(OTF2_Reader* reader) const { OTF2_Reader_Close(reader); }
};
using ReaderHandle = std::unique_ptr<OTF2_Reader, ReaderCloser>;

[[noreturn]] void Fail(const std::string& anchor, const std::string& problem) {
  throw InputError(anchor, 0, problem);
}

std::string Quoted(const std::string& path) {
  return "\"" + fs::path(path).filename().string() + "\"";
}

// "traces/1.evt": a location's file as messages name it.
std::string InFolder(const ArchiveFiles& files, const std::string& path) {
  return "\"" + (fs::path(files.folder).filename() / fs::path(path).filename()).string() + "\"";
}

ReaderHandle Open(const ArchiveFiles& files) {
  if (files.anchor == "-")
    Fail("-", "an OTF2 archive cannot be read from stdin: give its anchor file");
  std::error_code error;
  if (!fs::is_regular_file(files.anchor, error))
    Fail(files.anchor, "not a readable OTF2 anchor file");
  OTF2_Error_RegisterCallback(KeepLibraryError, nullptr);
  ReaderHandle reader(OTF2_Reader_Open(files.anchor.c_str()));
  uint8_t major = 0, minor = 0, bugfix = 0;
  if (!reader || OTF2_Reader_GetVersion(reader.get(), &major, &minor, &bugfix) != OTF2_SUCCESS) {
    Fail(files.anchor, "not a readable OTF2 anchor file");
  }
  OTF2_Reader_SetSerialCollectiveCallbacks(reader.get());
  return reader;
}

Otf2Definitions Definitions(OTF2_Reader* reader, const ArchiveFiles& files) {
  std::error_code error;
  if (!fs::is_regular_file(files.definitions, error)) {
    Fail(files.anchor, "missing global definition file " + Quoted(files.definitions));
  }
  Otf2Definitions definitions;
  if (!ReadGlobalDefinitions(reader, &definitions)) {
    Fail(files.anchor, "cannot read the global definition file " + Quoted(files.definitions));
  }
  if (!definitions.resolution || *definitions.resolution == 0) {
    Fail(files.anchor,
         "no clock properties (a timer resolution above zero) in " + Quoted(files.definitions));
  }
  return definitions;
}

// Each location's local definitions, where there are any: the library
// applies their mapping tables and clock offsets to that location's records.
void ReadLocalDefinitions(OTF2_Reader* reader, const ArchiveFiles& files,
                          const Otf2Definitions& definitions) {
  if (OTF2_Reader_OpenDefFiles(reader) != OTF2_SUCCESS) return;  // none: they are optional
  for (const auto& [id, location] : definitions.locations) {
    std::error_code error;
    if (!fs::is_regular_file(files.folder + "/" + std::to_string(id) + ".def", error)) continue;
    OTF2_DefReader* defs = OTF2_Reader_GetDefReader(reader, id);
    if (defs == nullptr) continue;
    uint64_t read = 0;
    OTF2_Reader_ReadAllLocalDefinitions(reader, defs, &read);
    OTF2_Reader_CloseDefReader(reader, defs);
  }
  OTF2_Reader_CloseDefFiles(reader);
}

void OpenEventFiles(OTF2_Reader* reader, const ArchiveFiles& files,
                    const Otf2Definitions& definitions) {
  for (const auto& [id, location] : definitions.locations) {
    std::error_code error;
    std::string path = EventFile(files, id);
    if (!fs::is_regular_file(path, error)) {
      Fail(files.anchor, "missing event file " + InFolder(files, path) + " (location id " +
                             std::to_string(id) + ")");
    }
  }
  if (OTF2_Reader_OpenEvtFiles(reader) != OTF2_SUCCESS) {
    Fail(files.anchor, "cannot open the event files in " + Quoted(files.folder));
  }
  for (const auto& [id, location] : definitions.locations) {
    if (OTF2_Reader_GetEvtReader(reader, id) == nullptr) {
      Fail(files.anchor, "cannot read event file " + InFolder(files, EventFile(files, id)) +
                             " (location id " + std::to_string(id) + ")");
    }
  }
}

// The location whose event file the library cannot read to its end, read
// again one location at a time: its global reader does not say which failed.
std::optional<uint64_t> UnreadableLocation(const ArchiveFiles& files,
                                           const Otf2Definitions& definitions) {
  ReaderHandle reader(OTF2_Reader_Open(files.anchor.c_str()));
  if (!reader) return std::nullopt;
  OTF2_Reader_SetSerialCollectiveCallbacks(reader.get());
  for (const auto& [id, location] : definitions.locations) {
    OTF2_Reader_SelectLocation(reader.get(), id);
  }
  if (OTF2_Reader_OpenEvtFiles(reader.get()) != OTF2_SUCCESS) return std::nullopt;
  for (const auto& [id, location] : definitions.locations) {
    OTF2_EvtReader* events = OTF2_Reader_GetEvtReader(reader.get(), id);
    uint64_t read = 0;
    if (events == nullptr ||
        OTF2_Reader_ReadAllLocalEvents(reader.get(), events, &read) != OTF2_SUCCESS) {
      return id;
    }
  }
  return std::nullopt;
}

[[noreturn]] void FailRead(const ArchiveFiles& files, const Otf2Definitions& definitions,
                           OTF2_ErrorCode code) {
  std::string why = std::string(OTF2_Error_GetDescription(code)) + " (" + last_library_error + ")";
  std::optional<uint64_t> location = UnreadableLocation(files, definitions);
  if (!location) Fail(files.anchor, "cannot read the event files: " + why);
  Fail(files.anchor, "cannot read event file " + InFolder(files, EventFile(files, *location)) +
                         " (location id " + std::to_string(*location) + "): " + why);
}

void ReadRecords(OTF2_Reader* reader, const ArchiveFiles& files, const Otf2Definitions& definitions,
                 CallbackState* state) {
  OTF2_GlobalEvtReader* events = OTF2_Reader_GetGlobalEvtReader(reader);
  if (events == nullptr) Fail(files.anchor, "cannot read the event files");
  OTF2_GlobalEvtReaderCallbacks* callbacks = NewRecordCallbacks();
  OTF2_Reader_RegisterGlobalEvtCallbacks(reader, events, callbacks, state);
  OTF2_GlobalEvtReaderCallbacks_Delete(callbacks);
  uint64_t read = 0;
  OTF2_ErrorCode code = OTF2_Reader_ReadAllGlobalEvents(reader, events, &read);
  OTF2_Reader_CloseGlobalEvtReader(reader, events);
  if (state->error) std::rethrow_exception(state->error);
  if (state->problem) Fail(files.anchor, state->problem->text);
  if (code != OTF2_SUCCESS) FailRead(files, definitions, code);
}

// {"otf2": {"skipped": {"ThreadBegin": 4, ...}}}, or nothing when none was.
std::optional<std::string> Metadata(const MappedTrace& trace) {
  if (trace.skipped.empty()) return std::nullopt;
  std::string json = "{\"otf2\":{\"skipped\":{";
  bool first = true;
  for (const auto& [kind, count] : trace.skipped) {
    if (!first) json += ",";
    first = false;
    AppendJsonString(&json, kind);
    json += ":" + std::to_string(count);
  }
  return json + "}}}";
}

uint64_t ArchiveBytes(const std::string& anchor) {
  std::error_code error;
  uint64_t bytes = fs::file_size(anchor, error);
  fs::path base = fs::path(anchor).parent_path();
  for (const std::string& part : ArchiveParts(anchor)) {
    uint64_t size = fs::file_size(base / part, error);
    if (!error) bytes += size;
  }
  return bytes;
}

}  // namespace

ReadResult ReadOtf2Trace(const std::string& anchor, const ReadOptions& options,
                         const ReadCallbacks& callbacks, Registry* registry, EntitySink* sink) {
  ArchiveFiles files = FilesOf(anchor);
  ReaderHandle reader = Open(files);
  Otf2Definitions definitions = Definitions(reader.get(), files);
  ContainerTree tree = MakeContainers(definitions, registry);
  for (const auto& [id, location] : definitions.locations) {
    OTF2_Reader_SelectLocation(reader.get(), id);
  }
  ReadLocalDefinitions(reader.get(), files, definitions);
  OpenEventFiles(reader.get(), files, definitions);
  RecordMapper mapper(definitions, tree, registry, sink);
  BadLines bad_lines(anchor, options.bad_lines, callbacks.on_skip);
  CallbackState state{.mapper = &mapper, .bad_lines = &bad_lines};
  if (callbacks.on_block) {
    state.progress = [&](uint64_t records) { callbacks.on_block(records * kBytesPerRecord); };
  }
  ReadRecords(reader.get(), files, definitions, &state);
  MappedTrace trace;
  try {
    trace = mapper.Finish(options.simulator.ignore_incomplete_links);
  } catch (const RecordProblem& problem) {
    Fail(files.anchor, problem.text);
  }
  return ReadResult{.bytes = ArchiveBytes(anchor),
                    .lines = 0,
                    .records = trace.records,
                    .start_time = trace.start,
                    .end_time = trace.end,
                    .simulator = {.events = trace.records, .dropped_links = trace.dropped_links},
                    .metadata = Metadata(trace),
                    .skipped = bad_lines.skipped()};
}

}  // namespace tracedb::otf2
