#include "output/dump_writer.h"

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace tracedb {

namespace {

// About what a line takes: reserved so that a batch's text seldom grows.
constexpr size_t kBytesPerLine = 80;

void WriteOut(std::FILE* out, std::string_view bytes) {
  if (!bytes.empty() && std::fwrite(bytes.data(), 1, bytes.size(), out) != bytes.size()) {
    throw std::runtime_error(std::string("cannot write the output: ") + std::strerror(errno));
  }
}

std::string Spell(DumpBatch&& batch) {
  std::string text;
  text.reserve(batch.lines.size() * kBytesPerLine);
  DumpText spell([&](std::string_view bytes) { text.append(bytes); });
  for (const DumpLine& line : batch.lines) spell.Line(line);
  spell.Flush();
  return text;
}

}  // namespace

DumpWriter::DumpWriter(const Registry& registry, std::FILE* out, DumpOptions options)
    : out_(out),
      maker_(registry, options.user_fields),
      text_([this, whole = options.whole_lines](std::string_view bytes) {
        whole ? WriteWholeLines(bytes) : WriteOut(out_, bytes);
      }) {
  if (options.format_workers <= 0) return;
  batch_.lines.reserve(kBatchLines);
  workers_ = std::make_unique<Workers>(options.format_workers, Spell,
                                       [out](std::string&& text) { WriteOut(out, text); });
}

DumpWriter::~DumpWriter() = default;

// Without workers a line is spelled at once, its kind known here: the
// serial dump does no more work than before lines existed.
void DumpWriter::OnContainer(const ContainerRow& row) {
  if (!workers_) return text_.Container(maker_.Container(row, nullptr));
  Add(maker_.Container(row, &batch_.store));
}

void DumpWriter::OnState(const StateRow& row) {
  if (!workers_) return text_.State(maker_.State(row, nullptr));
  Add(maker_.State(row, &batch_.store));
}

void DumpWriter::OnEvent(const EventRow& row) {
  if (!workers_) return text_.Event(maker_.Event(row, nullptr));
  Add(maker_.Event(row, &batch_.store));
}

void DumpWriter::OnVariable(const VariableRow& row) {
  if (!workers_) return text_.Variable(maker_.Variable(row, nullptr));
  Add(maker_.Variable(row, &batch_.store));
}

void DumpWriter::OnLink(const LinkRow& row) {
  if (!workers_) return text_.Link(maker_.Link(row, nullptr));
  Add(maker_.Link(row, &batch_.store));
}

void DumpWriter::WriteWholeLines(std::string_view bytes) {
  size_t end = bytes.rfind('\n') + 1;  // 0 without a line end
  if (end == 0) {
    partial_line_.append(bytes);
    return;
  }
  if (partial_line_.empty()) {
    WriteOut(out_, bytes.substr(0, end));
  } else {
    partial_line_.append(bytes.substr(0, end));
    WriteOut(out_, partial_line_);
    partial_line_.clear();
  }
  partial_line_.append(bytes.substr(end));
}

void DumpWriter::SubmitBatch() {
  DumpBatch full = std::move(batch_);
  batch_ = DumpBatch{};
  batch_.lines.reserve(kBatchLines);
  workers_->Submit(std::move(full));
}

void DumpWriter::Flush() {
  if (workers_) {
    if (!batch_.lines.empty()) SubmitBatch();
    workers_->Finish();
  }
  text_.Flush();
  WriteOut(out_, partial_line_);  // every line ends with '\n': empty
  partial_line_.clear();
  if (std::fflush(out_) != 0) {
    throw std::runtime_error(std::string("cannot write the output: ") + std::strerror(errno));
  }
}

}  // namespace tracedb
