// A value or an error, for operations that fail on bad input (FEN, SAN, PGN) without throwing.
// C++23's std::expected is not in g++ 12's C++20 mode; this keeps the same spelling so that it
// can be swapped for the standard one later.
#pragma once

#include <utility>
#include <variant>

namespace rochade {

template <class E> struct Unexpected {
    E error;
};

template <class E> Unexpected<E> unexpected(E error) { return Unexpected<E>{std::move(error)}; }

template <class T, class E> class Expected {
public:
    Expected(T value) : storage_(std::in_place_index<0>, std::move(value)) {}
    Expected(Unexpected<E> failure) : storage_(std::in_place_index<1>, std::move(failure.error)) {}

    bool has_value() const { return storage_.index() == 0; }
    explicit operator bool() const { return has_value(); }
    const T& value() const& { return std::get<0>(storage_); }
    T& value() & { return std::get<0>(storage_); }
    T&& value() && { return std::get<0>(std::move(storage_)); }
    const T& operator*() const& { return value(); }
    T& operator*() & { return value(); }
    const T* operator->() const { return &value(); }
    T* operator->() { return &value(); }
    const E& error() const { return std::get<1>(storage_); }

private:
    std::variant<T, E> storage_;
};

} // namespace rochade
