// Which engine a command means (see engine_choice.hpp for the table and the rule).
#include "app/engine_choice.hpp"

#include <array>
#include <stdexcept>

#include <fmt/format.h>

namespace fleng::app {

namespace {

// The engines a command line may choose without --engine, in the order they are preferred;
// mpi is only ever chosen by name (it needs mpirun).
constexpr std::array kOrder{Engine::Local, Engine::Sim, Engine::Threads};
constexpr std::array kAll{Engine::Local, Engine::Sim, Engine::Threads, Engine::Mpi};

Engines both(const Engines& a, const Engines& b) {
  return Engines{a.local && b.local, a.sim && b.sim, a.threads && b.threads, a.mpi && b.mpi};
}

/// The first engine of local, sim, threads in `engines` (which is not empty).
Engine first_of(const Engines& engines) {
  for (const Engine e : kOrder) {
    if (engines.has(e)) return e;
  }
  throw std::logic_error("first_of: no engine");
}

}  // namespace

std::string_view engine_name(Engine engine) {
  switch (engine) {
    case Engine::Local:
      return "local";
    case Engine::Sim:
      return "sim";
    case Engine::Threads:
      return "threads";
    case Engine::Mpi:
      return "mpi";
  }
  return "local";
}

std::optional<Engine> engine_named(std::string_view name) {
  for (const Engine e : kAll) {
    if (engine_name(e) == name) return e;
  }
  return std::nullopt;
}

bool Engines::has(Engine e) const {
  switch (e) {
    case Engine::Local:
      return local;
    case Engine::Sim:
      return sim;
    case Engine::Threads:
      return threads;
    case Engine::Mpi:
      return mpi;
  }
  return false;
}

std::string Engines::describe() const {
  std::vector<std::string_view> names;
  for (const Engine e : kAll) {
    if (has(e)) names.push_back(engine_name(e));
  }
  if (names.empty()) return "no engine";
  if (names.size() == 1) return std::string(names[0]);
  std::string text;
  for (std::size_t i = 0; i < names.size(); ++i) {
    text += i == 0 ? "" : i + 1 == names.size() ? " and " : ", ";
    text += names[i];
  }
  return text;
}

Engines understood_by(std::string_view option) {
  // The table (engine_choice.hpp); docs/user-guide.md shows it to users.
  if (option == "ius" || option == "static" || option == "threshold" || option == "machine" ||
      option == "set" || option == "profile") {
    return Engines{.local = false, .sim = true, .threads = true, .mpi = true};
  }
  if (option == "trace") return Engines{.local = false, .sim = true, .threads = true, .mpi = false};
  if (option == "workers") return Engines{.local = false, .sim = false, .threads = true, .mpi = true};
  if (option == "gc-stress" || option == "trace-goals" || option == "time-slice") {
    return Engines{.local = true, .sim = false, .threads = false, .mpi = false};
  }
  return Engines{.local = true, .sim = true, .threads = true, .mpi = true};
}

Engine choose_engine(std::optional<Engine> engine, const std::vector<GivenOption>& options) {
  if (engine) {
    for (const auto& option : options) {
      const Engines engines = understood_by(option.name);
      if (engines.has(*engine)) continue;
      throw std::invalid_argument(fmt::format(
          "--engine {} does not understand {} (an option of the {} engine{}); leave out "
          "--engine or say --engine {}",
          engine_name(*engine), option.text, engines.describe(),
          engines.describe().find(" and ") == std::string::npos ? "" : "s",
          engine_name(first_of(engines))));
    }
    return *engine;
  }
  Engines possible{.local = true, .sim = true, .threads = true, .mpi = false};
  for (std::size_t i = 0; i < options.size(); ++i) {
    const Engines engines = understood_by(options[i].name);
    const Engines left = both(possible, engines);
    if (left.empty()) {
      // Name an earlier option that no engine understands together with this one.
      std::string other = "the options before it";
      Engines other_engines = possible;
      for (std::size_t k = 0; k < i; ++k) {
        const Engines theirs = understood_by(options[k].name);
        if (both(theirs, engines).empty()) {
          other = options[k].text;
          other_engines = theirs;
          break;
        }
      }
      throw std::invalid_argument(fmt::format(
          "{} and {} need different engines ({}: {}; {}: {}); give the options of one engine",
          other, options[i].text, other, other_engines.describe(), options[i].text,
          engines.describe()));
    }
    possible = left;
  }
  return first_of(possible);
}

Engine engine_for_setting(Engine current, std::string_view option) {
  const Engines engines = understood_by(option);
  return engines.has(current) ? current : first_of(engines);
}

}  // namespace fleng::app
