// The compiler (vm/compiler.cpp): first-argument index lists, the instructions chosen (seen
// through the disassembler, as `fleng run --dump=code` prints them), user predicates replacing
// builtins and library predicates, compile errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "vm/builtins.hpp"
#include "vm/disassembler.hpp"
#include "vm_test_support.hpp"

namespace fleng::vm {
namespace {

using test::Machine;
using Chain = std::vector<std::uint32_t>;

/// Compiles several units (library first) into one image.
struct Image {
  Image(const std::vector<std::pair<std::string, bool>>& sources,
        const CompileOptions& options = {}) {
    for (const auto& [text, library] : sources) {
      parsed.push_back(frontend::parse_source(library ? "lib/t.fl" : "t.fl", text));
      EXPECT_TRUE(parsed.back().ok()) << text;
    }
    std::vector<SourceUnit> units;
    for (std::size_t i = 0; i < sources.size(); ++i) {
      units.push_back(SourceUnit{&parsed[i].program, sources[i].second});
    }
    ok = compile_program(units, atoms, image, errors, error_files, options);
  }
  const Predicate& predicate(const std::string& name, std::uint32_t arity) {
    const auto id = image.find(atoms.intern(name), arity);
    EXPECT_TRUE(id.has_value()) << name << "/" << arity;
    return image.predicates[id.value_or(0)];
  }
  std::string listing(bool library = false) { return disassemble(image, atoms, library); }

