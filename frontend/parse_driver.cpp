// The parse driver: scanner actions, grammar actions, syntax error messages and the attachment
// of comments to clauses and goals.
#include "frontend/parse_driver.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <limits>
#include <set>

#include <fmt/format.h>

#include "frontend/lexemes.hpp"
#include "frontend/tokens.hpp"
// The scanner function returns parser symbols (see lexer.l).
#define YY_DECL fleng::frontend::Parser::symbol_type fleng_yylex(yyscan_t yyscanner)
#include "frontend/lexer.hpp"
YY_DECL;
#include "frontend/utf8.hpp"

namespace fleng::frontend {

namespace scanner {
void put_back(yyscan_t scanner, int keep);
}

namespace {

using token = Parser::token;

/// How a lexeme is shown in a message: quoted, and cut short when long.
std::string show(std::string_view text) {
  constexpr std::size_t kLimit = 40;
  if (text.size() <= kLimit) return fmt::format("'{}'", text);
  std::size_t cut = kLimit;
  while (cut > 0 && utf8::is_continuation(static_cast<unsigned char>(text[cut]))) --cut;
  return fmt::format("'{}...'", text.substr(0, cut));
}

bool is_layout_or_comment_start(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v' || c == '%';
}

}  // namespace

ParseDriver::ParseDriver(std::string_view source, DiagnosticSink& diagnostics, Program& program)
    : source_(source), diagnostics_(diagnostics), program_(program) {}

ParseDriver::~ParseDriver() {
  if (scanner_ != nullptr) fleng_yylex_destroy(scanner_);
}

void ParseDriver::parse() {
  start_scanning();
  Parser parser(*this);
  parser.parse();
  attach_comments();
}

void ParseDriver::start_scanning() {
  fleng_yylex_init_extra(this, &scanner_);
  fleng_yy_scan_bytes(source_.data(), static_cast<int>(source_.size()), scanner_);
}

std::vector<TokenInfo> tokenize(std::string_view source, DiagnosticSink& diagnostics) {
  Program program;
  ParseDriver driver(source, diagnostics, program);
  std::vector<TokenInfo> tokens;
  driver.start_scanning();
  for (bool done = false; !done;) {
    const Parser::symbol_type symbol = driver.next_token();
    done = symbol.kind() == Parser::symbol_kind::S_YYEOF;
    TokenInfo token;
    token.kind = Parser::symbol_name(symbol.kind());
    token.span = symbol.location;
    switch (symbol.kind()) {
      case Parser::symbol_kind::S_INTEGER:
      case Parser::symbol_kind::S_FLOAT:
        token.integer = symbol.value.as<NumberLiteral>().integer;
        token.real = symbol.value.as<NumberLiteral>().real;
        token.text = symbol.value.as<NumberLiteral>().spelling;
        break;
      case Parser::symbol_kind::S_VARIABLE:
      case Parser::symbol_kind::S_NAME:
      case Parser::symbol_kind::S_FUNCTOR:
      case Parser::symbol_kind::S_STRING:
      case Parser::symbol_kind::S_NECK:
      case Parser::symbol_kind::S_AT:
      case Parser::symbol_kind::S_OP700:
      case Parser::symbol_kind::S_OP500:
      case Parser::symbol_kind::S_OP400:
      case Parser::symbol_kind::S_MINUS:
      case Parser::symbol_kind::S_BACKSLASH:
      case Parser::symbol_kind::S_CARET:
      case Parser::symbol_kind::S_COLON: token.text = symbol.value.as<std::string>(); break;
      default: break;
    }
    tokens.push_back(std::move(token));
  }
  return tokens;
}

Parser::symbol_type ParseDriver::next_token() {
  if (stopped_) return Parser::make_YYEOF(SourceSpan{position_, position_});
  Parser::symbol_type symbol = fleng_yylex(scanner_);
  after_comment_ = false;
  switch (symbol.kind()) {
    case Parser::symbol_kind::S_VARIABLE:
    case Parser::symbol_kind::S_NAME:
    case Parser::symbol_kind::S_INTEGER:
    case Parser::symbol_kind::S_FLOAT:
    case Parser::symbol_kind::S_STRING:
    case Parser::symbol_kind::S_RPAREN:
    case Parser::symbol_kind::S_RBRACKET:
    case Parser::symbol_kind::S_RBRACE: after_operand_ = true; break;
    default: after_operand_ = false; break;
  }
  switch (symbol.kind()) {
    case Parser::symbol_kind::S_LPAREN:
    case Parser::symbol_kind::S_LBRACKET:
    case Parser::symbol_kind::S_LBRACE:
      if (++nesting_ > kMaxTermDepth) {
        error(symbol.location, fmt::format("brackets nested more than {} levels deep; "
                                           "giving up on the rest of the file",
                                           kMaxTermDepth));
        stopped_ = true;
        return Parser::make_YYerror(symbol.location);
      }
      break;
    case Parser::symbol_kind::S_RPAREN:
    case Parser::symbol_kind::S_RBRACKET:
    case Parser::symbol_kind::S_RBRACE:
      if (nesting_ > 0) --nesting_;
      break;
    case Parser::symbol_kind::S_END: nesting_ = 0; break;
    default: break;
  }
  if (diagnostics_.too_many_errors() && !stopped_) {
    stopped_ = true;
    diagnostics_.error(symbol.location, "");  // past the limit: says "too many errors" once
  }
  return symbol;
}

// --- Positions ---------------------------------------------------------------------------------

SourceSpan ParseDriver::advance(std::string_view text) {
  SourceSpan span{position_, position_};
  for (const char c : text) {
    if (c == '\n') {
      ++position_.line;
      position_.column = 1;
      line_has_token_ = false;
    } else if (!utf8::is_continuation(static_cast<unsigned char>(c))) {
      ++position_.column;
    }
  }
  offset_ += text.size();
  span.end = position_;
  return span;
}

void ParseDriver::consume(std::string_view text) {
  if (after_comment_ && std::count(text.begin(), text.end(), '\n') >= 2) {
    comments_.back().blank_line_after = true;
  }
  advance(text);
}

void ParseDriver::comment(std::string_view text) {
  const bool own_line = !line_has_token_;
  const SourceSpan span = advance(text);
  line_has_token_ = true;
  comments_.push_back(Comment{span, std::string(text), own_line, false});
  after_comment_ = true;
}

// --- Tokens ------------------------------------------------------------------------------------

Parser::symbol_type ParseDriver::variable(std::string_view text) {
  line_has_token_ = true;
  return Parser::make_VARIABLE(std::string(text), advance(text));
}

Parser::symbol_type ParseDriver::name(std::string_view text, bool before_paren) {
  line_has_token_ = true;
  const SourceSpan span = advance(text);
  const bool infix_name = text == "mod" || text == "xor" || text == "rem" || text == "is";
  if (before_paren && !(infix_name && after_operand_)) {
    return Parser::make_FUNCTOR(std::string(text), span);
  }
  if (text == "mod" || text == "rem") return Parser::make_OP400(std::string(text), span);
  if (text == "xor") return Parser::make_OP500(std::string(text), span);
  if (text == "is") return Parser::make_OP700(std::string(text), span);
  return Parser::make_NAME(std::string(text), span);
}

Parser::symbol_type ParseDriver::quoted(std::string_view text, bool before_paren) {
  line_has_token_ = true;
  const SourceSpan span = advance(text);
  std::string atom(text);
  if (text.front() == '\'') {
    auto decoded = lexemes::decode_quoted(text);
    if (decoded.error) error(span, *decoded.error);
    atom = std::move(decoded.text);
  }
  if (before_paren) return Parser::make_FUNCTOR(std::move(atom), span);
  return Parser::make_NAME(std::move(atom), span);
}

Parser::symbol_type ParseDriver::string(std::string_view text) {
  line_has_token_ = true;
  const SourceSpan span = advance(text);
  auto decoded = lexemes::decode_quoted(text);
  if (decoded.error) error(span, *decoded.error);
  return Parser::make_STRING(std::move(decoded.text), span);
}

Parser::symbol_type ParseDriver::symbol(std::string_view text, bool before_paren) {
  line_has_token_ = true;
  const SourceSpan span = advance(text);
  if (text == "." && (offset_ >= source_.size() || is_layout_or_comment_start(source_[offset_]))) {
    return Parser::make_END(span);
  }
  std::string atom(text);
  if (before_paren && !after_operand_) return Parser::make_FUNCTOR(std::move(atom), span);
  if (text == ":-") return Parser::make_NECK(std::move(atom), span);
  if (text == "@") return Parser::make_AT(std::move(atom), span);
  if (text == "-") return Parser::make_MINUS(std::move(atom), span);
  if (text == "\\") return Parser::make_BACKSLASH(std::move(atom), span);
  if (text == "^") return Parser::make_CARET(std::move(atom), span);
  if (text == ":") return Parser::make_COLON(std::move(atom), span);
  if (text == "**") return Parser::make_STARSTAR(std::move(atom), span);
  if (auto op = lexemes::infix_operator(text)) {
    switch (op->priority) {
      case 700: return Parser::make_OP700(std::move(atom), span);
      case 500: return Parser::make_OP500(std::move(atom), span);
      case 400: return Parser::make_OP400(std::move(atom), span);
      default: break;
    }
  }
  return Parser::make_NAME(std::move(atom), span);
}

bool ParseDriver::negative_where_operator_expected(std::string_view text, void* scanner) {
  if (text.front() != '-' || !after_operand_) return false;
  scanner::put_back(scanner, 1);
  return true;
}

Parser::symbol_type ParseDriver::number_token(bool is_float, NumberLiteral value,
                                              const SourceSpan& span) {
  line_has_token_ = true;
  if (is_float) return Parser::make_FLOAT(std::move(value), span);
  return Parser::make_INTEGER(std::move(value), span);
}

Parser::symbol_type ParseDriver::decimal(std::string_view text, void* scanner) {
  if (negative_where_operator_expected(text, scanner)) return symbol("-", false);
  const SourceSpan span = advance(text);
  NumberLiteral value;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value.integer);
  if (ec != std::errc() || end != text.data() + text.size()) {
    error(span, fmt::format("integer literal {} does not fit in 64 bits", show(text)));
    value.integer = 0;
  }
  return number_token(false, std::move(value), span);
}

