// Writing terms to files: write_file/2 (replaces the file) and append_file/2 (adds to it).
// Each term is written quoted and ended by `.` and a newline, so that
// read_file_terms/2 reads the file back as the same terms (docs/builtins.md, input and output).
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "vm/builtins/support.hpp"
#include "vm/term_writer.hpp"

namespace fleng::vm {

using namespace builtins;

namespace {

bool symbol_char(char c) {
  return std::string_view("+-*/\\^<>=~:.?@#&$").find(c) != std::string_view::npos;
}

Outcome write_terms(Iu& iu, Cell* args, bool append, std::string_view name) {
  const auto path = path_text(iu, args[0]);
  if (!path) return type_error(iu, "a path (an atom or a string)", args[0]);
  const auto terms = list_elements(args[1]);
  if (!terms) return type_error(iu, "a list of terms", args[1]);
  std::string text;
  const Cell comma = iu.atoms.atom(",");
  for (Cell term : *terms) {
    term = deref(term);
    // A ','/2 term has a priority above a clause's (800): in parentheses it reads back as one.
    const bool parens = is_struct(term) && struct_arity(term) == 2 &&
                        make_atom(iu.atoms.functor_name(struct_functor(term))) == comma;
    if (parens) text += '(';
    std::string written = write_term(term, iu.atoms, true);
    if (is_atom(term) && !written.empty() && std::ranges::all_of(written, symbol_char)) {
      // An operator alone (`-`) would read as an operator missing its operand: quoted, it
      // reads as the atom.
      std::string quoted = "'";
      for (const char c : written) quoted += c == '\\' ? std::string("\\\\") : std::string(1, c);
      written = quoted + "'";
    }
    text += written;
    if (parens) text += ')';
    // `a- .`: a final symbol character would run into the end `.`.
    if (!text.empty() && symbol_char(text.back())) text += ' ';
    text += ".\n";
  }
  std::error_code ec;
  if (std::filesystem::is_directory(*path, ec)) {
    return iu.fail(fmt::format("{}: cannot write {}: it is a directory", name, *path));
  }
  std::ofstream file(*path, std::ios::binary | (append ? std::ios::app : std::ios::trunc));
  if (!file) return iu.fail(fmt::format("{}: cannot write {}: {}", name, *path, std::strerror(errno)));
  file << text;
  file.flush();
  if (!file) return iu.fail(fmt::format("{}: cannot write {}: {}", name, *path, std::strerror(errno)));
  iu.charge_work(text.size());
  return Outcome::Done;
}

}  // namespace

Outcome builtin_write_file(Iu& iu, Cell* args, Cell*) {
  return write_terms(iu, args, false, "write_file/2");
}

Outcome builtin_append_file(Iu& iu, Cell* args, Cell*) {
  return write_terms(iu, args, true, "append_file/2");
}

}  // namespace fleng::vm