  std::vector<frontend::ParseResult> parsed;
  AtomTable atoms;
  CodeImage image;
  std::vector<frontend::Diagnostic> errors;
  std::vector<std::string> error_files;
  bool ok = false;
};

/// The listing of one predicate (from its title line to the blank line after it).
std::string listing_of(const std::string& listing, const std::string& title) {
  const auto begin = listing.find(title + ":");
  if (begin == std::string::npos) return {};
  const auto end = listing.find("\n\n", begin);
  return listing.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
}

/// The instruction names of a listing section, in order (the local body only).
std::vector<std::string> local_instructions(const std::string& section) {
  std::vector<std::string> ops;
  std::size_t pos = 0;
  while (pos < section.size()) {
    const auto end = section.find('\n', pos);
    const std::string line = section.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
    pos = end == std::string::npos ? section.size() : end + 1;
    if (line.find("-- distributing body --") != std::string::npos) break;
    // "  <pc>  <name> operands"
    const auto first = line.find_first_not_of(' ');
    if (first == std::string::npos || !std::isdigit(static_cast<unsigned char>(line[first]))) continue;
    const auto name_begin = line.find_first_not_of(' ', line.find(' ', first));
    const auto name_end = line.find(' ', name_begin);
    ops.push_back(line.substr(name_begin, name_end - name_begin));
  }
  return ops;
}

/// An instruction as the listing prints it: the name padded to 14 columns, then the operands.
std::string op(const std::string& name, const std::string& operands) {
  return fmt::format("{:<14}{}", name, operands);
}

/// The index of a predicate with its chains as clause numbers (0-based, textual order), whether
/// the compiler stores clause numbers or the clauses' head code addresses; every chain must end
/// with kEndOfChain (dropped here).
ClauseIndex clause_numbers(const Predicate& p) {
  ClauseIndex index = p.index;
  const auto drop_end = [](Chain& chain) {
    EXPECT_TRUE(!chain.empty() && chain.back() == kEndOfChain);
    if (!chain.empty() && chain.back() == kEndOfChain) chain.pop_back();
  };
  for (auto* chain : {&index.all, &index.cons, &index.other, &index.numbers}) drop_end(*chain);
  for (auto& [c, chain] : index.constants) drop_end(chain);
  for (auto& [f, chain] : index.functors) drop_end(chain);
  Chain addresses;
  for (const auto& c : p.clauses) addresses.push_back(c.head_pc);
  if (index.all != addresses) return index;
  const auto convert = [&](Chain& chain) {
    for (auto& entry : chain) {
      // A constant's list may enter a clause after its first match (4 code words).
      auto it = std::find(addresses.begin(), addresses.end(), entry);
      if (it == addresses.end()) it = std::find(addresses.begin(), addresses.end(), entry - 4);
      entry = static_cast<std::uint32_t>(it - addresses.begin());
    }
  };
  for (auto* chain : {&index.all, &index.cons, &index.other, &index.numbers}) convert(*chain);
  for (auto& [c, chain] : index.constants) convert(chain);
  for (auto& [f, chain] : index.functors) convert(chain);
  return index;
}

Chain chain_for_constant(const ClauseIndex& index, Cell c) {
  for (const auto& [constant, chain] : index.constants) {
    if (constant == c) return chain;
  }
  ADD_FAILURE() << "no chain for the constant";
  return {};
}

// --- first-argument index --------------------------------------------------------------------------

TEST(CompilerIndex, ListsPerKindOfFirstArgument) {
  Image img({{R"(
p(a, 0).
p(1, 1).
p([H|T], 2) :- q(H, T).
p(f(Y), 3) :- q(Y, Y).
p(Y, 4) :- q(Y, Y).
p(2.5, 5).
p(a, 6).
p(g(1, 2), 7).
p(f(z), 8).
p(1152921504606846976, 9).
p("", 10).
p("ab", 11).
q(_, _).
)",
               false}});
  ASSERT_TRUE(img.ok);
  const Predicate& p = img.predicate("p", 2);
  ASSERT_EQ(p.clauses.size(), 12U);
  const ClauseIndex index = clause_numbers(p);
  EXPECT_EQ(index.all, (Chain{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}));
  EXPECT_EQ(index.cons, (Chain{2, 4, 11}));
  EXPECT_EQ(index.numbers, (Chain{4, 5, 9}));
  EXPECT_EQ(index.other, (Chain{4}));
  ASSERT_EQ(index.constants.size(), 3U);  // a, 1, [] in order of appearance
  EXPECT_EQ(index.constants[0].first, img.atoms.atom("a"));
  EXPECT_EQ(index.constants[1].first, make_small_int(1));
  EXPECT_EQ(index.constants[2].first, kNil);
  EXPECT_EQ(chain_for_constant(index, img.atoms.atom("a")), (Chain{0, 4, 6}));
  EXPECT_EQ(chain_for_constant(index, make_small_int(1)), (Chain{1, 4}));
  EXPECT_EQ(chain_for_constant(index, kNil), (Chain{4, 10}));
  ASSERT_EQ(index.functors.size(), 2U);  // f/1, g/2
  const auto f1 = img.atoms.functor(img.atoms.intern("f"), 1);
  const auto g2 = img.atoms.functor(img.atoms.intern("g"), 2);
  EXPECT_EQ(index.functors[0].first, f1);
  EXPECT_EQ(index.functors[0].second, (Chain{3, 4, 8}));
  EXPECT_EQ(index.functors[1].first, g2);
  EXPECT_EQ(index.functors[1].second, (Chain{4, 7}));
}

TEST(CompilerIndex, VariableFirstArgumentsAreInEveryList) {
  Image img({{"r(X) :- s(X).\nr(_).\ns(_).\n", false}});
  ASSERT_TRUE(img.ok);
  const ClauseIndex index = clause_numbers(img.predicate("r", 1));
  EXPECT_EQ(index.all, (Chain{0, 1}));
  EXPECT_EQ(index.cons, (Chain{0, 1}));
  EXPECT_EQ(index.numbers, (Chain{0, 1}));
  EXPECT_EQ(index.other, (Chain{0, 1}));
  EXPECT_TRUE(index.constants.empty());
  EXPECT_TRUE(index.functors.empty());
}

TEST(CompilerIndex, ZeroArityPredicates) {
  Image img({{"go :- true.\ngo :- fail_never.\nfail_never.\n", false}});
  ASSERT_TRUE(img.ok);
  const Predicate& go = img.predicate("go", 0);
  EXPECT_EQ(go.clauses.size(), 2U);
  EXPECT_EQ(clause_numbers(go).all, (Chain{0, 1}));
}

TEST(CompilerIndex, OnTheFirstArgumentAClauseLooksAt) {
  Image img({{"f(P, [], Ys) :- Ys = [].\nf(P, [X|Xs], Ys) :- Ys = [P, X|Xs].\n"
              "g(a, [], R) :- R = 1.\ng(_, [_|_], R) :- R = 2.\n"
              "h(X, Y) :- X = Y.\n", false}});
  ASSERT_TRUE(img.ok);
  const ClauseIndex f = clause_numbers(img.predicate("f", 3));
  EXPECT_EQ(f.argument, 1U);
  EXPECT_EQ(f.cons, (Chain{1}));
  EXPECT_EQ(chain_for_constant(f, kNil), (Chain{0}));
  EXPECT_EQ(clause_numbers(img.predicate("g", 3)).argument, 0U);
  EXPECT_EQ(clause_numbers(img.predicate("h", 2)).argument, 0U);
  EXPECT_TRUE(img.predicate("h", 2).index.trivial);  // no clause looks at an argument
  EXPECT_FALSE(img.predicate("f", 3).index.trivial);
}

TEST(CompilerIndex, IndexSelectsTheClauseAtRunTime) {
  Machine m(R"(
k(a, R) :- R = is_a.
k([_|_], R) :- R = is_list.
k(f(_), R) :- R = is_f.
k(7, R) :- R = is_7.
k(2.0, R) :- R = is_float.
k(1152921504606846977, R) :- R = is_big.
k(_, R) :- R = other.
)");
  const auto ask = [&](Cell first) {
    const Cell r = m.var();
    m.iu->roots = {r};
    EXPECT_EQ(m.run("k", {first, r}), RunStatus::Success);
    return m.plain(m.iu->roots[0]);
  };
  EXPECT_EQ(ask(m.atom("a")), "is_a");
  EXPECT_EQ(ask(m.atom("b")), "other");
  EXPECT_EQ(ask(m.list({Machine::integer(1)})), "is_list");
  EXPECT_EQ(ask(m.compound("f", {kNil})), "is_f");
  EXPECT_EQ(ask(m.compound("f", {kNil, kNil})), "other");
  EXPECT_EQ(ask(Machine::integer(7)), "is_7");
  EXPECT_EQ(ask(Machine::integer(8)), "other");
  EXPECT_EQ(ask(m.real(2.0)), "is_float");
  EXPECT_EQ(ask(m.number(kSmallIntMax + 2)), "is_big");
  EXPECT_EQ(ask(m.number(kSmallIntMax + 1)), "other");
  EXPECT_EQ(ask(m.vector({})), "other");
  EXPECT_EQ(ask(kNil), "other");
}

TEST(CompilerIndex, AnIndexOnALaterArgumentSelectsAtRunTime) {
  Machine m(R"(
s(_, [], R) :- R = empty.
s(a, [_|_], R) :- R = a_list.
s(_, [_|_], R) :- R = list.
)");
  const auto ask = [&](Cell first, Cell second) {
    const Cell r = m.var();
    m.iu->roots = {r};
    EXPECT_EQ(m.run("s", {first, second, r}), RunStatus::Success);
    return m.plain(m.iu->roots[0]);
  };
  EXPECT_EQ(ask(m.atom("x"), kNil), "empty");
  EXPECT_EQ(ask(m.atom("a"), m.list({kNil})), "a_list");
  EXPECT_EQ(ask(m.atom("b"), m.list({kNil})), "list");
}

// --- instructions ----------------------------------------------------------------------------------

TEST(CompilerCode, AppendUsesMatchConsAndExecute) {
  Image img({{R"(
app([], Ys, Zs) :- Zs = Ys.
app([X|Xs], Ys, Zs) :- Zs = [X|Zs1], app(Xs, Ys, Zs1).
)",
               false}});
  ASSERT_TRUE(img.ok);
  const std::string section = listing_of(img.listing(), "app/3");
  ASSERT_FALSE(section.empty()) << img.listing();
  EXPECT_NE(section.find("% 2 clause(s), t.fl:2:1"), std::string::npos) << section;
  EXPECT_NE(section.find("match_atom"), std::string::npos);
  EXPECT_NE(section.find("match_cons"), std::string::npos);
  EXPECT_NE(section.find(op("execute", "app/3")), std::string::npos) << section;
  EXPECT_NE(section.find("-- distributing body --"), std::string::npos);
  // The first clause: match [] on r0, commit, unify, proceed.
  const auto clause2 = section.find(" clause 2:");
  ASSERT_NE(clause2, std::string::npos);
  EXPECT_EQ(local_instructions(section.substr(0, clause2)),
            (std::vector<std::string>{"match_atom", "commit", "unify", "proceed"}));
  // The second: Zs = [X|Zs1] is one unify_list that also makes the new variable Zs1.
  EXPECT_EQ(local_instructions(section.substr(clause2)),
            (std::vector<std::string>{"match_cons", "commit", "unify_list", "execute"}));
  EXPECT_NE(section.find(", 1\n"), std::string::npos) << section;
  // Zs1 is made in Zs's register r2 (Zs is used nowhere else, and Zs1 is passed in r2): the
  // execute moves Xs only.
  EXPECT_NE(section.find(op("unify_list", "r2, r3, r2, 1")), std::string::npos) << section;
  EXPECT_NE(section.find(op("execute", "app/3, 3, moves(r0<-r4)\n")), std::string::npos) << section;
}