Parser::symbol_type ParseDriver::floating(std::string_view text, void* scanner) {
  if (negative_where_operator_expected(text, scanner)) return symbol("-", false);
  const SourceSpan span = advance(text);
  NumberLiteral value;
  value.spelling = std::string(text);
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value.real);
  if (ec != std::errc() || end != text.data() + text.size()) {
    error(span, fmt::format("float literal {} is out of the range of a double", show(text)));
    value.real = 0.0;
  }
  return number_token(true, std::move(value), span);
}

Parser::symbol_type ParseDriver::char_code(std::string_view text, void* scanner) {
  if (negative_where_operator_expected(text, scanner)) return symbol("-", false);
  const SourceSpan span = advance(text);
  const bool negative = text.front() == '-';
  const std::string_view body = text.substr(negative ? 3 : 2);  // after 0'
  NumberLiteral value;
  value.spelling = std::string(text);
  char32_t code = 0;
  if (body.front() == '\\') {
    if (auto decoded = lexemes::decode_escape(body[1])) {
      code = static_cast<unsigned char>(*decoded);
    } else {
      error(span, fmt::format("unknown escape sequence in character code {}", show(text)));
    }
  } else if (body == "''") {
    code = '\'';
  } else {
    std::size_t pos = 0;
    code = utf8::decode(body, pos).value_or(0);
    if (code < 0x20 && code != '\t') {
      error(span, "control character in a character code literal; write it as an escape");
    }
  }
  value.integer = negative ? -static_cast<std::int64_t>(code) : static_cast<std::int64_t>(code);
  return number_token(false, std::move(value), span);
}

