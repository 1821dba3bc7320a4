-- 0005_parsed_question: the question's one typed form (domain.ParsedQuestion as JSON),
-- parsed when the run is created and never changed; '' for runs stored before it existed.
ALTER TABLE runs ADD COLUMN parsed_question TEXT NOT NULL DEFAULT '';
