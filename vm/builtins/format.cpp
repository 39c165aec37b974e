// Formatted output: format/2 and format/3 (the Done form). The control string is split by
// vm/format_directives.hpp; here each directive takes its argument and adds its text. The whole
// text is made before anything is written, so an error writes nothing.
#include <ostream>

#include "frontend/utf8.hpp"
#include "vm/builtins/support.hpp"
#include "vm/format_directives.hpp"
#include "vm/term_writer.hpp"

namespace fleng::vm {

using namespace builtins;

namespace {

std::string printf_number(char kind, unsigned precision, double value) {
  switch (kind) {
    case 'e': return fmt::format("{:.{}e}", value, precision);
    case 'g': return fmt::format("{:.{}g}", value, precision);
    default: return fmt::format("{:.{}f}", value, precision);
  }
}

/// `~Nd`: the integer with a decimal point N digits from the right (314, 2 -> 3.14; 5, 2 -> 0.05).
std::string decimal_text(std::int64_t value, unsigned point) {
  const bool negative = value < 0;
  std::string digits = std::to_string(value);
  if (negative) digits.erase(0, 1);
  if (point > 0) {
    if (digits.size() <= point) digits.insert(0, point + 1 - digits.size(), '0');
    digits.insert(digits.size() - point, 1, '.');
  }
  return negative ? "-" + digits : digits;
}

/// The text of a format call, or an error message (Outcome::Error through iu.fail).
std::optional<std::string> render(Iu& iu, Cell control, Cell arguments, std::string_view name,
                                  std::string& error) {
  const auto text = is_atom(control) && control != kNil ? std::optional(iu.atoms.name(atom_index(control)))
                                                         : text_of_codes(control);
  if (!text) {
    error = fmt::format("type error: expected a format string (an atom or a code list), found {}",
                        iu.format(control));
    return std::nullopt;
  }
  const auto parsed = format_directives::parse(*text);
  if (!parsed.error.empty()) {
    error = fmt::format("{}: {}", name, parsed.error);
    return std::nullopt;
  }
  std::vector<Cell> args;
  if (auto elements = list_elements(arguments)) {
    args = std::move(*elements);
  } else {
    args.push_back(arguments);  // not a list: the one argument
  }
  std::size_t next = 0;
  std::string out;
  const VariableNames names = iu.variable_names();
  for (const auto& piece : parsed.pieces) {
    if (const auto* literal = std::get_if<std::string>(&piece)) {
      out += *literal;
      continue;
    }
    const auto& d = std::get<format_directives::Directive>(piece);
    if (d.kind == '~') {
      out += '~';
      continue;
    }
    if (d.kind == 'n') {
      out.append(d.count.value_or(1), '\n');
      continue;
    }
    if (next >= args.size()) {
      error = fmt::format("{}: not enough arguments for the control string \"{}\"", name, *text);
      return std::nullopt;
    }
    const Cell arg = deref(args[next++]);
    const auto wrong = [&](std::string_view expected) {
      error = fmt::format("{}: ~{} expects {}, found {}", name, d.kind, expected, iu.format(arg));
      return std::nullopt;
    };
    switch (d.kind) {
      case 'w': write_term(out, arg, iu.atoms, false, &names); break;
      case 'q':
      case 'p': write_term(out, arg, iu.atoms, true, &names); break;
      case 'a':
        if (!is_atom(arg)) return wrong("an atom");
        out += iu.atoms.name(atom_index(arg));
        break;
      case 'd':
        if (!is_integer(arg)) return wrong("an integer");
        out += decimal_text(integer_value(arg), d.count.value_or(0));
        break;
      case 'f':
      case 'e':
      case 'g': {
        const auto n = number_of(arg);
        if (!n) return wrong("a number");
        out += printf_number(d.kind, d.count.value_or(6), n->as_double());
        break;
      }
      case 's': {
        const auto codes = is_cons(arg) || arg == kNil ? text_of_codes(arg) : std::nullopt;
        if (!codes) return wrong("a string (a list of character codes)");
        out += *codes;
        break;
      }
      case 'c': {
        if (!is_int(arg) || small_int_value(arg) < 0 || small_int_value(arg) > 0x10FFFF) {
          return wrong("a character code");
        }
        std::string one;
        frontend::utf8::append(one, static_cast<char32_t>(small_int_value(arg)));
        for (unsigned k = 0; k < d.count.value_or(1); ++k) out += one;
        break;
      }
      default: break;
    }
  }
  if (next < args.size()) {
    error = fmt::format("{}: too many arguments for the control string \"{}\" ({} given, {} used)",
                        name, *text, args.size(), next);
    return std::nullopt;
  }
  return out;
}

Outcome format_out(Iu& iu, Cell* args, std::string_view name) {
  std::string error;
  const auto text = render(iu, args[0], args[1], name, error);
  if (!text) return iu.fail(std::move(error));
  iu.charge_work(text->size());
  iu.out << *text;
  return Outcome::Done;
}

}  // namespace

Outcome builtin_format(Iu& iu, Cell* args, Cell*) { return format_out(iu, args, "format/2"); }

Outcome builtin_format_done(Iu& iu, Cell* args, Cell* out) {
  const Outcome outcome = format_out(iu, args, "format/3");
  if (outcome != Outcome::Done) return outcome;
  return deliver(out, kNil);
}

}  // namespace fleng::vm
