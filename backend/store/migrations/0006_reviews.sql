-- 0006_reviews: the reviewer's decisions (domain.Review), a trail never overwritten: a later
-- decision on the same run or paper is a new row that supersedes the earlier one.
CREATE TABLE reviews (
    id         INTEGER PRIMARY KEY,
    run_id     TEXT    NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    paper_n    INTEGER NOT NULL DEFAULT 0,   -- the evidence number as cited; 0 for the run's verdict
    paper_key  TEXT    NOT NULL DEFAULT '',  -- the paper's canonical key
    decision   TEXT    NOT NULL,             -- agree, disagree, include, exclude, override
    component  TEXT    NOT NULL DEFAULT '',  -- override: the appraisal component (e.g. randomization)
    points     REAL,                         -- override: the reviewer's points for it
    reason     TEXT    NOT NULL DEFAULT '',
    note       TEXT    NOT NULL DEFAULT '',
    author     TEXT    NOT NULL,
    created_at TEXT    NOT NULL
);
CREATE INDEX reviews_run ON reviews(run_id, id);
