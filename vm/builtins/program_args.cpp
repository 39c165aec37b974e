// argv/1: the program's arguments (`fleng run prog.fl -- a b 3`) as a list: an argument that
// reads as a number (as a CSV field does, vm/csv.hpp) is that number, any other is an atom.
#include "vm/builtins/support.hpp"
#include "vm/csv.hpp"

namespace fleng::vm {

using namespace builtins;

Outcome builtin_argv(Iu& iu, Cell*, Cell* out) {
  const auto& given = iu.program_args();
  std::size_t cells = 2 * given.size();
  for (const auto& a : given) {
    const auto n = csv::number(a);
    if (n && (std::holds_alternative<double>(*n) || !fits_small_int(std::get<std::int64_t>(*n)))) cells += 2;
  }
  Cell* p = iu.allocate(cells);
  if (p == nullptr && cells > 0) return Outcome::NeedHeap;
  Cell* boxes = p + 2 * given.size();
  for (std::size_t i = 0; i < given.size(); ++i) {
    Cell value = 0;
    const auto n = csv::number(given[i]);
    if (!n) {
      value = iu.atoms.atom(given[i]);
    } else if (const auto* k = std::get_if<std::int64_t>(&*n); k != nullptr && fits_small_int(*k)) {
      value = make_small_int(*k);
    } else {
      boxes[0] = k != nullptr ? make_header(BoxKind::Int64, 1) : make_header(BoxKind::Float, 1);
      boxes[1] = k != nullptr ? static_cast<Cell>(*k) : double_bits(std::get<double>(*n));
      value = make_pointer(Tag::Box, boxes, iu.index());
      boxes += 2;
    }
    p[2 * i] = value;
    p[2 * i + 1] = i + 1 < given.size() ? make_pointer(Tag::Cons, p + 2 * i + 2, iu.index()) : kNil;
  }
  return deliver(out, given.empty() ? kNil : make_pointer(Tag::Cons, p, iu.index()));
}

}  // namespace fleng::vm
