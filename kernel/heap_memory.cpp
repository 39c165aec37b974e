// The heap memory limit (see heap_memory.hpp).
#include "kernel/heap_memory.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "vm/cell.hpp"

namespace fleng::kernel {

HeapMemoryLimit heap_memory_limit() {
  HeapMemoryLimit limit;
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page_size = sysconf(_SC_PAGESIZE);
  limit.bytes = pages > 0 && page_size > 0
                    ? static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page_size)
                    : std::uint64_t{1} << 40;  // unknown: 1 TiB
  limit.what = "this machine's physical memory";
  rlimit address_space{};
  if (getrlimit(RLIMIT_AS, &address_space) == 0 && address_space.rlim_cur != RLIM_INFINITY &&
      address_space.rlim_cur / 4 < limit.bytes) {
    // Both semispaces are reserved, and the code, stacks and the rest need room too.
    limit.bytes = address_space.rlim_cur / 4;
    limit.what = "a quarter of the address-space limit (ulimit -v)";
  }
  return limit;
}

std::uint64_t fair_heap_cells(std::uint64_t ius, std::uint64_t cells) {
  const std::uint64_t share = heap_memory_limit().bytes / std::max<std::uint64_t>(ius, 1) /
                              sizeof(vm::Cell);
  return std::max<std::uint64_t>(std::min(cells, share), std::uint64_t{1} << 17);
}

std::string format_bytes(std::uint64_t bytes) {
  constexpr double kMiB = 1 << 20;
  const double mib = static_cast<double>(bytes) / kMiB;
  if (mib < 1024) return fmt::format("{:.4g} MiB", mib);
  return fmt::format("{:.4g} GiB", mib / 1024);
}

void check_heap_memory(std::uint64_t ius, std::uint64_t cells_per_semispace,
                       const std::string& subject, const HeapMemoryLimit& limit) {
  // No overflow: ius <= 1024 (2^10) and a semispace of at most 2^37 cells of 8 bytes.
  const std::uint64_t bytes = ius * cells_per_semispace * sizeof(vm::Cell);
  if (bytes <= limit.bytes) return;
  throw std::invalid_argument(fmt::format(
      "{}: {} IU{} x {} of heap ({} cells, one semispace) = {}, more than the limit of {} ({})",
      subject, ius, ius == 1 ? "" : "s", format_bytes(cells_per_semispace * sizeof(vm::Cell)),
      cells_per_semispace, format_bytes(bytes), format_bytes(limit.bytes), limit.what));
}

}  // namespace fleng::kernel