Parser::symbol_type ParseDriver::radix(std::string_view text, void* scanner) {
  if (negative_where_operator_expected(text, scanner)) return symbol("-", false);
  const bool negative = text.front() == '-';
  const std::string_view unsigned_text = text.substr(negative ? 1 : 0);
  const std::size_t quote_at = unsigned_text.find('\'');
  const std::string_view base_text = unsigned_text.substr(0, quote_at);
  const std::string_view digits = unsigned_text.substr(quote_at + 1);
  int base = 0;
  const auto [base_end, base_ec] =
      std::from_chars(base_text.data(), base_text.data() + base_text.size(), base);
  if (base_ec == std::errc() && base == 0) {
    // `0'ab`: the character code of `a`, then the rest as further tokens.
    const auto keep = static_cast<int>(text.size() - digits.size() + 1);
    scanner::put_back(scanner, keep);
    return char_code(text.substr(0, static_cast<std::size_t>(keep)), scanner);
  }
  const SourceSpan span = advance(text);
  NumberLiteral value;
  value.spelling = std::string(text);
  if (base_ec != std::errc() || base < 2 || base > 36) {
    error(span, fmt::format("radix {} in {} is not between 2 and 36", show(base_text), show(text)));
    return number_token(false, std::move(value), span);
  }
  std::uint64_t magnitude = 0;
  const std::uint64_t limit =
      negative ? std::uint64_t{1} << 63U : std::uint64_t{std::numeric_limits<std::int64_t>::max()};
  for (const char c : digits) {
    int digit = 36;
    if (c >= '0' && c <= '9') digit = c - '0';
    if (c >= 'a' && c <= 'z') digit = c - 'a' + 10;
    if (c >= 'A' && c <= 'Z') digit = c - 'A' + 10;
    if (digit >= base) {
      error(span, fmt::format("digit '{}' is not valid in radix {}", c, base));
      return number_token(false, std::move(value), span);
    }
    const auto ubase = static_cast<std::uint64_t>(base);
    const auto udigit = static_cast<std::uint64_t>(digit);
    if (magnitude > (limit - udigit) / ubase) {
      error(span, fmt::format("integer literal {} does not fit in 64 bits", show(text)));
      return number_token(false, std::move(value), span);
    }
    magnitude = magnitude * ubase + udigit;
  }
  value.integer = negative ? static_cast<std::int64_t>(-magnitude)
                           : static_cast<std::int64_t>(magnitude);
  return number_token(false, std::move(value), span);
}

