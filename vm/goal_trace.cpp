// `fleng run --trace-goals` (and the REPL's `:trace goals`): one line per event of a run on the
// local engine, the way a Strand or KL1 programmer follows a stream program:
//
//   reduce   p(four)  by clause 1 of p/1 at f.fl:13
//   builtin  add(1, 2, Z)
//   suspend  q(X, Y)  on X
//   wake     q(1, Y)
//
// Goals print with the names of the source variables of the clause that made them
// (vm/goal_sites.hpp). The reducer calls in here only when tracing: the commit instructions
// get a traced handler when the code is threaded, and suspension and wake-up test a flag off
// the hot path. At most IuOptions::trace_limit lines; then one line says so and the run goes
// on untraced.
#include <ostream>

#include <fmt/format.h>

#include "vm/goal_record.hpp"
#include "vm/iu.hpp"

namespace fleng::vm {

void Iu::trace_line(const std::string& line) {
  if (trace_left_ == 0) return;
  std::ostream& trace = *options_.trace_goals;
  trace << line << '\n';
  if (--trace_left_ == 0) {
    trace << fmt::format(
        "trace: stopped after {} lines (the limit; --trace-limit N or :trace goals N changes "
        "it); the run goes on untraced\n",
        options_.trace_limit);
  }
  trace.flush();
}

void Iu::trace_reduce(PredicateId predicate, std::uint64_t commit_pc, const Cell* registers) {
  if (trace_left_ == 0) return;
  const Predicate& p = image.predicates[predicate];
  if (p.name.starts_with("$query")) {
    trace_line("reduce   the query");
    return;
  }
  // The arguments in argument order (a predicate may keep them in other registers).
  std::vector<Cell> args(p.arity);
  for (std::uint32_t i = 0; i < p.arity; ++i) {
    args[i] = registers[p.arg_registers.empty() ? i : p.arg_registers[i]];
  }
  // The clause: the last of the predicate's clauses whose code starts at or before the commit.
  std::size_t chosen = 0;
  for (std::size_t k = 0; k < p.clauses.size(); ++k) {
    if (p.clauses[k].head_pc <= commit_pc) chosen = k;
  }
  std::string where;
  if (chosen < p.clauses.size()) {
    const SourceRef& source = p.clauses[chosen].source;
    where = fmt::format("  by clause {} of {}/{}", chosen + 1, p.name, p.arity);
    if (!source.file.empty()) {
      where += fmt::format(" at {}:{}", source.file, source.span.begin.line);
    }
  }
  trace_line(fmt::format("reduce   {}{}", format_goal(p.name, args.data(), p.arity, reduced_site()),
                         where));
}

void Iu::trace_builtin(PredicateId predicate, const Cell* registers, std::uint32_t arity) {
  if (trace_left_ == 0) return;
  const Predicate& p = image.predicates[predicate];
  trace_line(fmt::format("builtin  {}", format_goal(p.name, registers, arity, reduced_site())));
}

void Iu::trace_suspend(Cell goal, const std::vector<Cell>& variables) {
  if (trace_left_ == 0) return;
  const Predicate& p = image.predicates[goal_record::predicate(goal)];
  std::vector<Cell> terms(goal_record::arity(goal));
  goal_record::copy_args(goal, terms.data());
  const Cell* args = terms.data();
  const std::uint32_t site = goal_record::call_site(goal);
  const VariableNames names = goal_variable_names(args, p.arity, site);
  std::string on;
  for (const Cell v : variables) {
    on += (on.empty() ? "" : ", ") + write_term(v, atoms, true, &names);
  }
  trace_line(fmt::format("suspend  {}  on {}", format_goal(p.name, args, p.arity, site), on));
}

void Iu::trace_wake(Cell goal) {
  if (trace_left_ == 0) return;
  const Predicate& p = image.predicates[goal_record::predicate(goal)];
  std::vector<Cell> terms(goal_record::arity(goal));
  goal_record::copy_args(goal, terms.data());
  trace_line(fmt::format("wake     {}", format_goal(p.name, terms.data(), p.arity,
                                                    goal_record::call_site(goal))));
}

}  // namespace fleng::vm
