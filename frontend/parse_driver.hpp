// The parse driver: owns one parse of one source text. The Flex scanner and the Bison parser
// call into it; it tracks positions and the operand/operator context, decodes lexemes, builds
// AST nodes for the grammar actions, and records clauses, comments and diagnostics.
// Internal to the frontend: users call parse_source / parse_file (frontend/parse.hpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "frontend/ast.hpp"
#include "frontend/diagnostics.hpp"
#include "frontend/parser.hpp"

namespace fleng::frontend {

class ParseDriver {
 public:
  ParseDriver(std::string_view source, DiagnosticSink& diagnostics, Program& program);
  ~ParseDriver();
  ParseDriver(const ParseDriver&) = delete;
  ParseDriver& operator=(const ParseDriver&) = delete;

  /// Parses the whole text into the program; errors go to the diagnostics.
  void parse();

  /// Prepares the scanner for next_token() calls without parsing (see tokens.hpp).
  void start_scanning();

  /// The next token (the parser's yylex).
  Parser::symbol_type next_token();

  // --- Scanner actions (lexer.l): each consumes the lexeme and returns its token. -----------
  void consume(std::string_view text);
  void comment(std::string_view text);
  Parser::symbol_type variable(std::string_view text);
  Parser::symbol_type name(std::string_view text, bool before_paren);
  Parser::symbol_type quoted(std::string_view text, bool before_paren);
  Parser::symbol_type string(std::string_view text);
  Parser::symbol_type symbol(std::string_view text, bool before_paren);
  Parser::symbol_type decimal(std::string_view text, void* scanner);
  Parser::symbol_type floating(std::string_view text, void* scanner);
  Parser::symbol_type char_code(std::string_view text, void* scanner);
  Parser::symbol_type radix(std::string_view text, void* scanner);
  Parser::symbol_type punctuation(std::string_view text, Parser::token::token_kind_type kind);
  Parser::symbol_type unterminated(std::string_view text, std::string_view what);
  Parser::symbol_type unexpected(std::string_view text);
  Parser::symbol_type end_of_input();

  // --- Grammar actions (parser.y). ------------------------------------------------------------
  void add_clause(TermPtr head, std::optional<std::vector<TermPtr>> body, const SourceSpan& span);
  void add_directive(TermPtr term, const SourceSpan& span);
  void end_clause();
  TermPtr binary(const std::string& op, TermPtr left, TermPtr right, const SourceSpan& span);
  TermPtr prefix(const std::string& op, TermPtr operand, const SourceSpan& span);
  TermPtr compound(std::string functor, std::vector<TermPtr> args, const SourceSpan& span);
  TermPtr list(std::vector<TermPtr> elements, TermPtr tail, const SourceSpan& span);
  TermPtr annotate(TermPtr term, TermPtr placement, const SourceSpan& span);
  void report_guard(const SourceSpan& span);
  void error(const SourceSpan& span, std::string message);
  void report_syntax_error(const Parser::context& context);

 private:
  SourceSpan advance(std::string_view text);
  bool negative_where_operator_expected(std::string_view text, void* scanner);
  Parser::symbol_type number_token(bool is_float, NumberLiteral value, const SourceSpan& span);
  TermPtr checked_depth(TermPtr term);
  std::string lexeme_at(const SourceSpan& span) const;
  void attach_comments();

  std::string_view source_;
  DiagnosticSink& diagnostics_;
  Program& program_;
  void* scanner_ = nullptr;

  std::size_t offset_ = 0;          // bytes consumed
  SourcePosition position_;          // position after the last consumed lexeme
  bool line_has_token_ = false;      // something other than layout on the current line
  bool after_comment_ = false;       // nothing but layout since the last comment
  bool after_operand_ = false;       // the previous token ends an operand
  bool depth_reported_ = false;      // a too-deep term was reported in the current clause
  bool stopped_ = false;             // the rest of the input is not scanned (fatal lexical error)
  std::uint32_t nesting_ = 0;        // open brackets in the current clause
  std::vector<Comment> comments_;
};

}  // namespace fleng::frontend
