// The canonical printer: operator priorities decide the parentheses; atoms are quoted when
// they would not scan back as themselves; numbers keep the spelling they were written with.
#include "frontend/ast_printer.hpp"

#include <fmt/format.h>

#include "frontend/lexemes.hpp"

namespace fleng::frontend {

namespace {

constexpr int kArgumentPriority = 800;  // arguments, list elements, heads and goals
constexpr int kDirectivePriority = 1000;
constexpr std::string_view kIndent = "    ";

std::string float_text(double value) {
  std::string text = fmt::format("{}", value);
  const auto exponent = text.find_first_of("eE");
  const auto mantissa = text.substr(0, exponent);
  if (mantissa.find('.') == std::string::npos && text.find_first_of("ni") == std::string::npos) {
    text.insert(mantissa.size(), ".0");
  }
  return text;
}

class TermPrinter {
 public:
  std::string print(const Term& term, int max_priority, bool standalone) {
    std::string out;
    write(term, max_priority, standalone, out);
    return out;
  }

 private:
  void write(const Term& term, int max_priority, bool standalone, std::string& out) {
    switch (term.kind) {
      case TermKind::Variable: out += term.text; return;
      case TermKind::Atom: write_atom(term.text, standalone, out); return;
      case TermKind::Integer:
        out += term.text.empty() ? std::to_string(term.integer) : term.text;
        return;
      case TermKind::Float: out += term.text.empty() ? float_text(term.real) : term.text; return;
      case TermKind::String: out += lexemes::quote(term.text, '"'); return;
      case TermKind::List: write_list(term, out); return;
      case TermKind::Annotated: {
        const bool parens = max_priority < 800;
        if (parens) out += '(';
        write(*term.args.front(), 799, false, out);
        out += " @ ";
        out += to_string(term.placement);
        if (parens) out += ')';
        return;
      }
      case TermKind::Compound: write_compound(term, max_priority, out); return;
    }
  }

  /// The first character `write(term, max_priority, standalone)` would produce, following only
  /// the left edge of the term.
  static char leading_char(const Term& term, int max_priority, bool standalone) {
    const Term* t = &term;
    for (;;) {
      switch (t->kind) {
        case TermKind::Variable: return t->text.front();
        case TermKind::Atom: {
          if (!standalone && (lexemes::is_operator_atom(t->text) || lexemes::is_symbol_atom(t->text))) {
            return '\'';
          }
          return lexemes::atom_text(t->text).front();
        }
        case TermKind::Integer:
        case TermKind::Float: return t->text.empty() ? (t->integer < 0 || t->real < 0 ? '-' : '0') : t->text.front();
        case TermKind::String: return '"';
        case TermKind::List: return '[';
        case TermKind::Annotated:
          if (max_priority < 800) return '(';
          max_priority = 799;
          standalone = false;
          t = t->args.front().get();
          continue;
        case TermKind::Compound: {
          if (t->text == "{}") return '{';
          if (t->args.size() == 2 && t->text != "@") {
            if (auto op = lexemes::infix_operator(t->text)) {
              if (op->priority > max_priority) return '(';
              max_priority = op->fixity == lexemes::Fixity::Yfx ? op->priority : op->priority - 1;
              standalone = false;
              t = t->args.front().get();
              continue;
            }
          }
          if (t->args.size() == 1 && lexemes::is_prefix_operator(t->text)) return t->text.front();
          if (t->text == "[]" || t->text == ";") return '\'';
          return lexemes::atom_text(t->text).front();
        }
      }
      return ' ';
    }
  }

  static void write_atom(const std::string& name, bool standalone, std::string& out) {
    // An operator atom scans as an operator, and a symbol atom would run into a following
    // `.` or operator: they stand bare only as a whole argument.
    if (!standalone && (lexemes::is_operator_atom(name) || lexemes::is_symbol_atom(name))) {
      out += lexemes::quote(name, '\'');
    } else {
      out += lexemes::atom_text(name);
    }
  }

  void write_list(const Term& term, std::string& out) {
    out += '[';
    for (std::size_t i = 0; i < term.args.size(); ++i) {
      if (i > 0) out += ", ";
      write(*term.args[i], kArgumentPriority, true, out);
    }
    if (term.tail) {
      out += '|';
      write(*term.tail, kArgumentPriority, true, out);
    }
    out += ']';
  }

  void write_arguments(const Term& term, std::string& out) {
    for (std::size_t i = 0; i < term.args.size(); ++i) {
      if (i > 0) out += ", ";
      write(*term.args[i], kArgumentPriority, true, out);
    }
  }