TEST(CompilerCode, UnifyListKeepsALiveOutputRegister) {
  // Zs is used again (and Zs1 passed elsewhere): Zs1 gets a register of its own.
  Image img({{R"(
app([], Ys, Zs) :- Zs = Ys.
app([X|Xs], Ys, Zs) :- Zs = [X|Zs1], app(Xs, Ys, Zs1), keep(Zs).
swap([X|Xs], Ys, Zs) :- Zs = [X|Zs1], swap(Xs, Zs1, Ys).
keep(_).
)",
               false}});
  ASSERT_TRUE(img.ok);
  const std::string app = listing_of(img.listing(), "app/3");
  EXPECT_EQ(app.find(op("unify_list", "r2, r3, r2, 1")), std::string::npos) << app;
  const std::string swap = listing_of(img.listing(), "swap/3");
  EXPECT_EQ(swap.find(op("unify_list", "r2, r3, r2, 1")), std::string::npos) << swap;
  // Both still run right.
  Machine m(R"(
app([], Ys, Zs) :- Zs = Ys.
app([X|Xs], Ys, Zs) :- Zs = [X|Zs1], app(Xs, Ys, Zs1), keep(Zs).
keep(_).
)");
  const Cell z = m.var();
  m.iu->roots = {z};
  EXPECT_EQ(m.run("app", {m.list({Machine::integer(1), Machine::integer(2)}),
                          m.list({Machine::integer(3)}), z}),
            RunStatus::Success);
  EXPECT_EQ(m.plain(m.iu->roots[0]), "[1,2,3]");
}

