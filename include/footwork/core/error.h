#pragma once
// Errors are values: a message a user can act on (which file, which field, what was expected).
// Result<T> carries either a value or an Error; no exceptions cross Footwork's public API.

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace footwork {

// A failure with a human-readable message such as "walk.gltf: accessor 12: buffer view 40 out of
// range (file has 3)". Messages name the input and the problem, never just "failed".
struct Error {
  std::string message;
};

template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : state_(std::move(value)) {}  // NOLINT(google-explicit-constructor)
  Result(Error error) : state_(std::move(error)) {}  // NOLINT(google-explicit-constructor)

  bool ok() const { return std::holds_alternative<T>(state_); }
  explicit operator bool() const { return ok(); }

  T& value() & {
    assert(ok());
    return std::get<T>(state_);
  }
  const T& value() const& {
    assert(ok());
    return std::get<T>(state_);
  }
  T&& value() && {
    assert(ok());
    return std::get<T>(std::move(state_));
  }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

  const Error& error() const {
    assert(!ok());
    return std::get<Error>(state_);
  }

 private:
  std::variant<T, Error> state_;
};

// Success or an Error, for operations that return nothing.
class [[nodiscard]] Status {
 public:
  Status() = default;
  Status(Error error) : error_(std::move(error)), failed_(true) {}  // NOLINT

  static Status Ok() { return {}; }
  bool ok() const { return !failed_; }
  explicit operator bool() const { return ok(); }
  const Error& error() const {
    assert(failed_);
    return error_;
  }

 private:
  Error error_;
  bool failed_ = false;
};

// Prefixes an error's message with context ("Knight.glb: " + "accessor 3: ...").
inline Error WithContext(const std::string& context, const Error& error) {
  return Error{context + ": " + error.message};
}

}  // namespace footwork
