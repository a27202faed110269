#include "db/sqlite/staged/sqlite_split_writer.h"

#include <exception>
#include <thread>

namespace tracedb {

SqliteSplitWriter::SqliteSplitWriter(SqliteConnection& archive, SqliteStagedLoad& staged) {
  auto parts = static_cast<uint32_t>(staged.parts());
  for (uint32_t part = 0; part < parts; ++part) {
    Part p;
    SqliteConnection* connection = &archive;
    std::string schema = SqliteStagedLoad::Schema(0);
    if (part > 0) {
      p.connection = std::make_unique<SqliteConnection>(staged.path(static_cast<int>(part)),
                                                        SqliteFile::kScratch);
      connection = p.connection.get();
      schema = "main";
    }
    p.writer = std::make_unique<SqliteRowWriter>(
        *connection, SqliteRowTarget{.schema = schema,
                                     .share = {.part = part, .parts = parts},
                                     .runs = staged.runs(static_cast<int>(part))});
    parts_.push_back(std::move(p));
  }
}

void SqliteSplitWriter::Write(const RowBatch& batch) {
  std::vector<std::exception_ptr> errors(parts_.size());
  {
    std::vector<std::jthread> threads;
    for (size_t part = 1; part < parts_.size(); ++part) {
      threads.emplace_back([&, part] {
        try {
          parts_[part].writer->Write(batch);
        } catch (...) {
          errors[part] = std::current_exception();
        }
      });
    }
    try {
      parts_[0].writer->Write(batch);
    } catch (...) {
      errors[0] = std::current_exception();
    }
  }  // joined
  for (const std::exception_ptr& error : errors) {
    if (error) std::rethrow_exception(error);
  }
}

}  // namespace tracedb