TEST(CompilerCode, ForHostThreadsAClauseThatPlacesNoGoalHasOneBody) {
  const std::string program = R"(
filter(P, [X|Xs], Ys) :- mod(X, P, M), equal(M, 0, Z), filter1(Z, P, X, Xs, Ys).
filter1(true, P, _, Xs, Ys) :- filter(P, Xs, Ys).
filter1(false, P, X, Xs, Ys) :- Ys = [X|Ys1], filter(P, Xs, Ys1).
go(Xs, Zs) :- filter(2, Xs, Ys @ any(1)), q(Ys, Zs) @ to(1).
q(_, _).
)";
  Image machine({{program, false}});
  Image threads({{program, false}}, CompileOptions{.host_threads = true});
  ASSERT_TRUE(machine.ok);
  ASSERT_TRUE(threads.ok);
  // For the simulated machine every clause has both bodies.
  const std::string sim_filter = listing_of(machine.listing(), "filter/3");
  EXPECT_NE(sim_filter.find("-- distributing body --"), std::string::npos) << sim_filter;
  // On host threads filter/3 places nothing: one body (with filter1's clauses inlined), which
  // the commit enters in both modes.
  const std::string filter = listing_of(threads.listing(), "filter/3");
  EXPECT_EQ(filter.find("-- distributing body --"), std::string::npos) << filter;
  EXPECT_NE(filter.find("-- one body: also the distributing body --"), std::string::npos) << filter;
  EXPECT_NE(filter.find("if_not_const"), std::string::npos) << filter;
  EXPECT_EQ(filter.find("spawn_at"), std::string::npos) << filter;
  const auto& code = threads.image.code;
  const std::uint32_t head = threads.predicate("filter", 3).clauses.front().head_pc;
  std::uint32_t commit = head;
  while (static_cast<Op>(code[commit]) != Op::commit) ++commit;  // match_cons r1 ... commit
  EXPECT_EQ(code[commit + 1], commit + 3);
  // go/2 places a goal: its distributing body stays.
  const std::string go = listing_of(threads.listing(), "go/2");
  EXPECT_NE(go.find("-- distributing body --"), std::string::npos) << go;
  EXPECT_NE(go.find(op("spawn_at", "q/2, to(1)")), std::string::npos) << go;
}

