package report

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
)

// reviewedRun is a run on whether zinc shortens the common cold with three papers: two trials
// of zinc the judge kept and gave stances ([1] finds a benefit, [2] finds none), and a paper
// on vitamin C it set aside. keep picks the papers the run holds (1-based).
func reviewedRun(keep ...int) ExportRun {
	all := []domain.Evidence{
		{Content: "In 120 adults with a cold, zinc acetate lozenges shortened symptoms by two days compared with placebo.",
			Citation: domain.Citation{Source: domain.SourcePubMed, ID: "501", PMID: "501", Title: "Zinc lozenges for the common cold: a randomised trial",
				Date: "2016", PublicationTypes: []string{"Randomized Controlled Trial"}}},
		{Content: "Zinc gluconate nasal gel did not change the duration of cold symptoms in 80 children.",
			Citation: domain.Citation{Source: domain.SourcePubMed, ID: "502", PMID: "502", Title: "Zinc nasal gel in children with colds",
				Date: "2018", PublicationTypes: []string{"Randomized Controlled Trial"}}},
		{Content: "Vitamin C supplements and the incidence of colds in marathon runners.",
			Citation: domain.Citation{Source: domain.SourcePubMed, ID: "503", PMID: "503", Title: "Vitamin C in runners", Date: "2012"},
			Topic:    &domain.Topic{OffTopic: true, Reason: "does not mention zinc"}},
	}
	stances := map[int]domain.StudyStance{
		1: {Stance: domain.StanceSupports, Quote: "zinc acetate lozenges shortened symptoms by two days", QuoteVerified: true, RCT: true},
		2: {Stance: domain.StanceRefutes, Quote: "did not change the duration of cold symptoms", QuoteVerified: true, RCT: true},
	}
	var evs []domain.Evidence
	var ss []domain.StudyStance
	for _, k := range keep {
		evs = append(evs, all[k-1])
		if s, ok := stances[k]; ok {
			s.N = len(evs)
			ss = append(ss, s)
		}
	}
	a := domain.Assessment{Judge: domain.JudgeInfo{Kind: domain.JudgeKindOffline, Provider: domain.ProviderOffline},
		Details: domain.AssessmentDetails{MechanismScore: 4, ClinicalEvidenceScore: 5, DrugCandidates: []string{"zinc acetate"},
			KeyFindings: []string{"zinc acetate lozenges shortened symptoms by two days"}, Stances: ss}}
	run := domain.Run{ID: "r-zinc", Question: "Does zinc shorten the common cold?", Status: domain.RunComplete, StopReason: domain.StopSufficient,
		Iterations: 1, UpdatedAt: t0, FinishedAt: &t0}
	out := ExportRun{Run: run, Evidence: evs, Assessments: []domain.StoredAssessment{{Iteration: 1, Assessment: a}}}
	stored := Build(InputFromExport(out)).Markdown // the report of record, written before any review
	out.Report = &domain.StoredReport{Markdown: stored, Status: StatusDraft}
	return out
}

var markup = regexp.MustCompile(`<[^>]*>`)

func exclude(n int, key string) domain.Review {
	return domain.Review{Paper: n, PaperKey: key, Decision: domain.ReviewExclude, Reason: "wrong population", Author: "ana", CreatedAt: t0}
}

func include(n int, key string) domain.Review {
	return domain.Review{Paper: n, PaperKey: key, Decision: domain.ReviewInclude, Author: "ana", CreatedAt: t0}
}

