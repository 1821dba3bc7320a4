package domain

import "strings"

// MergeEvidence folds a newly found copy of a paper (nu) into the one already held (old);
// it is the one rule for two copies of a work, used when a search's sources overlap and
// when a paper already stored is found again: non-empty fields
// fill empty ones, the longer abstract and title win (a full structured abstract beats a
// snippet), lists are unioned in order (authors by person, mergeAuthors), counts and relevance take the maximum. The stored
// source is kept: it is where the paper was first found.
func MergeEvidence(old, nu Evidence) Evidence {
	out := old
	out.Relevance = max(old.Relevance, nu.Relevance)
	out.Citation = mergeCitation(old.Citation, nu.Citation)
	out.Content, out.Citation.Sections = KeptAbstract(old, nu)
	return out
}

// KeptAbstract is the abstract kept when two copies of a paper meet: the copy with the
// longer abstract (a full structured abstract beats a snippet; on a tie the one cut into
// more labelled sections, else the held one), its text and its labelled sections together.
// They are one abstract, so they come from one copy: a PDF's abstract beside a reference
// file's shorter sections would give the stance a conclusions sentence the text does not
// hold, and its quote would fail the verbatim check. Every merge of two copies (a search's
// overlapping sources, a stored paper found again, a library record imported again) keeps
// the abstract by this rule.
func KeptAbstract(old, nu Evidence) (string, []Section) {
	o, n := len([]rune(strings.TrimSpace(abstractText(old)))), len([]rune(strings.TrimSpace(abstractText(nu))))
	if n > o || n == o && len(nu.Citation.Sections) > len(old.Citation.Sections) {
		return nu.Content, nu.Citation.Sections
	}
	return old.Content, old.Citation.Sections
}

// abstractText is a copy's abstract: its text, else its labelled sections as the text
// holds them.
func abstractText(ev Evidence) string {
	if strings.TrimSpace(ev.Content) != "" {
		return ev.Content
	}
	return SectionsText(ev.Citation.Sections)
}

func mergeCitation(o, n Citation) Citation {
	c := o
	if c.Source == "" {
		c.Source = n.Source
	}
	c.ID = firstText(o.ID, n.ID)
	c.Title = longerText(o.Title, n.Title)
	c.URL = firstText(o.URL, n.URL)
	c.Date = longerText(o.Date, n.Date) // "2021-03-04" is richer than "2021"
	c.Authors = mergeAuthors(o.Authors, n.Authors)
	c.Journal = firstText(o.Journal, n.Journal)
	c.DOI = firstText(o.DOI, n.DOI)
	c.PMID = firstText(o.PMID, n.PMID)
	c.PMCID = firstText(o.PMCID, n.PMCID)
	c.NCTID = firstText(o.NCTID, n.NCTID)
	c.PublicationTypes = UnionFold(o.PublicationTypes, n.PublicationTypes)
	c.MeshTerms = UnionFold(o.MeshTerms, n.MeshTerms)
	c.Chemicals = UnionFold(o.Chemicals, n.Chemicals)
	c.Registry = UnionFold(o.Registry, n.Registry)
	c.Retractions = UnionFold(o.Retractions, n.Retractions)
	c.Trial = mergeTrial(o.Trial, n.Trial)
	c.CitationCount = max(o.CitationCount, n.CitationCount)
	c.OpenAccess = o.OpenAccess || n.OpenAccess
	c.FullTextURLs = UnionFold(o.FullTextURLs, n.FullTextURLs)
	c.Volume = firstText(o.Volume, n.Volume)
	c.Issue = firstText(o.Issue, n.Issue)
	c.Pages = firstText(o.Pages, n.Pages)
	c.Keywords = UnionFold(o.Keywords, n.Keywords)
	return c
}

