#include "watch/watch_job.h"

#include "pipeline/open_archive.h"

namespace tracedb::watch {
namespace {

// Fills `outcome` as it goes, so that a failure still knows the files.
void LoadFile(const JobSpec& spec, ContentClaims& claims, JobOutcome& outcome) {
  outcome.files = {spec.path};
  for (const Companion& companion : spec.input.companions) outcome.files.push_back(companion.path);
  std::unique_ptr<Archive> archive = OpenArchive(spec.db, ArchiveAccess::kCreate);
  PreparedFile file = PrepareTraceFile(spec.given, spec.path, spec.input, spec.labels);
  outcome.files = {spec.path};
  // An archive read from its folder: its parts move with the folder.
  if (file.path == spec.path) {
    for (const Companion& companion : file.companions) outcome.files.push_back(companion.path);
  }
  outcome.warnings = file.warnings;
  // Two jobs of one content take turns: the second then finds it loaded.
  file.info.sha256 = IdentityOf(file);
  ContentClaim claim(claims, file.info.sha256, *spec.hooks.cancel);
  if (!claim.held()) {
    outcome.result = JobOutcome::Result::kAbandoned;
    return;
  }
  outcome.ingest = IngestTraceFile(*archive->loader, *archive->remover, file, spec.ingest,
                                   spec.hooks);
  outcome.result = outcome.ingest.already_there ? JobOutcome::Result::kAlreadyThere
                                                : JobOutcome::Result::kLoaded;
}

}  // namespace

WatchJob::WatchJob(JobSpec spec, ContentClaims& claims, std::function<void()> on_finished)
    : spec_(std::move(spec)),
      claims_(claims),
      on_finished_(std::move(on_finished)),
      thread_([this] { Run(); }) {}

void WatchJob::Run() {
  try {
    LoadFile(spec_, claims_, outcome_);
  } catch (const IngestCancelled&) {
    outcome_.result = JobOutcome::Result::kAbandoned;
  } catch (const std::exception& e) {
    // Any error fails this file alone: a bad trace, or the database refusing
    // it. Its companions go with it once they were found.
    outcome_.result = JobOutcome::Result::kFailed;
    outcome_.error = e.what();
  }
  finished_.store(true);
  on_finished_();
}

}  // namespace tracedb::watch
