// Passive identity and groundness (see matching.hpp). Both end on cyclic terms (walk_guard.hpp).
#include "vm/matching.hpp"

#include <utility>

#include <boost/container/small_vector.hpp>

#include "vm/terms.hpp"
#include "vm/walk_guard.hpp"

namespace fleng::vm {

namespace {
/// The sub-terms still to visit: on the stack for the common small terms (no allocation per
/// call; a clause head's repeated variable or a deref/2 of a list is checked often).
template <typename T>
using Pending = boost::container::small_vector<T, 32>;
}  // namespace

/// Passive identity of two terms (docs/engine.md, repeated head variables and equal/3).
Identity passive_identity(Cell a, Cell b, Cell& blocking) {
  Pending<std::pair<Cell, Cell>> pending{{a, b}};
  PairGuard guard;
  Identity result = Identity::Identical;
  while (!pending.empty()) {
    auto [x, y] = pending.back();
    pending.pop_back();
    x = deref(x);
    y = deref(y);
    if (x == y) continue;
    if (is_unbound(x) || is_unbound(y)) {
      if (result == Identity::Identical) {
        result = Identity::Blocked;
        blocking = is_unbound(x) ? x : y;
      }
      continue;  // a definite difference elsewhere still decides
    }
    if (tag_of(x) != tag_of(y)) return Identity::Different;
    switch (tag_of(x)) {
      case Tag::Cons:
        if (!guard.enter({x, y})) break;  // met before: identical unless shown otherwise there
        pending.emplace_back(cdr(x), cdr(y));
        pending.emplace_back(car(x), car(y));
        break;
      case Tag::Struct:
        if (*address_of(x) != *address_of(y)) return Identity::Different;
        if (!guard.enter({x, y})) break;
        for (std::uint32_t i = struct_arity(x); i-- > 0;) {
          pending.emplace_back(struct_arg(x, i), struct_arg(y, i));
        }
        break;
      case Tag::Box: {
        const Cell hx = header_of_box(x);
        if (header_kind(hx) != header_kind(header_of_box(y))) return Identity::Different;
        switch (header_kind(hx)) {
          case BoxKind::Float:
            if (!(float_value(x) == float_value(y))) return Identity::Different;
            break;
          case BoxKind::Int64:
            if (integer_value(x) != integer_value(y)) return Identity::Different;
            break;
          case BoxKind::Vector:
            if (vector_size(x) != vector_size(y)) return Identity::Different;
            if (!guard.enter({x, y})) break;
            for (std::uint32_t i = vector_size(x); i-- > 0;) {
              pending.emplace_back(vector_element(x, i), vector_element(y, i));
            }
            break;
          default: return Identity::Different;
        }
        break;
      }
      default: return Identity::Different;
    }
  }
  return result;
}

namespace {
/// The walk of first_unbound and next_unbound over the sub-terms in `pending` (the next at
/// the back), depth first, left to right: it goes on into the first sub-term and keeps the
/// others for later. A list is walked cell after cell in a loop of its own, its atomic
/// elements checked in place, so a list of constants (the usual stream, a deref/2 of a result)
/// needs no stack and takes a few tests a cell (the walk through the general loop took about
/// 34 instructions a cell). A node met again (a cyclic or shared term, once the walk is long)
/// is not walked again. On an unbound variable it stops with what comes after it in `pending`.
/// An integer or an atom (an immediate with nothing below it), in one comparison.
inline bool is_small_atomic(Cell c) {
  static_assert(static_cast<Cell>(Tag::Atom) == static_cast<Cell>(Tag::Int) + 1);
  return ((c - static_cast<Cell>(Tag::Int)) & kTagMask) < 2;
}

template <typename Stack>
Cell walk_to_unbound(Stack& pending, std::size_t& visited) {
  NodeGuard guard;
  std::size_t steps = 0;  // added to `visited` at the end (a reference the pushes may alias)
  Cell found = 0;
  while (found == 0 && !pending.empty()) {
    Cell t = pending.back();
    pending.pop_back();
    for (;;) {
      ++steps;
      t = deref(t);
      if (is_ref(t)) {
        found = t;
        break;
      }
      if (is_cons(t)) {
        bool entered = guard.enter(t);
        while (entered) {
          const Cell* const fields = address_of(t);
          if (!is_small_atomic(fields[0])) {
            const Cell head = deref(fields[0]);
            if (!is_small_atomic(head)) {
              pending.push_back(cdr(t));
              t = head;  // an unbound element ends the walk, a compound one is walked first
              break;
            }
          }
          const Cell tail = load_cell(fields + 1);
          if (!is_cons(tail)) {
            t = cdr(t);  // the list's end (or a reference to it): the general loop looks at it
            break;
          }
          t = tail;
          ++steps;
          entered = guard.enter(t);
        }
        if (!entered) break;
        continue;
      }
      if (is_struct(t)) {
        if (!guard.enter(t)) break;
        const std::uint32_t n = struct_arity(t);
        if (n == 0) break;
        for (std::uint32_t i = n; i-- > 1;) pending.push_back(struct_arg(t, i));
        t = struct_arg(t, 0);
        continue;
      }
      if (is_vector(t) && guard.enter(t)) {
        for (std::uint32_t i = vector_size(t); i-- > 0;) pending.push_back(vector_element(t, i));
      }
      break;
    }
  }
  visited += steps;
  return found;
}
}  // namespace

Cell first_unbound(Cell term) {
  Pending<Cell> pending;
  pending.push_back(term);
  std::size_t visited = 0;
  return walk_to_unbound(pending, visited);
}

Cell next_unbound(std::vector<Cell>& pending, std::size_t& visited) {
  return walk_to_unbound(pending, visited);
}

}  // namespace fleng::vm