Parser::symbol_type ParseDriver::punctuation(std::string_view text,
                                             Parser::token::token_kind_type kind) {
  line_has_token_ = true;
  return Parser::symbol_type(kind, advance(text));
}

Parser::symbol_type ParseDriver::unterminated(std::string_view text, std::string_view what) {
  line_has_token_ = true;
  const SourceSpan span = advance(text);
  if (what == "block comment") {
    error(span, "unterminated block comment: '/*' has no matching '*/'");
    stopped_ = true;
  } else {
    error(span, fmt::format("unterminated {}: no closing {} on this line", what, text));
  }
  return Parser::make_YYerror(span);
}

Parser::symbol_type ParseDriver::unexpected(std::string_view text) {
  line_has_token_ = true;
  const SourceSpan span = advance(text);
  std::size_t pos = 0;
  const char32_t code = utf8::decode(text, pos).value_or(0);
  if (code >= 0x20 && code != 0x7F) {
    error(span, fmt::format("unexpected character {} (U+{:04X})", show(text),
                            static_cast<std::uint32_t>(code)));
  } else {
    error(span, fmt::format("unexpected control character U+{:04X}",
                            static_cast<std::uint32_t>(code)));
  }
  return Parser::make_YYerror(span);
}

Parser::symbol_type ParseDriver::end_of_input() {
  return Parser::make_YYEOF(SourceSpan{position_, position_});
}

