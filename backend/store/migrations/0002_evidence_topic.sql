-- A piece of evidence's relevance to one run's question (JSON domain.Topic: score,
-- off_topic, reason). It belongs to the run, not to the paper: the same paper can be on
-- topic for one question and off topic for another.
ALTER TABLE run_evidence ADD COLUMN topic TEXT;
