// check_directives and included_file: the known directives and the hints for the others.
#include "frontend/directives.hpp"

#include <filesystem>

#include <fmt/format.h>

namespace fleng::frontend {

namespace {

/// What to do in Fleng instead of a Prolog directive Fleng does not have ("" if nothing useful).
std::string hint_for(const Term& directive) {
  const std::string& name = directive.text;
  if (name == "initialization") {
    const bool named = directive.arity() >= 1 && directive.args.front()->kind == TermKind::Atom;
    return fmt::format("; Fleng runs no goal when it loads a file: run it with `fleng run FILE -g {}`",
                       named ? directive.args.front()->text : "main");
  }
  if (name == "dynamic") {
    return "; Fleng has no dynamic predicates (no assert/retract): pass the state in arguments "
           "or along a stream";
  }
  if (name == "discontiguous") return "; clauses of a predicate may be apart without declaring it";
  if (name == "module" || name == "use_module" || name == "ensure_loaded" || name == "consult") {
    return "; Fleng has no modules: use `:- include('file.fl').` or give several files";
  }
  return "";
}

}  // namespace

std::optional<std::string> included_file(const Directive& directive) {
  const Term& t = *directive.term;
  if (t.kind != TermKind::Compound || t.text != "include" || t.args.size() != 1) return std::nullopt;
  const Term& arg = *t.args.front();
  if ((arg.kind != TermKind::Atom && arg.kind != TermKind::String) || arg.text.empty()) {
    return std::string{};
  }
  std::string name = arg.text;
  if (std::filesystem::path(name).extension().empty()) name += ".fl";
  return name;
}

void check_directives(const Program& program, DiagnosticSink& diagnostics) {
  for (const auto& item : program.items) {
    const auto* directive = std::get_if<Directive>(&item);
    if (directive == nullptr) continue;
    const Term& t = *directive->term;
    if (t.kind == TermKind::Compound && t.text == "mode" && t.args.size() == 1) continue;
    if (const auto file = included_file(*directive)) {
      if (file->empty()) {
        diagnostics.error(directive->term->args.front()->span,
                          "include/1 expects a file name: an atom or a string, e.g. "
                          ":- include('other.fl').");
      }
      continue;
    }
    const std::string name =
        t.is_callable() ? to_string(PredicateKey{t.text, t.arity()}) : std::string("this term");
    diagnostics.error(directive->span,
                      fmt::format("unknown directive {}: the directives are mode/1 and include/1{}",
                                  name, t.is_callable() ? hint_for(t) : ""));
  }
}

}  // namespace fleng::frontend
