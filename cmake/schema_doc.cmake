# Compiles schema/schema.sql, the documented schema, into one generated C++
# source, TRACEDB_SCHEMA_DOC_SOURCE, for `tracedb schema --documented`
# (src/db/schema_doc.h). Editing the file regenerates it.
set(TRACEDB_SCHEMA_DOC_SOURCE ${PROJECT_BINARY_DIR}/generated/schema_doc.cc)
add_custom_command(
  OUTPUT ${TRACEDB_SCHEMA_DOC_SOURCE}
  COMMAND ${CMAKE_COMMAND}
    -DINPUT=${PROJECT_SOURCE_DIR}/schema/schema.sql
    -DOUTPUT=${TRACEDB_SCHEMA_DOC_SOURCE}
    -DHEADER=db/schema_doc.h
    -DFUNCTION=DocumentedSchema
    -P ${PROJECT_SOURCE_DIR}/cmake/embed_text.cmake
  DEPENDS ${PROJECT_SOURCE_DIR}/schema/schema.sql ${PROJECT_SOURCE_DIR}/cmake/embed_text.cmake
  COMMENT "Embedding schema/schema.sql"
  VERBATIM)
