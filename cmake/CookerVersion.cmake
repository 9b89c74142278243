# The cooker's version (footwork::cook::CookerVersion()): a SHA-256 over the sources of the cook
# layer and of the layers it links (io, anim, core), recomputed at build time whenever one of
# them changes. The demo's cooked-character cache is keyed on it, so a changed cooker cooks again
# instead of reusing a library made by the old code. Errs on the safe side: a change in io or
# core that leaves cooked bytes alone also re-cooks once (a few seconds).

# Source folders below the project root that make up the cooker.
set(FOOTWORK_COOKER_SOURCE_DIRS
    src/cook src/io src/anim src/core
    include/footwork/cook include/footwork/io include/footwork/anim include/footwork/core)

# footwork_add_cooker_version(TARGET): compiles the generated CookerVersion() into TARGET.
function(footwork_add_cooker_version target)
  set(inputs "")
  foreach(dir IN LISTS FOOTWORK_COOKER_SOURCE_DIRS)
    # CONFIGURE_DEPENDS: a new or removed file re-runs the glob, so it is hashed too.
    file(GLOB found CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/${dir}/*.cpp
         ${PROJECT_SOURCE_DIR}/${dir}/*.h)
    list(APPEND inputs ${found})
  endforeach()
  list(SORT inputs)
  set(list_file ${CMAKE_CURRENT_BINARY_DIR}/cooker_version_inputs.txt)
  # Rewritten only when the list changes, so a re-configure alone does not re-hash.
  set(previous "")
  if(EXISTS ${list_file})
    file(READ ${list_file} previous)
  endif()
  if(NOT previous STREQUAL "${inputs}")
    file(WRITE ${list_file} "${inputs}")
  endif()
  set(output ${CMAKE_CURRENT_BINARY_DIR}/cooker_version.cpp)
  add_custom_command(
    OUTPUT ${output}
    COMMAND ${CMAKE_COMMAND} -DROOT=${PROJECT_SOURCE_DIR} -DINPUTS=${list_file}
            -DOUTPUT=${output} -P ${PROJECT_SOURCE_DIR}/cmake/WriteCookerVersion.cmake
    DEPENDS ${inputs} ${list_file} ${PROJECT_SOURCE_DIR}/cmake/WriteCookerVersion.cmake
    COMMENT "Hashing the cooker's sources (cook, io, anim, core)"
    VERBATIM)
  target_sources(${target} PRIVATE ${output})
endfunction()
