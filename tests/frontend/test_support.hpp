// Helpers shared by the frontend tests: a compact, unambiguous text form of ASTs, token streams
// and diagnostics, so that expectations read as one string.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include "frontend/ast.hpp"
#include "frontend/diagnostics.hpp"
#include "frontend/lexemes.hpp"
#include "frontend/parse.hpp"
#include "frontend/tokens.hpp"

namespace fleng::frontend::test {

/// A term in functional notation: `'-'('-'(a,b),c)`, `[a,b|T]`, `"abc"`, `@(X,any(1))`.
/// Atoms and functors that are not plain names are quoted (without escapes); floats get a
/// trailing `f` so that `1` and `1.0` differ.
inline std::string dump(const Term& term) {
  auto name = [](const std::string& text) {
    return lexemes::is_name_atom(text) ? text : "'" + text + "'";
  };
  switch (term.kind) {
    case TermKind::Variable: return term.text;
    case TermKind::Atom: return name(term.text);
    case TermKind::Integer: return std::to_string(term.integer);
    case TermKind::Float: return fmt::format("{}f", term.real);
    case TermKind::String: return "\"" + term.text + "\"";
    case TermKind::Annotated:
      return "@(" + dump(*term.args.front()) + "," + to_string(term.placement) + ")";
    case TermKind::List: {
      std::string out = "[";
      for (std::size_t i = 0; i < term.args.size(); ++i) {
        if (i > 0) out += ",";
        out += dump(*term.args[i]);
      }
      if (term.tail) out += "|" + dump(*term.tail);
      return out + "]";
    }
    case TermKind::Compound: {
      std::string out = name(term.text) + "(";
      for (std::size_t i = 0; i < term.args.size(); ++i) {
        if (i > 0) out += ",";
        out += dump(*term.args[i]);
      }
      return out + ")";
    }
  }
  return "?";
}

/// `head.`, `head :- g1, g2 @ to(1).` or `:- term.`
inline std::string dump(const Item& item) {
  if (const auto* clause = std::get_if<Clause>(&item)) {
    std::string out = dump(*clause->head);
    if (clause->has_body) {
      out += " :- ";
      for (std::size_t i = 0; i < clause->body.size(); ++i) {
        if (i > 0) out += ", ";
        out += dump(*clause->body[i].term);
        if (clause->body[i].placement) out += " @ " + to_string(*clause->body[i].placement);
      }
    }
    return out + ".";
  }
  return ":- " + dump(*std::get<Directive>(item).term) + ".";
}

/// One line per item.
inline std::string dump(const Program& program) {
  std::string out;
  for (const auto& item : program.items) out += dump(item) + "\n";
  return out;
}

inline ParseResult parse(std::string source) { return parse_source("t.fl", std::move(source)); }

/// The items of a source that must parse without errors; errors are reported as a failure.
inline std::string dump_ok(const std::string& source) {
  const auto result = parse(source);
  std::string errors;
  for (const auto& d : result.diagnostics.diagnostics()) {
    errors += format_diagnostic("t.fl", d, result.source);
  }
  if (!errors.empty()) return "ERRORS:\n" + errors;
  return dump(result.program);
}

/// The single argument of the single fact `x(T).` in `x(<text>).`, dumped.
inline std::string term_of(const std::string& text) {
  const auto result = parse("x(" + text + ").");
  if (!result.ok() || result.program.items.size() != 1) return "ERROR";
  const auto& clause = std::get<Clause>(result.program.items.front());
  if (clause.head->args.size() != 1) return "ARITY";
  return dump(*clause.head->args.front());
}

/// Every diagnostic as `line:column: message`, in the order reported.
inline std::vector<std::string> messages(const DiagnosticSink& sink) {
  std::vector<std::string> out;
  for (const auto& d : sink.diagnostics()) {
    out.push_back(to_string(d.span.begin) + ": " + d.message);
  }
  return out;
}

/// Tokens of a text, as `kind[text]` (numbers: `kind[value]`), space separated, end of file
/// left out; `END` stands for the end-of-clause token.
inline std::string token_summary(std::string_view source, DiagnosticSink& sink) {
  std::string out;
  for (const auto& token : tokenize(source, sink)) {
    if (token.kind == "end of file") break;
    if (!out.empty()) out += ' ';
    if (token.kind == "end of clause ('.')") {
      out += "END";
    } else if (token.kind == "integer") {
      out += fmt::format("integer[{}]", token.integer);
    } else if (token.kind == "float") {
      out += fmt::format("float[{}]", token.real);
    } else if (token.text.empty()) {
      out += token.kind;
    } else {
      out += token.kind + "[" + token.text + "]";
    }
  }
  return out;
}

inline std::string token_summary(std::string_view source) {
  DiagnosticSink sink("t.fl");
  return token_summary(source, sink);
}

/// Deterministic pseudo-random text (std::mt19937_64 is specified exactly by the standard).
inline std::string random_bytes(std::size_t size, std::uint64_t seed, unsigned lowest = 0,
                                unsigned highest = 255) {
  std::mt19937_64 engine(seed);
  std::string out;
  out.reserve(size);
  const unsigned span = highest - lowest + 1;
  for (std::size_t i = 0; i < size; ++i) {
    out.push_back(static_cast<char>(lowest + static_cast<unsigned>(engine() % span)));
  }
  return out;
}

}  // namespace fleng::frontend::test
