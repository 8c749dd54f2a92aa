// One visitor of a std::variant from several lambdas, one for each kind:
// std::visit(Overloaded{[](const A&) {...}, [](const B&) {...}}, v).
#pragma once

namespace asterism {

template <class... F>
struct Overloaded : F... {
    using F::operator()...;
};
// clang before 17 does not deduce an aggregate's arguments (the wasm build's).
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

}  // namespace asterism