TEST(CompilerCode, UnifyListUnifiesAnyTerm) {
  Machine m(R"(
same(X, Y, Z) :- Z = [X|Y].
head(L, H) :- [H|_] = L.
)");
  const Cell z = m.var();
  m.iu->roots = {z};
  EXPECT_EQ(m.run("same", {Machine::integer(1), kNil, z}), RunStatus::Success);
  EXPECT_EQ(m.plain(m.iu->roots[0]), "[1]");
  const Cell h = m.var();
  m.iu->roots = {h};
  EXPECT_EQ(m.run("head", {m.list({Machine::integer(7), Machine::integer(8)}), h}), RunStatus::Success);
  EXPECT_EQ(m.plain(m.iu->roots[0]), "7");
  // A list that is there already is unified with the cell built (and a mismatch is fatal).
  EXPECT_EQ(m.run("same", {Machine::integer(1), kNil, m.list({Machine::integer(1)})}), RunStatus::Success);
  EXPECT_EQ(m.run("same", {Machine::integer(1), kNil, m.list({Machine::integer(2)})}), RunStatus::Error);
}

TEST(CompilerCode, FirstGoalIsExecutedOthersSpawnedLastFirst) {
  Image img({{"g(X) :- a(X), b(X), c(X).\na(_).\nb(_).\nc(_).\n", false}});
  ASSERT_TRUE(img.ok);
  const auto ops = local_instructions(listing_of(img.listing(), "g/1"));
  EXPECT_EQ(ops, (std::vector<std::string>{"commit", "spawn", "spawn", "execute"}));
  const std::string section = listing_of(img.listing(), "g/1");
  // Goals start in textual order (docs/engine.md): a/1 is reduced directly, c/1 and b/1 go to
  // the LIFO pool in that order, so that b/1 is taken before c/1.
  EXPECT_LT(section.find(op("spawn", "c/1")), section.find(op("spawn", "b/1"))) << section;
  EXPECT_NE(section.find(op("execute", "a/1")), std::string::npos) << section;
  // The distributing body spawns every goal (with placements), the last one first, and ends
  // with proceed.
  EXPECT_LT(section.find(op("spawn_at", "c/1, unannotated")),
            section.find(op("spawn_at", "a/1, unannotated")))
      << section;
}