func mergeTrial(o, n *Trial) *Trial {
	switch {
	case o == nil && n == nil:
		return nil
	case o == nil:
		t := *n
		return &t
	case n == nil:
		t := *o
		return &t
	}
	t := *o
	// Registry status and phase change over time; the newer record knows better.
	t.Phase = firstText(n.Phase, o.Phase)
	t.Status = firstText(n.Status, o.Status)
	t.Enrollment = max(o.Enrollment, n.Enrollment)
	t.Conditions = UnionFold(o.Conditions, n.Conditions)
	if len(n.Interventions) > len(o.Interventions) {
		t.Interventions = n.Interventions
	}
	t.StartDate = firstText(o.StartDate, n.StartDate)
	t.CompletionDate = firstText(n.CompletionDate, o.CompletionDate)
	t.HasResults = o.HasResults || n.HasResults
	// The design is fixed at registration; fill what the first copy lacked.
	t.StudyType = firstText(o.StudyType, n.StudyType)
	t.Allocation = firstText(o.Allocation, n.Allocation)
	t.InterventionModel = firstText(o.InterventionModel, n.InterventionModel)
	t.PrimaryPurpose = firstText(o.PrimaryPurpose, n.PrimaryPurpose)
	t.ObservationalModel = firstText(o.ObservationalModel, n.ObservationalModel)
	t.TimePerspective = firstText(o.TimePerspective, n.TimePerspective)
	t.Masking = firstText(o.Masking, n.Masking)
	t.WhoMasked = UnionFold(o.WhoMasked, n.WhoMasked)
	t.FirstSubmitted = firstText(o.FirstSubmitted, n.FirstSubmitted)
	// Enrollment turns from ESTIMATED (planned) to ACTUAL (enrolled): an actual count
	// beats a planned one whichever is larger; otherwise the larger count with its type.
	switch {
	case n.EnrollmentType == enrollmentActual && o.EnrollmentType != enrollmentActual && n.Enrollment > 0:
		t.Enrollment, t.EnrollmentType = n.Enrollment, n.EnrollmentType
	case o.EnrollmentType == enrollmentActual && n.EnrollmentType != enrollmentActual && o.Enrollment > 0:
		t.Enrollment, t.EnrollmentType = o.Enrollment, o.EnrollmentType
	case n.Enrollment >= o.Enrollment && n.EnrollmentType != "":
		t.EnrollmentType = n.EnrollmentType
	}
	// Outcomes may be amended: the newer record's lists.
	if len(n.PrimaryOutcomes) > 0 {
		t.PrimaryOutcomes = n.PrimaryOutcomes
	}
	if len(n.SecondaryOutcomes) > 0 {
		t.SecondaryOutcomes = n.SecondaryOutcomes
	}
	t.WhyStopped = firstText(n.WhyStopped, o.WhyStopped)
	t.ResultsFirstPosted = firstText(o.ResultsFirstPosted, n.ResultsFirstPosted)
	return &t
}

// enrollmentActual is ClinicalTrials.gov's enrollment type for the number enrolled.
const enrollmentActual = "ACTUAL"

func firstText(a, b string) string {
	if strings.TrimSpace(a) != "" {
		return a
	}
	return b
}

func longerText(a, b string) string {
	if len(strings.TrimSpace(b)) > len(strings.TrimSpace(a)) {
		return b
	}
	return a
}

// UnionFold appends b's items missing from a (case-insensitively), keeping a's order.
func UnionFold(a, b []string) []string {
	if len(b) == 0 {
		return a
	}
	seen := make(map[string]bool, len(a)+len(b))
	out := make([]string, 0, len(a)+len(b))
	for _, list := range [][]string{a, b} {
		for _, v := range list {
			k := strings.ToLower(strings.TrimSpace(v))
			if k == "" || seen[k] {
				continue
			}
			seen[k] = true
			out = append(out, v)
		}
	}
	return out
}

// mergeAuthors joins two copies' author lists by person, not by spelling: sources write
// names differently ("Gori T", "Tommaso Gori", "Gori, Tommaso"). A list that names
// everyone in the other, and more, is taken whole (its order is the byline's); otherwise
// the held list is kept and the new one's other people follow it.
func mergeAuthors(held, nu []string) []string {
	covers := func(a, b []string) bool {
		keys := map[string]bool{}
		for _, x := range a {
			keys[authorKey(x)] = true
		}
		for _, x := range b {
			if !keys[authorKey(x)] {
				return false
			}
		}
		return true
	}
	switch {
	case len(nu) > len(held) && covers(nu, held):
		return nu
	case len(held) >= len(nu) && covers(held, nu):
		return held
	}
	out := append([]string{}, held...)
	seen := map[string]bool{}
	for _, x := range held {
		seen[authorKey(x)] = true
	}
	for _, x := range nu {
		if k := authorKey(x); !seen[k] {
			seen[k] = true
			out = append(out, x)
		}
	}
	return out
}

// authorKey is a person as a citation names them: surname and first initial, from "Smith
// JA", "J. A. Smith", "John Smith" or "Smith, John" alike.
func authorKey(name string) string {
	name = strings.ToLower(strings.TrimSpace(name))
	var surname, given string
	if i := strings.Index(name, ","); i >= 0 {
		surname, given = name[:i], name[i+1:]
	} else {
		f := strings.Fields(strings.NewReplacer(".", " ").Replace(name))
		switch {
		case len(f) == 0:
			return ""
		case len(f) == 1:
			surname = f[0]
		case isInitials(f[len(f)-1]):
			// MEDLINE's "Smith JA": the initials come last.
			surname, given = strings.Join(f[:len(f)-1], " "), f[len(f)-1]
		default:
			surname, given = f[len(f)-1], f[0]
		}
	}
	surname = strings.Join(strings.Fields(surname), " ")
	given = strings.TrimSpace(given)
	if given == "" {
		return surname
	}
	return surname + "|" + string([]rune(given)[0])
}

// isInitials reports whether a lowercased word is a run of initials ("ja"), which MEDLINE
// writes after the surname: one or two letters. A two-letter surname written last ("Tom
// Li") is read as initials too, so such a name may be listed twice in a merge.
func isInitials(w string) bool {
	return len([]rune(w)) <= 2
}
