// The value of a numeric token as the scanner hands it to the parser.
#pragma once

#include <cstdint>
#include <string>

namespace fleng::frontend {

struct NumberLiteral {
  std::int64_t integer = 0;
  double real = 0.0;
  std::string spelling;  ///< kept for the printer when not plain decimal (16'ff, 0'a, 1.0e10)
};

}  // namespace fleng::frontend
