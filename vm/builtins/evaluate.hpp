// The evaluation of arithmetic expressions (is/2 and the comparisons =:=/3, </3, ...), with the
// rules of docs/builtins.md, arithmetic: 64-bit integers whose overflow is an error, floats whose
// domain errors and overflows are errors rather than NaN or infinity, and a type error that
// names the offending sub-term. Also the exact comparison of two numbers (an integer and a
// float compare by value, without rounding the integer to a double).
#pragma once

#include <compare>
#include <cstdint>
#include <optional>

#include "vm/builtins/support.hpp"

namespace fleng::vm::builtins {

struct Evaluated {
  std::optional<Number> value;  ///< nullopt: iu.fail() was called with the message
  std::uint64_t nodes = 0;      ///< expression nodes visited (the work to charge)
};

/// Evaluates a ground expression. Runs in a loop over an explicit stack (no recursion: deep
/// expressions are safe on the simulator's small fiber stacks); a cyclic expression (X = X+1)
/// is an error, and a heavily shared one (X1 = X0+X0, X2 = X1+X1, ...) costs its distinct
/// nodes only, once it is large (vm/walk_guard.hpp's kPlainSteps).
Evaluated evaluate(Iu& iu, Cell expression);

/// The order of two numbers by value; unordered when one is NaN.
std::partial_ordering compare_numbers(const Number& a, const Number& b);

}  // namespace fleng::vm::builtins
