# The WebAssembly build (docs/wasm.md), included by the top CMakeLists.txt
# when the compiler is Debian's emscripten (the wasm preset names its
# toolchain file): the engine's libraries, the engine's subcommands of the
# asterism tool for node (build/wasm/apps/asterism/asterism.js) and the
# page's engine (web/engine/: served by `asterism serve`, installed with
# web/ by the Debian package).

# nlohmann-json and CLI11 are header-only Debian packages in /usr/include.
# The toolchain file confines find_package to emscripten's sysroot, and
# /usr/include itself must not be searched (its C library headers are
# glibc's), so a folder of links to just those two is their include folder.
set(host_headers ${CMAKE_BINARY_DIR}/host-headers)
file(MAKE_DIRECTORY ${host_headers})
foreach(folder nlohmann CLI)
  if(NOT EXISTS /usr/include/${folder})
    message(FATAL_ERROR "/usr/include/${folder} not found: run scripts/deps.sh")
  endif()
  file(CREATE_LINK /usr/include/${folder} ${host_headers}/${folder} SYMBOLIC)
endforeach()
foreach(target nlohmann_json::nlohmann_json CLI11::CLI11)
  add_library(${target} INTERFACE IMPORTED)
  set_target_properties(${target} PROPERTIES INTERFACE_INCLUDE_DIRECTORIES ${host_headers})
endforeach()

# Bad input ends in a GameError that the tool and the page catch, as
# natively; emscripten leaves catching off unless asked, at compile and at
# link time alike.
add_compile_options("SHELL:-s DISABLE_EXCEPTION_CATCHING=0")
add_link_options("SHELL:-s DISABLE_EXCEPTION_CATCHING=0" "SHELL:-s ALLOW_MEMORY_GROWTH=1")

# The games and their searches register themselves from static objects, so
# their libraries are linked whole (src/games/CMakeLists.txt); CMake 3.25
# knows how for Linux but not for emscripten, whose linker (wasm-ld) takes
# the same flags.
set(CMAKE_CXX_LINK_LIBRARY_USING_WHOLE_ARCHIVE "LINKER:--whole-archive" "<LINK_ITEM>"
    "LINKER:--no-whole-archive")
set(CMAKE_CXX_LINK_LIBRARY_USING_WHOLE_ARCHIVE_SUPPORTED TRUE)

add_subdirectory(src/core)
add_subdirectory(src/games)
add_subdirectory(src/search)
add_subdirectory(src/record)
add_subdirectory(src/engines)
# The table (seats, draws, the record) is what the page's local games
# replay their events on (apps/web-engine/local_game.cpp).
add_subdirectory(src/table)
add_subdirectory(apps/asterism)
add_subdirectory(apps/web-engine)
