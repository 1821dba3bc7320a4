-- 0001_init: every table of DESIGN.md §8.
-- FTS rows are INSERTED by the store's Go code in the same transaction as their row, not by
-- AFTER INSERT triggers: a trigger makes every INSERT open a statement savepoint, and FTS5
-- flushes its pending index at each savepoint, which made batch imports 3-10x slower.
-- So do the 'delete' commands of updated rows. Only deletes (rare, and also reached through
-- ON DELETE CASCADE) use triggers.
-- Times are UTC text in a fixed-width format (2006-01-02T15:04:05.000000000Z) so they sort
-- as strings and stay readable in any SQLite browser.

CREATE TABLE runs (
    rid           INTEGER PRIMARY KEY,          -- stable rowid for runs_fts
    id            TEXT    NOT NULL UNIQUE,
    question      TEXT    NOT NULL,
    config        TEXT    NOT NULL,             -- JSON domain.RunConfig
    status        TEXT    NOT NULL,
    stop_reason   TEXT    NOT NULL DEFAULT '',
    error         TEXT    NOT NULL DEFAULT '',
    judge         TEXT    NOT NULL,             -- JSON domain.JudgeInfo
    judge_provider TEXT   NOT NULL DEFAULT '',
    iterations    INTEGER NOT NULL DEFAULT 0,
    evidence_count INTEGER NOT NULL DEFAULT 0,  -- maintained by LinkEvidence
    verdict_pass  INTEGER,                      -- NULL, 0 or 1
    parent_run_id TEXT REFERENCES runs(id) ON DELETE SET NULL,
    created_at    TEXT    NOT NULL,
    updated_at    TEXT    NOT NULL,
    finished_at   TEXT
);
CREATE INDEX runs_created ON runs(created_at, id);
CREATE INDEX runs_status_created ON runs(status, created_at, id);
CREATE INDEX runs_judge_created ON runs(judge_provider, created_at, id);
CREATE INDEX runs_parent ON runs(parent_run_id) WHERE parent_run_id IS NOT NULL;

