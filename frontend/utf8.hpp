// UTF-8 helpers for the scanner and the printer: source text is UTF-8, strings and `0'c`
// literals denote Unicode code points.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace fleng::frontend::utf8 {

/// Decodes the code point starting at `text[pos]`, advancing `pos`; nullopt if the bytes there
/// are not well-formed UTF-8 (overlong forms, surrogates and values past U+10FFFF included).
std::optional<char32_t> decode(std::string_view text, std::size_t& pos);

/// Offset of the first byte that is not part of well-formed UTF-8, or nullopt if all is.
std::optional<std::size_t> first_invalid(std::string_view text);

/// Appends the UTF-8 encoding of a code point.
void append(std::string& out, char32_t code_point);

/// True for a byte that continues a multi-byte sequence (so it does not start a column).
constexpr bool is_continuation(unsigned char byte) { return (byte & 0xC0U) == 0x80U; }

}  // namespace fleng::frontend::utf8
