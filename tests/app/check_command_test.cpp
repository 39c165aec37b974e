// `fleng check` as a user runs it: warnings leave the exit status 0, --werror makes it 1,
// errors make it 1 either way, standard input is read with `-`.
#include <string>

#include <gtest/gtest.h>

#include "command_output.hpp"

namespace {

fleng::test::Outcome check(const std::string& arguments) {
  return fleng::test::run_command(std::string("cd ") + FLENG_SOURCE_DIR + " && " + FLENG_BINARY +
                                  " check " + arguments + " 2>&1");
}

TEST(CheckCommand, WarningsExitZeroUnlessWerror) {
  const auto plain = check("tests/golden/lint/warnings.fl");
  EXPECT_EQ(plain.exit_code, 0) << plain.output;
  EXPECT_NE(plain.output.find(": warning: "), std::string::npos) << plain.output;
  const auto strict = check("--werror tests/golden/lint/warnings.fl");
  EXPECT_EQ(strict.exit_code, 1) << strict.output;
  EXPECT_EQ(strict.output, plain.output);
}

TEST(CheckCommand, CleanProgramWithWerror) {
  for (const char* file : {"tests/golden/lint/clean.fl", "examples/queens.fl", "lib/lists.fl"}) {
    const auto clean = check(std::string("--werror ") + file);
    EXPECT_EQ(clean.exit_code, 0) << clean.output;
    EXPECT_EQ(clean.output, "");
  }
}

TEST(CheckCommand, SeveralFilesAreOneProgram) {
  // a.fl calls what b.fl defines: alone it calls an undefined predicate, with b.fl it does not.
  const std::string files =
      "d=$(mktemp -d) && printf 'main :- other.\\n' > $d/a.fl && printf 'other.\\n' > $d/b.fl && ";
  const auto alone = fleng::test::run_command(files + FLENG_BINARY +
                                              " check --werror $d/a.fl 2>&1; s=$?; rm -r $d; exit $s");
  EXPECT_EQ(alone.exit_code, 1) << alone.output;
  EXPECT_NE(alone.output.find("a.fl:1:9: warning: other/0 is not defined"), std::string::npos)
      << alone.output;
  const auto both = fleng::test::run_command(
      files + FLENG_BINARY + " check --werror $d/a.fl $d/b.fl 2>&1; s=$?; rm -r $d; exit $s");
  EXPECT_EQ(both.exit_code, 0) << both.output;
  EXPECT_EQ(both.output, "");
}

TEST(CheckCommand, StandardInput) {
  const auto in = check("--werror - < tests/golden/lint/clean.fl");
  EXPECT_EQ(in.exit_code, 0) << in.output;
}

TEST(CheckCommand, ErrorsExitOneWithoutWarnings) {
  const auto broken = check("tests/golden/errors/directives.fl");
  EXPECT_EQ(broken.exit_code, 1) << broken.output;
  EXPECT_EQ(broken.output.find("warning"), std::string::npos) << broken.output;
}

}  // namespace
