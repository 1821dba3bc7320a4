-- 0007_fulltexts: one full text per paper (domain.FullText), from Europe PMC / PMC JATS, a PDF
-- the user imported, or a text file. Keyed by the paper's canonical key, so evidence and
-- library records share it; replaced when a better or newer text is read.
CREATE TABLE fulltexts (
    id         INTEGER PRIMARY KEY,
    key        TEXT    NOT NULL UNIQUE,           -- the paper's canonical key
    source     TEXT    NOT NULL,                  -- europepmc, pmc, pdf, text_file
    source_id  TEXT    NOT NULL DEFAULT '',       -- PMCID or file name
    title      TEXT    NOT NULL DEFAULT '',
    body       TEXT    NOT NULL DEFAULT '',       -- FullText.Text(), what FTS searches
    document   TEXT    NOT NULL,                  -- JSON domain.FullText
    fetched_at TEXT    NOT NULL
);
CREATE VIRTUAL TABLE fulltexts_fts USING fts5(
    title, body, content='fulltexts', content_rowid='id',
    tokenize='porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER fulltexts_fts_ai AFTER INSERT ON fulltexts BEGIN
    INSERT INTO fulltexts_fts(rowid, title, body) VALUES (new.id, new.title, new.body);
END;
CREATE TRIGGER fulltexts_fts_ad AFTER DELETE ON fulltexts BEGIN
    INSERT INTO fulltexts_fts(fulltexts_fts, rowid, title, body) VALUES ('delete', old.id, old.title, old.body);
END;
CREATE TRIGGER fulltexts_fts_au AFTER UPDATE ON fulltexts BEGIN
    INSERT INTO fulltexts_fts(fulltexts_fts, rowid, title, body) VALUES ('delete', old.id, old.title, old.body);
    INSERT INTO fulltexts_fts(rowid, title, body) VALUES (new.id, new.title, new.body);
END;
