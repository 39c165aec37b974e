// The C++ back end (native/cpp_emitter.hpp) on programs loaded by a session: deterministic text,
// which predicates become native code, the clause comments, and the fingerprint that ties the
// code to its image (vm/native_code.hpp).
#include <algorithm>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "kernel/session.hpp"
#include "native/cpp_emitter.hpp"
#include "vm/native_code.hpp"

namespace {

constexpr const char* kProgram = R"(
main :- count(3, L), writeln(L).
count(0, L) :- L = [].
count(N, L) :- sub(N, 1, N1), L = [N|L1], count(N1, L1).
)";

std::string emit(fleng::kernel::Session& session) {
  return fleng::native::emit_cpp(session.image(), session.atoms(),
                                 [](const fleng::vm::SourceRef&) { return std::string("the clause"); });
}

struct Loaded {
  std::ostringstream out;
  std::ostringstream err;
  fleng::kernel::Session session{out, err};
};

TEST(CppEmitter, TheSameProgramGivesTheSameText) {
  Loaded a;
  Loaded b;
  ASSERT_TRUE(a.session.load_text("count.fl", kProgram)) << a.err.str();
  ASSERT_TRUE(b.session.load_text("count.fl", kProgram)) << b.err.str();
  EXPECT_EQ(emit(a.session), emit(b.session));
}

TEST(CppEmitter, CompilesTheProgramsPredicatesAndTheLibraryItCalls) {
  Loaded loaded;
  const std::string program = std::string(kProgram) + "use :- append([1], [2], X), writeln(X).\n";
  ASSERT_TRUE(loaded.session.load_text("count.fl", program)) << loaded.err.str();
  const std::string text = emit(loaded.session);
  for (const char* name : {"// main/0\n", "// count/2\n", "// use/0\n", "// append/3\n"}) {
    EXPECT_NE(text.find(name), std::string::npos) << name;
  }
  // A library predicate nothing calls stays interpreted: listed with a null entry.
  EXPECT_NE(text.find("    nullptr,  // reverse/2\n"), std::string::npos);
  EXPECT_EQ(text.find("// reverse/2\nNativeOutcome"), std::string::npos);
  // Each clause's code says where it comes from.
  EXPECT_NE(text.find("// clause 2 (count.fl:4:1)\n  //   the clause"), std::string::npos);
}

TEST(CppEmitter, TheFingerprintTiesTheCodeToItsProgram) {
  Loaded loaded;
  ASSERT_TRUE(loaded.session.load_text("count.fl", kProgram)) << loaded.err.str();
  const fleng::vm::CodeImage& image = loaded.session.image();
  fleng::vm::NativeProgram program;
  program.extent = fleng::vm::ImageExtent::of(image);
  program.fingerprint = fleng::vm::image_fingerprint(image, program.extent);
  EXPECT_TRUE(fleng::vm::native_code_matches(program, image));
  // A query appends code and predicates: the program's part is unchanged.
  (void)loaded.session.run_query("count(2, L)");
  EXPECT_TRUE(fleng::vm::native_code_matches(program, loaded.session.image()));

  Loaded changed;
  std::string other = kProgram;
  other.replace(other.find("sub(N, 1, N1)"), 13, "sub(N, 2, N1)");
  ASSERT_TRUE(changed.session.load_text("count.fl", other)) << changed.err.str();
  EXPECT_FALSE(fleng::vm::native_code_matches(program, changed.session.image()));
  fleng::vm::NativeProgram longer = program;
  longer.extent.code_size = image.code.size() + 100;
  EXPECT_FALSE(fleng::vm::native_code_matches(longer, loaded.session.image()));
}

// A REPL compiles the program again after queries ran (fleng repl --compiled): the queries'
// predicates ($queryN) stay interpreted, since a later query may take one over with other code.
TEST(CppEmitter, QueriesThatRanAreNotCompiled) {
  Loaded loaded;
  ASSERT_TRUE(loaded.session.load_text("count.fl", kProgram)) << loaded.err.str();
  (void)loaded.session.run_query("count(2, L)");
  const std::string text = emit(loaded.session);
  EXPECT_NE(text.find("\n// count/2\n"), std::string::npos);
  // Its only lines are entries of the tables that leave it to the loop: no function of its own.
  std::istringstream lines(text);
  int entries = 0;
  for (std::string line; std::getline(lines, line);) {
    if (line.find("$query") == std::string::npos) continue;
    EXPECT_TRUE(line.rfind("    nullptr,  // $query", 0) == 0 ||
                line.rfind("    &NativeAccess::to_loop,  // $query", 0) == 0)
        << line;
    ++entries;
  }
  EXPECT_EQ(entries, 2);  // the table of entries and that of goal entries
}

// arg/3 into a new variable is taken in place, with the builtin behind it for the other cases;
// into a variable that already has a value it is the builtin's call.
TEST(CppEmitter, ArgIntoANewVariableIsInline) {
  Loaded loaded;
  ASSERT_TRUE(loaded.session.load_text("arg.fl", R"(
first(T, Y) :- arg(1, T, X), add(X, 1, Y).
check(T) :- arg(1, T, a).
)")) << loaded.err.str();
  const std::string text = emit(loaded.session);
  const auto first = text.find("// first/2\n");
  const auto check = text.find("// check/1\n");
  ASSERT_NE(first, std::string::npos);
  ASSERT_NE(check, std::string::npos);
  const auto inline_at = text.find("inline_builtins::arg(index, term, value)");
  ASSERT_NE(inline_at, std::string::npos);
  EXPECT_GT(inline_at, first);
  EXPECT_LT(inline_at, check);
  EXPECT_EQ(text.find("inline_builtins::arg(", check), std::string::npos);
}

}  // namespace

