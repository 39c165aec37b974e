// The evaluable functors and constants of arithmetic expressions (is/2, =:=/3, </3, ...; see
// docs/builtins.md, arithmetic). The AtomTable registers these functors first, in this order,
// so that the evaluator (vm/builtins/evaluate.cpp) maps a structure's functor index to its
// operation by subtraction, without the table's lock or a string compare.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace fleng::vm {

enum class Evaluable : std::uint8_t {
  // binary
  Add, Sub, Mul, Div, IntDiv, Mod, Rem, Min, Max, Power, IntPower, ShiftRight, ShiftLeft,
  BitAnd, BitOr, BitXor, Atan2,
  // unary
  Neg, Plus, Abs, Sign, Sqrt, Exp, Log, Log2, Sin, Cos, Tan, Asin, Acos, Atan, Sinh, Cosh, Tanh,
  Floor, Ceiling, Round, Truncate, Integer, Float, FloatIntegerPart, FloatFractionalPart, BitNot,
  // constants (atoms)
  Pi, E, Inf, Nan,
};

struct EvaluableFunctor {
  std::string_view name;
  std::uint32_t arity;
  Evaluable op;
};

inline constexpr std::array<EvaluableFunctor, 44> kEvaluableFunctors{{
    {"+", 2, Evaluable::Add},
    {"-", 2, Evaluable::Sub},
    {"*", 2, Evaluable::Mul},
    {"/", 2, Evaluable::Div},
    {"//", 2, Evaluable::IntDiv},
    {"mod", 2, Evaluable::Mod},
    {"rem", 2, Evaluable::Rem},
    {"min", 2, Evaluable::Min},
    {"max", 2, Evaluable::Max},
    {"**", 2, Evaluable::Power},
    {"^", 2, Evaluable::IntPower},
    {">>", 2, Evaluable::ShiftRight},
    {"<<", 2, Evaluable::ShiftLeft},
    {"/\\", 2, Evaluable::BitAnd},
    {"\\/", 2, Evaluable::BitOr},
    {"xor", 2, Evaluable::BitXor},
    {"atan2", 2, Evaluable::Atan2},
    {"atan", 2, Evaluable::Atan2},
    {"-", 1, Evaluable::Neg},
    {"+", 1, Evaluable::Plus},
    {"abs", 1, Evaluable::Abs},
    {"sign", 1, Evaluable::Sign},
    {"sqrt", 1, Evaluable::Sqrt},
    {"exp", 1, Evaluable::Exp},
    {"log", 1, Evaluable::Log},
    {"log2", 1, Evaluable::Log2},
    {"sin", 1, Evaluable::Sin},
    {"cos", 1, Evaluable::Cos},
    {"tan", 1, Evaluable::Tan},
    {"asin", 1, Evaluable::Asin},
    {"acos", 1, Evaluable::Acos},
    {"atan", 1, Evaluable::Atan},
    {"sinh", 1, Evaluable::Sinh},
    {"cosh", 1, Evaluable::Cosh},
    {"tanh", 1, Evaluable::Tanh},
    {"floor", 1, Evaluable::Floor},
    {"ceiling", 1, Evaluable::Ceiling},
    {"round", 1, Evaluable::Round},
    {"truncate", 1, Evaluable::Truncate},
    {"integer", 1, Evaluable::Integer},
    {"float", 1, Evaluable::Float},
    {"float_integer_part", 1, Evaluable::FloatIntegerPart},
    {"float_fractional_part", 1, Evaluable::FloatFractionalPart},
    {"\\", 1, Evaluable::BitNot},
}};

/// The evaluable atoms (constants). `inf` and `nan` are the float values themselves.
struct EvaluableConstant {
  std::string_view name;
  Evaluable op;
};

inline constexpr std::array<EvaluableConstant, 4> kEvaluableConstants{{
    {"pi", Evaluable::Pi},
    {"e", Evaluable::E},
    {"inf", Evaluable::Inf},
    {"nan", Evaluable::Nan},
}};

}  // namespace fleng::vm
