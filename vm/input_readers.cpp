// The registry of open inputs and the reading of one chunk (see input_readers.hpp).
#include "vm/input_readers.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <mutex>

#include <fmt/format.h>

#include "frontend/read_terms.hpp"

namespace fleng::vm::input {

namespace {

struct Reader {
  const void* owner = nullptr;
  std::string path;
  Kind kind = Kind::Lines;
  std::unique_ptr<std::ifstream> file;  ///< null: standard input
  std::size_t line = 0;                 ///< lines read so far
  bool at_end = false;
  std::optional<Chunk> pending;
  std::vector<frontend::TermPtr> terms;  ///< Kind::Terms: the parsed terms not yet handed out
  std::size_t next_term = 0;
  bool parsed = false;
  [[nodiscard]] std::istream& in() const { return file ? *file : std::cin; }
};

struct Registry {
  std::mutex mutex;
  std::map<std::int64_t, std::shared_ptr<Reader>> readers;
  std::int64_t next = 1;
};

Registry& registry() {
  static Registry r;
  return r;
}

std::shared_ptr<Reader> find(std::int64_t handle) {
  Registry& r = registry();
  const std::lock_guard lock(r.mutex);
  const auto it = r.readers.find(handle);
  return it == r.readers.end() ? nullptr : it->second;
}

void read_lines(Reader& reader, Chunk& chunk) {
  std::string text;
  while (chunk.lines.size() < kChunkItems && chunk.bytes < kChunkBytes) {
    if (!std::getline(reader.in(), text)) {
      chunk.last = true;
      return;
    }
    ++reader.line;
    chunk.bytes += text.size() + 1;
    if (!text.empty() && text.back() == '\r') text.pop_back();
    chunk.lines.push_back(std::move(text));
  }
}

void read_rows(Reader& reader, Chunk& chunk) {
  csv::Row row;
  while (chunk.rows.size() < kChunkItems && chunk.bytes < kChunkBytes) {
    std::string error;
    switch (csv::read_record(reader.in(), reader.line, row, error)) {
      case csv::Status::End: chunk.last = true; return;
      case csv::Status::Error:
        chunk.error = fmt::format("read_csv/2: {}:{}: {}", reader.path, reader.line, error);
        chunk.rows.clear();
        chunk.last = true;
        return;
      case csv::Status::Record:
        for (const auto& f : row) chunk.bytes += f.text.size() + 1;
        chunk.rows.push_back(std::move(row));
        break;
    }
  }
}

void read_terms(Reader& reader, Chunk& chunk) {
  if (!reader.parsed) {
    reader.parsed = true;
    const std::string text{std::istreambuf_iterator<char>(reader.in()), {}};
    chunk.bytes += text.size();
    auto result = frontend::read_terms(reader.path, text);
    if (!result.error.empty()) {
      chunk.error = "read_file_terms/2: syntax error: " + result.error;
      chunk.last = true;
      return;
    }
    reader.terms = std::move(result.terms);
  }
  while (chunk.terms.size() < kChunkItems && reader.next_term < reader.terms.size()) {
    chunk.terms.push_back(std::move(reader.terms[reader.next_term++]));
  }
  chunk.last = reader.next_term >= reader.terms.size();
}

}  // namespace

OpenResult open(const void* owner, const std::string& path, Kind kind) {
  auto reader = std::make_shared<Reader>();
  reader->owner = owner;
  reader->path = path;
  reader->kind = kind;
  if (path != "user_input") {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
      return {0, fmt::format("cannot read {}: it is a directory", path)};
    }
    reader->file = std::make_unique<std::ifstream>(path, std::ios::binary);
    if (!*reader->file) {
      return {0, fmt::format("cannot read {}: {}", path, std::strerror(errno))};
    }
  }
  Registry& r = registry();
  const std::lock_guard lock(r.mutex);
  const std::int64_t handle = r.next++;
  r.readers.emplace(handle, std::move(reader));
  return {handle, {}};
}

Chunk* chunk(std::int64_t handle) {
  const auto reader = find(handle);
  if (!reader) return nullptr;
  if (!reader->pending) {
    Chunk c;
    switch (reader->kind) {
      case Kind::Lines: read_lines(*reader, c); break;
      case Kind::Csv: read_rows(*reader, c); break;
      case Kind::Terms: read_terms(*reader, c); break;
    }
    reader->pending = std::move(c);
  }
  return &*reader->pending;  // the registry keeps the reader while its continuation runs
}

void consumed(std::int64_t handle) {
  const auto reader = find(handle);
  if (!reader) return;
  const bool last = reader->pending && reader->pending->last;
  reader->pending.reset();
  if (last) close(handle);
}

std::string path_of(std::int64_t handle) {
  const auto reader = find(handle);
  return reader ? reader->path : std::string{};
}

void close(std::int64_t handle) {
  Registry& r = registry();
  const std::lock_guard lock(r.mutex);
  r.readers.erase(handle);
}

void close_all(const void* owner) {
  Registry& r = registry();
  const std::lock_guard lock(r.mutex);
  std::erase_if(r.readers, [owner](const auto& entry) { return entry.second->owner == owner; });
}

std::size_t open_count() {
  Registry& r = registry();
  const std::lock_guard lock(r.mutex);
  return r.readers.size();
}

}  // namespace fleng::vm::input