namespace {

// A commit is a count site for its reduction and the builtin calls and spawns of the body's
// straight run after it: count/2's second clause (sub/3 inline, no spawn before its last call)
// stands for {1 reduction, 1 builtin call, 0 goals}; main/0's for {1, 0, 1} (it spawns
// writeln/1 and calls count/2 last). The code increments its site, not the IU's counters.
TEST(CppEmitter, ACommitCountsItsReductionBuiltinsAndSpawnsAtOnce) {
  Loaded loaded;
  ASSERT_TRUE(loaded.session.load_text("count.fl", kProgram)) << loaded.err.str();
  const std::string text = emit(loaded.session);
  const std::size_t table = text.find("const NativeSite kSites[] = {\n");
  ASSERT_NE(table, std::string::npos);
  const std::string sites = text.substr(table, text.find("};", table) - table);
  EXPECT_NE(sites.find("    {1, 1, 0},\n"), std::string::npos) << sites;
  EXPECT_NE(sites.find("    {1, 0, 1},\n"), std::string::npos) << sites;
  EXPECT_NE(text.find("++site_counts["), std::string::npos);
  EXPECT_EQ(text.find("++iu.counters.reductions"), std::string::npos);
}


}  // namespace

namespace {

// fib/2 as examples/fib.fl has it: its body spawns goals of its own and of add/3, and its base
// case unifies the output with a small integer.
constexpr const char* kFib = R"(
fib(N, F) :- less(N, 2, C), fib1(C, N, F).
fib1(true, N, F) :- F = N.
fib1(false, N, F) :- sub(N, 1, N1), sub(N, 2, N2), fib(N1, F1), fib(N2, F2), add(F1, F2, F).
)";

/// The code of predicate `label` ("fib/2") in the emitted text: from its heading to the next
/// predicate's or the end of its function (empty if there is none). A predicate alone has a
/// function of its own; the members of a cluster share one, each under its heading.
std::string code_of(const std::string& text, const std::string& label) {
  const auto at = text.find("\n// " + label + "\n");
  if (at == std::string::npos) return {};
  const auto next = text.find("\n// ", at + 1);
  return text.substr(at + 1, std::min(next, text.find("\n}\n", at)) - at - 1);
}

/// The whole C++ function that holds predicate `label`'s code, its declarations with it.
std::string function_of(const std::string& text, const std::string& label) {
  const auto at = text.find("\n// " + label + "\n");
  if (at == std::string::npos) return {};
  const auto start = text.rfind("\nNativeOutcome ", at);
  return text.substr(start + 1, text.find("\n}\n", at) - start - 1);
}

/// The prefix of predicate `label`'s labels ("p12_"): its code's first label.
std::string labels_of(const std::string& text, const std::string& label) {
  std::smatch m;
  const std::string code = code_of(text, label);
  return std::regex_search(code, m, std::regex(R"(p\d+_)")) ? m.str() : std::string("?");
}

/// A loop of its own that spawns nothing: count(N) counts N down to 0.
constexpr const char* kCountDown = R"(
count(N) :- less(0, N, C), count1(C, N).
count1(true, N) :- sub(N, 1, N1), count(N1).
count1(false, _).
)";

// The end of a body takes in place the goals its function spawns itself: fib/2 spawns goals of
// its own and of add/3, so its bodies' ends test for both before the goal entries (a jump back
// to its entry, add/3's fast path); count/1 spawns none, and its end tests for none.
TEST(CppEmitter, ABodyEndTakesTheGoalsItsFunctionSpawnsInPlace) {
  Loaded loaded;
  ASSERT_TRUE(loaded.session.load_text("fib.fl", std::string(kFib) + kCountDown)) << loaded.err.str();
  const std::string text = emit(loaded.session);
  const std::string fib = code_of(text, "fib/2");
  const auto end = fib.find("for (;;) {  // the end of the body: the next goal");
  ASSERT_NE(end, std::string::npos) << fib;
  const std::string loop = fib.substr(end, fib.find("switch_goal", end) - end);
  EXPECT_NE(loop.find("// fib/2, its own"), std::string::npos) << loop;
  EXPECT_NE(loop.find("goto " + labels_of(text, "fib/2") + "entry;"), std::string::npos) << loop;
  EXPECT_NE(loop.find("// add/3"), std::string::npos) << loop;
  EXPECT_NE(loop.find("inline_builtins::add("), std::string::npos) << loop;
  // count/1 spawns none: its end tests for no goal and goes to its function's shared take
  // (count/1 and count1/2 share a function; take_in_cluster).
  std::string counting = code_of(text, "count/1");
  counting = counting.substr(0, counting.find("\ntake_in_cluster:"));
  EXPECT_NE(counting.find("goto take_in_cluster;"), std::string::npos) << counting;
  EXPECT_EQ(counting.find("if (next == "), std::string::npos) << counting;
}

