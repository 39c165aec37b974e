// The linter (analyzer/lint.hpp): each warning, and the cases that must give none.
#include "analyzer/lint.hpp"

#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace fleng::analyzer {
namespace {

/// Programs of one or more files and a small library, linted.
class Lint {
 public:
  Lint& file(const std::string& name, const std::string& text) {
    parsed_.push_back(std::make_unique<frontend::ParseResult>(frontend::parse_source(name, text)));
    EXPECT_TRUE(parsed_.back()->ok()) << name;
    input_.files.push_back(parsed_.back().get());
    return *this;
  }
  Lint& library(const std::string& name, const std::string& text) {
    parsed_.push_back(std::make_unique<frontend::ParseResult>(frontend::parse_source(name, text)));
    input_.library.push_back(parsed_.back().get());
    return *this;
  }
  /// "file:line:column: message" of each finding of `kind`.
  std::vector<std::string> findings(LintKind kind) const {
    std::vector<std::string> out;
    for (const auto& f : lint(input_)) {
      if (f.kind != kind) continue;
      out.push_back(input_.files[f.file]->program.file_name + ":" +
                    std::to_string(f.diagnostic.span.begin.line) + ":" +
                    std::to_string(f.diagnostic.span.begin.column) + ": " + f.diagnostic.message);
    }
    return out;
  }

