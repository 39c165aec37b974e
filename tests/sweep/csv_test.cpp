// CSV fields are quoted exactly when they must be, and what is written reads back the same.
#include "sweep/csv.hpp"

#include <sstream>

#include <gtest/gtest.h>

namespace fleng::sweep {
namespace {

TEST(Csv, QuotesOnlyWhenNeeded) {
  EXPECT_EQ(csv_field("plain"), "plain");
  EXPECT_EQ(csv_field(""), "");
  EXPECT_EQ(csv_field("a,b"), "\"a,b\"");
  EXPECT_EQ(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(csv_field("two\nlines"), "\"two\nlines\"");
  EXPECT_EQ(csv_line({"a", "b,c", ""}), "a,\"b,c\",\n");
}

TEST(Csv, RoundTrips) {
  const CsvRow header = {"ius", "error", "x"};
  const std::vector<CsvRow> rows = {{"4", "", "1"},
                                    {"16", "x.fl:3:1: error: no clause, \"p(1)\"", "2"},
                                    {"64", "line one\nline two", ""}};
  std::string text = csv_line(header);
  for (const auto& row : rows) text += csv_line(row);
  std::istringstream in(text);
  const auto table = read_csv(in, "t.csv");
  EXPECT_EQ(table.header, header);
  EXPECT_EQ(table.rows, rows);
  EXPECT_EQ(table.column("error"), 1);
  EXPECT_EQ(table.column("missing"), -1);
}

TEST(Csv, AcceptsCrlfAndNoFinalNewline) {
  std::istringstream in("a,b\r\n1,2\r\n3,4");
  const auto table = read_csv(in, "t.csv");
  ASSERT_EQ(table.rows.size(), 2U);
  EXPECT_EQ(table.rows[1], (CsvRow{"3", "4"}));
}

TEST(Csv, MalformedInputIsAnErrorWithItsLine) {
  auto error_of = [](const std::string& text) {
    std::istringstream in(text);
    try {
      (void)read_csv(in, "bad.csv");
    } catch (const std::runtime_error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(error_of(""), "bad.csv: empty file, no header");
  EXPECT_EQ(error_of("a,b\n1\n"), "bad.csv: record 2 has 1 fields, the header has 2");
  EXPECT_EQ(error_of("a,b\n1,\"open\n"), "bad.csv:3: unterminated quoted field");
  EXPECT_EQ(error_of("a,b\n1,x\"y\n"), "bad.csv:2: a quote inside an unquoted field");
  EXPECT_EQ(error_of("a,b\n1,\"x\"y\n"), "bad.csv:2: a closing quote must end the field");
}

}  // namespace
}  // namespace fleng::sweep