CREATE VIRTUAL TABLE runs_fts USING fts5(
    question, content='runs', content_rowid='rid',
    tokenize='porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER runs_fts_ad AFTER DELETE ON runs BEGIN
    INSERT INTO runs_fts(runs_fts, rowid, question) VALUES ('delete', old.rid, old.question);
END;

-- history_fts is the history search index: one contentless row per run (rowid = runs.rid)
-- holding its question, the title and abstract of every linked paper, and its report, so
-- "metformin dementia" finds a run whose question says one and whose evidence says the other.
-- Rowids grow with creation, so ORDER BY rowid DESC walks matches newest first and a page of
-- 50 stops early even when most runs match. A deleted run's row goes by trigger; the store
-- writes it when the run is created and rebuilds it when evidence is linked or the report saved.
CREATE VIRTUAL TABLE history_fts USING fts5(
    question, evidence, report, content='', contentless_delete=1,
    tokenize='porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER history_fts_run_ad AFTER DELETE ON runs BEGIN
    DELETE FROM history_fts WHERE rowid = old.rid;
END;

CREATE TABLE events (
    run_id    TEXT    NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    seq       INTEGER NOT NULL,
    type      TEXT    NOT NULL,
    iteration INTEGER NOT NULL,
    message   TEXT    NOT NULL,
    data      TEXT,
    time      TEXT    NOT NULL,
    PRIMARY KEY (run_id, seq)
) WITHOUT ROWID;
CREATE TRIGGER events_append_only BEFORE UPDATE ON events BEGIN
    SELECT RAISE(ABORT, 'events are append-only');
END;

-- evidence is shared by every run: one row per canonical key.
CREATE TABLE evidence (
    id         INTEGER PRIMARY KEY,
    key        TEXT    NOT NULL UNIQUE,
    source     TEXT    NOT NULL,
    title      TEXT    NOT NULL DEFAULT '',
    content    TEXT    NOT NULL DEFAULT '',
    year       TEXT    NOT NULL DEFAULT '',
    relevance  REAL    NOT NULL DEFAULT 0,
    citation   TEXT    NOT NULL,                -- JSON domain.Citation
    created_at TEXT    NOT NULL,
    updated_at TEXT    NOT NULL
);
CREATE VIRTUAL TABLE evidence_fts USING fts5(
    title, content, content='evidence', content_rowid='id',
    tokenize='porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER evidence_fts_ad AFTER DELETE ON evidence BEGIN
    INSERT INTO evidence_fts(evidence_fts, rowid, title, content) VALUES ('delete', old.id, old.title, old.content);
END;

CREATE TABLE run_evidence (
    run_id      TEXT    NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    evidence_id INTEGER NOT NULL REFERENCES evidence(id),
    iteration   INTEGER NOT NULL,               -- iteration in which the run first saw it
    position    INTEGER NOT NULL,               -- insertion order within the run
    PRIMARY KEY (run_id, evidence_id)
) WITHOUT ROWID;
CREATE INDEX run_evidence_evidence ON run_evidence(evidence_id, run_id);

CREATE TABLE assessments (
    id         INTEGER PRIMARY KEY,
    run_id     TEXT    NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    iteration  INTEGER NOT NULL,
    label      TEXT    NOT NULL DEFAULT '',     -- '' for the original, e.g. 'rejudge:openai' beside it
    assessment TEXT    NOT NULL,                -- JSON domain.Assessment
    heuristics TEXT,                            -- JSON domain.Heuristics
    created_at TEXT    NOT NULL,
    UNIQUE (run_id, iteration, label)
);

CREATE TABLE verdicts (
    id         INTEGER PRIMARY KEY,
    run_id     TEXT    NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    iteration  INTEGER NOT NULL,
    pass       INTEGER NOT NULL,
    verdict    TEXT    NOT NULL,                -- JSON domain.Verdict
    checks     TEXT,                            -- JSON of the deterministic checks
    created_at TEXT    NOT NULL
);
CREATE INDEX verdicts_run ON verdicts(run_id, id);

CREATE TABLE reports (
    id         INTEGER PRIMARY KEY,
    run_id     TEXT    NOT NULL UNIQUE REFERENCES runs(id) ON DELETE CASCADE,
    markdown   TEXT    NOT NULL,
    status     TEXT    NOT NULL CHECK (status IN ('verified', 'unverified', 'failed')),
    created_at TEXT    NOT NULL
);
CREATE VIRTUAL TABLE reports_fts USING fts5(
    markdown, content='reports', content_rowid='id',
    tokenize='porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER reports_fts_ad AFTER DELETE ON reports BEGIN
    INSERT INTO reports_fts(reports_fts, rowid, markdown) VALUES ('delete', old.id, old.markdown);
END;

-- llm_calls has no foreign key: calls made outside a run (the judge and appraise commands)
-- carry a NULL run_id, and a failed insert must never lose the record of an exchange.
-- DeleteRun removes a run's calls explicitly.
CREATE TABLE llm_calls (
    id             INTEGER PRIMARY KEY,
    run_id         TEXT,
    purpose        TEXT    NOT NULL DEFAULT '',
    provider       TEXT    NOT NULL DEFAULT '',
    model          TEXT    NOT NULL DEFAULT '',
    prompt_version TEXT    NOT NULL DEFAULT '',
    request        TEXT    NOT NULL DEFAULT '',
    response       TEXT    NOT NULL DEFAULT '',
    parsed         TEXT,
    error          TEXT    NOT NULL DEFAULT '',
    latency_ms     INTEGER NOT NULL DEFAULT 0,
    input_tokens   INTEGER NOT NULL DEFAULT 0,
    output_tokens  INTEGER NOT NULL DEFAULT 0,
    cost_usd       REAL    NOT NULL DEFAULT 0,
    created_at     TEXT    NOT NULL
);
CREATE INDEX llm_calls_run ON llm_calls(run_id, id);

-- appraisals is a cache keyed by document hash + assessor version + prompt version + model.
CREATE TABLE appraisals (
    id           INTEGER PRIMARY KEY,
    cache_key    TEXT    NOT NULL UNIQUE,
    evidence_key TEXT    NOT NULL,
    appraisal    TEXT    NOT NULL,              -- JSON domain.Appraisal
    created_at   TEXT    NOT NULL
);
CREATE INDEX appraisals_evidence ON appraisals(evidence_key, created_at, id);

CREATE TABLE library_records (
    id          INTEGER PRIMARY KEY,
    key         TEXT    NOT NULL UNIQUE,
    title       TEXT    NOT NULL DEFAULT '',
    abstract    TEXT    NOT NULL DEFAULT '',
    authors     TEXT    NOT NULL DEFAULT '',
    journal     TEXT    NOT NULL DEFAULT '',
    keywords    TEXT    NOT NULL DEFAULT '',    -- keywords, MeSH terms and chemicals
    year        TEXT    NOT NULL DEFAULT '',
    citation    TEXT    NOT NULL,               -- JSON domain.Citation
    relevance   REAL    NOT NULL DEFAULT 0,
    imported_at TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL
);
CREATE INDEX library_imported ON library_records(imported_at, id);
CREATE VIRTUAL TABLE library_fts USING fts5(
    title, abstract, authors, journal, keywords, content='library_records', content_rowid='id',
    tokenize='porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER library_fts_ad AFTER DELETE ON library_records BEGIN
    INSERT INTO library_fts(library_fts, rowid, title, abstract, authors, journal, keywords)
    VALUES ('delete', old.id, old.title, old.abstract, old.authors, old.journal, old.keywords);
END;
