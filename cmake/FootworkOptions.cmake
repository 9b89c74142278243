# Build options shared by every Footwork target.
option(FOOTWORK_WERROR "Treat warnings as errors" OFF)
option(FOOTWORK_SANITIZE "Build with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
option(FOOTWORK_FUZZ "Build libFuzzer targets (needs clang)" OFF)
option(FOOTWORK_BUILD_TESTS "Build unit tests" ON)
option(FOOTWORK_BUILD_BENCH "Build Google Benchmark programs" ON)

add_library(footwork_warnings INTERFACE)
target_compile_options(footwork_warnings INTERFACE -Wall -Wextra -Wpedantic -Wshadow=local)
if(FOOTWORK_WERROR)
  target_compile_options(footwork_warnings INTERFACE -Werror)
endif()

if(FOOTWORK_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=address,undefined)
endif()
if(FOOTWORK_FUZZ)
  # Every library gets coverage instrumentation; only fuzz targets link the libFuzzer main.
  add_compile_options(-fsanitize=fuzzer-no-link,address,undefined)
  add_link_options(-fsanitize=address,undefined)
endif()

# footwork_add_layer(NAME DEPS...) builds src/NAME/*.cpp into footwork::NAME.
# Sources are globbed so that adding a file needs no CMake edit.
function(footwork_add_layer name)
  file(GLOB sources CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/${name}/*.cpp)
  if(NOT sources)
    # A layer not written yet still exists, so that its dependants configure.
    add_library(footwork_${name} INTERFACE)
    add_library(footwork::${name} ALIAS footwork_${name})
    target_include_directories(footwork_${name} INTERFACE ${PROJECT_SOURCE_DIR}/include)
    target_link_libraries(footwork_${name} INTERFACE ${ARGN})
    return()
  endif()
  add_library(footwork_${name} STATIC ${sources})
  add_library(footwork::${name} ALIAS footwork_${name})
  target_include_directories(footwork_${name} PUBLIC ${PROJECT_SOURCE_DIR}/include
                                              PRIVATE ${PROJECT_SOURCE_DIR}/src)
  target_link_libraries(footwork_${name} PUBLIC ${ARGN} PRIVATE footwork_warnings)
  target_compile_features(footwork_${name} PUBLIC cxx_std_20)
endfunction()

# footwork_add_tests(LAYER DEPS...) builds tests/LAYER/*_test.cpp into one gtest program.
function(footwork_add_tests layer)
  file(GLOB sources CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/tests/${layer}/*_test.cpp)
  if(NOT sources)
    return()
  endif()
  add_executable(${layer}_tests ${sources})
  target_link_libraries(${layer}_tests PRIVATE ${ARGN} footwork_test_support GTest::gtest_main
                                               footwork_warnings)
  gtest_discover_tests(${layer}_tests DISCOVERY_TIMEOUT 60
                       PROPERTIES ENVIRONMENT "FOOTWORK_SOURCE_DIR=${PROJECT_SOURCE_DIR}")
endfunction()

# footwork_unity_skip(LAYER FILES...): with CMAKE_UNITY_BUILD=ON (scripts/demo's lean build), these
# files of src/LAYER are compiled on their own because their private (anonymous-namespace or
# static) names clash with another file of the layer. Unity builds only change build time.
function(footwork_unity_skip layer)
  list(TRANSFORM ARGN PREPEND ${PROJECT_SOURCE_DIR}/src/${layer}/)
  set_source_files_properties(${ARGN} PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
endfunction()
