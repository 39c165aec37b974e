// Output: write/1, writeln/1, nl/0, put_char/1 and the sequencing variants with a Done
// argument, bound to [] after the output (docs/engine.md, builtins). Output waits for a ground term.
#include <ostream>

#include "frontend/utf8.hpp"
#include "vm/builtins/support.hpp"
#include "vm/term_writer.hpp"

namespace fleng::vm {

using namespace builtins;

namespace {

void write_out(Iu& iu, Cell term, bool newline) {
  std::string text;
  const VariableNames names = iu.variable_names();
  write_term(text, term, iu.atoms, true, &names, WriteLimits{.stop = &iu.interrupt_flag()});
  if (newline) text += '\n';
  iu.out << text;
}

}  // namespace

Outcome builtin_write(Iu& iu, Cell* args, Cell*) {
  write_out(iu, args[0], false);
  return Outcome::Done;
}

Outcome builtin_writeln(Iu& iu, Cell* args, Cell*) {
  write_out(iu, args[0], true);
  return Outcome::Done;
}

Outcome builtin_nl(Iu& iu, Cell*, Cell*) {
  iu.out << '\n';
  return Outcome::Done;
}

Outcome builtin_put_char(Iu& iu, Cell* args, Cell*) {
  if (!is_int(args[0])) return type_error(iu, "a character code", args[0]);
  const std::int64_t code = small_int_value(args[0]);
  if (code < 0 || code > 0x10FFFF) return iu.fail(fmt::format("put_char/1: bad code {}", code));
  std::string text;
  frontend::utf8::append(text, static_cast<char32_t>(code));
  iu.out << text;
  return Outcome::Done;
}

Outcome builtin_write_done(Iu& iu, Cell* args, Cell* out) {
  write_out(iu, args[0], false);
  return deliver(out, kNil);
}

Outcome builtin_writeln_done(Iu& iu, Cell* args, Cell* out) {
  write_out(iu, args[0], true);
  return deliver(out, kNil);
}

Outcome builtin_nl_done(Iu& iu, Cell*, Cell* out) {
  iu.out << '\n';
  return deliver(out, kNil);
}

}  // namespace fleng::vm
