# Compiles every migrations/<dialect>/NNNN_name.sql, and migrations/views.sql,
# into one generated C++ source, TRACEDB_MIGRATION_SOURCE, so that the binary
# needs no files at run time. Editing a .sql regenerates it; adding one
# re-runs CMake first (CONFIGURE_DEPENDS), which then lists the new file as a
# dependency.
file(GLOB TRACEDB_MIGRATION_FILES CONFIGURE_DEPENDS
  ${PROJECT_SOURCE_DIR}/migrations/sqlite/*.sql
  ${PROJECT_SOURCE_DIR}/migrations/postgresql/*.sql
  ${PROJECT_SOURCE_DIR}/migrations/views.sql)
set(TRACEDB_MIGRATION_SOURCE ${PROJECT_BINARY_DIR}/generated/migration_list.cc)
add_custom_command(
  OUTPUT ${TRACEDB_MIGRATION_SOURCE}
  COMMAND ${CMAKE_COMMAND}
    -DMIGRATIONS_DIR=${PROJECT_SOURCE_DIR}/migrations
    -DOUTPUT=${TRACEDB_MIGRATION_SOURCE}
    -P ${PROJECT_SOURCE_DIR}/cmake/embed_migrations.cmake
  DEPENDS ${TRACEDB_MIGRATION_FILES} ${PROJECT_SOURCE_DIR}/cmake/embed_migrations.cmake
  COMMENT "Embedding migrations/*/*.sql and migrations/views.sql"
  VERBATIM)
