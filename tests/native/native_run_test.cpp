// A compiled program's run (app/compiled_main.hpp, app/run_command.hpp) refuses native code
// that was not made from the program it loads, rather than running the wrong code.
#include <iostream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "app/run_command.hpp"
#include "vm/native_code.hpp"

namespace {

TEST(NativeRun, NativeCodeOfAnotherProgramIsRefused) {
  const fleng::vm::NativeEntry no_entries[1] = {nullptr};
  const fleng::vm::NativeProgram other{0x1234, {10, 1, 0, 0}, no_entries};
  fleng::app::RunOptions options;
  options.embedded_sources = {{"hello.fl", "main :- writeln(hello).\n"}};
  options.native = &other;
  std::ostringstream err;
  std::streambuf* saved = std::cerr.rdbuf(err.rdbuf());
  const int status = fleng::app::run_program(options);
  std::cerr.rdbuf(saved);
  EXPECT_EQ(status, 1);
  EXPECT_NE(err.str().find("the native code of this executable does not match its program"),
            std::string::npos)
      << err.str();
}

TEST(NativeRun, OtherEnginesInterpretTheEmbeddedProgram) {
  const fleng::vm::NativeEntry no_entries[1] = {nullptr};
  const fleng::vm::NativeProgram other{0x1234, {10, 1, 0, 0}, no_entries};
  fleng::app::RunOptions options;
  options.embedded_sources = {{"quiet.fl", "main :- X = 6, mul(X, 7, Y), Y = 42.\n"}};
  options.engine = "threads";
  options.workers = 1;
  options.native = &other;  // not used: only the local engine runs native code
  EXPECT_EQ(fleng::app::run_program(options), 0);
}

}  // namespace