// A function that loops (its own last call) keeps its time slice, the heap's end and the count
// of its loop's site in C++ variables: the slice is counted down in the variable (by the last
// call's test) and written to the frame before a return, the count added to site_counts before
// every return and every spill of the registers (a call into the runtime), and the heap's end
// read again at every reload.
TEST(CppEmitter, ALoopKeepsItsSliceAndCountInVariables) {
  Loaded loaded;
  ASSERT_TRUE(loaded.session.load_text("count.fl", kCountDown)) << loaded.err.str();
  const std::string text = emit(loaded.session);
  const std::string counting = function_of(text, "count/1");
  EXPECT_NE(counting.find("std::uint32_t slice = f.slice;"), std::string::npos) << counting;
  EXPECT_NE(counting.find("if (--slice != 0) [[likely]] {"), std::string::npos) << counting;
  // The last reduction of the slice: the frame gets it back, for the loop to end the slice.
  EXPECT_NE(counting.find("slice = 1;"), std::string::npos) << counting;
  EXPECT_NE(counting.find("f.slice = slice;"), std::string::npos) << counting;
  EXPECT_EQ(counting.find("--f.slice"), std::string::npos) << counting;
  EXPECT_NE(counting.find("const Cell* room_limit = iu.heap.native_limit();"), std::string::npos) << counting;
  EXPECT_NE(counting.find("room_limit = iu.heap.native_limit(); }"), std::string::npos) << counting;
  // The loop's site: one variable, incremented in the loop and added before each return.
  const auto declared = counting.find("std::uint64_t count");
  ASSERT_NE(declared, std::string::npos) << counting;
  const std::string name = counting.substr(declared + 14, counting.find(' ', declared + 14) - declared - 14);
  EXPECT_NE(counting.find("++" + name + ";"), std::string::npos) << counting;
  std::size_t returns = 0;
  for (auto at = counting.find("return "); at != std::string::npos; at = counting.find("return ", at + 1)) {
    ++returns;
    const auto block = counting.rfind('{', at);
    EXPECT_NE(counting.substr(block, at - block).find("+= " + name + ";"), std::string::npos)
        << counting.substr(block, at + 60 - block);
  }
  EXPECT_GT(returns, 2U);
}

// The count of a loop's site is added to site_counts before a spill of the registers once, on
// the first line of a run of spill lines and after its indentation (fib/2's goal, suspended
// on N, spills two registers on two lines).
TEST(CppEmitter, ALoopsCountIsAddedOnceBeforeARunOfSpillLines) {
  Loaded loaded;
  ASSERT_TRUE(loaded.session.load_text("fib.fl", kFib)) << loaded.err.str();
  const std::string text = emit(loaded.session);
  const std::string fib = function_of(text, "fib/2");
  const auto declared = fib.find("std::uint64_t count");
  ASSERT_NE(declared, std::string::npos) << fib;
  const std::string name = fib.substr(declared + 14, fib.find(' ', declared + 14) - declared - 14);
  const std::string adds = "+= " + name + ";";
  const std::regex spill(R"(R\[\d+\] = r\d+;)");
  std::istringstream lines(fib);
  std::string before;
  std::size_t spills_after_spills = 0;
  for (std::string line; std::getline(lines, line); before = line) {
    const bool spills = std::regex_search(line, spill) && line.find("return ") == std::string::npos;
    if (!spills) continue;
    const bool after_spill = std::regex_search(before, spill) && before.find("return ") == std::string::npos;
    if (after_spill) {
      ++spills_after_spills;
      EXPECT_EQ(line.find(adds), std::string::npos) << before << "\n" << line;
    } else {
      ASSERT_NE(line.find(adds), std::string::npos) << before << "\n" << line;
      EXPECT_EQ(line.find("site_counts"), line.find_first_not_of(' ')) << line;
    }
  }
  EXPECT_GT(spills_after_spills, 0U) << fib;
}

// Naive reverse: nrev/2 and append/3 share a function (a cluster).
constexpr const char* kNrev = R"(
nrev([], Ys) :- Ys = [].
nrev([X|Xs], Ys) :- nrev(Xs, Ys1), append(Ys1, [X], Ys).
append([], Ys, Zs) :- Zs = Ys.
append([X|Xs], Ys, Zs) :- Zs = [X|Zs1], append(Xs, Ys, Zs1).
)";

