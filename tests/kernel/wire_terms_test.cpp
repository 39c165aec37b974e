// Terms as words between MPI ranks (kernel/wire_terms.hpp): a term comes back equal, with its
// sharing and its cycles, atoms and functors made during the run travel as text, unbound
// variables as names, and a malformed group is refused.
#include "kernel/wire_terms.hpp"

#include <gtest/gtest.h>

#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "vm/term_writer.hpp"
#include "vm/terms.hpp"

namespace fleng::kernel::wire {
namespace {

using vm::Cell;

class WireTerms : public ::testing::Test {
 protected:
  vm::AtomTable atoms;
  vm::Heap from{0, 1 << 16, 1 << 16};
  vm::Heap to{1, 1 << 16, 1 << 16};

  Cell cons(Cell head, Cell tail) {
    Cell* p = from.allocate(2);
    p[0] = head;
    p[1] = tail;
    return vm::make_pointer(vm::Tag::Cons, p, 0);
  }
  Cell compound(const std::string& name, const std::vector<Cell>& args) {
    const auto arity = static_cast<std::uint32_t>(args.size());
    Cell* p = from.allocate(1 + arity);
    p[0] = vm::make_header(vm::BoxKind::Functor, arity, atoms.functor(atoms.intern(name), arity));
    for (std::uint32_t i = 0; i < arity; ++i) p[1 + i] = args[i];
    return vm::make_pointer(vm::Tag::Struct, p, 0);
  }
  Cell var() { return *vm::make_variable(from); }
  Cell atom(const std::string& name) { return atoms.atom(name); }
  std::string text(Cell c) const { return vm::write_term(c, atoms); }

