// The compiler from annotated ASTs to UNIRED code (vm/instructions.def). Every predicate is
// compiled with a first-argument index over its clauses; every clause body twice, a local body
// that ignores placements and a distributing body that honours them (the two entry points of
// dynamic partitioning, PIE64 paper section 5.3).
#pragma once

#include <string>
#include <vector>

#include "frontend/ast.hpp"
#include "frontend/diagnostics.hpp"
#include "vm/atom_table.hpp"
#include "vm/code.hpp"

namespace fleng::vm {

/// One source file to load: its AST and whether it is part of the standard library (a user
/// definition of the same name/arity replaces a library one).
struct SourceUnit {
  const frontend::Program* program = nullptr;
  bool library = false;
};

/// What the code is compiled for.
struct CompileOptions {
  /// For the threads engine with static partitioning: a clause whose body places no goal
  /// (no `@ to(L)` or `@ any(L)` goal) gets no distributing body, its commit enters the local
  /// body in both modes. On host threads data is made on the IU that makes it and an
  /// unplaced goal stays on its IU, so the two bodies would do the same; the local one is the
  /// faster code (inlined dispatch, fused list unification, last goal reduced directly).
  /// The simulated PIE64 keeps both bodies: there the distributing body costs what the
  /// paper's UNIRED spends spawning every goal.
  bool host_threads = false;
  /// Inlined dispatch (docs/engine.md); off under --trace-goals, so that every reduction
  /// goes through a commit the trace sees.
  bool inline_dispatch = true;
};

/// Compiles the units into `image` (which starts empty). Compile errors (a clause too large,
/// ...) go to `diagnostics` of the unit's file; the return value is false if there were any.
bool compile_program(const std::vector<SourceUnit>& units, AtomTable& atoms, CodeImage& image,
                     std::vector<frontend::Diagnostic>& errors, std::vector<std::string>& error_files,
                     const CompileOptions& options = {});

/// Compiles a query `Goal1, Goal2, ...` over the named variables `variables` (in order) into a
/// new predicate `$query/N` of the image and returns it. Its head is `$query(V1, ..., Vn)`.
PredicateId compile_query(const std::vector<frontend::Goal>& goals,
                          const std::vector<std::string>& variables, AtomTable& atoms,
                          CodeImage& image, const std::string& file,
                          std::vector<frontend::Diagnostic>& errors,
                          const CompileOptions& options = {});

}  // namespace fleng::vm