// --- Grammar actions ---------------------------------------------------------------------------

void ParseDriver::add_clause(TermPtr head, std::optional<std::vector<TermPtr>> body,
                             const SourceSpan& span) {
  Clause clause;
  clause.head = std::move(head);
  clause.span = span;
  clause.has_body = body.has_value();
  if (body) {
    for (auto& term : *body) {
      Goal goal;
      goal.span = term->span;
      if (term->kind == TermKind::Annotated) {
        goal.placement = term->placement;
        goal.term = std::move(term->args.front());
      } else {
        goal.term = std::move(term);
      }
      clause.body.push_back(std::move(goal));
    }
  }
  program_.items.emplace_back(std::move(clause));
  end_clause();
}

void ParseDriver::add_directive(TermPtr term, const SourceSpan& span) {
  Directive directive;
  directive.term = std::move(term);
  directive.span = span;
  program_.items.emplace_back(std::move(directive));
  end_clause();
}

void ParseDriver::end_clause() {
  depth_reported_ = false;
  nesting_ = 0;
}

TermPtr ParseDriver::checked_depth(TermPtr term) {
  if (term->depth <= kMaxTermDepth) return term;
  if (!depth_reported_) {
    error(term->span, fmt::format("term nested more than {} levels deep", kMaxTermDepth));
    depth_reported_ = true;
  }
  return make_atom("$too_deep", term->span);
}

TermPtr ParseDriver::binary(const std::string& op, TermPtr left, TermPtr right,
                            const SourceSpan& span) {
  std::vector<TermPtr> args;
  args.push_back(std::move(left));
  args.push_back(std::move(right));
  return checked_depth(make_compound(op, std::move(args), span));
}

TermPtr ParseDriver::prefix(const std::string& op, TermPtr operand, const SourceSpan& span) {
  std::vector<TermPtr> args;
  args.push_back(std::move(operand));
  return checked_depth(make_compound(op, std::move(args), span));
}

TermPtr ParseDriver::compound(std::string functor, std::vector<TermPtr> args,
                              const SourceSpan& span) {
  return checked_depth(make_compound(std::move(functor), std::move(args), span));
}

TermPtr ParseDriver::list(std::vector<TermPtr> elements, TermPtr tail, const SourceSpan& span) {
  // `[a|[b|T]]` is `[a,b|T]` and `[a|[]]` is `[a]`: one AST for one term.
  while (tail && tail->kind == TermKind::List) {
    for (auto& element : tail->args) elements.push_back(std::move(element));
    tail = std::move(tail->tail);
  }
  if (tail && tail->is_atom("[]")) tail.reset();
  return checked_depth(make_list(std::move(elements), std::move(tail), span));
}

TermPtr ParseDriver::annotate(TermPtr term, TermPtr placement_term, const SourceSpan& span) {
  const Term& p = *placement_term;
  std::optional<Placement> placement;
  if (p.is_atom("local")) {
    placement = Placement{PlacementKind::Local, 0, p.span, {}};
  } else if (p.kind == TermKind::Compound && p.args.size() == 1 &&
             (p.text == "any" || p.text == "on" || p.text == "to")) {
    const Term& label = *p.args.front();
    if (label.kind == TermKind::Integer && label.integer >= 0 &&
        label.integer <= std::numeric_limits<std::int32_t>::max()) {
      const PlacementKind kind = p.text == "any"  ? PlacementKind::Any
                                 : p.text == "on" ? PlacementKind::On
                                                  : PlacementKind::To;
      placement = Placement{kind, label.integer, p.span, {}};
    } else {
      error(label.span, fmt::format("the label of {}(L) must be an integer from 0 to 2147483647", p.text));
      return term;
    }
  } else if (p.kind == TermKind::Compound && p.args.size() == 1 && p.text == "node") {
    const Term& where = *p.args.front();
    if (where.kind == TermKind::Variable && where.text != "_") {
      placement = Placement{PlacementKind::Node, 0, p.span, where.text};
    } else if (where.kind == TermKind::Integer && where.integer >= 0 &&
               where.integer <= std::numeric_limits<std::int32_t>::max()) {
      placement = Placement{PlacementKind::Node, where.integer, p.span, {}};
    } else {
      error(where.span, "the IU of node(N) must be a variable or an integer from 0 to 2147483647");
      return term;
    }
  }
  if (!placement) {
    error(p.span, "expected a placement after '@': local, any(L), on(L), to(L) or node(N)");
    return term;
  }
  return checked_depth(make_annotated(std::move(term), *placement, span));
}

