# tracedb_unity_build(TARGET [HOT FILE...] [ALONE FILE...])
#
# Compiles TARGET's sources eight at a time (CMake's unity build, its default
# batches in list order), except the HOT and ALONE files, each compiled on its
# own. Each folder of src/ is one library (src/CMakeLists.txt), so a batch
# never spans two folders.
#
# Why batches: each file compiled alone parses the same standard headers
# again, and scripts/test builds the sources three times (release, ASan,
# TSan); an edit recompiles its batch of eight.
#
# HOT: the files whose code runs per line or per row in dump and ingest (by
# callgrind's profiles of both on Pajé and Paraver traces), compiled alone in
# every build. A batch changes what the compiler inlines: a file added
# mid-list moved every later file to another batch (the simulator's thread once
# took 1.5% more instructions for four files added beside simulator.cc), and a
# whole folder as one unit made GCC stop inlining small header functions
# called from many places in it (NameIndex::IdOf, CopyShort: dump 4% more
# instructions). Alone, a hot file's code does not depend on its neighbours or
# on the order of a list, and the hot path runs the instructions of a build
# without units. A folder whose files are all hot (input/, sim/, format/paje/,
# summary/) does not call this function at all. The cold files' batches still
# follow their list, which changes only code that no measured path runs.
#
# ALONE: cold files whose file-local names clash with a neighbour's (a
# chart's kTop, two files' OptionalInt); a new clash shows up as a
# "redefinition" in a Unity/unity_N_cxx.cxx: rename, or list the file as
# ALONE. Generated sources go there too (they change with migrations/ and
# schema/, not with the folder's code).
#
# TRACEDB_UNITY_BUILD=OFF compiles every file alone (e.g. to check that each
# file includes what it uses).
function(tracedb_unity_build target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "HOT;ALONE")
  if(NOT TRACEDB_UNITY_BUILD)
    return()
  endif()
  set_target_properties(${target} PROPERTIES UNITY_BUILD ON)
  get_target_property(sources ${target} SOURCES)
  foreach(file IN LISTS arg_HOT arg_ALONE)
    if(NOT file IN_LIST sources)
      message(FATAL_ERROR "tracedb_unity_build(${target}): ${file} is not a source of ${target}")
    endif()
  endforeach()
  if(arg_HOT OR arg_ALONE)
    set_source_files_properties(${arg_HOT} ${arg_ALONE} PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
  endif()
endfunction()
