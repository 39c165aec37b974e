// The machine description's keys and their domains: every key has one, its default is in it,
// a value just outside it (or of the wrong type) is refused with a message naming the key, the
// value and the domain, docs/machine.md lists each key with the same domain, and the heaps of
// all IUs must fit in the host's memory.
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "kernel/heap_memory.hpp"
#include "kernel/machine_description.hpp"

namespace fleng::kernel {
namespace {

/// Values just outside `domain`, and values of the wrong type.
std::vector<nlohmann::json> outside(const MachineDomain& domain) {
  switch (domain.kind) {
    case MachineDomain::Kind::Integer:
      return {static_cast<std::int64_t>(domain.min) - 1, static_cast<std::int64_t>(domain.max) + 1,
              domain.min + 0.5, "1", true, nullptr};
    case MachineDomain::Kind::Number:
      return {domain.min - domain.min / 2 - 1e-9, domain.max * 1.0001, "1", false};
    case MachineDomain::Kind::Boolean: return {1, "yes", nullptr};
    case MachineDomain::Kind::Choice: return {"no-such-choice", 1, true};
  }
  return {};
}

TEST(MachineKeys, EveryKeyHasADomainThatHoldsItsDefault) {
  const MachineDescription defaults;
  const auto json = defaults.to_json();
  const auto keys = machine_key_domains();
  EXPECT_EQ(keys.size(), json.size());
  for (const auto& [name, domain] : keys) {
    SCOPED_TRACE(name);
    ASSERT_TRUE(json.contains(name));
    EXPECT_FALSE(domain.text().empty());
    if (domain.kind == MachineDomain::Kind::Integer || domain.kind == MachineDomain::Kind::Number) {
      EXPECT_LT(domain.min, domain.max);  // not the empty domain of a key someone forgot
    }
    if (domain.kind == MachineDomain::Kind::Choice) {
      EXPECT_GE(domain.choices.size(), 2U);
    }
    EXPECT_TRUE(domain.contains(json[name])) << json[name];
  }
}

TEST(MachineKeys, AValueJustOutsideEachDomainIsRefused) {
  for (const auto& [name, domain] : machine_key_domains()) {
    for (const auto& value : outside(domain)) {
      SCOPED_TRACE(name + " = " + value.dump());
      MachineDescription m;
      m.set("ius=1");  // so that heap_cells' memory check does not come first
      const auto before = m.to_json();
      try {
        m.apply(nlohmann::json{{name, value}});
        ADD_FAILURE() << "accepted";
      } catch (const std::invalid_argument& e) {
        EXPECT_EQ(std::string(e.what()), "machine key '" + name + "': " + value.dump() +
                                             " is out of its domain (" + domain.text() + ")");
      }
      EXPECT_EQ(m.to_json(), before);  // a refused value changes nothing
    }
  }
}

TEST(MachineKeys, TheBoundsThemselvesAreAccepted) {
  for (const auto& [name, domain] : machine_key_domains()) {
    if (domain.kind != MachineDomain::Kind::Integer && domain.kind != MachineDomain::Kind::Number) {
      continue;
    }
    SCOPED_TRACE(name);
    MachineDescription m;
    m.set("ius=1");
    m.apply(nlohmann::json{{name, domain.min}});
    if (name != "heap_cells") m.apply(nlohmann::json{{name, domain.max}});
  }
}

TEST(MachineKeys, SetReadsNumbersBooleansAndWords) {
  MachineDescription m;
  m.set("clock_mhz=2.5");
  EXPECT_EQ(m.clock_mhz, 2.5);
  m.set("ius=1e1");  // an integer written as a number without fraction
  EXPECT_EQ(m.ius, 10U);
  m.set("static=off");
  EXPECT_FALSE(m.static_partitioning);
  m.set("network.model=constant");
  EXPECT_EQ(m.network.model, "constant");
  EXPECT_THROW(m.set("unired.suspend=-3"), std::invalid_argument);
  EXPECT_EQ(m.suspend, 8U);  // not wrapped to a huge unsigned value
  EXPECT_THROW(m.set("ius=2.5"), std::invalid_argument);
  EXPECT_THROW(m.set("threads.batch_goals=0"), std::invalid_argument);
  EXPECT_THROW(m.set("clock_mhz=0"), std::invalid_argument);
}

TEST(MachineKeys, DocsListEveryKeyWithItsDomain) {
  std::ifstream in(std::string(FLENG_SOURCE_DIR) + "/docs/machine.md");
  ASSERT_TRUE(in);
  std::map<std::string, std::string> documented;  // key -> domain column
  const std::regex row(R"(^\| `([a-z_.A-Z]+)` \| [^|]* \| ([^|]*) \|)");
  for (std::string line; std::getline(in, line);) {
    std::smatch m;
    if (std::regex_search(line, m, row)) documented[m[1]] = m[2];
  }
  for (const auto& [name, domain] : machine_key_domains()) {
    const std::string doc_key = name.starts_with("unired.cycles.") ? "unired.cycles.NAME" : name;
    SCOPED_TRACE(name);
    ASSERT_TRUE(documented.contains(doc_key)) << "docs/machine.md has no row for it";
    EXPECT_EQ(documented[doc_key], domain.text());
  }
}

TEST(HeapMemory, TheHeapsOfAllIusMustFitTheLimit) {
  const HeapMemoryLimit limit{std::uint64_t{1} << 30, "a test limit"};
  EXPECT_NO_THROW(check_heap_memory(64, std::uint64_t{1} << 21, "keys", limit));  // 1 GiB
  try {
    check_heap_memory(65, std::uint64_t{1} << 21, "keys", limit);
    ADD_FAILURE() << "accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()),
              "keys: 65 IUs x 16 MiB of heap (2097152 cells, one semispace) = 1.016 GiB, more than "
              "the limit of 1 GiB (a test limit)");
  }
  EXPECT_GT(heap_memory_limit().bytes, 0U);
}

TEST(HeapMemory, AMachineBeyondTheHostIsRefusedWhenSet) {
  MachineDescription m;
  m.set("ius=1024");
  const auto limit = heap_memory_limit().bytes;
  const auto too_much = limit / 1024 / 8 + 4096;  // cells per IU just past the host's share
  EXPECT_THROW(m.set("heap_cells=" + std::to_string(too_much)), std::invalid_argument);
  EXPECT_EQ(m.heap_cells, std::uint64_t{1} << 21);
  m.set("heap_cells=4096");
  EXPECT_EQ(m.heap_cells, 4096U);
}

}  // namespace
}  // namespace fleng::kernel