// Two loops in one function (naive reverse: nrev/2's own loop spawns append/3 goals, which the
// end of its body takes and loops in append/3's own): a jump to a member's entry adds the counts
// of the other members' loops (so that GCC needs no register for them while that member
// loops), never that member's own.
TEST(CppEmitter, AJumpToAnotherMemberAddsTheCountsOfTheOtherLoops) {
  Loaded loaded;
  ASSERT_TRUE(loaded.session.load_text("nrev.fl", kNrev)) << loaded.err.str();
  const std::string text = emit(loaded.session);
  const std::string function = function_of(text, "nrev/2");
  ASSERT_EQ(function, function_of(text, "append/3")) << "one cluster expected";
  const auto count_of = [&](const std::string& label) {
    std::smatch m;
    const std::string code = code_of(text, label);
    return std::regex_search(code, m, std::regex(R"(\+\+(count\d+);)")) ? m[1].str() : std::string("?");
  };
  const std::string nrev_count = count_of("nrev/2");
  const std::string append_count = count_of("append/3");
  ASSERT_NE(nrev_count, "?") << function;
  ASSERT_NE(append_count, "?") << function;
  const std::string append_entry = "goto " + labels_of(text, "append/3") + "entry;";
  std::size_t flushing_jumps = 0;
  std::istringstream lines(function);
  for (std::string line; std::getline(lines, line);) {
    if (line.find(append_entry) == std::string::npos || line.find("case ") != std::string::npos) continue;
    EXPECT_EQ(line.find("+= " + append_count + ";"), std::string::npos) << line;
    if (line.find("site_counts") != std::string::npos) {
      ++flushing_jumps;
      EXPECT_NE(line.find("+= " + nrev_count + "; " + nrev_count + " = 0;"), std::string::npos) << line;
    }
  }
  EXPECT_GT(flushing_jumps, 0U) << function;
}