  void write_compound(const Term& term, int max_priority, std::string& out) {
    if (term.text == "{}") {
      out += '{';
      write_arguments(term, out);
      out += '}';
      return;
    }
    // `@` between two terms always reads as a placement, so '@'(A, B) stays functional.
    if (term.args.size() == 2 && term.text != "@") {
      if (auto op = lexemes::infix_operator(term.text)) {
        const int priority = op->priority;
        const int left_max = op->fixity == lexemes::Fixity::Yfx ? priority : priority - 1;
        const int right_max = op->fixity == lexemes::Fixity::Xfy ? priority : priority - 1;
        const bool parens = priority > max_priority;
        if (parens) out += '(';
        write(*term.args[0], left_max, false, out);
        out += term.text == "," ? ", " : fmt::format(" {} ", term.text);
        write(*term.args[1], right_max, false, out);
        if (parens) out += ')';
        return;
      }
    }
    if (term.args.size() == 1 && lexemes::is_prefix_operator(term.text)) {
      // `-X`, `\X`; the functional form `-(1)` where the bare form would scan differently
      // (`-1` is a number, `--X` one symbol atom, `-1 ^ 2` starts with a negative number) or
      // need parentheses anyway. Decided from the operand's first character, computed without
      // printing it (printing it twice would be exponential in nested prefix operators).
      const Term& operand = *term.args.front();
      const char first = leading_char(operand, 200, false);
      const bool functional = operand.kind == TermKind::Integer ||
                              operand.kind == TermKind::Float ||
                              lexemes::is_symbol_atom(std::string_view(&first, 1)) ||
                              first == '(' || first == '\'' || (first >= '0' && first <= '9');
      if (!functional) {
        const bool parens = max_priority < 200;
        if (parens) out += '(';
        out += term.text;
        write(operand, 200, false, out);
        if (parens) out += ')';
        return;
      }
    }
    // `[]` and `;` are solo atoms, which do not scan as functors unquoted.
    out += term.text == "[]" || term.text == ";" ? lexemes::quote(term.text, '\'')
                                                 : lexemes::atom_text(term.text);
    out += '(';
    write_arguments(term, out);
    out += ')';
  }
};

void write_comment_lines(const std::vector<Comment>& comments, std::string_view indent,
                         std::string& out, bool at_end = false) {
  for (std::size_t i = 0; i < comments.size(); ++i) {
    out += indent;
    out += comments[i].text;
    out += '\n';
    // Keep the paragraphs of comment blocks (a file header apart from the first clause).
    if (comments[i].blank_line_after && !(at_end && i + 1 == comments.size())) out += '\n';
  }
}

void write_trailing(const std::optional<Comment>& comment, std::string& out) {
  if (comment) {
    out += ' ';
    out += comment->text;
  }
}

std::string goal_text(const Goal& goal) {
  TermPrinter printer;
  if (!goal.placement) return printer.print(*goal.term, kArgumentPriority, false);
  return printer.print(*goal.term, 799, false) + " @ " + to_string(*goal.placement);
}

void write_clause(const Clause& clause, std::string& out) {
  write_comment_lines(clause.leading_comments, "", out);
  TermPrinter printer;
  out += printer.print(*clause.head, kArgumentPriority, false);
  if (!clause.has_body) {
    out += '.';
    write_trailing(clause.trailing_comment, out);
    out += '\n';
    return;
  }
  out += " :-\n";
  for (std::size_t i = 0; i < clause.body.size(); ++i) {
    const Goal& goal = clause.body[i];
    const bool last = i + 1 == clause.body.size();
    write_comment_lines(goal.leading_comments, kIndent, out);
    // The last goal's end-of-line comment and the clause's share one place; when both exist
    // the goal's goes on its own line above the goal, where it scans back to the same goal.
    if (last && goal.trailing_comment && clause.trailing_comment) {
      out += kIndent;
      out += goal.trailing_comment->text;
      out += '\n';
    }
    out += kIndent;
    out += goal_text(goal);
    out += last ? "." : ",";
    if (!(last && clause.trailing_comment)) write_trailing(goal.trailing_comment, out);
    if (last) write_trailing(clause.trailing_comment, out);
    out += '\n';
  }
}

void write_directive(const Directive& directive, std::string& out) {
  write_comment_lines(directive.leading_comments, "", out);
  TermPrinter printer;
  out += ":- ";
  const Term& term = *directive.term;
  if (term.kind == TermKind::Compound && term.args.size() == 1 && term.text == "mode") {
    out += "mode ";  // written as a prefix: `:- mode p(?, ^).`
    out += printer.print(*term.args.front(), kArgumentPriority, false);
  } else {
    out += printer.print(term, kDirectivePriority, false);
  }
  out += '.';
  write_trailing(directive.trailing_comment, out);
  out += '\n';
}

}  // namespace

std::string print_term(const Term& term) {
  return TermPrinter{}.print(term, kArgumentPriority, true);
}

std::string print_clause(const Clause& clause) {
  std::string out;
  write_clause(clause, out);
  return out;
}

std::string print_program(const Program& program) {
  std::string out;
  const Item* previous = nullptr;
  for (const auto& item : program.items) {
    if (previous != nullptr) {
      const auto* clause = std::get_if<Clause>(&item);
      const auto* previous_clause = std::get_if<Clause>(previous);
      const bool same_predicate = clause != nullptr && previous_clause != nullptr &&
                                  predicate_of(*clause) == predicate_of(*previous_clause);
      if (!same_predicate) out += '\n';
    }
    if (const auto* clause = std::get_if<Clause>(&item)) {
      write_clause(*clause, out);
    } else {
      write_directive(std::get<Directive>(item), out);
    }
    previous = &item;
  }
  if (!program.trailing_comments.empty()) {
    if (!out.empty()) out += '\n';
    write_comment_lines(program.trailing_comments, "", out, true);
  }
  return out;
}

}  // namespace fleng::frontend
