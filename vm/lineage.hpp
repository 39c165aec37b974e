// Lineage keys: where a goal stands in the tree of reductions, as a 60-bit number, so that
// random numbers depend on the program and the seed only, never on which IU or thread runs a
// goal or in which order (docs/builtins.md, random numbers).
//
// Keys are kept only by the IUs of a program that names a random builtin
// (AtomTable::random_named): elsewhere every key is 0 and a spawn costs nothing more.
//
// The query's goal has the key root(seed). A goal made by a body goal at a call site (a spawn,
// the execute of the last goal, an inlined dispatch, call/N) has the key child(parent, site),
// where the site names the clause (predicate, place among its clauses) and the goal's place in
// its body: the same on every engine, whichever body (local or distributing) made it, and the
// same when the text is reformatted or commented. A random builtin draws from the key
// child(parent, site) of its own call; a draw that needs several numbers uses
// child(key, 1), child(key, 2), ...
#pragma once

#include <cstdint>
#include <string_view>

namespace fleng::vm::lineage {

/// Keys are small integers of 60 bits (they live in goal records as INT cells).
inline constexpr std::uint64_t kMask = (std::uint64_t{1} << 60) - 1;

/// SplitMix64's finalizer: a bijection of 64 bits with good avalanche.
constexpr std::uint64_t mix(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/// One step of a linear congruential generator modulo 2^60 whose increment is the (odd) site
/// key: cheap enough for every spawn and execute, and a chain of calls from one site (a
/// recursion) walks the generator's full period. The draws mix the key (draw_bits) so that
/// their bits are good.
constexpr std::uint64_t child(std::uint64_t parent, std::uint64_t site) {
  return (parent * 0x9e3779b97f4a7c15ULL + site) & kMask;
}

constexpr std::uint64_t root(std::uint64_t seed) { return mix(seed ^ 0x5eed5eed5eed5eedULL) & kMask; }

/// The key of a clause: its predicate's name and arity and its place among the predicate's
/// clauses.
constexpr std::uint64_t site_key(std::string_view name, std::uint32_t arity, std::uint32_t ordinal) {
  std::uint64_t h = 0xcbf29ce484222325ULL;  // FNV-1a over the name
  for (const char c : name) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
  return (mix(h ^ (static_cast<std::uint64_t>(arity) << 32U) ^ ordinal) | 1U) & kMask;
}


/// The site of a body goal: its clause's key and its place in the body (odd, as the
/// generator's increment must be).
constexpr std::uint64_t site_of_goal(std::uint64_t clause, std::uint64_t place) {
  return (mix(clause ^ ((place + 1) * 0xd1b54a32d192ed03ULL)) | 1U) & kMask;
}

}  // namespace fleng::vm::lineage
