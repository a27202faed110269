// The output formats of query results: text table, CSV and JSON.
#include <gtest/gtest.h>

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <random>
#include <string>

#include "results/csv_text.h"
#include "results/display_width.h"
#include "results/json_table.h"
#include "results/matrix_text.h"
#include "results/result_table.h"
#include "results/table_text.h"

namespace tracedb::testing::output_formats_test {
namespace {

// Text, integer, real and NULL cells, with names that need care.
ResultTable Sample() {
  return ResultTable{.columns = {"name", "n", "mean", "note"},
                     .rows = {{TextCell("Computing"), IntegerCell(16), RealCell(0.5), NullCell()},
                              {TextCell("MPI_Send"), IntegerCell(-3), RealCell(12.25),
                               TextCell("a, \"b\"")},
                              {TextCell("Pajé"), IntegerCell(1200), NullCell(), TextCell("")}}};
}

TEST(FormatReal, KeepsAPointOnWholeNumbersAndFifteenDigits) {
  EXPECT_EQ(FormatReal(0.0), "0.0");
  EXPECT_EQ(FormatReal(2.0), "2.0");
  EXPECT_EQ(FormatReal(-2.0), "-2.0");
  EXPECT_EQ(FormatReal(1.81), "1.81");
  EXPECT_EQ(FormatReal(0.1 + 0.2), "0.3");
  EXPECT_EQ(FormatReal(1e20), "1e+20");
  EXPECT_EQ(FormatReal(1.5e-7), "1.5e-07");
  EXPECT_EQ(FormatReal(std::numeric_limits<double>::infinity()), "inf");
}

TEST(FormatRealDigits, RoundsTheLastBitsOfASumAway) {
  EXPECT_EQ(FormatRealDigits(0.0299999999999998, 9), "0.03");
  EXPECT_EQ(FormatRealDigits(1.6499999999999999, 9), "1.65");
  EXPECT_EQ(FormatRealDigits(3.0000000001, 9), "3.0");
  EXPECT_EQ(FormatRealDigits(123456789012.0, 9), "1.23456789e+11");
  EXPECT_EQ(FormatRealDigits(0.1 + 0.2, 17), "0.30000000000000004");
}

TEST(FormatRealExact, KeepsFifteenDigitsWhereTheyReadBackElseTakesMore) {
  EXPECT_EQ(FormatRealExact(0.1), "0.1");
  EXPECT_EQ(FormatRealExact(2000.0), "2000.0");
  EXPECT_EQ(FormatRealExact(0.0005), "0.0005");
  EXPECT_EQ(FormatRealExact(1e15), "1e+15");
  EXPECT_EQ(FormatRealExact(-0.0), "-0.0");
  EXPECT_EQ(FormatRealExact(std::numeric_limits<double>::infinity()), "inf");
  EXPECT_EQ(FormatRealExact(0.1 + 0.2), "0.30000000000000004");
  EXPECT_EQ(FormatRealExact(2.0 / 3), "0.6666666666666666");
  EXPECT_EQ(FormatRealExact(1e15 + 1), "1000000000000001.0");
  EXPECT_EQ(FormatRealExact(1e15 + 0.5), "1000000000000000.5");
}

TEST(FormatRealExact, ReadsBackAsTheSameDoubleForRandomBits) {
  std::mt19937_64 random(7);
  for (int i = 0; i < 100'000; ++i) {
    uint64_t bits = random();
    double value = std::bit_cast<double>(bits);
    if (std::isnan(value)) continue;
    std::string text = FormatRealExact(value);
    double back = 0;
    std::from_chars(text.data(), text.data() + text.size(), back);
    ASSERT_EQ(std::bit_cast<uint64_t>(back), bits) << text;
  }
}

// FormatRealExact's rule, by printf: 15 significant digits when they read
// back as the same double, else 16, else 17.
std::string PrintfExact(double value) {
  char text[64];
  for (int digits = 15; digits <= 17; ++digits) {
    std::snprintf(text, sizeof text, "%.*g", digits, value);
    if (std::strtod(text, nullptr) == value || digits == 17) break;
  }
  std::string result = text;
  if (result.find_first_of(".ein") == std::string::npos) result += ".0";
  return result;
}

TEST(FormatRealExact, WritesWhatPrintfWritesWithFifteenToSeventeenDigits) {
  std::mt19937_64 random(5);
  std::vector<double> values = {0.1,
                                -0.1,
                                1e-4,
                                1e-5,
                                9.999e-5,
                                123456789012345.0,
                                1e15,
                                1e16,
                                1e-300,
                                5e-324,
                                1.7976931348623157e308,
                                0.5,
                                100.0,
                                -2.5e-7,
                                3.0,
                                12345678901234567.0};
  for (int i = 0; i < 200'000; ++i) {
    double value = std::bit_cast<double>(random());
    if (!std::isnan(value)) values.push_back(value);
    // Times as traces have them: few digits, any scale.
    values.push_back(static_cast<double>(random() % 100'000'000) /
                     std::pow(10.0, static_cast<int>(random() % 24) - 8));
  }
  for (double value : values) ASSERT_EQ(FormatRealExact(value), PrintfExact(value)) << value;
}

// The buffer variants export-csv writes with give the Cell factories' text.
TEST(FormatRealExact, AppendedTextIsTheSameForRandomBits) {
  std::mt19937_64 random(11);
  for (int i = 0; i < 10'000; ++i) {
    double value = std::bit_cast<double>(random());
    std::string out = "x";
    AppendRealExact(value, &out);
    ASSERT_EQ(out, "x" + FormatRealExact(value));
  }
}

TEST(AppendInteger, WritesWhatIntegerCellWrites) {
  for (int64_t value : {int64_t{0}, int64_t{-3}, int64_t{1200}, std::numeric_limits<int64_t>::min(),
                        std::numeric_limits<int64_t>::max()}) {
    std::string out = "x";
    AppendInteger(value, &out);
    EXPECT_EQ(out, "x" + IntegerCell(value).text);
  }
}

TEST(TextTable, AlignsNumbersRightTextLeftWithoutTrailingSpaces) {
  EXPECT_EQ(FormatTextTable(Sample()),
            "name          n   mean  note\n"
            "Computing    16    0.5\n"
            "MPI_Send     -3  12.25  a, \"b\"\n"
            "Pajé       1200\n");
}

TEST(TextTable, HeaderAloneWhenNoRowsAndNothingWithoutColumns) {
  EXPECT_EQ(FormatTextTable(ResultTable{.columns = {"a", "bb"}}), "a  bb\n");
  EXPECT_EQ(FormatTextTable(ResultTable{}), "");
}

TEST(TextTable, ExplicitAlignmentAndNoHeader) {
  ResultTable table{.columns = {"k", "v"},
                    .rows = {{TextCell("size"), TextCell("5.6 kB")},
                             {TextCell("id"), IntegerCell(12)}}};
  EXPECT_EQ(FormatTextTable(table, {.align = {Align::kLeft, Align::kRight}, .header = false}),
            "size  5.6 kB\n"
            "id        12\n");
  // A column with text in it is text, so 12 aligns left.
  EXPECT_EQ(FormatTextTable(table), "k     v\nsize  5.6 kB\nid    12\n");
}

// Rows added one by one, none held: every row counts, the last one too (a
// text cell after 2,000 numbers makes the column text), and a column of
// NULLs only is not a number column.
TEST(TextTable, ALayoutBuiltRowByRowWeighsEveryRow) {
  TextLayoutBuilder builder({"n", "empty", "wide"}, {});
  for (int i = 0; i < 2000; ++i) builder.Add({IntegerCell(i), NullCell(), RealCell(0.5)});
  builder.Add({TextCell("x"), NullCell(), RealCell(123456.25)});
  TextLayout layout = builder.Layout();
  EXPECT_EQ(layout.widths, (std::vector<size_t>{4, 5, 9}));
  EXPECT_EQ(layout.right, (std::vector<bool>{false, false, true}));
}

TEST(TextTable, EscapesControlCharactersToKeepOneLinePerRow) {
  ResultTable table{.columns = {"a\nb"}, .rows = {{TextCell("x\ty\r\n\x01")}}};
  EXPECT_EQ(FormatTextTable(table), "a\\nb\nx\\ty\\r\\n\\x01\n");
}

// Columns as a terminal shows them: CJK and fullwidth characters take two,
// combining marks none, a byte that is not UTF-8 one.
TEST(DisplayWidth, CountsTheColumnsATerminalGives) {
  EXPECT_EQ(DisplayWidth("rank"), 4u);
  EXPECT_EQ(DisplayWidth("caf\u00e9"), 4u);
  EXPECT_EQ(DisplayWidth("cafe\u0301"), 4u);  // e and a combining acute
  EXPECT_EQ(DisplayWidth("\u65e5\u672c"), 4u);
  EXPECT_EQ(DisplayWidth("\uff21"), 2u);      // fullwidth A
  EXPECT_EQ(DisplayWidth("\U0001f680"), 2u);  // rocket
  EXPECT_EQ(DisplayWidth("a\xff"
                         "b"),
            3u);
  EXPECT_EQ(DisplayWidth(""), 0u);
}

TEST(TextTable, PadsByTheColumnsATerminalShows) {
  ResultTable table{
      .columns = {"name", "n"},
      .rows = {{TextCell("\u65e5\u672c"), IntegerCell(1)}, {TextCell("abcde"), IntegerCell(22)}}};
  EXPECT_EQ(FormatTextTable(table), "name    n\n\u65e5\u672c    1\nabcde  22\n");
}

// The matrix's row labels line up too: "été" is three columns, not five bytes.
TEST(SquareMatrix, PadsLabelsByTheColumnsATerminalShows) {
  EXPECT_EQ(FormatSquareMatrix("m", {"\u00e9t\u00e9", "node"}, {{"", "12"}, {"3", ""}}),
            "m\n"
            "         1   2\n"
            "1 \u00e9t\u00e9    .  12\n"
            "2 node   3   .\n");
}

TEST(CsvText, QuotesOnlyWhatNeedsItAndTellsNullFromEmpty) {
  EXPECT_EQ(FormatCsv(Sample()),
            "name,n,mean,note\n"
            "Computing,16,0.5,\n"
            "MPI_Send,-3,12.25,\"a, \"\"b\"\"\"\n"
            "Pajé,1200,,\"\"\n");
}

TEST(CsvText, QuotesLineBreaksAndHeaderNames) {
  ResultTable table{.columns = {"x,y", "plain"},
                    .rows = {{TextCell("two\nlines"), TextCell("cr\r")}}};
  EXPECT_EQ(FormatCsv(table), "\"x,y\",plain\n\"two\nlines\",\"cr\r\"\n");
}

// A field appended as it is, then quoted in place, is the field a record
// of cells has; the text before it is left alone.
TEST(CsvText, QuotingInPlaceGivesTheFieldOfARecord) {
  for (std::string text : {"plain", "", "a, \"b\"", "\"\"", "two\nlines", "cr\r", "\"x\"y\""}) {
    for (bool is_text : {true, false}) {
      std::string out = "a,\"";
      out += text;
      QuoteCsvField(&out, 3, /*quote_empty=*/is_text);
      std::string record;
      AppendCsvRecord(&record, {is_text ? TextCell(text) : Cell{CellKind::kJson, text}});
      EXPECT_EQ(out, "a,\"" + record.substr(0, record.size() - 1)) << text;
    }
  }
  std::string out = "q,";
  QuoteCsvField(&out, 2, /*quote_empty=*/true);
  EXPECT_EQ(out, "q,\"\"");
}

TEST(JsonTable, NumbersNullsAndEscapedStrings) {
  EXPECT_EQ(FormatJsonArray(Sample()),
            "[\n"
            "{\"name\":\"Computing\",\"n\":16,\"mean\":0.5,\"note\":null},\n"
            "{\"name\":\"MPI_Send\",\"n\":-3,\"mean\":12.25,\"note\":\"a, \\\"b\\\"\"},\n"
            "{\"name\":\"Pajé\",\"n\":1200,\"mean\":null,\"note\":\"\"}\n"
            "]\n");
}

TEST(JsonTable, EmptyArrayAndNonFiniteRealsAsNull) {
  EXPECT_EQ(FormatJsonArray(ResultTable{.columns = {"a"}}), "[]\n");
  double inf = std::numeric_limits<double>::infinity();
  ResultTable table{.columns = {"r", "t\n"},
                    .rows = {{RealCell(-inf), TextCell("back\\slash\x1f")},
                             {RealCell(1e20), TextCell("é")}}};
  EXPECT_EQ(FormatJsonArray(table),
            "[\n"
            "{\"r\":null,\"t\\u000a\":\"back\\\\slash\\u001f\"},\n"
            "{\"r\":1e+20,\"t\\u000a\":\"é\"}\n"
            "]\n");
}

TEST(JsonTable, StreamingPiecesMakeTheSameArray) {
  ResultTable sample = Sample();
  std::string out;
  for (size_t i = 0; i < sample.rows.size(); ++i) {
    AppendJsonArraySeparator(&out, i);
    AppendJsonObject(&out, sample.columns, sample.rows[i]);
  }
  AppendJsonArrayEnd(&out, sample.rows.size());
  EXPECT_EQ(out, FormatJsonArray(sample));
}

}  // namespace
}  // namespace tracedb::testing::output_formats_test
