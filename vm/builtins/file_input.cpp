// Reading files as lists: read_lines/2, read_csv/2, read_file_terms/2. Each opens a reader
// (vm/input_readers.hpp) and hands its list to the continuation goal '$read_chunk'(Handle,
// List), which binds the list one chunk at a time: the chunk's items ending in the list that
// the next '$read_chunk' goal binds. That goal waits behind every ready goal (Iu::
// spawn_goal_later), so a consumer takes a chunk before the next is read and a long input
// streams through a bounded heap.
#include <optional>

#include "frontend/utf8.hpp"
#include "vm/builtins/support.hpp"
#include "vm/input_readers.hpp"
#include "vm/term_builder.hpp"

namespace fleng::vm {

using namespace builtins;

namespace {

/// The characters of a text as codes (a byte that is not UTF-8 as its value).
std::vector<std::int64_t> codes(const std::string& text) {
  std::vector<std::int64_t> out;
  std::size_t pos = 0;
  while (pos < text.size()) {
    if (const auto cp = frontend::utf8::decode(text, pos)) {
      out.push_back(static_cast<std::int64_t>(*cp));
    } else {
      out.push_back(static_cast<unsigned char>(text[pos]));
      ++pos;
    }
  }
  return out;
}

PredicateId read_chunk_predicate(Iu& iu) {
  const std::uint64_t name = iu.atoms.intern("$read_chunk");
  auto id = iu.image.find(name, 2);
  if (!id) {
    id = iu.image.predicate(name, "$read_chunk", 2);
    iu.note_predicates_grew();
  }
  return *id;
}

Outcome open_input(Iu& iu, Cell* args, input::Kind kind, std::string_view name) {
  const auto path = path_text(iu, args[0]);
  if (!path) return type_error(iu, "a path (an atom or a string)", args[0]);
  const auto opened = input::open(&iu.atoms, *path, kind);
  if (!opened.error.empty()) return iu.fail(fmt::format("{}: {}", name, opened.error));
  const PredicateId chunk_predicate = read_chunk_predicate(iu);
  const Cell goal_args[2] = {make_small_int(opened.handle), args[1]};
  if (!iu.spawn_goal_later(chunk_predicate, goal_args)) {
    input::close(opened.handle);  // opened again when the builtin is called with more heap
    return Outcome::NeedHeap;
  }
  return Outcome::Done;
}

std::size_t number_cells(const csv::Field& field) {
  if (field.quoted) return 0;
  const auto n = csv::number(field.text);
  if (!n) return 0;
  if (const auto* i = std::get_if<std::int64_t>(&*n)) return fits_small_int(*i) ? 0 : 2;
  return 2;
}

Cell field_cell(Iu& iu, const csv::Field& field, Cell*& p) {
  if (!field.quoted) {
    if (const auto n = csv::number(field.text)) {
      if (const auto* i = std::get_if<std::int64_t>(&*n)) {
        if (fits_small_int(*i)) return make_small_int(*i);
        p[0] = make_header(BoxKind::Int64, 1);
        p[1] = static_cast<Cell>(*i);
      } else {
        p[0] = make_header(BoxKind::Float, 1);
        p[1] = double_bits(std::get<double>(*n));
      }
      p += 2;
      return make_pointer(Tag::Box, p - 2, iu.index());
    }
  }
  return iu.atoms.atom(field.text);
}

/// Links `items` list cells (their heads set) into a list ending in `tail`.
Cell link(Iu& iu, Cell* conses, std::size_t items, Cell tail) {
  for (std::size_t i = 0; i < items; ++i) {
    conses[2 * i + 1] = i + 1 < items ? make_pointer(Tag::Cons, conses + 2 * i + 2, iu.index()) : tail;
  }
  return items == 0 ? tail : make_pointer(Tag::Cons, conses, iu.index());
}

}  // namespace

Outcome builtin_read_lines(Iu& iu, Cell* args, Cell*) {
  return open_input(iu, args, input::Kind::Lines, "read_lines/2");
}

Outcome builtin_read_csv(Iu& iu, Cell* args, Cell*) {
  return open_input(iu, args, input::Kind::Csv, "read_csv/2");
}

Outcome builtin_read_file_terms(Iu& iu, Cell* args, Cell*) {
  return open_input(iu, args, input::Kind::Terms, "read_file_terms/2");
}

Outcome builtin_read_chunk(Iu& iu, Cell* args, Cell* out) {
  if (!is_int(args[0])) return type_error(iu, "an input handle", args[0]);
  const std::int64_t handle = small_int_value(args[0]);
  input::Chunk* chunk = input::chunk(handle);
  if (chunk == nullptr) return iu.fail(fmt::format("no open input with handle {}", handle));
  if (!chunk->error.empty()) {
    std::string message = chunk->error;
    input::close(handle);
    return iu.fail(std::move(message));
  }
  // Count the cells: the list cells, each item's own, the tail variable.
  std::size_t cells = chunk->last ? 0 : 1;
  std::vector<std::vector<std::int64_t>> line_codes;
  for (const auto& line : chunk->lines) {
    line_codes.push_back(codes(line));
    cells += 2 + 2 * line_codes.back().size();
  }
  for (const auto& row : chunk->rows) {
    cells += 2 + 2 * row.size();
    for (const auto& field : row) cells += number_cells(field);
  }
  for (const auto& term : chunk->terms) cells += 2 + term_cells(*term);
  Cell* p = iu.allocate(cells);
  if (p == nullptr && cells > 0) return Outcome::NeedHeap;
  Cell tail = kNil;
  if (!chunk->last) {
    p[0] = make_var_contents();
    tail = make_pointer(Tag::Ref, p, iu.index());
    ++p;
  }
  const std::size_t items = line_codes.size() + chunk->rows.size() + chunk->terms.size();
  Cell* conses = p;
  p += 2 * items;
  std::size_t k = 0;
  for (const auto& line : line_codes) {
    Cell* text = p;
    p += 2 * line.size();
    for (std::size_t i = 0; i < line.size(); ++i) text[2 * i] = make_small_int(line[i]);
    conses[2 * k++] = link(iu, text, line.size(), kNil);
  }
  for (const auto& row : chunk->rows) {
    Cell* fields = p;
    p += 2 * row.size();
    for (std::size_t i = 0; i < row.size(); ++i) fields[2 * i] = field_cell(iu, row[i], p);
    conses[2 * k++] = link(iu, fields, row.size(), kNil);
  }
  if (!chunk->terms.empty()) {
    TermBuilder builder(iu.atoms, iu.index(), p);
    for (const auto& term : chunk->terms) {
      builder.new_term();
      conses[2 * k++] = builder.build(*term);
    }
  }
  const Cell list = link(iu, conses, items, tail);
  if (!chunk->last) {
    const Cell goal_args[2] = {args[0], tail};
    if (!iu.spawn_goal_later(read_chunk_predicate(iu), goal_args)) return Outcome::NeedHeap;
  }
  iu.charge_work(chunk->bytes);
  input::consumed(handle);
  return deliver(out, list);
}

}  // namespace fleng::vm