void ParseDriver::report_guard(const SourceSpan& span) {
  error(span,
        "Fleng has no guards: '|' cannot split a clause body; compute the test into a "
        "variable (e.g. less(X, Y, C)) and dispatch on its value in a helper predicate");
}

void ParseDriver::error(const SourceSpan& span, std::string message) {
  diagnostics_.error(span, std::move(message));
}

// --- Syntax error messages ---------------------------------------------------------------------

std::string ParseDriver::lexeme_at(const SourceSpan& span) const {
  // Walk to the span's start, then take its bytes; only used for error messages.
  std::size_t offset = 0;
  SourcePosition at;
  auto step = [&] {
    const char c = source_[offset++];
    if (c == '\n') {
      ++at.line;
      at.column = 1;
    } else if (!utf8::is_continuation(static_cast<unsigned char>(c))) {
      ++at.column;
    }
    while (offset < source_.size() &&
           utf8::is_continuation(static_cast<unsigned char>(source_[offset]))) {
      ++offset;
    }
  };
  while (offset < source_.size() && at < span.begin) step();
  const std::size_t begin = offset;
  while (offset < source_.size() && at < span.end) step();
  return std::string(source_.substr(begin, offset - begin));
}

void ParseDriver::report_syntax_error(const Parser::context& context) {
  using Kind = Parser::symbol_kind_type;
  const Kind found = context.token();
  std::string message;
  switch (found) {
    case Kind::S_YYEOF: message = "unexpected end of file"; break;
    case Kind::S_END: message = "unexpected end of clause '.'"; break;
    case Kind::S_VARIABLE:
    case Kind::S_NAME:
    case Kind::S_FUNCTOR:
    case Kind::S_INTEGER:
    case Kind::S_FLOAT:
    case Kind::S_STRING:
    case Kind::S_OP700:
    case Kind::S_OP500:
    case Kind::S_OP400:
      message = fmt::format("unexpected {} {}", Parser::symbol_name(found),
                            show(lexeme_at(context.location())));
      break;
    default: message = fmt::format("unexpected {}", Parser::symbol_name(found)); break;
  }

  std::array<Kind, 64> expected{};
  const int count = context.expected_tokens(expected.data(), static_cast<int>(expected.size()));
  std::vector<std::string> names;
  std::set<std::string> seen;
  auto add = [&](std::string name) {
    if (seen.insert(name).second) names.push_back(std::move(name));
  };
  bool term_expected = false;
  bool operator_expected = false;
  bool end_expected = false;
  for (int i = 0; i < count; ++i) {
    const Kind kind = expected[static_cast<std::size_t>(i)];
    end_expected = end_expected || kind == Kind::S_END;
    term_expected = term_expected || kind == Kind::S_VARIABLE;
    operator_expected = operator_expected || kind == Kind::S_OP700 || kind == Kind::S_OP500 ||
                        kind == Kind::S_OP400 || kind == Kind::S_CARET ||
                        kind == Kind::S_STARSTAR;
  }
  for (int i = 0; i < count; ++i) {
    const Kind kind = expected[static_cast<std::size_t>(i)];
    switch (kind) {
      case Kind::S_VARIABLE:
      case Kind::S_NAME:
      case Kind::S_FUNCTOR:
      case Kind::S_INTEGER:
      case Kind::S_FLOAT:
      case Kind::S_STRING:
      case Kind::S_LPAREN:
      case Kind::S_LBRACKET:
      case Kind::S_LBRACE:
      case Kind::S_BACKSLASH:
        if (term_expected) {
          add("a term");
          continue;
        }
        break;
      case Kind::S_OP700:
      case Kind::S_OP500:
      case Kind::S_OP400:
      case Kind::S_CARET:
      case Kind::S_STARSTAR:
      case Kind::S_COLON:
      case Kind::S_AT:
        // Where a term may start, an operator is an operator atom argument: a term too.
        if (term_expected) continue;
        if (operator_expected) {
          add("an operator");
          continue;
        }
        break;
      case Kind::S_MINUS:
        if (term_expected || operator_expected) continue;
        break;
      case Kind::S_NECK:
        if (term_expected) continue;  // an operator atom as an argument: covered by "a term"
        break;
      case Kind::S_BAR:
        if (end_expected) continue;  // only the guard rule, which exists to report guards
        break;
      default: break;
    }
    add(Parser::symbol_name(kind));
  }
  if (!names.empty()) {
    message += ", expected ";
    for (std::size_t i = 0; i < names.size(); ++i) {
      if (i > 0) message += i + 1 == names.size() ? " or " : ", ";
      message += names[i];
    }
  }
  error(context.location(), std::move(message));
}

