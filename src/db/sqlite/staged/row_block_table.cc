#include "db/sqlite/staged/row_block_table.h"

#include <sqlite3.h>

#include <cstdint>
#include <exception>
#include <string>
#include <utility>

namespace tracedb {
namespace {

constexpr const char* kTableName = "tracedb_row_blocks";

struct Table {
  sqlite3_vtab base;  // first: SQLite hands out pointers to it
  RowBlockTable* rows;
};

struct Cursor {
  sqlite3_vtab_cursor base;  // first, as above
  std::optional<RowBlock> block;
  size_t row = 0;
  int64_t rowid = 0;
};

RowBlockTable* RowsOf(sqlite3_vtab_cursor* cursor) {
  return reinterpret_cast<Table*>(cursor->pVtab)->rows;
}

std::string Declaration() {
  std::string sql = "CREATE TABLE x(c0";
  for (int i = 1; i < kRowBlockColumns; ++i) sql += ",c" + std::to_string(i);
  return sql + ")";
}

int Connect(sqlite3* db, void* aux, int, const char* const*, sqlite3_vtab** out, char**) {
  int rc = sqlite3_declare_vtab(db, Declaration().c_str());
  if (rc != SQLITE_OK) return rc;
  auto* table = new Table{};
  table->rows = static_cast<RowBlockTable*>(aux);
  *out = &table->base;
  return SQLITE_OK;
}

int Disconnect(sqlite3_vtab* table) {
  delete reinterpret_cast<Table*>(table);
  return SQLITE_OK;
}

int BestIndex(sqlite3_vtab*, sqlite3_index_info* info) {
  info->estimatedCost = 1e9;  // one full scan, whatever is asked
  return SQLITE_OK;
}

int Open(sqlite3_vtab*, sqlite3_vtab_cursor** out) {
  *out = &(new Cursor{})->base;
  return SQLITE_OK;
}

int Close(sqlite3_vtab_cursor* cursor) {
  delete reinterpret_cast<Cursor*>(cursor);
  return SQLITE_OK;
}

// To the first row of the next block that has rows, or to the end.
int NextBlock(sqlite3_vtab_cursor* base) {
  auto* cursor = reinterpret_cast<Cursor*>(base);
  try {
    do {
      cursor->block = RowsOf(base)->Next();
    } while (cursor->block && cursor->block->rows == 0);
  } catch (const std::exception& e) {
    base->pVtab->zErrMsg = sqlite3_mprintf("%s", e.what());
    return SQLITE_ERROR;
  }
  cursor->row = 0;
  return SQLITE_OK;
}

int Filter(sqlite3_vtab_cursor* base, int, const char*, int, sqlite3_value**) {
  return NextBlock(base);
}

int Next(sqlite3_vtab_cursor* base) {
  auto* cursor = reinterpret_cast<Cursor*>(base);
  ++cursor->rowid;
  if (++cursor->row < cursor->block->rows) return SQLITE_OK;
  return NextBlock(base);
}

int Eof(sqlite3_vtab_cursor* base) { return !reinterpret_cast<Cursor*>(base)->block; }

int Column(sqlite3_vtab_cursor* base, sqlite3_context* context, int column) {
  const RowBlock& block = *reinterpret_cast<Cursor*>(base)->block;
  if (column >= block.columns) {
    sqlite3_result_null(context);
    return SQLITE_OK;
  }
  const RowCell& cell = block.Cell(reinterpret_cast<Cursor*>(base)->row, column);
  switch (cell.type) {
    case SqliteType::kInteger:
      sqlite3_result_int64(context, cell.integer);
      break;
    case SqliteType::kReal:
      sqlite3_result_double(context, cell.real);
      break;
    case SqliteType::kText:
      // Copied: the block goes when the cursor moves past its last row.
      sqlite3_result_text(context, block.text.data() + cell.text.offset,
                          static_cast<int>(cell.text.size), SQLITE_TRANSIENT);
      break;
    case SqliteType::kBlob:
      sqlite3_result_blob(context, block.text.data() + cell.text.offset,
                          static_cast<int>(cell.text.size), SQLITE_TRANSIENT);
      break;
    case SqliteType::kNull:
      sqlite3_result_null(context);
      break;
  }
  return SQLITE_OK;
}

int Rowid(sqlite3_vtab_cursor* base, sqlite3_int64* rowid) {
  *rowid = reinterpret_cast<Cursor*>(base)->rowid;
  return SQLITE_OK;
}

// Eponymous only (no xCreate): no CREATE VIRTUAL TABLE, nothing stored.
const sqlite3_module kModule = {
    .iVersion = 0,
    .xCreate = nullptr,
    .xConnect = Connect,
    .xBestIndex = BestIndex,
    .xDisconnect = Disconnect,
    .xDestroy = Disconnect,
    .xOpen = Open,
    .xClose = Close,
    .xFilter = Filter,
    .xNext = Next,
    .xEof = Eof,
    .xColumn = Column,
    .xRowid = Rowid,
};

}  // namespace

RowBlockTable::RowBlockTable(SqliteConnection& connection) : connection_(connection) {
  connection_.CreateModule(kTableName, &kModule, this);
}

RowBlockTable::~RowBlockTable() { connection_.DropModule(kTableName); }

void RowBlockTable::Run(const std::string& sql, NextBlock next) {
  next_ = std::move(next);
  try {
    connection_.Exec(sql);
  } catch (...) {
    next_ = nullptr;
    throw;
  }
  next_ = nullptr;
}

}  // namespace tracedb