  /// Encodes `roots` with `shared`, naming variables by their order of appearance.
  std::vector<std::uint64_t> encode(std::vector<Cell> roots, SharedTables shared) {
    std::map<Cell, std::uint64_t> names;
    Encoder encoder(atoms, shared, [&](Cell v) {
      const auto [it, fresh] = names.try_emplace(v, names.size());
      return VariableName{7, it->second};
    });
    std::vector<std::uint64_t> words;
    encoder.encode(roots, words);
    return words;
  }
  /// Decodes on `to`, each name becoming a fresh variable (the same one for the same name).
  std::vector<Cell> decode(const std::vector<std::uint64_t>& words, SharedTables shared,
                           std::vector<VariableName>* seen = nullptr) {
    std::map<std::uint64_t, Cell> made;
    std::vector<Cell> roots;
    const std::size_t used = wire::decode(
        words, atoms, shared, to,
        [&](const VariableName& name) {
          if (seen != nullptr) seen->push_back(name);
          auto [it, fresh] = made.try_emplace(name.entry, 0);
          if (fresh) it->second = *vm::make_variable(to);
          return it->second;
        },
        roots);
    EXPECT_EQ(used, words.size());
    return roots;
  }
};

TEST_F(WireTerms, ATermComesBackEqual) {
  const Cell term = compound("f", {vm::make_small_int(-42), atom("abc"),
                                   cons(*vm::make_float(from, 2.5), vm::kNil),
                                   *vm::make_integer(from, std::int64_t{1} << 62)});
  const SharedTables shared = SharedTables::of(atoms);
  const auto words = encode({term}, shared);
  const auto roots = decode(words, shared);
  ASSERT_EQ(roots.size(), 1U);
  EXPECT_EQ(text(roots[0]), "f(-42,abc,[2.5],4611686018427387904)");
  EXPECT_EQ(vm::iu_of(roots[0]), 1U);  // made on the receiving heap
  const GroupShape shape = shape_of(words);
  EXPECT_EQ(shape.words, words.size());
  EXPECT_EQ(shape.roots, 1U);
  EXPECT_EQ(shape.cells, 5U + 2U + 2U + 2U);  // f/4, a list cell, a float, a wide integer
  EXPECT_EQ(shape.variables, 0U);
}

TEST_F(WireTerms, SharedSubtermsStaySharedAndCyclesEnd) {
  const Cell shared_list = cons(vm::make_small_int(1), cons(vm::make_small_int(2), vm::kNil));
  const Cell pair = compound("p", {shared_list, shared_list});
  // X = g(X): a cycle through a bound variable.
  const Cell x = var();
  const Cell g = compound("g", {x});
  vm::store_var_cell(vm::address_of(x), g);
  const SharedTables shared = SharedTables::of(atoms);
  const auto words = encode({pair, g}, shared);
  EXPECT_EQ(shape_of(words).cells, 3U + 4U + 2U);  // p/2, the two list cells once, g/1
  const auto roots = decode(words, shared);
  EXPECT_EQ(vm::struct_arg(roots[0], 0), vm::struct_arg(roots[0], 1));
  EXPECT_EQ(text(roots[0]), "p([1,2],[1,2])");
  EXPECT_EQ(vm::struct_arg(roots[1], 0), roots[1]);  // g(X) with X the term itself
}

TEST_F(WireTerms, AtomsAndFunctorsMadeDuringTheRunTravelAsText) {
  const SharedTables shared = SharedTables::of(atoms);  // before the new ones
  const Cell term = compound("late_functor", {atom("late atom"), atom("abc")});
  const auto words = encode({term}, shared);
  // The receiver has never seen them: a table that stops at the shared part.
  vm::AtomTable receiver;
  for (std::uint64_t i = receiver.size(); i < shared.atoms; ++i) receiver.intern(atoms.name(i));
  std::vector<Cell> roots;
  wire::decode(words, receiver, shared, to, [](const VariableName&) -> Cell { return 0; }, roots);
  EXPECT_EQ(vm::write_term(roots[0], receiver), "late_functor('late atom',abc)");
}

TEST_F(WireTerms, UnboundVariablesTravelAsNamesOnePerVariable) {
  const Cell x = var();
  const Cell y = var();
  const Cell term = compound("h", {x, y, x, cons(y, vm::kNil)});
  const SharedTables shared = SharedTables::of(atoms);
  const auto words = encode({term}, shared);
  EXPECT_EQ(shape_of(words).variables, 4U);  // every occurrence is a name
  std::vector<VariableName> seen;
  const auto roots = decode(words, shared, &seen);
  ASSERT_EQ(seen.size(), 4U);
  EXPECT_EQ(seen[0].rank, 7U);
  EXPECT_EQ(seen[0].entry, 0U);
  EXPECT_EQ(seen[1].entry, 1U);
  EXPECT_EQ(seen[2].entry, 0U);
  const Cell h = roots[0];
  EXPECT_EQ(vm::struct_arg(h, 0), vm::struct_arg(h, 2));
  EXPECT_NE(vm::struct_arg(h, 0), vm::struct_arg(h, 1));
  EXPECT_TRUE(vm::is_unbound(vm::deref(vm::struct_arg(h, 1))));
}

TEST_F(WireTerms, AMalformedGroupIsRefused) {
  const SharedTables shared = SharedTables::of(atoms);
  auto words = encode({compound("f", {vm::make_small_int(1), atom("a")})}, shared);
  auto refuse = [&](std::vector<std::uint64_t> bad) {
    std::vector<Cell> roots;
    EXPECT_THROW(wire::decode(bad, atoms, shared, to, [](const VariableName&) -> Cell { return 0; }, roots),
                 std::runtime_error);
    EXPECT_THROW(shape_of(bad), std::runtime_error);
  };
  refuse({});
  refuse(std::vector<std::uint64_t>(words.begin(), words.end() - 1));  // cut short
  auto wrong_cells = words;
  wrong_cells[3] += 1;
  refuse(wrong_cells);
  auto bad_object = words;
  bad_object[5] = 0x99;  // the first object's kind
  refuse(bad_object);
}

}  // namespace
}  // namespace fleng::kernel::wire