// TestReportFollowsTheReviewersDecisions: every format shows the report as the reviewer
// decided — the answer line counts the studies the reviewer kept, each reviewed paper is
// marked with the decision and the judge's own mark, claims resting only on excluded papers
// are marked — while the judge's answer stays visible, labelled; a run nobody reviewed reads
// as it did.
func TestReportFollowsTheReviewersDecisions(t *testing.T) {
	for _, tc := range []struct {
		name    string
		papers  []int
		reviews []domain.Review
		// answer and judge are the answer lines; "" judge means no "before review" line.
		answer, judge string
		// want and absent are strings every human format (Markdown built and refreshed, HTML
		// after unescaping, CSV notes where they apply) must or must not hold.
		want, absent []string
	}{
		{
			name: "exclude the only paper", papers: []int{1}, reviews: []domain.Review{exclude(1, "pmid:501")},
			answer: "No study of zinc in common cold is left: the one paper found was excluded by the reviewer.",
			judge:  "Zinc for common cold: 1 study: 1 supports (1 RCT)",
			want:   []string{"excluded by ana", "(the judge: on topic) — wrong population", candidateExcludedNote, findingExcludedNote},
		},
		{
			name: "include a set-aside paper", papers: []int{1, 2, 3}, reviews: []domain.Review{include(3, "pmid:503")},
			answer: "Zinc for common cold: 3 studies: 1 supports (1 RCT), 1 no effect or harm (1 RCT), 1 unclear",
			judge:  "Zinc for common cold: 2 studies: 1 supports (1 RCT), 1 no effect or harm (1 RCT)",
			want:   []string{"included by ana", "(the judge: set aside)", domain.ReasonReviewerIncluded},
			absent: []string{"OFF-TOPIC", candidateExcludedNote},
		},
		{
			name: "a mix", papers: []int{1, 2, 3}, reviews: []domain.Review{include(3, "pmid:503"), exclude(1, "pmid:501"), include(2, "pmid:502")},
			answer: "Zinc for common cold: 2 studies: 1 no effect or harm (1 RCT), 1 unclear",
			judge:  "Zinc for common cold: 2 studies: 1 supports (1 RCT), 1 no effect or harm (1 RCT)",
			// The candidate is still named in [2], which the reviewer kept; the finding rests on [1] alone.
			want:   []string{"excluded by ana (the judge: on topic) — wrong population — Zinc lozenges", "included by ana", "(the judge: set aside)", findingExcludedNote},
			absent: []string{"OFF-TOPIC", candidateExcludedNote},
		},
		{
			name: "no reviews", papers: []int{1, 2, 3},
			answer: "Zinc for common cold: 2 studies: 1 supports (1 RCT), 1 no effect or harm (1 RCT)",
			want:   []string{"OFF-TOPIC"},
			absent: []string{"excluded by", "included by", judgeAnswerLabel, candidateExcludedNote, findingExcludedNote},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			run := reviewedRun(tc.papers...)
			run.Reviews = tc.reviews
			r := Build(InputFromExport(run))
			require.Equal(t, tc.answer, r.Answer)
			require.Equal(t, tc.judge, r.JudgeAnswer)

			var md, html, js bytes.Buffer
			require.NoError(t, Export(run, "md", &md))
			require.NoError(t, Export(run, "html", &html))
			require.NoError(t, Export(run, "json", &js))
			if len(tc.reviews) == 0 {
				// The stored report of record comes back byte for byte.
				require.Equal(t, run.Report.Markdown, md.String())
			}
			formats := map[string]string{"markdown (refreshed)": md.String(), "markdown (built)": r.Markdown,
				"html": strings.NewReplacer("&#39;", "'", "&amp;", "&").Replace(html.String())}
			for name, text := range formats {
				// The words, without Markdown's escapes and emphasis or HTML's tags.
				plain := markup.ReplaceAllString(strings.NewReplacer(`\`, "", "**", "").Replace(text), "")
				require.Contains(t, plain, tc.answer, name)
				if tc.judge != "" {
					require.Contains(t, plain, judgeAnswerLabel+": "+tc.judge, name)
				}
				for _, s := range tc.want {
					require.Contains(t, plain, s, name)
				}
				for _, s := range tc.absent {
					require.NotContains(t, plain, s, name)
				}
			}
			// The refreshed report of record and the one built now say the same.
			require.Equal(t, r.Markdown[:strings.Index(r.Markdown, "\n---\n")], md.String()[:strings.Index(md.String(), "\n---\n")])

			var got struct {
				Answer      string `json:"answer"`
				JudgeAnswer string `json:"judge_answer"`
			}
			require.NoError(t, json.Unmarshal(js.Bytes(), &got))
			require.Equal(t, tc.answer, got.Answer)
			require.Equal(t, tc.judge, got.JudgeAnswer)

			notes := CSVNotes(run)
			require.Contains(t, strings.ReplaceAll(notes, `\`, ""), "Answer: "+tc.answer)
			require.Equal(t, tc.judge != "", strings.Contains(notes, judgeAnswerLabel), "CSV notes")
			var csv bytes.Buffer
			require.NoError(t, Export(run, "csv", &csv))
			for _, rv := range tc.reviews {
				require.Contains(t, csv.String(), string(rv.Decision)+"d by ana (the judge:", "CSV reviewer column")
			}
		})
	}
}