TEST(CompilerCode, AConstantNodeIsWrittenIntoTheSpawnOfBothBodies) {
  // node(K) with K a number: spawn_at with the constant IU, in the local body too (placements
  // are otherwise the distributing body's), never `execute` and never '$on_node'; node(N) with
  // a variable stays the builtin call that waits for N.
  Image img({{"g(X, N) :- a(X) @ node(3), b(X) @ node(N).\na(_).\nb(_).\n", false}});
  ASSERT_TRUE(img.ok);
  const std::string section = listing_of(img.listing(), "g/2");
  const auto ops = local_instructions(section);
  EXPECT_EQ(std::count(ops.begin(), ops.end(), "spawn_at"), 1) << section;
  EXPECT_EQ(ops.back(), "proceed") << section;
  EXPECT_EQ(std::count(ops.begin(), ops.end(), "execute"), 0) << section;
  EXPECT_NE(section.find(op("spawn_at", "a/1, node(3)")), std::string::npos) << section;
  // The variable one: its goal built (put_struct b/1) and handed to the '$on_node' builtin.
  EXPECT_EQ(std::count(ops.begin(), ops.end(), "call_builtin"), 1) << section;
  EXPECT_NE(section.find(op("put_struct", "r2, b/1")), std::string::npos) << section;
}

TEST(CompilerCode, ArithmeticIsACallFunction) {
  Image img({{"inc(X, Y) :- add(X, 1, Y).\nm(X, Y) :- max(X, 1, Y).\nw(X) :- writeln(X).\n", false}});
  ASSERT_TRUE(img.ok);
  // add/3 has an instruction of its own (call_function with the builtin known), max/3 not.
  const std::string inc = listing_of(img.listing(), "inc/2");
  EXPECT_NE(inc.find("fn_add"), std::string::npos) << inc;
  EXPECT_NE(inc.find(fmt::format("builtin#{}", builtin_ids::add)), std::string::npos) << inc;
  const auto ops = local_instructions(inc);
  EXPECT_EQ(std::count(ops.begin(), ops.end(), "fn_add"), 1);
  EXPECT_EQ(std::count(ops.begin(), ops.end(), "execute"), 0);
  const std::string m = listing_of(img.listing(), "m/2");
  EXPECT_NE(m.find(op("call_function", fmt::format("builtin#{}", builtin_ids::max))), std::string::npos) << m;
  const std::string w = listing_of(img.listing(), "w/1");
  EXPECT_NE(w.find(op("call_builtin", fmt::format("builtin#{}", builtin_ids::writeln))), std::string::npos) << w;
}

TEST(CompilerCode, HeadPatterns) {
  Image img({{R"(
h(X, X, f(Y, Y), 3, 2.5, "ab", [a|T], T) :- true.
)",
               false}});
  ASSERT_TRUE(img.ok);
  const std::string h = listing_of(img.listing(), "h/8");
  for (const char* expected : {"match_equal", "match_struct", "f/2", "match_int", "match_number",
                               "2.5", "match_cons", "match_atom", "commit"}) {
    EXPECT_NE(h.find(expected), std::string::npos) << expected << "\n" << h;
  }
  const auto ops = local_instructions(h);
  EXPECT_EQ(std::count(ops.begin(), ops.end(), "match_equal"), 3);  // X, Y, T repeated
  EXPECT_EQ(ops.back(), "proceed");
}

TEST(CompilerCode, LibraryPredicatesAreListedOnlyOnRequest) {
  Image img({{"lib_pred([]).\n", true}, {"user_pred(1).\n", false}});
  ASSERT_TRUE(img.ok);
  EXPECT_EQ(img.listing().find("lib_pred/1"), std::string::npos);
  EXPECT_NE(img.listing().find("user_pred/1"), std::string::npos);
  EXPECT_NE(img.listing(true).find("lib_pred/1"), std::string::npos);
  EXPECT_TRUE(img.predicate("lib_pred", 1).from_library);
  EXPECT_FALSE(img.predicate("user_pred", 1).from_library);
}

/// Runs t(actual...) against `t(<head_args>) :- <prefix>u(<call_args>).` and returns what u/4
/// printed.
std::string call_through(const std::string& head_args, const std::string& call_args,
                         std::initializer_list<const char*> actual, const std::string& prefix = "") {
  Machine m("t(" + head_args + ") :- " + prefix + "u(" + call_args + ").\n" +
            "u(A, B, C, D) :- writeln(u(A, B, C, D)).\n");
  std::vector<Cell> args;
  for (const char* a : actual) args.push_back(m.atom(a));
  const auto id = m.predicate("t", static_cast<std::uint32_t>(args.size()));
  EXPECT_TRUE(m.iu->add_goal(id, args.data()));
  EXPECT_EQ(m.iu->run(), RunStatus::Success);
  return m.out.str();
}

