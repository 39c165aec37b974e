// The CSV record reader and field numbers of vm/csv.hpp (read_csv/2).
#include <gtest/gtest.h>

#include <sstream>

#include "vm/csv.hpp"

namespace fleng::vm::csv {
namespace {

std::vector<std::vector<std::string>> all(const std::string& text, std::string* error = nullptr) {
  std::istringstream in(text);
  std::size_t line = 0;
  Row row;
  std::string e;
  std::vector<std::vector<std::string>> rows;
  for (;;) {
    const Status s = read_record(in, line, row, e);
    if (s == Status::End) break;
    if (s == Status::Error) {
      if (error != nullptr) *error = e;
      break;
    }
    std::vector<std::string> fields;
    for (const auto& f : row) fields.push_back((f.quoted ? "Q:" : "") + f.text);
    rows.push_back(fields);
  }
  return rows;
}

using Rows = std::vector<std::vector<std::string>>;

TEST(Csv, FieldsRowsAndLineEnds) {
  EXPECT_EQ(all("a,b,c\n1,2,3\n"), (Rows{{"a", "b", "c"}, {"1", "2", "3"}}));
  EXPECT_EQ(all("a,b\r\nc,d"), (Rows{{"a", "b"}, {"c", "d"}}));
  EXPECT_EQ(all("a,,b,\n"), (Rows{{"a", "", "b", ""}}));
  EXPECT_EQ(all(",\n"), (Rows{{"", ""}}));
}

TEST(Csv, EmptyLinesAreSkippedAndRaggedRowsKept) {
  EXPECT_EQ(all("a\n\n\r\nb,c\n"), (Rows{{"a"}, {"b", "c"}}));
}

TEST(Csv, QuotedFields) {
  EXPECT_EQ(all("\"a,b\",\"say \"\"hi\"\"\"\n"), (Rows{{"Q:a,b", "Q:say \"hi\""}}));
  EXPECT_EQ(all("\"two\nlines\",x\ny\n"), (Rows{{"Q:two\nlines", "x"}, {"y"}}));
  EXPECT_EQ(all("\"\"\n"), (Rows{{"Q:"}}));
}

TEST(Csv, AnUnterminatedQuoteIsAnErrorWithItsLine) {
  std::string error;
  const auto rows = all("a\nb,\"open\nmore\n", &error);
  EXPECT_EQ(rows, (Rows{{"a"}}));
  EXPECT_EQ(error, "unterminated quoted field (opened on line 2)");
}

TEST(Csv, Numbers) {
  EXPECT_EQ(std::get<std::int64_t>(*number("42")), 42);
  EXPECT_EQ(std::get<std::int64_t>(*number(" -7 ")), -7);
  EXPECT_EQ(std::get<std::int64_t>(*number("+3")), 3);
  EXPECT_DOUBLE_EQ(std::get<double>(*number("1.5")), 1.5);
  EXPECT_DOUBLE_EQ(std::get<double>(*number("-2e3")), -2000.0);
  EXPECT_DOUBLE_EQ(std::get<double>(*number("99999999999999999999")), 1e20);
  for (const char* text : {"", " ", "abc", "1a", "inf", "nan", "0x10", "+-1", "1 2", "-", "."}) {
    EXPECT_FALSE(number(text).has_value()) << text;
  }
}

}  // namespace
}  // namespace fleng::vm::csv
