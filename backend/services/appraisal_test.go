package services

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/appraisal"
	"deepcritical/backend/config"
	"deepcritical/backend/domain"
	"deepcritical/backend/runs"
)

// noKeyring is a keyring that is never there, as on a machine without a Secret Service.
type noKeyring struct{}

func (noKeyring) Get(string, string) (string, error) { return "", errors.New("no keyring in tests") }
func (noKeyring) Set(string, string, string) error   { return errors.New("no keyring in tests") }
func (noKeyring) Delete(string, string) error        { return errors.New("no keyring in tests") }

// openTestContainer opens a container over fresh folders with no provider configured.
func openTestContainer(t *testing.T) *Container {
	t.Helper()
	c, _ := faultContainer(t)
	return c
}

// trialEvidence is a structured PubMed-style record of a randomised trial.
func trialEvidence(pmid string) domain.Evidence {
	return domain.Evidence{
		Content: "METHODS: In this double-blind trial, 180 adults with early Alzheimer's disease were randomly assigned to donepezil or placebo using a computer-generated list. " +
			"Allocation was concealed by sealed opaque envelopes prepared by an independent pharmacist. The primary outcome was the ADAS-Cog score at 24 weeks. " +
			"Analyses were by intention to treat. The trial was registered at ClinicalTrials.gov (NCT00000001).\n" +
			"RESULTS: Of 180 participants, 12 (6.7%) were lost to follow-up. Cognition improved more with donepezil than with placebo.",
		Relevance: 0.8,
		Citation: domain.Citation{Source: domain.SourcePubMed, ID: pmid, PMID: pmid,
			Title: "Donepezil for early Alzheimer's disease: a randomised placebo-controlled trial"},
	}
}

func TestPaperViewShowsTheStoredAppraisalAndItsText(t *testing.T) {
	c := openTestContainer(t)
	ctx := context.Background()
	st, err := c.storeForTest()
	require.NoError(t, err)
	appraised, plain := trialEvidence("1001"), trialEvidence("1002")
	keys, err := st.UpsertEvidence(ctx, []domain.Evidence{appraised, plain})
	require.NoError(t, err)
	require.Equal(t, []string{"pmid:1001", "pmid:1002"}, keys)
	ap, err := c.Commands.appraiser(ctx, runs.JudgeChoice{})
	require.NoError(t, err)
	_, _, err = ap.AppraiseAll(ctx, []domain.Evidence{appraised})
	require.NoError(t, err)

	view, err := c.Appraisals.Paper(" pmid:1001 ")
	require.NoError(t, err)
	require.Equal(t, appraised.Citation.Title, view.Evidence.Citation.Title)
	require.NotNil(t, view.Appraisal)
	require.True(t, view.TextMatches)
	require.Equal(t, appraised.Citation.Title+"\n\n"+appraised.Content, view.Text)
	require.Equal(t, "pmid:1001", view.Appraisal.Document.Key)
	quotes := 0
	for name, f := range view.Appraisal.Findings {
		if f.Quote != "" {
			quotes++
			require.Contains(t, view.Text, f.Quote, "finding %s can be highlighted in the shown text", name)
		}
	}
	require.Greater(t, quotes, 4)
	for _, d := range view.Appraisal.Dimensions {
		require.Equal(t, domain.StatusAssessed, d.Status)
		for _, comp := range d.Details {
			if comp.Evidence != "" {
				require.Contains(t, view.Text, comp.Evidence)
			}
		}
	}

	view, err = c.Appraisals.Paper("pmid:1002")
	require.NoError(t, err)
	require.Nil(t, view.Appraisal, "never appraised: no appraisal, and no made-up one")
	require.False(t, view.TextMatches)

	// A later search enriches the stored abstract: the view says the text shown is no
	// longer exactly what was appraised.
	richer := appraised
	richer.Content += "\nCONCLUSIONS: Donepezil modestly improved cognition over 24 weeks in this population."
	_, err = st.UpsertEvidence(ctx, []domain.Evidence{richer})
	require.NoError(t, err)
	view, err = c.Appraisals.Paper("pmid:1001")
	require.NoError(t, err)
	require.NotNil(t, view.Appraisal)
	require.False(t, view.TextMatches)

	for _, tc := range []struct {
		key  string
		code domain.Code
	}{{"", domain.CodeInvalid}, {"pmid:999", domain.CodeNotFound}} {
		_, err := c.Appraisals.Paper(tc.key)
		require.Error(t, err)
		require.Equal(t, tc.code, domain.CodeOf(err), tc.key)
	}
}