TEST(CompilerCode, ExecuteMovesEveryPermutationOfTheArguments) {
  // The last goal's arguments are moved into r0..r3 in place: every permutation, including
  // cycles, must arrive intact.
  std::vector<std::string> vars = {"A", "B", "C", "D"};
  std::vector<std::string> names = {"a", "b", "c", "d"};
  std::vector<int> order = {0, 1, 2, 3};
  int cases = 0;
  do {
    std::string call;
    std::string expected = "u(";
    for (std::size_t i = 0; i < order.size(); ++i) {
      call += (i > 0 ? ", " : "") + vars[static_cast<std::size_t>(order[i])];
      expected += (i > 0 ? "," : "") + names[static_cast<std::size_t>(order[i])];
    }
    expected += ")\n";
    EXPECT_EQ(call_through("A, B, C, D", call, {"a", "b", "c", "d"}), expected) << call;
    // The same with a body temporary before the call.
    EXPECT_EQ(call_through("A, B, C, D", call, {"a", "b", "c", "d"}, "add(1, 2, _), X = [A], "),
              expected)
        << call;
    ++cases;
  } while (std::next_permutation(order.begin(), order.end()));
  EXPECT_EQ(cases, 24);
}

TEST(CompilerCode, ExecuteParallelMoveWithBuiltArguments) {
  // The case that once aliased x and y (a cycle broken through a filled argument register).
  EXPECT_EQ(call_through("X, Y", "1, [a], X, Y", {"x", "y"}), "u(1,[a],x,y)\n");
  // Every order of two head variables and two built terms.
  std::vector<std::string> terms = {"X", "Y", "1", "[a]"};
  std::vector<std::string> shown = {"x", "y", "1", "[a]"};
  std::vector<int> order = {0, 1, 2, 3};
  do {
    std::string call;
    std::string expected = "u(";
    for (std::size_t i = 0; i < order.size(); ++i) {
      call += (i > 0 ? ", " : "") + terms[static_cast<std::size_t>(order[i])];
      expected += (i > 0 ? "," : "") + shown[static_cast<std::size_t>(order[i])];
    }
    expected += ")\n";
    EXPECT_EQ(call_through("X, Y", call, {"x", "y"}), expected) << call;
  } while (std::next_permutation(order.begin(), order.end()));
}

// --- replacement -----------------------------------------------------------------------------------

TEST(CompilerReplace, UserPredicateNamedLikeABuiltinReplacesIt) {
  Image img({{"add(X, Y, Z) :- Z = sum(X, Y).\nuse(Z) :- add(1, 2, Z).\n", false}});
  ASSERT_TRUE(img.ok);
  const Predicate& add = img.predicate("add", 3);
  EXPECT_EQ(add.builtin, kNoBuiltin);
  EXPECT_EQ(add.clauses.size(), 1U);
  const std::string use = listing_of(img.listing(), "use/1");
  EXPECT_EQ(use.find("call_function"), std::string::npos) << use;
  EXPECT_NE(use.find(op("execute", "add/3")), std::string::npos) << use;
  // Other builtins stay builtins.
  EXPECT_NE(img.predicate("sub", 3).builtin, kNoBuiltin);
}

TEST(CompilerReplace, UserAddRunsInsteadOfTheBuiltin) {
  Machine m("add(X, Y, Z) :- Z = sum(X, Y).\nuse(Z) :- add(1, 2, Z).\n");
  m.iu->roots = {m.var()};
  EXPECT_EQ(m.run("use", {m.iu->roots[0]}), RunStatus::Success);
  EXPECT_EQ(m.plain(m.iu->roots[0]), "sum(1,2)");
}

