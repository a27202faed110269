#include "format/paje/block_parser.h"

#include <algorithm>
#include <cstring>

#include "format/paje/line_decoder.h"
#include "format/paje/line_tokenizer.h"
#include "model/utf8.h"

namespace tracedb::paje {
namespace {

std::string_view StripLineEnd(std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return line;
}

}  // namespace

// A loop, not find_first_not_of: that is a call per line, and a memchr
// over the set per byte it looks at.
bool IsHeaderLine(std::string_view line) {
  for (char c : line) {
    if (c != ' ' && c != '\t') return c == '%';
  }
  return false;
}

std::string NulProblem(std::string_view line) {
  size_t at = line.find('\0');
  if (at == std::string_view::npos) return "";
  return "NUL byte at column " + std::to_string(at + 1) +
         " (a zero-filled block, as a crashed tracer leaves?)";
}

LineResult ParseLine(std::string_view line, const DefinitionTable& table,
                     std::vector<std::string_view>* tokens, Event* event, std::string* problem) {
  size_t first = tokens->size();
  if (TokenizeLine(line, tokens) != TokenizeResult::kOk) {
    *problem = "unterminated quote";
    return LineResult::kBad;
  }
  if (tokens->size() == first) return LineResult::kBlank;
  const EventDefinition* def = table.Find((*tokens)[first]);
  if (def == nullptr) return LineResult::kUnknownId;
  event->token_offset = static_cast<uint32_t>(first);
  std::span<const std::string_view> mine(tokens->data() + first, tokens->size() - first);
  return DecodeLine(*def, mine, event, problem) ? LineResult::kEvent : LineResult::kBad;
}

ParsedBlock ParseBlock(std::shared_ptr<const std::string> text, const DefinitionTable& table) {
  ParsedBlock out;
  auto& tokens = out.batch.tokens;
  // Typical lines have about 5 tokens and 40 bytes: reserving avoids regrowth.
  // Capped, for a block that is one huge line.
  size_t typical = std::min<size_t>(text->size(), 4 << 20);
  out.batch.events.reserve(typical / 32);
  tokens.reserve(typical / 6);
  std::string problem;
  const char* p = text->data();
  const char* end = p + text->size();
  // One scan of the block spares every line its own.
  const bool has_nul = std::memchr(p, '\0', text->size()) != nullptr;
  const bool has_high_byte = HasHighByte(*text);
  uint64_t line_number = 0;
  while (p < end) {
    const char* nl = static_cast<const char*>(std::memchr(p, '\n', end - p));
    const char* line_end = nl ? nl : end;
    std::string_view line = StripLineEnd(std::string_view(p, line_end - p));
    p = nl ? nl + 1 : end;
    ++line_number;
    if (IsHeaderLine(line) || (has_nul && line.find('\0') != std::string_view::npos)) {
      out.deferred.push_back({out.batch.events.size(), line_number, line});
      continue;
    }
    Event event;
    size_t first = tokens.size();
    LineResult result = ParseLine(line, table, &tokens, &event, &problem);
    if (result != LineResult::kEvent) tokens.resize(first);
    switch (result) {
      case LineResult::kEvent:
        event.line = line_number;
        out.batch.events.push_back(event);
        if (has_high_byte && RecodeTexts(std::span(tokens).subspan(first), &out.batch.recoded)) {
          out.latin1.Add(line_number);
        }
        break;
      case LineResult::kBlank:
        break;
      case LineResult::kUnknownId:
      case LineResult::kBad:
        out.deferred.push_back({out.batch.events.size(), line_number, line});
        break;
    }
  }
  out.line_count = line_number;
  ResolveTokens(&out.batch.events, tokens);
  out.batch.text = std::move(text);
  return out;
}

}  // namespace tracedb::paje
