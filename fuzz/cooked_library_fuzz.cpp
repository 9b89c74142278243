// libFuzzer target for the cooked library reader (.fwcl). The first byte picks the mode: even,
// the rest is a whole file (header checks); odd, the rest is a payload wrapped in a valid
// header and checksum, so mutations reach the payload parser instead of all failing the
// checksum. Any input must give a library or an Error, never a crash, hang or sanitizer report;
// a library read must write back to the same bytes' meaning (it reads again).
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

#include "footwork/io/cooked_library.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0)
    return 0;
  const std::span<const std::uint8_t> rest(data + 1, size - 1);
  std::vector<std::uint8_t> file;
  if (data[0] % 2 == 0) {
    file.assign(rest.begin(), rest.end());
  } else {
    // The header as the writer lays it out: magic, version, payload size, payload checksum.
    std::array<std::uint8_t, 20> header{};
    const std::uint32_t version = footwork::io::kCookedLibraryVersion;
    const std::uint64_t payload_size = rest.size();
    const std::uint32_t checksum = footwork::io::Fnv1a32(rest);
    std::memcpy(header.data(), footwork::io::kCookedLibraryMagic, 4);
    std::memcpy(header.data() + 4, &version, sizeof(version));
    std::memcpy(header.data() + 8, &payload_size, sizeof(payload_size));
    std::memcpy(header.data() + 16, &checksum, sizeof(checksum));
    file.assign(header.begin(), header.end());
    file.insert(file.end(), rest.begin(), rest.end());
  }
  const auto library = footwork::io::DeserializeCookedLibrary(file, "fuzz.fwcl");
  if (library.ok()) {
    const std::vector<std::uint8_t> again = footwork::io::SerializeCookedLibrary(*library);
    if (!footwork::io::DeserializeCookedLibrary(again, "fuzz-again.fwcl").ok())
      __builtin_trap();
  }
  return 0;
}
