// The names of a goal's unbound variables from the clause that made it (vm/goal_sites.hpp),
// and the compiler's table of goal sites.
#include "vm/goal_sites.hpp"

#include <gtest/gtest.h>

#include "vm/term_writer.hpp"
#include "vm_test_support.hpp"

namespace fleng::vm {
namespace {

using test::Machine;

TEST(GoalSites, NamesTheUnboundVariablesWhereTheSiteHasThem) {
  Machine m;
  const Cell x = m.var();
  const Cell y = m.var();
  const Cell t = m.var();
  // p(X, f(a, [Y|T])) as made; the goal's arguments at the report.
  GoalSite site{"main/0",
                {{0, {}, "X"},
                 {1, {1, SiteVariable::kConsHead}, "Y"},
                 {1, {1, SiteVariable::kConsTail}, "T"}},
                1, 1, {}};
  const Cell args[] = {x, m.compound("f", {m.atom("a"), m.cons(y, t)})};
  VariableNames names = m.iu->variable_names();
  name_site_variables(site, args, 2, names);
  EXPECT_EQ(write_term(args[1], m.atoms, true, &names), "f(a,[Y|T])");
  EXPECT_EQ(write_term(args[0], m.atoms, true, &names), "X");
}

TEST(GoalSites, ABoundOrReshapedPlaceKeepsItsOwnName) {
  Machine m;
  const Cell z = m.var();
  // The site says argument 0 is [Y|T], but the goal holds a structure there now, and
  // argument 1 (X at the site) is bound: nothing is named, the variable prints as _G<n>.
  GoalSite site{"p/2", {{0, {SiteVariable::kConsHead}, "Y"}, {1, {}, "X"}}, 1, 1, {}};
  const Cell args[] = {m.compound("g", {z}), m.atom("b")};
  VariableNames names = m.iu->variable_names();
  name_site_variables(site, args, 2, names);
  EXPECT_TRUE(names.source.empty());
  EXPECT_EQ(write_term(args[0], m.atoms, true, &names).rfind("g(_G", 0), 0U);
}

TEST(GoalSites, TheCompilerNotesEveryGoalItMakes) {
  Machine m("p(X) :- q(X, Y), r([Y|X]), writeln(Y).\nq(_, _).\nr(_).\n");
  std::size_t with_clause = 0;
  bool found_list = false;
  for (const auto& [pc, site] : m.image.goal_sites) {
    if (site.clause == "p/1") ++with_clause;
    for (const auto& v : site.variables) {
      if (v.name == "Y" && v.steps == std::vector<std::int32_t>{SiteVariable::kConsHead}) {
        found_list = true;
      }
    }
  }
  // q, r and writeln, in the local and in the distributing body.
  EXPECT_GE(with_clause, 6U);
  EXPECT_TRUE(found_list);
}

}  // namespace
}  // namespace fleng::vm
