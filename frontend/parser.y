// The Fleng grammar (docs/language.md) for Bison's C++ skeleton with variants and locations.
// The actions only build AST nodes through the driver, which owns the result and the diagnostics.
// The operator table is fixed, so each priority level is a nonterminal:
//   1200 xfx :-   1000 xfy ,   800 xfx @   700 xfx = == \== < > =< >= =:= =\= is =..
//   500 yfx + - /\ \/ xor   400 yfx * / // mod rem << >>   200 xfx **   200 xfy ^ :
//   200 fy - \
// Arguments and list elements are parsed at 800 (below the comma). An operator atom can stand
// alone as a whole argument or list element (`compute(+, X, Y, R)`); elsewhere it must be quoted.

%require "3.6"
%language "c++"
%skeleton "lalr1.cc"
%define api.namespace {fleng::frontend}
%define api.parser.class {Parser}
%define api.token.constructor
%define api.value.type variant
%define api.location.type {fleng::frontend::SourceSpan}
%define parse.error custom
%define parse.lac full
%locations
%param {fleng::frontend::ParseDriver& driver}

%code requires {
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "frontend/ast.hpp"
#include "frontend/number_literal.hpp"

namespace fleng::frontend {
class ParseDriver;
}
}

%code {
#include "frontend/parse_driver.hpp"

namespace fleng::frontend {
// The scanner, through the driver (which also tracks operand/operator position).
inline Parser::symbol_type yylex(ParseDriver& driver) { return driver.next_token(); }
}
}

%token END "end of clause ('.')"
%token <std::string> VARIABLE "variable"
%token <std::string> NAME "atom"
%token <std::string> FUNCTOR "functor"
%token <fleng::frontend::NumberLiteral> INTEGER "integer"
%token <fleng::frontend::NumberLiteral> FLOAT "float"
%token <std::string> STRING "string"
%token LPAREN "'('" RPAREN "')'" LBRACKET "'['" RBRACKET "']'" LBRACE "'{'" RBRACE "'}'"
%token COMMA "','" BAR "'|'"
%token <std::string> NECK "':-'"
%token <std::string> AT "'@'"
%token <std::string> OP700 "comparison operator"
%token <std::string> OP500 "additive operator"
%token <std::string> OP400 "multiplicative operator"
%token <std::string> MINUS "'-'"
%token <std::string> BACKSLASH "'\\'"
%token <std::string> CARET "'^'"
%token <std::string> COLON "':'"
%token <std::string> STARSTAR "'**'"

%type <TermPtr> term1200 term1000 term800 term700 term500 term400 term200 term0 arg
%type <std::vector<TermPtr>> args body
%type <std::string> op_atom

%%

program
  : %empty
  | program item
  | program error END   { yyerrok; driver.end_clause(); }
  ;

item
  : NECK term1000 END                  { driver.add_directive(std::move($2), @$); }
  | NECK NAME term0 END                {
      // `:- mode p(?, ^).`: a directive name used as a prefix operator.
      std::vector<TermPtr> args;
      args.push_back(std::move($3));
      driver.add_directive(driver.compound(std::move($2), std::move(args), @$), @$);
    }
  | term800 END                        { driver.add_clause(std::move($1), std::nullopt, @$); }
  | term800 NECK body END              { driver.add_clause(std::move($1), std::move($3), @$); }
  | term800 NECK body BAR body END     {
      driver.report_guard(@4);
      for (auto& goal : $5) $3.push_back(std::move(goal));
      driver.add_clause(std::move($1), std::move($3), @$);
    }
  ;

body
  : term800                 { $$.push_back(std::move($1)); }
  | body COMMA term800      { $$ = std::move($1); $$.push_back(std::move($3)); }
  ;

term1200
  : term1000                      { $$ = std::move($1); }
  | term1000 NECK term1000        { $$ = driver.binary($2, std::move($1), std::move($3), @$); }
  ;

term1000
  : term800                       { $$ = std::move($1); }
  | term800 COMMA term1000        { $$ = driver.binary(",", std::move($1), std::move($3), @$); }
  ;

term800
  : term700                       { $$ = std::move($1); }
  | term700 AT term700            { $$ = driver.annotate(std::move($1), std::move($3), @$); }
  ;

term700
  : term500                       { $$ = std::move($1); }
  | term500 OP700 term500         { $$ = driver.binary($2, std::move($1), std::move($3), @$); }
  ;

term500
  : term400                       { $$ = std::move($1); }
  | term500 OP500 term400         { $$ = driver.binary($2, std::move($1), std::move($3), @$); }
  | term500 MINUS term400         { $$ = driver.binary($2, std::move($1), std::move($3), @$); }
  ;

term400
  : term200                       { $$ = std::move($1); }
  | term400 OP400 term200         { $$ = driver.binary($2, std::move($1), std::move($3), @$); }
  ;

term200
  : term0                         { $$ = std::move($1); }
  | term0 CARET term200           { $$ = driver.binary($2, std::move($1), std::move($3), @$); }
  | term0 COLON term200           { $$ = driver.binary($2, std::move($1), std::move($3), @$); }
  | term0 STARSTAR term0          { $$ = driver.binary($2, std::move($1), std::move($3), @$); }
  | MINUS term200                 { $$ = driver.prefix($1, std::move($2), @$); }
  | BACKSLASH term200             { $$ = driver.prefix($1, std::move($2), @$); }
  ;

term0
  : VARIABLE                      { $$ = make_variable(std::move($1), @$); }
  | NAME                          { $$ = make_atom(std::move($1), @$); }
  | INTEGER                       { $$ = make_integer($1.integer, std::move($1.spelling), @$); }
  | FLOAT                         { $$ = make_float($1.real, std::move($1.spelling), @$); }
  | STRING                        { $$ = make_string(std::move($1), @$); }
  | FUNCTOR LPAREN args RPAREN    { $$ = driver.compound(std::move($1), std::move($3), @$); }
  | LPAREN term1200 RPAREN        { $$ = std::move($2); }
  | LBRACKET RBRACKET             { $$ = make_atom("[]", @$); }
  | LBRACKET args RBRACKET        { $$ = driver.list(std::move($2), nullptr, @$); }
  | LBRACKET args BAR arg RBRACKET { $$ = driver.list(std::move($2), std::move($4), @$); }
  | LBRACE RBRACE                 { $$ = make_atom("{}", @$); }
  | LBRACE args RBRACE            { $$ = driver.compound("{}", std::move($2), @$); }
  ;

args
  : arg                           { $$.push_back(std::move($1)); }
  | args COMMA arg                { $$ = std::move($1); $$.push_back(std::move($3)); }
  ;

arg
  : term800                       { $$ = std::move($1); }
  | op_atom                       { $$ = make_atom(std::move($1), @$); }
  ;

op_atom
  : NECK        { $$ = std::move($1); }
  | AT          { $$ = std::move($1); }
  | OP700       { $$ = std::move($1); }
  | OP500       { $$ = std::move($1); }
  | OP400       { $$ = std::move($1); }
  | MINUS       { $$ = std::move($1); }
  | BACKSLASH   { $$ = std::move($1); }
  | CARET       { $$ = std::move($1); }
  | COLON       { $$ = std::move($1); }
  | STARSTAR    { $$ = std::move($1); }
  ;

%%

namespace fleng::frontend {

void Parser::error(const location_type& location, const std::string& message) {
  driver.error(location, message);
}

void Parser::report_syntax_error(const context& ctx) const {
  driver.report_syntax_error(ctx);
}

}  // namespace fleng::frontend
