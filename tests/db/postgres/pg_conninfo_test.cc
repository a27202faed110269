// How --db text is told to be PostgreSQL, and how messages name the
// database: never with its password, whatever form the text takes.
#include "db/postgres/pg_conninfo.h"

#include <gtest/gtest.h>

namespace tracedb::pg_conninfo_test {
namespace {

TEST(PgConninfo, PostgresTextIsAUrlOrStartsWithAKeyword) {
  for (const char* db : {"postgresql://db1/t", "postgres://db1/t", "dbname=t", " host = db1",
                         "service=prod", "password=x host=db1"}) {
    EXPECT_TRUE(IsPostgresConninfo(db)) << db;
  }
  for (const char* db : {"traces.sqlite", "./host=x", "hostx=1", "", "postgresql:/db1/t"}) {
    EXPECT_FALSE(IsPostgresConninfo(db)) << db;
  }
}

TEST(PgConninfo, TheDisplayNameLeavesThePasswordOut) {
  EXPECT_EQ(PostgresDisplayName("postgresql://alice:s3cret@db1:5432/traces?sslmode=require"),
            "postgresql://alice@db1:5432/traces");
  EXPECT_EQ(PostgresDisplayName("host=db1 port=5433 dbname=t user=bob password=s3cret"),
            "postgresql://bob@db1:5433/t");
  EXPECT_EQ(PostgresDisplayName("postgresql://db1/traces?password=s3cret&user=carol"),
            "postgresql://carol@db1/traces");
  EXPECT_EQ(PostgresDisplayName("hostaddr=10.0.0.7 dbname=t"), "postgresql://10.0.0.7/t");
  EXPECT_EQ(PostgresDisplayName("service=prod"), "postgresql:///?service=prod");
  EXPECT_EQ(PostgresDisplayName("postgresql://alice:s3cret@[bad/x"),
            "postgresql (unparsable connection string)");
}

TEST(PgConninfo, WhyTextCannotBeParsedQuotesNoneOfIt) {
  EXPECT_EQ(ConninfoProblem("postgresql://alice:s3cret@db1/traces"), "");
  EXPECT_EQ(ConninfoProblem("host=db1 password=s3cret"), "");
  // libpq would end this one with: in URI: "postgresql://alice:s3cret@[bad/x"
  EXPECT_EQ(ConninfoProblem("postgresql://alice:s3cret@[bad/x"),
            "end of string reached when looking for matching \"]\" in IPv6 host address in URI: "
            "\"...\"");
  // and this one with the bad escape, which is in the password.
  std::string escape = ConninfoProblem("postgresql://alice:s3%zzcret@db1/traces");
  EXPECT_EQ(escape.find("s3"), std::string::npos) << escape;
  EXPECT_EQ(escape.find("zz"), std::string::npos) << escape;
  EXPECT_NE(escape, "");
  EXPECT_EQ(ConninfoProblem("host=db1 password='s3cret"),
            "unterminated quoted string in connection info string");
}

}  // namespace
}  // namespace tracedb::pg_conninfo_test