// --- Comments ----------------------------------------------------------------------------------

void ParseDriver::attach_comments() {
  auto leading_of = [](Item& item) -> std::vector<Comment>& {
    return std::visit([](auto& node) -> std::vector<Comment>& { return node.leading_comments; },
                      item);
  };
  auto trailing_of = [](Item& item) -> std::optional<Comment>& {
    return std::visit([](auto& node) -> std::optional<Comment>& { return node.trailing_comment; },
                      item);
  };

  auto& items = program_.items;
  std::size_t next = 0;  // first item that does not end before the comment
  for (auto& comment : comments_) {
    while (next < items.size() && !(comment.span.begin < span_of(items[next]).end)) ++next;
    Item* previous = next > 0 ? &items[next - 1] : nullptr;
    const bool inside = next < items.size() && !(comment.span.begin < span_of(items[next]).begin);
    if (!inside) {
      if (previous != nullptr && !comment.own_line &&
          comment.span.begin.line == span_of(*previous).end.line && !trailing_of(*previous)) {
        trailing_of(*previous) = std::move(comment);
      } else if (next < items.size()) {
        leading_of(items[next]).push_back(std::move(comment));
      } else {
        program_.trailing_comments.push_back(std::move(comment));
      }
      continue;
    }
    // Inside an item: attach to a goal of a clause body, else before the item.
    auto* clause = std::get_if<Clause>(&items[next]);
    if (clause == nullptr || clause->body.empty()) {
      leading_of(items[next]).push_back(std::move(comment));
      continue;
    }
    Goal* before = nullptr;
    Goal* after = nullptr;
    for (auto& goal : clause->body) {
      if (!(comment.span.begin < goal.span.end)) before = &goal;
      if (after == nullptr && comment.span.begin < goal.span.begin) after = &goal;
    }
    if (before != nullptr && !comment.own_line &&
        comment.span.begin.line == before->span.end.line && !before->trailing_comment) {
      before->trailing_comment = std::move(comment);
    } else if (after != nullptr) {
      after->leading_comments.push_back(std::move(comment));
    } else if (before != nullptr && !before->trailing_comment) {
      before->trailing_comment = std::move(comment);
    } else {
      clause->leading_comments.push_back(std::move(comment));
    }
  }
  comments_.clear();
}

}  // namespace fleng::frontend