 private:
  std::vector<std::unique_ptr<frontend::ParseResult>> parsed_;
  LintInput input_;
};

using Strings = std::vector<std::string>;

TEST(LintUndefined, NearNameOfTheSameArity) {
  Lint lint;
  lint.file("a.fl", "main :- lenght([1], N), foo(N).\nlength_of(X, Y) :- Y = X.\nfoo(_).\n")
      .library("lib/lists.fl", "length(Xs, N) :- N = Xs.\n");
  EXPECT_EQ(lint.findings(LintKind::UndefinedCall),
            Strings{"a.fl:1:9: lenght/2 is not defined; did you mean length/2?"});
}

TEST(LintUndefined, KnownArityOfTheSameName) {
  Lint lint;
  lint.file("a.fl", "main :- append([1], X), writeln(X).\n")
      .library("lib/lists.fl", "append([], Ys, Zs) :- Zs = Ys.\n");
  EXPECT_EQ(lint.findings(LintKind::UndefinedCall),
            Strings{"a.fl:1:9: append/2 is not defined; append/3 is"});
}

TEST(LintUndefined, NothingNear) {
  Lint lint;
  lint.file("a.fl", "main :- zzzzzz.\n");
  EXPECT_EQ(lint.findings(LintKind::UndefinedCall), Strings{"a.fl:1:9: zzzzzz/0 is not defined"});
}

TEST(LintUndefined, BuiltinsLibraryAndOtherFilesAreDefined) {
  Lint lint;
  lint.file("a.fl", "main :- add(1, 2, X), append([X], [], Y), other(Y), true.\n")
      .file("b.fl", "other(Y) :- writeln(Y).\n")
      .library("lib/lists.fl", "append([], Ys, Zs) :- Zs = Ys.\n");
  EXPECT_TRUE(lint.findings(LintKind::UndefinedCall).empty());
}

TEST(LintSingleton, NamedVariableOnce) {
  Lint lint;
  lint.file("a.fl", "p(X, Y, Z) :- Z = Y.\n");
  EXPECT_EQ(lint.findings(LintKind::Singleton),
            Strings{"a.fl:1:3: singleton variables: [X] (in a clause of p/3; write _X if it is "
                    "meant)"});
}

TEST(LintSingleton, UnderscoreAndTwiceAreNot) {
  Lint lint;
  lint.file("a.fl", "p(_X, Y, Z, _) :- Z = Y.\nq([H|T], R) :- R = f(H, T).\n");
  EXPECT_TRUE(lint.findings(LintKind::Singleton).empty());
}

TEST(LintUnreachable, GeneralClauseFirst) {
  Lint lint;
  lint.file("a.fl", "p(X, R) :- R = X.\np(a, R) :- R = b.\n");
  EXPECT_EQ(lint.findings(LintKind::UnreachableClause),
            Strings{"a.fl:2:1: this clause of p/2 can never be chosen: the clause at a.fl:1:1 "
                    "matches every call it matches, and the first clause that matches is chosen"});
}

TEST(LintUnreachable, ListsWrittenEitherWay) {
  Lint lint;
  lint.file("a.fl", "p([_|_], R) :- R = 1.\np([a, b], R) :- R = 2.\nq([a|[b]]).\nq([a, b]).\n");
  EXPECT_EQ(lint.findings(LintKind::UnreachableClause).size(), 2U);
}

TEST(LintUnreachable, RepeatedVariableAfterGeneralIsNot) {
  Lint lint;
  // A repeated variable in the earlier head is no more general than distinct constants, `_`s
  // or an earlier head with a constant.
  lint.file("a.fl",
            "p(X, X, R) :- R = same.\np(a, b, R) :- R = a.\np(_, _, R) :- R = other.\n"
            "q(a, R) :- R = 1.\nq(_X, R) :- R = 2.\nr(\"ab\").\nr([97, 98]).\n");
  EXPECT_TRUE(lint.findings(LintKind::UnreachableClause).empty());
}

TEST(LintUnreachable, RepeatedVariableSubsumesEqualArguments) {
  Lint lint;
  lint.file("a.fl", "p(X, X).\np(f(Y), f(Y)).\np(f(Y), f(Z)) :- Y = Z.\n");
  EXPECT_EQ(lint.findings(LintKind::UnreachableClause).size(), 1U);
}

TEST(LintHidden, LibraryAndBuiltin) {
  Lint lint;
  lint.file("a.fl", "append(X, Y, Z) :- Z = f(X, Y).\nadd(X, Y, Z) :- Z = X - Y.\nmine.\n")
      .library("lib/lists.fl", "append([], Ys, Zs) :- Zs = Ys.\n");
  EXPECT_EQ(lint.findings(LintKind::HidesLibrary),
            (Strings{"a.fl:1:1: append/3 hides the library predicate append/3 (lib/lists.fl)",
                     "a.fl:2:1: add/3 hides the builtin add/3"}));
}

TEST(LintHidden, ACopyOfTheLibraryDefinitionHidesNothing) {
  Lint lint;
  lint.file("a.fl", "append([], Ys, Zs) :- Zs = Ys.\nlength(_, N) :- N = 0.\n")
      .library("lib/lists.fl", "append([], Ys, Zs) :- Zs = Ys.\nlength([], N) :- N = 0.\n");
  EXPECT_EQ(lint.findings(LintKind::HidesLibrary),
            Strings{"a.fl:2:1: length/2 hides the library predicate length/2 (lib/lists.fl)"});
}

TEST(LintHidden, TheLibraryCheckedAsAProgramHidesNothing) {
  const std::string text = "append([], Ys, Zs) :- Zs = Ys.\n";
  Lint lint;
  lint.file("lib/lists.fl", text).library("lib/lists.fl", text);
  EXPECT_TRUE(lint.findings(LintKind::HidesLibrary).empty());
}

TEST(LintSplit, ClausesInTwoFiles) {
  Lint lint;
  lint.file("a.fl", "p(1).\nq.\n").file("b.fl", "\np(2).\np(3).\n");
  EXPECT_EQ(lint.findings(LintKind::SplitPredicate),
            Strings{"b.fl:2:1: the clauses of p/1 are split across files: it also has clauses at "
                    "a.fl:1:1"});
  EXPECT_TRUE(reported_when_loading(LintKind::SplitPredicate));
  EXPECT_TRUE(reported_when_loading(LintKind::UndefinedCall));
  EXPECT_FALSE(reported_when_loading(LintKind::Singleton));
}

TEST(LintEditDistance, Levenshtein) {
  EXPECT_EQ(edit_distance("lenght", "length"), 2U);
  EXPECT_EQ(edit_distance("apend", "append"), 1U);
  EXPECT_EQ(edit_distance("", "abc"), 3U);
  EXPECT_EQ(edit_distance("same", "same"), 0U);
}

}  // namespace
}  // namespace fleng::analyzer
