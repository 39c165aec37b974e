// Naming the unbound variables of a goal by the source variables of the clause that made it
// (vm/goal_sites.hpp).
#include "vm/goal_sites.hpp"

#include "vm/terms.hpp"

namespace fleng::vm {

void name_site_variables(const GoalSite& site, const Cell* args, std::uint32_t arity,
                         VariableNames& names) {
  for (const SiteVariable& v : site.variables) {
    if (v.argument >= arity) continue;
    Cell c = deref(args[v.argument]);
    bool found = true;
    for (const std::int32_t step : v.steps) {
      if (step < 0) {
        if (!is_cons(c)) {
          found = false;
          break;
        }
        c = deref(step == SiteVariable::kConsHead ? car(c) : cdr(c));
      } else {
        if (!is_struct(c) || static_cast<std::uint32_t>(step) >= struct_arity(c)) {
          found = false;
          break;
        }
        c = deref(address_of(c)[1 + step]);
      }
    }
    if (!found || !is_unbound(c)) continue;
    names.source.emplace(address_of(c), v.name);
  }
}

}  // namespace fleng::vm
