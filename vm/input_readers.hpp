// The open inputs of read_lines/2, read_csv/2 and read_file_terms/2, kept between the chunks
// of their lists: each call opens a reader under an integer handle, and the continuation goal
// '$read_chunk'(Handle, Tail) takes the next chunk of lines, rows or terms from it. One
// registry for the process, behind a lock: on the threads engine a continuation may run on
// any worker. A reader is closed at the end of its input and, with every other reader of the
// same owner (a session's atom table), when the run ends.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "frontend/ast.hpp"
#include "vm/csv.hpp"

namespace fleng::vm::input {

enum class Kind : std::uint8_t { Lines, Csv, Terms };

/// Most lines (rows, terms) in one chunk, and the text after which a chunk ends early.
inline constexpr std::size_t kChunkItems = 256;
inline constexpr std::size_t kChunkBytes = std::size_t{64} << 10U;

/// The next piece of an input, read but not yet put on a heap (kept while the builtin waits
/// for heap: Outcome::NeedHeap calls it again).
struct Chunk {
  std::vector<std::string> lines;          ///< Kind::Lines
  std::vector<csv::Row> rows;              ///< Kind::Csv
  std::vector<frontend::TermPtr> terms;    ///< Kind::Terms
  bool last = false;                       ///< the input ends after this chunk
  std::string error;                       ///< a CSV or syntax error (then nothing else)
  std::size_t bytes = 0;                   ///< characters read for it (the simulator's work)
};

struct OpenResult {
  std::int64_t handle = 0;
  std::string error;  ///< empty on success
};

/// Opens `path` (`user_input`: standard input) for reading as `kind`.
OpenResult open(const void* owner, const std::string& path, Kind kind);
/// The pending chunk of a reader (read now if there is none), or nullptr for an unknown handle.
Chunk* chunk(std::int64_t handle);
/// The pending chunk is on the heap: forget it; closes the reader after the last one.
void consumed(std::int64_t handle);
/// The path a reader was opened with.
std::string path_of(std::int64_t handle);
void close(std::int64_t handle);
/// Closes every reader opened for `owner`.
void close_all(const void* owner);
/// How many readers are open (tests).
std::size_t open_count();

}  // namespace fleng::vm::input