func TestAppraiseTextIsCachedByContent(t *testing.T) {
	c := openTestContainer(t)
	ctx := context.Background()
	ev := trialEvidence("1")
	first, err := c.Commands.AppraiseText(ctx, ev.Citation.Title, ev.Content, runs.JudgeChoice{})
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(first.Document.Key, "text:"))
	require.Equal(t, "rct", first.Findings[appraisal.FindingDesign].Value)
	require.Equal(t, domain.JudgeKindOffline, first.Assessor.Kind)

	st, err := c.storeForTest()
	require.NoError(t, err)
	stored, err := st.AppraisalsForEvidence(ctx, []string{first.Document.Key})
	require.NoError(t, err)
	want, err := json.Marshal(first)
	require.NoError(t, err)
	got, err := json.Marshal(stored[first.Document.Key])
	require.NoError(t, err)
	require.JSONEq(t, string(want), string(got), "the appraisal is kept under the text's key")

	again, err := c.Commands.AppraiseText(ctx, "  "+ev.Citation.Title+"\n", ev.Content, runs.JudgeChoice{})
	require.NoError(t, err)
	require.Equal(t, first.Document, again.Document, "the same text is the same document")

	cases := []struct {
		name, title, text, want string
	}{
		{"empty", "A title", " \n\t", "empty"},
		{"too large", "", strings.Repeat("x", MaxAppraisalText+1), "the text to appraise is 1.0 MiB, more than the 1 MiB an appraisal reads"},
		{"a title tips it over", strings.Repeat("t", 10), strings.Repeat("x", MaxAppraisalText-5), "more than the 1 MiB"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := c.Commands.AppraiseText(ctx, tc.title, tc.text, runs.JudgeChoice{})
			require.Error(t, err)
			require.Equal(t, domain.CodeInvalid, domain.CodeOf(err))
			require.Contains(t, domain.SafeMessage(err), tc.want)
		})
	}
}

func TestAppraiseLibraryAndPMIDValidation(t *testing.T) {
	c := openTestContainer(t)
	ctx := context.Background()
	st, err := c.storeForTest()
	require.NoError(t, err)
	ev := trialEvidence("2002")
	ev.Citation.Source = domain.SourceLibrary
	id, _, err := st.UpsertLibraryRecord(ctx, ev)
	require.NoError(t, err)

	ap, err := c.Commands.AppraiseLibrary(ctx, id, runs.JudgeChoice{})
	require.NoError(t, err)
	require.Equal(t, "pmid:2002", ap.Document.Key)
	require.Equal(t, "double", ap.Findings[appraisal.FindingBlinding].Value)

	for _, tc := range []struct {
		id   int64
		code domain.Code
	}{{0, domain.CodeInvalid}, {-3, domain.CodeInvalid}, {id + 1, domain.CodeNotFound}} {
		_, err := c.Commands.AppraiseLibrary(ctx, tc.id, runs.JudgeChoice{})
		require.Equal(t, tc.code, domain.CodeOf(err), tc.id)
	}
	_, err = c.Commands.AppraisePaper(ctx, PaperRequest{PMID: "10.1000/not-a-pmid"}, runs.JudgeChoice{})
	require.Equal(t, domain.CodeInvalid, domain.CodeOf(err))
}

func TestParsePMID(t *testing.T) {
	cases := []struct {
		in   string
		want string
		ok   bool
	}{
		{"27797938", "27797938", true},
		{" pmid:27797938 ", "27797938", true},
		{"PMID: 27797938", "27797938", true},
		{"PMID 0042", "42", true},
		{"0", "", false},
		{"pmc123", "", false},
		{"12ab", "", false},
		{"1234567890", "", false},
		{"", "", false},
	}
	for _, tc := range cases {
		got, ok := parsePMID(tc.in)
		require.Equal(t, tc.ok, ok, tc.in)
		require.Equal(t, tc.want, got, tc.in)
	}
}

