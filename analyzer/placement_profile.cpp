// The placement profile's file format and clause fingerprints (placement_profile.hpp).
#include "analyzer/placement_profile.hpp"

#include <fstream>
#include <sstream>
#include <utility>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "frontend/ast_printer.hpp"

namespace fleng::analyzer {

namespace {

using nlohmann::json;

/// FNV-1a, 64 bits.
std::uint64_t fnv1a(const std::string& text) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (const char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return h;
}

json words_json(const WordsByIu& words) {
  json out = json::array();
  for (const auto& [iu, n] : words) out.push_back(json::array({iu, n}));
  return out;
}

/// A field error: what is wrong, at which JSON path.
struct FormatError {
  std::string message;
};

const json& field(const json& object, const char* name, const std::string& where) {
  const auto it = object.find(name);
  if (it == object.end()) throw FormatError{fmt::format("{}: the field \"{}\" is missing", where, name)};
  return *it;
}

std::uint64_t unsigned_field(const json& object, const char* name, const std::string& where) {
  const json& v = field(object, name, where);
  if (!v.is_number_unsigned() && !(v.is_number_integer() && v.get<std::int64_t>() >= 0)) {
    throw FormatError{fmt::format("{}.{}: expected a non-negative integer", where, name)};
  }
  return v.get<std::uint64_t>();
}

std::string string_field(const json& object, const char* name, const std::string& where) {
  const json& v = field(object, name, where);
  if (!v.is_string()) throw FormatError{fmt::format("{}.{}: expected a string", where, name)};
  return v.get<std::string>();
}

WordsByIu words_field(const json& object, const char* name, const std::string& where,
                      unsigned ius) {
  const json& v = field(object, name, where);
  const std::string here = fmt::format("{}.{}", where, name);
  if (!v.is_array()) throw FormatError{here + ": expected a list of [IU, words] pairs"};
  WordsByIu out;
  for (const json& pair : v) {
    if (!pair.is_array() || pair.size() != 2 || !pair[0].is_number_unsigned() ||
        !pair[1].is_number_unsigned()) {
      throw FormatError{here + ": expected a list of [IU, words] pairs"};
    }
    const auto iu = pair[0].get<std::uint64_t>();
    if (iu >= ius) {
      throw FormatError{fmt::format("{}: IU {} is not one of the profile's {} IUs", here, iu, ius)};
    }
    out[static_cast<unsigned>(iu)] += pair[1].get<std::uint64_t>();
  }
  return out;
}

PlacementProfile from_json(const json& doc) {
  if (!doc.is_object()) throw FormatError{"not a fleng profile (expected a JSON object)"};
  const auto format = doc.find("format");
  if (format == doc.end() || !format->is_string() || format->get<std::string>() != kProfileFormat) {
    throw FormatError{fmt::format("not a fleng profile (no \"format\": \"{}\")", kProfileFormat)};
  }
  PlacementProfile p;
  p.version = static_cast<int>(unsigned_field(doc, "version", "profile"));
  if (p.version != kProfileVersion) {
    throw FormatError{fmt::format("profile version {} is not supported (this fleng reads version {})",
                                  p.version, kProfileVersion)};
  }
  const json& files = field(doc, "files", "profile");
  if (!files.is_array()) throw FormatError{"profile.files: expected a list of file names"};
  for (const json& f : files) {
    if (!f.is_string()) throw FormatError{"profile.files: expected a list of file names"};
    p.files.push_back(f.get<std::string>());
  }
  p.goal = string_field(doc, "goal", "profile");
  p.ius = static_cast<unsigned>(unsigned_field(doc, "ius", "profile"));
  if (p.ius == 0) throw FormatError{"profile.ius: expected at least 1"};
  p.runs = static_cast<unsigned>(unsigned_field(doc, "runs", "profile"));
  p.partitioning = string_field(doc, "partitioning", "profile");
  const json& seconds = field(doc, "host_seconds", "profile");
  if (!seconds.is_number()) throw FormatError{"profile.host_seconds: expected a number"};
  p.host_seconds = seconds.get<double>();
  p.makespan_cycles = unsigned_field(doc, "makespan_cycles", "profile");
  const json& keys = field(doc, "keys", "profile");
  if (!keys.is_object()) throw FormatError{"profile.keys: expected an object"};
  for (const auto& [name, arg] : keys.items()) {
    if (!arg.is_number_unsigned()) throw FormatError{fmt::format("profile.keys.{}: expected an argument number", name)};
    p.keys[name] = arg.get<std::uint32_t>();
  }
  const json& clauses = field(doc, "clauses", "profile");
  if (!clauses.is_object()) throw FormatError{"profile.clauses: expected an object"};
  for (const auto& [name, list] : clauses.items()) {
    if (!list.is_array()) throw FormatError{fmt::format("profile.clauses.{}: expected a list", name)};
    auto& out = p.clauses[name];
    for (const json& h : list) {
      if (!h.is_string()) throw FormatError{fmt::format("profile.clauses.{}: expected strings", name)};
      out.push_back(h.get<std::string>());
    }
  }
  const json& sites = field(doc, "sites", "profile");
  if (!sites.is_array()) throw FormatError{"profile.sites: expected a list"};
  for (std::size_t i = 0; i < sites.size(); ++i) {
    const json& s = sites[i];
    const std::string where = fmt::format("profile.sites[{}]", i);
    if (!s.is_object()) throw FormatError{where + ": expected an object"};
    ProfileSite site;
    site.clause = string_field(s, "clause", where);
    site.ordinal = static_cast<std::uint32_t>(unsigned_field(s, "ordinal", where));
    site.position = static_cast<std::uint32_t>(unsigned_field(s, "position", where));
    site.goal = string_field(s, "goal", where);
    site.source = string_field(s, "source", where);
    site.key_argument = static_cast<std::uint32_t>(unsigned_field(s, "key_argument", where));
    const json& instances = field(s, "instances", where);
    if (!instances.is_array()) throw FormatError{where + ".instances: expected a list"};
    for (std::size_t j = 0; j < instances.size(); ++j) {
      const json& in = instances[j];
      const std::string iw = fmt::format("{}.instances[{}]", where, j);
      if (!in.is_object()) throw FormatError{iw + ": expected an object"};
      ProfileInstance instance;
      const json& key = field(in, "key", iw);
      if (key.is_number_integer()) {
        instance.key = key.get<std::int64_t>();
      } else if (!key.is_null()) {
        throw FormatError{iw + ".key: expected an integer or null"};
      }
      instance.reductions = unsigned_field(in, "reductions", iw);
      instance.ran_on = words_field(in, "ran_on", iw, p.ius);
      instance.made_on = words_field(in, "made_on", iw, p.ius);
      instance.read = words_field(in, "read", iw, p.ius);
      instance.written = words_field(in, "written", iw, p.ius);
      site.instances.push_back(std::move(instance));
    }
    p.sites.push_back(std::move(site));
  }
  return p;
}

}  // namespace

std::string clause_fingerprint(const frontend::Clause& clause) {
  return fmt::format("{:016x}", fnv1a(frontend::print_term(*clause.head) + " :- " +
                                      [&] {
                                        std::string body;
                                        for (const auto& goal : clause.body) {
                                          body += frontend::print_term(*goal.term);
                                          if (goal.placement) {
                                            body += fmt::format(" @{}/{}/{}",
                                                                static_cast<int>(goal.placement->kind),
                                                                goal.placement->label,
                                                                goal.placement->variable);
                                          }
                                          body += ", ";
                                        }
                                        return body;
                                      }()));
}

std::map<std::string, std::vector<std::string>> clause_fingerprints(const frontend::Program& program) {
  return clause_fingerprints(std::vector<const frontend::Program*>{&program});
}

std::map<std::string, std::vector<std::string>> clause_fingerprints(
    const std::vector<const frontend::Program*>& files) {
  std::map<std::string, std::vector<std::string>> out;
  for (const frontend::Program* program : files) {
    for (const auto& item : program->items) {
      if (const auto* clause = std::get_if<frontend::Clause>(&item)) {
        out[frontend::to_string(frontend::predicate_of(*clause))].push_back(clause_fingerprint(*clause));
      }
    }
  }
  return out;
}

std::string profile_json(const PlacementProfile& profile) {
  json sites = json::array();
  for (const auto& site : profile.sites) {
    json instances = json::array();
    for (const auto& in : site.instances) {
      instances.push_back({{"key", in.key ? json(*in.key) : json(nullptr)},
                           {"reductions", in.reductions},
                           {"ran_on", words_json(in.ran_on)},
                           {"made_on", words_json(in.made_on)},
                           {"read", words_json(in.read)},
                           {"written", words_json(in.written)}});
    }
    sites.push_back({{"clause", site.clause},
                     {"ordinal", site.ordinal},
                     {"position", site.position},
                     {"goal", site.goal},
                     {"source", site.source},
                     {"key_argument", site.key_argument},
                     {"instances", std::move(instances)}});
  }
  const json doc = {{"format", kProfileFormat},
                    {"version", profile.version},
                    {"files", profile.files},
                    {"goal", profile.goal},
                    {"ius", profile.ius},
                    {"runs", profile.runs},
                    {"partitioning", profile.partitioning},
                    {"host_seconds", profile.host_seconds},
                    {"makespan_cycles", profile.makespan_cycles},
                    {"keys", profile.keys},
                    {"clauses", profile.clauses},
                    {"sites", std::move(sites)}};
  return doc.dump() + "\n";  // compact: a profile of thousands of iterations stays small
}

ProfileRead parse_profile(const std::string& text, const std::string& path) {
  ProfileRead result;
  if (text.find_first_not_of(" \t\r\n") == std::string::npos) {
    result.error = fmt::format("{}: error: the profile is empty", path);
    return result;
  }
  json doc;
  try {
    doc = json::parse(text);
  } catch (const json::parse_error& e) {
    // The byte offset of the error, as a line and column.
    const std::size_t at = std::min<std::size_t>(e.byte == 0 ? 0 : e.byte - 1, text.size());
    std::size_t line = 1;
    std::size_t column = 1;
    for (std::size_t i = 0; i < at; ++i) {
      if (text[i] == '\n') {
        ++line;
        column = 1;
      } else {
        ++column;
      }
    }
    const bool truncated = at >= text.size() || text.find_first_not_of(" \t\r\n", at) == std::string::npos;
    result.error = fmt::format("{}:{}:{}: error: {}", path, line, column,
                               truncated ? "the profile ends too early (a truncated file?)"
                                         : "not a fleng profile (not valid JSON)");
    return result;
  }
  try {
    result.profile = from_json(doc);
  } catch (const FormatError& e) {
    result.error = fmt::format("{}: error: {}", path, e.message);
  } catch (const json::exception& e) {
    result.error = fmt::format("{}: error: not a fleng profile ({})", path, e.what());
  }
  return result;
}

ProfileRead read_profile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return ProfileRead{std::nullopt, fmt::format("{}: error: cannot read the profile", path)};
  std::ostringstream text;
  text << in.rdbuf();
  return parse_profile(text.str(), path);
}

}  // namespace fleng::analyzer
