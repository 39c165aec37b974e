// How much heap a configuration may ask for: every IU reserves two semispaces of its heap
// (vm/heap.cpp), so a machine of many IUs with large heaps could reserve more than the host
// has, and the reservation would fail (std::bad_alloc) only when the run starts. The limit:
// one semispace per IU, all IUs together, must fit in the host's physical memory (and the
// two semispaces, with room to spare, in the address-space limit, `ulimit -v`, if there is one).
#pragma once

#include <cstdint>
#include <string>

namespace fleng::kernel {

struct HeapMemoryLimit {
  std::uint64_t bytes = 0;  ///< the most that one semispace of every IU may take together
  std::string what;         ///< where it comes from: "this machine's physical memory"
};

/// The host's limit (sysconf(_SC_PHYS_PAGES), getrlimit(RLIMIT_AS)).
HeapMemoryLimit heap_memory_limit();

/// Throws std::invalid_argument when `ius` heaps of `cells_per_semispace` cells each do not
/// fit in `limit`; the message starts with `subject` (the keys or options that set them) and
/// says the values and the limit.
void check_heap_memory(std::uint64_t ius, std::uint64_t cells_per_semispace,
                       const std::string& subject, const HeapMemoryLimit& limit = heap_memory_limit());

/// `cells` per IU and semispace, or less when `ius` such heaps would not fit in the host's
/// limit: an equal share of it (at least 1 MiB). For a default that must never be refused.
std::uint64_t fair_heap_cells(std::uint64_t ius, std::uint64_t cells);

/// "16 MiB", "1.5 GiB": a byte count for messages.
std::string format_bytes(std::uint64_t bytes);

}  // namespace fleng::kernel