TEST(CompilerReplace, UserDefinitionReplacesALibraryOneAsAWhole) {
  Image img({{"twice(X, Y) :- Y = lib(X).\ntwice(a, b).\nhelper(X) :- twice(X, _).\n", true},
             {"twice(X, Y) :- Y = user(X).\n", false}});
  ASSERT_TRUE(img.ok);
  const Predicate& twice = img.predicate("twice", 2);
  EXPECT_FALSE(twice.from_library);
  ASSERT_EQ(twice.clauses.size(), 1U);
  EXPECT_EQ(twice.source.file, "t.fl");
  EXPECT_NE(img.listing().find("twice/2:  % 1 clause(s), t.fl:1:1"), std::string::npos)
      << img.listing();
}

TEST(CompilerReplace, LibraryCallersUseTheUserDefinition) {
  IuOptions options = test::small_options();
  Image img({{"twice(X, Y) :- Y = lib(X).\nhelper(X, Y) :- twice(X, Y).\n", true},
             {"twice(X, Y) :- Y = user(X).\n", false}});
  ASSERT_TRUE(img.ok);
  std::ostringstream out;
  Iu iu(img.atoms, img.image, out, 0, 1, options);
  iu.roots = {*make_variable(iu.heap)};
  const Cell args[2] = {kTrue, iu.roots[0]};
  ASSERT_TRUE(iu.add_goal(*img.image.find(img.atoms.intern("helper"), 2), args));
  EXPECT_EQ(iu.run(), RunStatus::Success);
  EXPECT_EQ(write_term(iu.roots[0], img.atoms), "user(true)");
}

// --- compile errors --------------------------------------------------------------------------------

TEST(CompilerErrors, PlacementLabelOutOfRange) {
  Image img({{"p :- q(X @ any(70)) @ to(70).\nq(_).\n", false}});
  EXPECT_FALSE(img.ok);
  ASSERT_EQ(img.errors.size(), 1U);
  EXPECT_EQ(img.errors[0].message, "placement label 70 is out of range 0..63");
  EXPECT_EQ(img.error_files[0], "t.fl");
  EXPECT_EQ(img.errors[0].span.begin.line, 1U);
}

TEST(CompilerErrors, ClauseTooLarge) {
  std::string body = "big(X) :- q(X";
  for (int i = 0; i < 1100; ++i) body += fmt::format(", f(V{})", i);
  body += ").\n";
  Image img({{body, false}});
  EXPECT_FALSE(img.ok);
  ASSERT_FALSE(img.errors.empty());
  EXPECT_NE(img.errors[0].message.find("clause too large"), std::string::npos) << img.errors[0].message;
}

// --- queries ---------------------------------------------------------------------------------------

TEST(CompilerQuery, QueryPredicateHasTheNamedVariablesAsArguments) {
  Image img({{"p(1).\n", false}});
  ASSERT_TRUE(img.ok);
  auto parsed = frontend::parse_source("<goal>", "'$query' :-\np(X), Y = [X]\n.");
  ASSERT_TRUE(parsed.ok());
  const auto& clause = std::get<frontend::Clause>(parsed.program.items.front());
  std::vector<frontend::Diagnostic> errors;
  const PredicateId q = compile_query(clause.body, {"X", "Y"}, img.atoms, img.image, "<goal>", errors);
  EXPECT_TRUE(errors.empty());
  const Predicate& query = img.image.predicates[q];
  EXPECT_EQ(query.arity, 2U);
  EXPECT_TRUE(query.defined);
  EXPECT_EQ(query.clauses.size(), 1U);
  EXPECT_EQ(query.name.rfind("$query", 0), 0U);

  std::ostringstream out;
  Iu iu(img.atoms, img.image, out, 0, 1, test::small_options());
  iu.roots = {*make_variable(iu.heap), *make_variable(iu.heap)};
  ASSERT_TRUE(iu.add_goal(q, iu.roots.data()));
  EXPECT_EQ(iu.run(), RunStatus::Deadlock);  // p(X) waits on X
  ASSERT_TRUE(iu.unify(iu.roots[0], make_small_int(1)));
  EXPECT_EQ(iu.run(), RunStatus::Success);
  EXPECT_EQ(write_term(iu.roots[1], img.atoms), "[1]");
}

}  // namespace
}  // namespace fleng::vm
