#!/usr/bin/env python3
# usage: bench/make_v2_database.py FILE
# Writes a Rochade database as schema version 2 left it (the SQL of rungs 1 and 2, read from
# db/sqlite/migrations.cpp), to time the upgrade to version 3 and the reads after it
# (docs/performance.md, "Schema version 3").
# 960,000 moves: 12,000 games of 80 plies, 1,000 running at
# once, their moves interleaved as the server stores them; the last 1,000 games unfinished.
import os, re, sqlite3, sys
src = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'db', 'migrations.cpp')).read()
v1 = re.search(r'schema_v1 = R"sql\((.*?)\)sql"', src, re.S).group(1)
v2 = re.search(r'schema_v2 = R"sql\((.*?)\)sql"', src, re.S).group(1)
path = sys.argv[1]
db = sqlite3.connect(path)
db.executescript("PRAGMA journal_mode=WAL;" + v1 + v2 + "PRAGMA user_version = 2;")
games, plies, running = 12000, 80, 1000
t0 = 1700000000000
cur = db.cursor()
cur.execute("BEGIN")
for wave in range(games // running):
    ids = range(wave * running + 1, (wave + 1) * running + 1)
    for g in ids:
        cur.execute("INSERT INTO games (id, table_id, room, white, black, time_control, start_fen, white_ms, black_ms, started_at_ms) VALUES (?,?,?,?,?,?,?,?,?,?)",
                    (g, g, 34, "Anna%d" % g, "Bert%d" % g, '{"kind":"fischer","base_ms":180000,"increment_ms":2000}',
                     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 180000, 180000, t0))
    last_wave = wave == games // running - 1
    for ply in range(1, plies + 1):
        for g in ids:
            cur.execute("INSERT INTO moves (game_id, ply, seq, uci, san, white_ms, black_ms, at_ms) VALUES (?,?,?,?,?,?,?,?)",
                        (g, ply, ply + 1, "e2e4", "e4", 170000 + ply, 170000 - ply, t0 + ply * 1000))
    if not last_wave:
        for g in ids:
            cur.execute("UPDATE games SET ended_at_ms=?, result='1-0', termination='resignation', end_detail='{}', final_white_ms=1, final_black_ms=2 WHERE id=?", (t0 + 99000, g))
db.commit()
print(cur.execute("SELECT COUNT(*) FROM moves").fetchone()[0], "moves")