// Spawns that follow one another are pushed together after their records are made: fib1's
// body spawns fib(N2, F2) and add(F1, F2, F) (its last goal, fib(N1, F1), is reduced at once):
// one claim of two slots of the pool, filled oldest first, and no push of a goal of its own. A
// body that spawns one goal pushes it.
TEST(CppEmitter, ARunOfSpawnsIsPushedTogether) {
  Loaded loaded;
  ASSERT_TRUE(loaded.session.load_text("fib.fl", std::string(kFib) + R"(
one(X) :- two(X, Y), three(Y).
two(_, Y) :- Y = 2.
three(_).
)")) << loaded.err.str();
  const std::string text = emit(loaded.session);
  const std::string fib = code_of(text, "fib/2");
  EXPECT_NE(fib.find("Cell goals[2];"), std::string::npos) << fib;
  EXPECT_NE(fib.find("Cell* const slots = NativeAccess::pool_slots(iu, 2);\n    slots[0] = goals[0];\n    slots[1] = goals[1];"),
            std::string::npos)
      << fib;
  // The records come first, the slots after the last of them.
  EXPECT_LT(fib.find("goals[1] = make_pointer(Tag::Box, p, here);"), fib.find("pool_slots")) << fib;
  EXPECT_EQ(fib.find("push_goal"), std::string::npos) << fib;
  const std::string one = code_of(text, "one/1");
  EXPECT_NE(one.find("NativeAccess::push_goal(iu, make_pointer(Tag::Box, p, here));"), std::string::npos) << one;
  EXPECT_EQ(one.find("pool_slots"), std::string::npos) << one;
}

// A variable first met in a later goal of the run is made between the records, and the run
// goes on: pair/2's body spawns left(X, L) and right(L, M), M made after left's record, and
// pushes both with one claim (queens' try/5: append(Rs, Ps, L) and check(..., A1)).
TEST(CppEmitter, AVariableMadeBetweenSpawnsDoesNotEndTheirRun) {
  Loaded loaded;
  ASSERT_TRUE(loaded.session.load_text("pair.fl", R"(
pair(X, A) :- left(X, L), right(L, M), done(M, A).
left(X, L) :- L = X.
right(L, M) :- M = L.
done(M, A) :- A = M.
)")) << loaded.err.str();
  const std::string text = emit(loaded.session);
  const std::string pair = code_of(text, "pair/2");
  EXPECT_NE(pair.find("Cell goals[2];"), std::string::npos) << pair;
  EXPECT_NE(pair.find("NativeAccess::pool_slots(iu, 2);"), std::string::npos) << pair;
  EXPECT_EQ(pair.find("push_goal"), std::string::npos) << pair;
  const std::size_t first = pair.find("goals[0] = make_pointer(Tag::Box, p, here);");
  const std::size_t second = pair.find("goals[1] = make_pointer(Tag::Box, p, here);");
  const std::size_t variable = pair.find("p[0] = make_var_contents();", first);
  ASSERT_NE(first, std::string::npos) << pair;
  EXPECT_LT(variable, second) << pair;
}

// A stream's producer makes each list cell with a fresh tail as two cells, the variable in
// the cell's own tail field (vm/terms.hpp, field_term): a REF to that field is the tail, and
// the next turn binds it in place. A reader of a list cell's tail turns the variable's contents
// into that REF (native_cells::list_tail), never copies them: second/2 unifies the tail.
TEST(CppEmitter, AStreamProducerKeepsTheTailVariableInTheListCell) {
  Loaded loaded;
  ASSERT_TRUE(loaded.session.load_text("gen.fl", R"(
gen(N, Max, Ns) :- less_eq(N, Max, C), gen1(C, N, Max, Ns).
gen1(true, N, Max, Ns) :- Ns = [N|Ns1], add(N, 1, N1), gen(N1, Max, Ns1).
gen1(false, _, _, Ns) :- Ns = [].
second([_|Xs], Y) :- Xs = [Y|_].
)")) << loaded.err.str();
  const std::string text = emit(loaded.session);
  const std::string producing = code_of(text, "gen/3");
  EXPECT_NE(producing.find("Cell* const p = iu.heap.take(2);"), std::string::npos) << producing;
  EXPECT_NE(producing.find("p[1] = make_var_contents();"), std::string::npos) << producing;
  EXPECT_NE(producing.find("make_pointer(Tag::Ref, p + 1, here);"), std::string::npos) << producing;
  EXPECT_EQ(producing.find("take(3)"), std::string::npos) << producing;
  const std::string reading = code_of(text, "second/2");
  EXPECT_NE(reading.find("= native_cells::list_tail("), std::string::npos) << reading;
  EXPECT_EQ(reading.find("= cell[1];"), std::string::npos) << reading;
}

// A loop whose tail goes to its own last call and to no builtin, spawn or unification keeps it
// as its list cell (find_tail_cells): the last call reads the tail field, jumps to the list
// clauses with a list cell found there (the dispatch's first test, done there) and sends
// anything else to the entry, an unbound variable as a REF to the field (tail_field). Where the
// loop's slice is over, the goal's argument is the tail as a term (list_tail of the cell). A
// loop whose tail a spawn reads as well makes it a term at the match.
TEST(CppEmitter, ALoopKeepsTheTailItPassesToItselfAsItsListCell) {
  Loaded loaded;
  ASSERT_TRUE(loaded.session.load_text("loops.fl", R"(
count([], C0, C) :- C = C0.
count([_|Xs], C0, C) :- add(C0, 1, C1), count(Xs, C1, C).
watch([], C0, C) :- C = C0.
watch([_|Xs], C0, C) :- seen(Xs), add(C0, 1, C1), watch(Xs, C1, C).
seen(_).
)")) << loaded.err.str();
  const std::string text = emit(loaded.session);
  const std::string count = code_of(text, "count/3");
  std::smatch kept;
  ASSERT_TRUE(std::regex_search(count, kept, std::regex(R"((r\d+) = (r\d+);  // the tail read from the cell)")))
      << count;
  const std::string cell = kept[1].str();
  const std::string list = kept[2].str();  // the index's register: the loop's list
  EXPECT_NE(count.find(fmt::format("const Cell c = native_cells::address({}, Tag::Cons)[1];", list)), std::string::npos)
      << count;
  EXPECT_NE(count.find(fmt::format("if (is_cons(c)) [[likely]] {{ {} = c; goto {}list", list, labels_of(text, "count/3"))),
            std::string::npos)
      << count;
  EXPECT_NE(count.find(fmt::format("{0} = is_var_contents(c) ? native_cells::tail_field({0}) : c;", list)),
            std::string::npos)
      << count;
  EXPECT_NE(count.find(fmt::format("= native_cells::list_tail({});", cell)), std::string::npos) << count;
  EXPECT_EQ(count.find(fmt::format("{} = native_cells::list_tail(", cell)), std::string::npos) << count;
  const std::string watch = code_of(text, "watch/3");
  EXPECT_TRUE(std::regex_search(watch, std::regex(R"(r\d+ = native_cells::list_tail\(r\d+\);)"))) << watch;
  EXPECT_EQ(watch.find("the tail read from the cell"), std::string::npos) << watch;
  EXPECT_EQ(watch.find("Tag::Cons)[1]"), std::string::npos) << watch;
}

// A unification with a side known to hold an atomic value dereferences only the other side
// (unify_value): in fib/2's fast copy N is a small integer (less/3's fast path passed), so
// F = N binds F to it at once; the general copy, which knows nothing, unifies both sides.
TEST(CppEmitter, AUnificationWithAKnownAtomicSideDereferencesOnlyTheOther) {
  Loaded loaded;
  ASSERT_TRUE(loaded.session.load_text("fib.fl", kFib)) << loaded.err.str();
  const std::string text = emit(loaded.session);
  const std::string function = code_of(text, "fib/2");
  const auto fast = function.find("if (!NativeAccess::unify_value(iu, ");
  ASSERT_NE(fast, std::string::npos) << function;
  EXPECT_NE(function.find("if (!NativeAccess::unify(iu, "), std::string::npos) << function;
  // The report names the operands in the program's order either way.
  const std::string line = function.substr(fast, function.find('\n', fast) - fast);
  const auto call = line.find("unify_value(iu, ") + 16;
  const auto report = line.find("unify_failed(iu, f, ");
  ASSERT_NE(report, std::string::npos) << line;
  const std::string operands = line.substr(call, line.find(')', call) - call);
  EXPECT_NE(line.find(operands, report), std::string::npos) << line;
}

// A loop's argument that its last call passes on unchanged and a builtin reads (filter/3's P)
// is dereferenced once, at the function's entry, before the label its own last calls jump back
// to; a turn of the loop tests it only where the body may have bound a variable. A predicate that spawns goals of its own (fib/2)
// takes them in place through the entry and dereferences nothing ahead.
TEST(CppEmitter, ALoopDereferencesItsInvariantArgumentsOnceAtItsEntry) {
  Loaded loaded;
  ASSERT_TRUE(loaded.session.load_text("filter.fl", std::string(R"(
filter(_, [], Ys) :- Ys = [].
filter(P, [X|Xs], Ys) :- mod(X, P, M), equal(M, 0, Z), filter1(Z, P, X, Xs, Ys).
filter1(true, P, _, Xs, Ys) :- filter(P, Xs, Ys).
filter1(false, P, X, Xs, Ys) :- Ys = [X|Ys1], filter(P, Xs, Ys1).
)") + kFib)) << loaded.err.str();
  const std::string text = emit(loaded.session);
  const std::string function = code_of(text, "filter/3");
  const std::string own = labels_of(text, "filter/3");
  const auto loop = function.find("\n" + own + "loop:\n");
  ASSERT_NE(loop, std::string::npos) << function;
  const std::string entry = function.substr(0, loop);
  EXPECT_NE(entry.find("r0 = native_cells::deref(r0);"), std::string::npos) << entry;
  // The body's fast copy knows P is a small integer after mod/3's fast path: its turns go
  // back without a test (the general copy, after a unification, tests it again).
  const auto fast = function.find("\n" + own + "fbody", loop);
  ASSERT_NE(fast, std::string::npos) << function;
  const std::string fast_copy = function.substr(fast, function.find("\n" + own + "body", fast) - fast);
  EXPECT_NE(fast_copy.find("goto " + own + "loop;"), std::string::npos) << fast_copy;
  EXPECT_EQ(fast_copy.find("deref(r0)"), std::string::npos) << fast_copy;
  EXPECT_EQ(function.find("goto " + own + "entry;"), std::string::npos) << function;
  EXPECT_EQ(code_of(text, "fib/2").find("_loop:\n"), std::string::npos);
}

}  // namespace

namespace {

/// ping/2, ping1/3 and pong/3 call one another last: one cluster.
constexpr const char* kPingPong = R"(
ping(N, A) :- less(0, N, C), ping1(C, N, A).
ping1(true, N, A) :- sub(N, 1, N1), pong(N1, [N], A).
ping1(false, _, A) :- A = done.
pong(N, L, A) :- L = [X], add(X, N, Y), ping(Y, A).
)";

// Predicates that call one another last share one C++ function (native/predicate_clusters.hpp):
// a last call of another member is a jump to its entry with the arguments in its registers
// and nothing else set (a spill saves only the registers live there); the members' p<id>
// name the member the function starts at.
TEST(CppEmitter, PredicatesThatCallOneAnotherShareAFunction) {
  Loaded loaded;
  ASSERT_TRUE(loaded.session.load_text("ping.fl", kPingPong)) << loaded.err.str();
  const std::string text = emit(loaded.session);
  const auto cluster = text.find("// cluster ");
  ASSERT_NE(cluster, std::string::npos) << text;
  const std::string members = text.substr(cluster, text.find('\n', cluster) - cluster);
  EXPECT_NE(members.find("ping/2"), std::string::npos) << members;
  EXPECT_NE(members.find("pong/3"), std::string::npos) << members;
  EXPECT_EQ(function_of(text, "ping/2"), function_of(text, "pong/3"));
  const std::string ping = labels_of(text, "ping/2");
  const std::string pong = labels_of(text, "pong/3");
  ASSERT_NE(ping, pong);
  const std::string ping_id = ping.substr(1, ping.size() - 2);
  const std::string pong_id = pong.substr(1, pong.size() - 2);
  EXPECT_NE(text.find("inline NativeOutcome p" + pong_id +
                      "(Iu& iu, Cell a0, Cell a1, Cell a2, Cell a3) { NativeAccess::frame(iu).member = "),
            std::string::npos);
  // pong/3's last call of ping/2, and ping/2's (through ping1/3) of pong/3: jumps.
  const std::string pong_code = code_of(text, "pong/3");
  EXPECT_NE(pong_code.find("goto " + ping + "entry;"), std::string::npos) << pong_code;
  EXPECT_EQ(pong_code.find("return p" + ping_id + "("), std::string::npos) << pong_code;
  const std::string ping_code = code_of(text, "ping/2");
  const auto jump = ping_code.find("goto " + pong + "entry;");
  ASSERT_NE(jump, std::string::npos) << ping_code;
  // The jump sets pong/3's arguments and nothing else: its spills save only the registers
  // live where they are (native/body_liveness.hpp), which its body wrote.
  const std::string before = ping_code.substr(ping_code.rfind("f.site = ", jump), jump - ping_code.rfind("f.site = ", jump));
  EXPECT_EQ(before.find(" = kNil;"), std::string::npos) << before;
}


// Every function of a predicate or cluster finds the frame at its IU (NativeAccess::frame)
// rather than taking a pointer to it: none is passed among them, the entries from the loop
// and from the pool pass none on, and each function's first line names it.
TEST(CppEmitter, AFunctionAddressesTheFrameFromItsIu) {
  Loaded loaded;
  ASSERT_TRUE(loaded.session.load_text("ping.fl", std::string(kPingPong) + "lone(X, Y) :- Y = [X].\n"))
      << loaded.err.str();
  const std::string text = emit(loaded.session);
  EXPECT_EQ(text.find("(iu, f, a0"), std::string::npos) << text;
  EXPECT_EQ(text.find("(Iu& iu, NativeFrame& f, Cell a0"), std::string::npos) << text;
  std::size_t definitions = 0;
  for (const std::string head : {"\nNativeOutcome p", "\nNativeOutcome c"}) {
    for (std::size_t at = text.find(head); at != std::string::npos; at = text.find(head, at + 1)) {
      const std::size_t end = text.find('\n', at + 1);
      if (text.substr(at, end - at).ends_with(";")) continue;  // a declaration
      ++definitions;
      EXPECT_EQ(text.substr(end + 1, text.find('\n', end + 1) - end - 1),
                "  NativeFrame& f = NativeAccess::frame(iu);")
          << text.substr(at, 200);
    }
  }
  EXPECT_GE(definitions, 2U);  // lone/2's p<id> and the ping/pong cluster's c<k> at least
}

// A function of several predicates ends with a shared take (take_in_cluster): a body's end that
// finds on top of the pool a goal it does not test for goes there, which takes the goal of any
// member in place, by a switch on its key and a jump to the member's entry (nrev/2's append/3
// goals, which append/3's base case finds), and any other goal through its goal entry.
TEST(CppEmitter, AFunctionOfSeveralPredicatesTakesTheirGoalsInPlaceAtItsEnd) {
  Loaded loaded;
  ASSERT_TRUE(loaded.session.load_text("nrev.fl", kNrev)) << loaded.err.str();
  const std::string text = emit(loaded.session);
  const std::string function = function_of(text, "append/3");
  ASSERT_EQ(function, function_of(text, "nrev/2"));
  const auto take = function.find("\ntake_in_cluster:\n");
  ASSERT_NE(take, std::string::npos) << function;
  const std::string shared = function.substr(take);
  for (const std::string member : {"nrev/2", "append/3"}) {
    const auto at = shared.find(": {  // " + member + "\n");
    ASSERT_NE(at, std::string::npos) << member << "\n" << shared;
    const std::string taking = shared.substr(at, shared.find("\n    }\n", at) - at);
    EXPECT_NE(taking.find("NativeAccess::take_goal<false>(iu, f, taken);"), std::string::npos) << taking;
    EXPECT_NE(taking.find("goto " + labels_of(text, member) + "entry;"), std::string::npos) << taking;
  }
  EXPECT_NE(shared.find("default: break;"), std::string::npos) << shared;
  EXPECT_NE(shared.find("return NativeAccess::switch_goal(iu, f, taken);"), std::string::npos) << shared;
  // append/3's base case ends there: no return to the loop of its own.
  std::string app = code_of(text, "append/3");
  app = app.substr(0, app.find("\ntake_in_cluster:"));
  EXPECT_NE(app.find("goto take_in_cluster;"), std::string::npos) << app;
  EXPECT_EQ(app.find("NativeAccess::next_goal(iu, f)"), std::string::npos) << app;
  EXPECT_EQ(app.find("NativeAccess::switch_goal("), std::string::npos) << app;
}
// The entries of the table of count sites: {reductions, builtin calls, spawns} each.
std::vector<std::string> site_table(const std::string& text) {
  std::vector<std::string> entries;
  const std::size_t table = text.find("const NativeSite kSites[] = {\n");
  if (table == std::string::npos) return entries;
  const std::string body = text.substr(table, text.find("};", table) - table);
  static const std::regex entry(R"(\{\d+, \d+, \d+\})");
  for (auto it = std::sregex_iterator(body.begin(), body.end(), entry); it != std::sregex_iterator(); ++it) {
    entries.push_back(it->str());
  }
  return entries;
}

// tak/4 as examples/tak.fl has it: a commit, a dispatch inlined on less_eq/3's result, and a
// clause that spawns three goals of its own.
constexpr const char* kTak = R"(
tak(X, Y, Z, A) :- less_eq(X, Y, C), tak1(C, X, Y, Z, A).
tak1(true, _, _, Z, A) :- A = Z.
tak1(false, X, Y, Z, A) :-
    sub(X, 1, X1), sub(Y, 1, Y1), sub(Z, 1, Z1),
    tak(X1, Y, Z, A1), tak(Y1, Z, X, A2), tak(Z1, X, Y, A3), tak(A1, A2, A3, A).
)";

// Where a body's fast copy goes from the commit to an inlined clause through inline builtins
// and the dispatch's tests alone, one count site counts both: tak/4's commit (less_eq/3) and
// tak1/5's clauses (none and three sub/3 with three spawns) as {2, 1, 0} and {2, 4, 3}, the
// commit not counted at the commit. The commit's site alone is counted on the other ways:
// the builtin's slow path, and the call of tak1/5 when C is neither true nor false.
TEST(CppEmitter, ACommitIsCountedWithTheInlinedClauseItReaches) {
  Loaded loaded;
  ASSERT_TRUE(loaded.session.load_text("tak.fl", kTak)) << loaded.err.str();
  const std::string text = emit(loaded.session);
  const std::vector<std::string> sites = site_table(text);
  std::string tak = code_of(text, "tak/4");
  tak = tak.substr(0, tak.find("\ntake_in_cluster:"));
  const std::string fast = labels_of(text, "tak/4") + "fbody";
  const auto body = tak.find("\n" + fast);
  ASSERT_NE(body, std::string::npos) << tak;
  EXPECT_EQ(tak.substr(0, body).find("++site_counts["), std::string::npos) << tak;
  static const std::regex both(R"(\+\+site_counts\[(\d+)\];  // the reduction and an inlined clause)");
  std::vector<std::string> combined;
  for (auto it = std::sregex_iterator(tak.begin(), tak.end(), both); it != std::sregex_iterator(); ++it) {
    combined.push_back(sites.at(std::stoul((*it)[1].str())));
  }
  EXPECT_EQ(combined, (std::vector<std::string>{"{2, 1, 0}", "{2, 4, 3}"})) << tak;
  std::smatch slow;
  ASSERT_TRUE(std::regex_search(tak, slow, std::regex(R"(\{ \+\+site_counts\[(\d+)\]; goto p\d+_slow)"))) << tak;
  EXPECT_EQ(sites.at(std::stoul(slow[1].str())), "{1, 1, 0}");
  EXPECT_NE(tak.find("\n  ++site_counts[" + slow[1].str() + "];\n  {  // tak1/5"), std::string::npos) << tak;
}

}  // namespace

namespace {

// A body tests the heap's room for its cells where a path through it first takes some, not at
// the commit: fib1/3's base case only unifies and tests nothing; its other clause tests before
// its first record and not again after it (one test on the way to every record).
TEST(CppEmitter, ABodyTestsTheHeapsRoomWhereItFirstTakesCells) {
  Loaded loaded;
  ASSERT_TRUE(loaded.session.load_text("fib.fl", std::string(R"(
fib(N, F) :- less(N, 2, C), fib1(C, N, F).
fib1(true, N, F) :- F = N.
fib1(false, N, F) :- sub(N, 1, N1), sub(N, 2, N2), fib(N1, F1), fib(N2, F2), add(F1, F2, F).
)"))) << loaded.err.str();
  const std::string text = emit(loaded.session);
  const std::string function = code_of(text, "fib1/3");
  const std::string own = labels_of(text, "fib1/3");
  // The test reads the heap's room through the IU, or through a limit the function keeps.
  const auto room_test = [](const std::string& code, std::size_t from = 0) {
    return code.find("native_cells::short_of(iu.heap.top(), ", from);
  };
  // The base case's body: from its label to the unification that ends it.
  const auto unify = function.find("NativeAccess::unify(iu, ");
  ASSERT_NE(unify, std::string::npos) << function;
  const auto leaf = function.rfind("\n" + own, unify);
  ASSERT_NE(leaf, std::string::npos) << function;
  EXPECT_EQ(room_test(function.substr(leaf, unify - leaf)), std::string::npos)
      << function.substr(leaf, unify - leaf);
  // The commits test nothing; the other body tests before its first record.
  const auto commit = function.find("// the reduction (count site)");
  ASSERT_NE(commit, std::string::npos) << function;
  const auto first_take = function.find("iu.heap.take(");
  ASSERT_NE(first_take, std::string::npos) << function;
  const auto room = room_test(function);
  ASSERT_NE(room, std::string::npos) << function;
  EXPECT_LT(room, first_take) << function;
  EXPECT_EQ(room_test(function.substr(commit, function.find("goto ", commit) - commit)),
            std::string::npos);
  // From the fast copy's first record to its end (a last call): no second test.
  const auto fast = function.find("\n" + own + "fbody");
  if (fast != std::string::npos) {
    const auto record = function.find("iu.heap.take(", fast);
    const auto end = function.find("return NativeOutcome::TailCall", record);
    ASSERT_NE(record, std::string::npos);
    EXPECT_EQ(room_test(function.substr(record, end - record)), std::string::npos)
        << function.substr(record, end - record);
  }
}

}  // namespace

namespace {

// A spill writes the registers live where it is and [] for the predicate's others, and reads
// back only the live ones: tak1/5's first argument (true or false) is dead in its bodies.
TEST(CppEmitter, ASpillSavesOnlyTheLiveRegisters) {
  Loaded loaded;
  ASSERT_TRUE(loaded.session.load_text("tak.fl", kTak)) << loaded.err.str();
  const std::string text = emit(loaded.session);
  const std::string function = code_of(text, "tak1/5");
  const auto spill = function.find("{ Cell* const R = NativeAccess::registers(iu); R[");
  ASSERT_NE(spill, std::string::npos) << function;
  // The registers of tak1/5's first argument (dead) and second (X, read by the first sub).
  std::uint32_t first = 0;
  std::uint32_t second = 1;
  for (const fleng::vm::Predicate& p : loaded.session.image().predicates) {
    if (p.name == "tak1" && p.arity == 5 && !p.arg_registers.empty()) {
      first = p.arg_registers[0];
      second = p.arg_registers[1];
    }
  }
  const std::string line = function.substr(spill, function.find('\n', spill) - spill);
  EXPECT_NE(line.find(fmt::format("R[{0}] = kNil;", first)), std::string::npos) << line;
  EXPECT_NE(line.find(fmt::format("R[{0}] = r{0};", second)), std::string::npos) << line;
  const auto reload = function.find("{ Cell* const R = NativeAccess::registers(iu); r", spill);
  ASSERT_NE(reload, std::string::npos) << function;
  const std::string back = function.substr(reload, function.find('\n', reload) - reload);
  EXPECT_EQ(back.find(fmt::format("r{0} = R[{0}];", first)), std::string::npos) << back;
  EXPECT_NE(back.find(fmt::format("r{0} = R[{0}];", second)), std::string::npos) << back;
}

}  // namespace
