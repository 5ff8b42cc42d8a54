// The SQLite schema's ladder, for migrations.cpp alone: rung N's SQL turns a version N-1
// database into version N (schema_rungs.cpp); some rungs also rewrite stored rows with C++
// code after their SQL (schema_rung_data.cpp). Rungs are never edited once released (a
// released database already ran them), only new rungs are added.
#pragma once

#include <span>
#include <string_view>

#include "db/sqlite/sqlite.h"

namespace rochade::db {

// Rung N's SQL at index N-1.
std::span<const std::string_view> schema_rungs();

// What rung `version` does after its SQL, inside the same transaction: filling new columns from
// the rows stored before it, checking an edit of the schema's text. Nothing for most rungs.
void complete_schema_rung(Database& db, int version);

} // namespace rochade::db
