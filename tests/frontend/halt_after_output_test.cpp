// The halt/1-after-output rewrite (frontend/halt_after_output.hpp), on parsed clauses.
#include <gtest/gtest.h>

#include "frontend/ast_printer.hpp"
#include "frontend/halt_after_output.hpp"
#include "frontend/parse.hpp"

namespace fleng::frontend {
namespace {

std::string rewritten(const std::string& source) {
  const ParseResult parsed = parse_source("t.fl", source);
  EXPECT_TRUE(parsed.ok()) << source;
  return print_program(halt_after_output(parsed.program));
}

TEST(HaltAfterOutput, HaltWaitsForTheOutputBeforeIt) {
  EXPECT_EQ(rewritten("main :- p(X), writeln(X), nl, halt(3).\n"),
            "main :-\n    p(X),\n    writeln(X, _Done_1_$),\n    nl(_Done_2_$),\n"
            "    '$halt_after'([_Done_1_$, _Done_2_$], 3).\n");
  EXPECT_EQ(rewritten("main :- p(X), format(\"~w~n\", [X]), halt(0).\n"),
            "main :-\n    p(X),\n    format(\"~w~n\", [X], _Done_1_$),\n"
            "    '$halt_after'([_Done_1_$], 0).\n");
}

TEST(HaltAfterOutput, OutputAfterTheHaltAndBodiesWithoutOneStayAsTheyAre) {
  EXPECT_EQ(rewritten("a :- writeln(x), b.\n"), "a :-\n    writeln(x),\n    b.\n");
  EXPECT_EQ(rewritten("a :- halt(0), writeln(x).\n"), "a :-\n    halt(0),\n    writeln(x).\n");
  // write/2 already has its Done: it is the user's to sequence.
  EXPECT_EQ(rewritten("a :- write(x, D), halt(D).\n"), "a :-\n    write(x, D),\n    halt(D).\n");
}

}  // namespace
}  // namespace fleng::frontend