func TestCalibrateResolvesLibraryAndStoredEvidence(t *testing.T) {
	c := openTestContainer(t)
	ctx := context.Background()
	st, err := c.storeForTest()
	require.NoError(t, err)
	lib := trialEvidence("")
	lib.Citation.PMID, lib.Citation.DOI, lib.Citation.Source = "", "10.1000/lib.1", domain.SourceLibrary
	libID, _, err := st.UpsertLibraryRecord(ctx, lib)
	require.NoError(t, err)
	stored := domain.Evidence{
		Content:  "We followed 4,000 older adults for ten years in a prospective cohort and recorded incident dementia among statin users and non-users, adjusting for age, sex and vascular risk factors.",
		Citation: domain.Citation{Source: domain.SourceEuropePMC, DOI: "10.1000/cohort.7", Title: "Statin use and dementia: a prospective cohort study"},
	}
	_, err = st.UpsertEvidence(ctx, []domain.Evidence{stored})
	require.NoError(t, err)

	gold := "document,item,label\n" +
		"library:" + strconv.FormatInt(libID, 10) + ",randomized,yes\n" +
		"library:" + strconv.FormatInt(libID, 10) + ",blinding,double\n" +
		"doi:10.1000/cohort.7,randomized,no\n" +
		"\"Patients were randomised to two arms in an open-label design.\",randomized,yes\n"
	rep, err := c.Commands.Calibrate(ctx, strings.NewReader(gold), runs.JudgeChoice{})
	require.NoError(t, err)
	require.Len(t, rep.Items, 2)
	require.Equal(t, "blinding", rep.Items[0].Item)
	require.Equal(t, 1, rep.Items[0].Agree)
	require.Equal(t, "randomized", rep.Items[1].Item)
	require.Equal(t, 3, rep.Items[1].N)
	require.Equal(t, 3, rep.Items[1].Agree, "%v", rep.Items[1].Disagreements)

	cases := []struct {
		name, gold, want string
		code             domain.Code
	}{
		{"missing library record", "library:" + strconv.FormatInt(libID+5, 10) + ",randomized,yes\n", "gold row 1: library record", domain.CodeNotFound},
		{"evidence never stored", "doi:10.1000/unknown,randomized,no\n", "gold row 1: evidence doi:10.1000/unknown not found", domain.CodeNotFound},
		{"an id that means nothing", "document,item,label\nPMC-12,randomized,no\n", `gold row 1: document "PMC-12" is neither text nor an id`, domain.CodeInvalid},
		{"unknown item", "\"Patients were randomised to two arms in an open-label design.\",colour,blue\n", `unknown item "colour"`, domain.CodeInvalid},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := c.Commands.Calibrate(ctx, strings.NewReader(tc.gold), runs.JudgeChoice{})
			require.Error(t, err)
			require.Contains(t, domain.SafeMessage(err), tc.want)
			require.Equal(t, tc.code, domain.CodeOf(err))
		})
	}
}

// BenchmarkAppraiseText measures `appraise --text-file` behind the CLI: rules, offline
// rubric and the SQLite cache write for a new text (miss), and the cache read for a text
// seen before (hit).
func BenchmarkAppraiseText(b *testing.B) {
	dir := b.TempDir()
	c, err := Open(context.Background(), Options{Paths: config.PathsIn(filepath.Join(dir, "config"), filepath.Join(dir, "data")), Keyring: noKeyring{}})
	require.NoError(b, err)
	defer c.Close()
	ctx := context.Background()
	ev := trialEvidence("1")
	b.Run("miss", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if _, err := c.Commands.AppraiseText(ctx, ev.Citation.Title, ev.Content+" Run "+strconv.Itoa(i)+".", runs.JudgeChoice{Provider: domain.ProviderOffline}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("hit", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if _, err := c.Commands.AppraiseText(ctx, ev.Citation.Title, ev.Content, runs.JudgeChoice{Provider: domain.ProviderOffline}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
