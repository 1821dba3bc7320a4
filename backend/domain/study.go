package domain

// StudyLink is one trial seen as a study: its registry entry and the articles that
// report it, joined by the trial's NCT id, with the registered primary outcomes checked
// against each article's text. Evidence is named by canonical key.
type StudyLink struct {
	NCTID string `json:"nct_id"`
	// RegistryKey is the registry entry's key ("nct:NCT…"); empty when the evidence has
	// articles carrying the id but not the entry itself (it can be fetched by NCTID).
	RegistryKey string `json:"registry_key,omitempty"`
	// ReportKeys are the articles that give the NCT id as their own registration.
	ReportKeys []string `json:"report_keys"`
	// Outcomes compares, for each report, the registered primary outcomes with the
	// article's text; empty when there is no registry entry or it registers no outcome.
	Outcomes []OutcomeComparison `json:"outcomes,omitempty"`
}

// OutcomeComparison is the registered primary outcomes of a trial checked against one
// article that reports it.
type OutcomeComparison struct {
	ReportKey string `json:"report_key"`
	// FullText says the article's full text was read; otherwise only its abstract was,
	// and an outcome "not reported" may still be in the body.
	FullText bool `json:"full_text"`
	// ArticlePrimary is the article's own sentence naming its primary outcome, when it
	// has one ("The primary outcome was …"), shown beside the registered ones.
	ArticlePrimary string         `json:"article_primary,omitempty"`
	Checks         []OutcomeCheck `json:"checks"`
}

// OutcomeReport says how an article reports a registered primary outcome.
type OutcomeReport string

const (
	// OutcomeAsPrimary: the article names it as its primary outcome.
	OutcomeAsPrimary OutcomeReport = "reported_as_primary"
	// OutcomeReported: the article reports it, but not in the sentence naming its
	// primary outcome (it may have been demoted to a secondary one).
	OutcomeReported OutcomeReport = "reported"
	// OutcomeNotReported: no sentence of the text read reports it, which is flagged.
	OutcomeNotReported OutcomeReport = "not_reported"
)

// OutcomeCheck is one registered primary outcome and how the article reports it.
type OutcomeCheck struct {
	Registered TrialOutcome  `json:"registered"`
	Report     OutcomeReport `json:"report"`
	// Quote is the article's sentence that reports the outcome (empty when not reported).
	Quote string `json:"quote,omitempty"`
	// Matched are the outcome's words or abbreviation found in the quote.
	Matched []string `json:"matched,omitempty"`
}

// Flagged reports whether the check is a registered primary outcome the article does not
// report.
func (c OutcomeCheck) Flagged() bool { return c.Report == OutcomeNotReported }
