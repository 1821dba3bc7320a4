package cli

import (
	"context"
	"deepcritical/internal/sharedtest"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/appraisal"
	"deepcritical/backend/domain"
	"deepcritical/backend/store"
)

// sharedFixture returns the path of a recorded response under <repo root>/../shared/fixtures,
// skipping the test when the shared folder is absent.
func sharedFixture(t *testing.T, parts ...string) string {
	t.Helper()
	return sharedtest.Path(t, append([]string{"fixtures"}, parts...)...)
}

func decodeAppraisal(t *testing.T, stdout string) domain.Appraisal {
	t.Helper()
	var ap domain.Appraisal
	require.NoError(t, json.Unmarshal([]byte(stdout), &ap), stdout)
	return ap
}

func dimension(t *testing.T, ap domain.Appraisal, name domain.DimensionName) domain.Dimension {
	t.Helper()
	for _, d := range ap.Dimensions {
		if d.Name == name {
			return d
		}
	}
	t.Fatalf("no %s dimension in %+v", name, ap.Dimensions)
	return domain.Dimension{}
}

func readTestdata(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	require.NoError(t, err)
	return string(b)
}

func TestAppraiseTextFileOffline(t *testing.T) {
	isolate(t)
	cases := []struct {
		name     string
		file     string
		design   string
		assessed bool
		reason   string
		findings map[string]any
	}{
		{
			name: "randomised trial", file: "appraise_rct.txt", design: "rct", assessed: true,
			findings: map[string]any{
				appraisal.FindingRandomized: true, appraisal.FindingRandomizationMethod: "computer_generated",
				appraisal.FindingBlinding: "double", appraisal.FindingAllocationConcealing: "concealed",
				appraisal.FindingITT: "itt", appraisal.FindingSampleSize: 240.0, appraisal.FindingAttrition: 0.075,
			},
		},
		{
			name: "case report", file: "appraise_case_report.txt", design: "case_report", assessed: false,
			reason: `design "case_report" has no randomisation, blinding or attrition to score`,
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join("testdata", tc.file)
			text := readTestdata(t, tc.file)
			code, stdout, stderr := runCLI(t, "appraise", "--text-file", path, "--json")
			require.Equal(t, exitOK, code, stderr)
			ap := decodeAppraisal(t, stdout)

			require.Equal(t, domain.JudgeKindOffline, ap.Assessor.Kind)
			require.Equal(t, domain.ProviderOffline, ap.Assessor.Provider)
			require.Equal(t, strings.SplitN(text, "\n", 2)[0], ap.Document.Title, "the first line is the title")
			require.True(t, strings.HasPrefix(ap.Document.Key, "text:"))
			require.Equal(t, tc.design, ap.Findings[appraisal.FindingDesign].Value)
			for name, want := range tc.findings {
				f, ok := ap.Findings[name]
				require.True(t, ok, name)
				require.Equal(t, want, f.Value, name)
				require.NotEmpty(t, f.Quote, name)
			}
			for name, f := range ap.Findings {
				if f.Quote != "" {
					require.Contains(t, text, f.Quote, "finding %s quotes the text verbatim", name)
				}
			}
			require.Len(t, ap.Dimensions, 2)
			for _, name := range []domain.DimensionName{domain.DimensionQuality, domain.DimensionRiskOfBias} {
				d := dimension(t, ap, name)
				require.NoError(t, d.Validate())
				if !tc.assessed {
					require.Equal(t, domain.StatusNotAssessed, d.Status)
					require.Zero(t, d.Score, "no invented neutral score")
					require.Contains(t, d.Error, tc.reason)
					continue
				}
				require.Equal(t, domain.StatusAssessed, d.Status)
				require.NotEmpty(t, d.Details)
				for _, c := range d.Details {
					if c.Evidence != "" {
						require.True(t, c.QuoteVerified, c.Component)
						require.Contains(t, text, c.Evidence)
					}
				}
			}

			code, human, stderr := runCLI(t, "appraise", "--text-file", path)
			require.Equal(t, exitOK, code, stderr)
			require.Contains(t, human, "offline rule-based rubric (no LLM")
			require.Contains(t, human, "Methodological quality")
			require.Contains(t, human, "Risk of bias")
			if tc.assessed {
				require.Contains(t, human, "“Allocation was concealed by a central web-based randomisation service.”")
				require.Contains(t, human, "[quote verified]")
				require.Contains(t, human, "7.5% lost to follow-up")
			} else {
				require.Contains(t, human, "NOT ASSESSED — ")
				require.Contains(t, human, tc.reason)
			}
		})
	}
}

// fakePubMed serves efetch from a recorded PubMed response when the request names pmid and
// an empty article set otherwise, counting requests.
func fakePubMed(t *testing.T, pmid, recording string) (*httptest.Server, *atomic.Int64) {
	t.Helper()
	body, err := os.ReadFile(recording)
	require.NoError(t, err)
	var hits atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		if r.URL.Path != "/efetch.fcgi" {
			http.NotFound(w, r)
			return
		}
		require.NoError(t, r.ParseForm())
		w.Header().Set("Content-Type", "text/xml; charset=UTF-8")
		if !slices.Contains(strings.Split(r.Form.Get("id"), ","), pmid) {
			io.WriteString(w, `<?xml version="1.0" ?><PubmedArticleSet></PubmedArticleSet>`)
			return
		}
		w.Write(body)
	}))
	t.Cleanup(srv.Close)
	return srv, &hits
}

func TestAppraisePMIDFromPubMed(t *testing.T) {
	isolate(t)
	rec := sharedFixture(t, "ncbi", "biopython_pubmed4.xml")
	srv, hits := fakePubMed(t, "27797938", rec)
	t.Setenv("DEEPCRITICAL_PUBMED_URL", srv.URL)

	// The record has a PMCID; --abstract-only reads its abstract and asks no full-text service.
	code, stdout, stderr := runCLI(t, "appraise", "--pmid", "27797938", "--abstract-only", "--json")
	require.Equal(t, exitOK, code, stderr)
	ap := decodeAppraisal(t, stdout)
	require.Equal(t, "pmid:27797938", ap.Document.Key)
	require.False(t, ap.Document.FullText)
	require.Equal(t, domain.FullTextAbstract, ap.Document.Source)
	require.Equal(t, "Leucocyte telomere length, genetic variants at the TERT gene region and risk of pancreatic cancer.", ap.Document.Title)
	require.Equal(t, int64(1), hits.Load(), "one efetch")
	require.Contains(t, ap.Findings, appraisal.FindingDesign)
	require.NotEqual(t, "rct", ap.Findings[appraisal.FindingDesign].Value, "an observational study (publication type) is not an RCT")
	require.Len(t, ap.Dimensions, 2)
	for _, d := range ap.Dimensions {
		require.NoError(t, d.Validate())
	}

	cases := []struct {
		name string
		pmid string
		code int
		want string
	}{
		{"unknown PMID", "11111111", exitFail, "PubMed returned no record for PMID 11111111"},
		{"not a PMID", "abc", exitFail, `"abc" is not a PMID`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := runCLI(t, "appraise", "--pmid", tc.pmid)
			require.Equal(t, tc.code, code)
			require.Contains(t, stderr, tc.want)
		})
	}
}

func TestAppraiseLibraryRecord(t *testing.T) {
	paths := isolate(t)
	ctx := context.Background()
	st, err := store.Open(ctx, paths.DatabaseFile)
	require.NoError(t, err)
	lines := strings.SplitN(readTestdata(t, "appraise_rct.txt"), "\n", 2)
	id, _, err := st.UpsertLibraryRecord(ctx, domain.Evidence{Content: strings.TrimSpace(lines[1]),
		Citation: domain.Citation{Source: domain.SourceLibrary, Title: lines[0], DOI: "10.1000/drugx.2024.1"}})
	require.NoError(t, err)
	require.NoError(t, st.Close())

	code, stdout, stderr := runCLI(t, "appraise", "--library-id", strconv.FormatInt(id, 10), "--json")
	require.Equal(t, exitOK, code, stderr)
	ap := decodeAppraisal(t, stdout)
	require.Equal(t, "doi:10.1000/drugx.2024.1", ap.Document.Key)
	require.Equal(t, "rct", ap.Findings[appraisal.FindingDesign].Value)
	require.Equal(t, domain.StatusAssessed, dimension(t, ap, domain.DimensionQuality).Status)

	code, _, stderr = runCLI(t, "appraise", "--library-id", strconv.FormatInt(id+100, 10))
	require.Equal(t, exitFail, code)
	require.Contains(t, stderr, "not found")
}

// plantedQuote is the fabricated sentence the fake judge cites for allocation concealment:
// it reads like the paper but is nowhere in it.
const plantedQuote = "Allocation was concealed using sealed opaque envelopes held by the trial pharmacist."

// fakeJudge is an OpenAI-compatible chat server that answers the appraisal schema with
// quotes from appraise_rct.txt, except for allocation concealment, where it cites
// plantedQuote. It counts chat calls.
func fakeJudge(t *testing.T) (*httptest.Server, *atomic.Int64) {
	t.Helper()
	var calls atomic.Int64
	comp := func(score float64, quote, why string) map[string]any {
		return map[string]any{"score": score, "evidence": quote, "reasoning": why}
	}
	quality := map[string]any{
		"randomization":            comp(2, "randomly assigned 1:1 to drug X or placebo using a computer-generated sequence with permuted blocks", "Computer-generated sequence."),
		"blinding":                 comp(2, "Participants, investigators and outcome assessors were masked to treatment allocation.", "Double-blind at least."),
		"allocation_concealment":   comp(1.5, plantedQuote, "Sealed envelopes."),
		"protocol_preregistration": comp(1.5, "The trial is registered with ClinicalTrials.gov, NCT01234567.", "Registered."),
		"itt_analysis":             comp(1, "Analyses followed the intention-to-treat principle.", "ITT stated."),
		"attrition_handling":       map[string]any{"score": 1, "evidence": "18 (7.5%) withdrew before 12 months", "reasoning": "Low attrition.", "attrition_rate": 0.075},
	}
	rob := map[string]any{}
	for name, quote := range map[string]string{
		"selection_bias":   "Allocation was concealed by a central web-based randomisation service.",
		"performance_bias": "Participants, investigators and outcome assessors were masked to treatment allocation.",
		"detection_bias":   "outcome assessors were masked to treatment allocation",
		"reporting_bias":   "The trial is registered with ClinicalTrials.gov, NCT01234567.",
	} {
		rob[name] = map[string]any{"score": 2.5, "risk_level": "low", "evidence": quote, "reasoning": "Low risk."}
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/v1/chat/completions" {
			http.NotFound(w, r)
			return
		}
		calls.Add(1)
		body, err := io.ReadAll(r.Body)
		require.NoError(t, err)
		var req struct {
			Model string `json:"model"`
		}
		require.NoError(t, json.Unmarshal(body, &req))
		// One call answers both dimensions (the appraisal schema holds one object per dimension).
		content, err := json.Marshal(map[string]any{"methodological_quality": quality, "risk_of_bias": rob})
		require.NoError(t, err)
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{
			"id": "chatcmpl-test", "object": "chat.completion", "created": time.Now().Unix(), "model": req.Model,
			"choices": []any{map[string]any{"index": 0, "finish_reason": "stop",
				"message": map[string]any{"role": "assistant", "content": string(content)}}},
			"usage": map[string]any{"prompt_tokens": 900, "completion_tokens": 300, "total_tokens": 1200},
		})
	}))
	t.Cleanup(srv.Close)
	return srv, &calls
}

// A judge that cannot answer is refused in one line and exit 1, as `research` and `judge`
// refuse it; a text too short to score is appraised by the rules alone, and the appraisal
// says no model was asked.
func TestAppraiseWithAJudgeThatCannotAnswer(t *testing.T) {
	isolate(t)
	t.Setenv("DEEPCRITICAL_CLI_JUDGE", "no-such-judge-binary -p")
	path := filepath.Join("testdata", "appraise_rct.txt")
	code, stdout, stderr := runCLI(t, "appraise", "--text-file", path, "--judge", "cli")
	require.Equal(t, exitFail, code, stdout)
	require.Equal(t, 1, strings.Count(strings.TrimSpace(stderr), "\n")+1, stderr)
	require.Contains(t, stderr, `the CLI judge "no-such-judge-binary" was not found on PATH`)

	srv, calls := fakeJudge(t)
	t.Setenv("DEEPCRITICAL_COMPAT_BASE_URL", srv.URL+"/v1")
	short := filepath.Join(t.TempDir(), "short.txt")
	require.NoError(t, os.WriteFile(short, []byte("A trial\nWe randomised 20 patients.\n"), 0o644))
	code, stdout, stderr = runCLI(t, "appraise", "--text-file", short, "--judge", "compatible", "--model", "fake-judge")
	require.Equal(t, exitOK, code, stderr)
	require.Zero(t, calls.Load())
	require.Contains(t, stdout, "rule findings only: compatible/fake-judge was not asked")
	require.NotContains(t, stdout, "LLM compatible")
}

func TestAppraiseWithFakeJudgeFlagsPlantedQuote(t *testing.T) {
	isolate(t)
	srv, calls := fakeJudge(t)
	t.Setenv("DEEPCRITICAL_COMPAT_BASE_URL", srv.URL+"/v1")
	path := filepath.Join("testdata", "appraise_rct.txt")

	code, stdout, stderr := runCLI(t, "appraise", "--text-file", path, "--judge", "compatible", "--model", "fake-judge", "--json")
	require.Equal(t, exitOK, code, stderr)
	ap := decodeAppraisal(t, stdout)
	require.Equal(t, domain.JudgeKindLLM, ap.Assessor.Kind)
	require.Equal(t, domain.ProviderCompatible, ap.Assessor.Provider)
	require.Equal(t, "fake-judge", ap.Assessor.Model)
	require.Equal(t, int64(1), calls.Load(), "one call for both dimensions")

	q := dimension(t, ap, domain.DimensionQuality)
	require.Equal(t, domain.StatusAssessed, q.Status)
	for _, c := range q.Details {
		if c.Component == "allocation_concealment" {
			require.False(t, c.QuoteVerified, "the planted quote is not in the text")
			require.Equal(t, plantedQuote, c.Evidence)
			require.Equal(t, 0.75, c.Contribution, "an unverified quote halves the contribution")
			require.Contains(t, c.Reasoning, "quote not verified: not found in the paper")
			continue
		}
		require.True(t, c.QuoteVerified, c.Component)
	}
	// 2 + 2 + 0.75 + 1.5 + 1 + 1 = 8.25 of 10.
	require.InDelta(t, 8.25, q.Score, 0.01)
	rob := dimension(t, ap, domain.DimensionRiskOfBias)
	require.Equal(t, domain.StatusAssessed, rob.Status)
	for _, c := range rob.Details {
		require.True(t, c.QuoteVerified, c.Component)
	}

	code, human, stderr := runCLI(t, "appraise", "--text-file", path, "--judge", "compatible", "--model", "fake-judge")
	require.Equal(t, exitOK, code, stderr)
	require.Equal(t, int64(1), calls.Load(), "the same paper, judge and model come from the cache")
	require.Contains(t, human, "LLM compatible/fake-judge")
	require.Contains(t, human, "QUOTE NOT VERIFIED: not found in the paper")
	require.Contains(t, human, plantedQuote)

	code, human, stderr = runCLI(t, "appraise", "calibrate", "--gold", filepath.Join("testdata", "appraise_gold.csv"), "--judge", "compatible", "--model", "fake-judge")
	require.Equal(t, exitOK, code, stderr)
	require.Contains(t, human, "LLM compatible/fake-judge")
	require.Contains(t, human, "Note: every item is a rule-based finding, which fake-judge does not change")
}

// compatibleJudgeRefusing points the compatible judge at a server that answers every call
// as OpenAI does a bad key (HTTP 401).
func compatibleJudgeRefusing(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusUnauthorized)
		io.WriteString(w, `{"error":{"message":"invalid api key","type":"invalid_request_error"}}`)
	}))
	t.Cleanup(srv.Close)
	t.Setenv("DEEPCRITICAL_COMPAT_BASE_URL", srv.URL+"/v1")
}

func TestAppraiseFakeJudgeDownIsNotAssessedWithReason(t *testing.T) {
	isolate(t)
	compatibleJudgeRefusing(t)

	code, stdout, stderr := runCLI(t, "appraise", "--text-file", filepath.Join("testdata", "appraise_rct.txt"), "--judge", "compatible", "--model", "fake-judge", "--json")
	require.Equal(t, exitOK, code, stderr)
	ap := decodeAppraisal(t, stdout)
	require.Equal(t, domain.JudgeKindFallback, ap.Assessor.Kind)
	require.Contains(t, stderr, "could not assess this paper")
	for _, d := range ap.Dimensions {
		require.Equal(t, domain.StatusNotAssessed, d.Status)
		require.Zero(t, d.Score)
		require.Contains(t, d.Error, "LLM assessment failed")
	}
	require.Equal(t, "rct", ap.Findings[appraisal.FindingDesign].Value, "the rule findings stand without the LLM")
}

func TestAppraiseUsageErrorsExit2(t *testing.T) {
	isolate(t)
	rct := filepath.Join("testdata", "appraise_rct.txt")
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"no source", []string{"appraise"}, "exactly one of --text-file, --pdf, --pmid, --pmcid or --library-id"},
		{"two sources", []string{"appraise", "--text-file", rct, "--pmid", "1"}, "exactly one of"},
		{"three sources", []string{"appraise", "--text-file", rct, "--pmid", "1", "--library-id", "2"}, "exactly one of"},
		{"bad library id", []string{"appraise", "--library-id", "x7"}, "--library-id must be a positive number"},
		{"zero library id", []string{"appraise", "--library-id", "0"}, "--library-id must be a positive number"},
		{"unknown judge", []string{"appraise", "--text-file", rct, "--judge", "skynet"}, "--judge"},
		{"gold without calibrate", []string{"appraise", "--gold", "g.csv"}, "--gold and --run belong to 'appraise calibrate'"},
		{"unknown subcommand", []string{"appraise", "frob"}, `unknown subcommand "frob"`},
		{"calibrate without gold", []string{"appraise", "calibrate"}, "needs --gold"},
		{"calibrate with a source", []string{"appraise", "calibrate", "--gold", "g.csv", "--pmid", "1"}, "takes --gold, not"},
		{"unknown flag", []string{"appraise", "--nope"}, "flag provided but not defined"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runCLI(t, tc.args...)
			require.Equal(t, exitUsage, code, stderr)
			require.Empty(t, stdout)
			require.Contains(t, stderr, tc.want)
			require.Contains(t, stderr, "Usage:")
			require.Contains(t, stderr, "deepcritical appraise calibrate (--gold FILE.csv | --run RUN_ID)")
		})
	}
}

func TestAppraiseBadInputExit1(t *testing.T) {
	isolate(t)
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.txt")
	require.NoError(t, os.WriteFile(empty, []byte("  \n\n"), 0o600))
	binary := filepath.Join(dir, "paper.pdf")
	require.NoError(t, os.WriteFile(binary, []byte("%PDF-1.7\x00\x01\x02binary"), 0o600))
	badGold := filepath.Join(dir, "gold.csv")
	require.NoError(t, os.WriteFile(badGold, []byte("document,item,label\nonly,two\n"), 0o600))
	unresolvable := filepath.Join(dir, "ids.csv")
	require.NoError(t, os.WriteFile(unresolvable, []byte("document,item,label\nsome-paper-id,blinding,double\n"), 0o600))
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"missing file", []string{"appraise", "--text-file", filepath.Join(dir, "nope.txt")}, "cannot open the text file"},
		{"empty file", []string{"appraise", "--text-file", empty}, "is empty"},
		{"binary file", []string{"appraise", "--text-file", binary}, "binary file"},
		{"missing gold", []string{"appraise", "calibrate", "--gold", filepath.Join(dir, "nope.csv")}, "cannot open the gold file"},
		{"malformed gold", []string{"appraise", "calibrate", "--gold", badGold}, "want 3 columns"},
		{"unresolvable id", []string{"appraise", "calibrate", "--gold", unresolvable}, `gold row 1: document "some-paper-id" is neither text nor an id`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := runCLI(t, tc.args...)
			require.Equal(t, exitFail, code)
			require.Contains(t, stderr, tc.want)
			require.Equal(t, 1, strings.Count(strings.TrimSpace(stderr), "\n")+1, "a one-line reason")
		})
	}
}

func TestAppraiseCalibrateGivesExpectedKappa(t *testing.T) {
	isolate(t)
	gold := filepath.Join("testdata", "appraise_gold.csv")
	code, stdout, stderr := runCLI(t, "appraise", "calibrate", "--gold", gold, "--json")
	require.Equal(t, exitOK, code, stderr)
	var rep appraisal.CalibrationReport
	require.NoError(t, json.Unmarshal([]byte(stdout), &rep))
	require.Equal(t, domain.JudgeKindOffline, rep.Assessor.Kind)
	require.Len(t, rep.Items, 2)

	// blinding: gold double, none, unclear, double; the rules say double, none, unclear,
	// unclear (the "unlike previous double-blind trials" sentence describes other studies).
	// po = 3/4; pe = 2/4·1/4 + 1/4·1/4 + 1/4·2/4 = 5/16; κ = (0.75 − 0.3125)/(1 − 0.3125) = 0.636.
	require.Equal(t, "blinding", rep.Items[0].Item)
	require.Equal(t, 4, rep.Items[0].N)
	require.Equal(t, 3, rep.Items[0].Agree)
	require.InDelta(t, 0.75, rep.Items[0].Accuracy, 1e-9)
	require.InDelta(t, 0.636, rep.Items[0].Kappa, 1e-9)
	// randomized: gold yes, yes, no, no, no, no; the rules read the cluster-randomised
	// practice trial as randomised (the gold label there is deliberately "no").
	// po = 5/6; pe = 2/6·3/6 + 4/6·3/6 = 1/2; κ = (5/6 − 1/2)/(1/2) = 0.667.
	require.Equal(t, "randomized", rep.Items[1].Item)
	require.Equal(t, 6, rep.Items[1].N)
	require.Equal(t, 5, rep.Items[1].Agree)
	require.InDelta(t, 0.833, rep.Items[1].Accuracy, 1e-9)
	require.InDelta(t, 0.667, rep.Items[1].Kappa, 1e-9)
	require.Len(t, rep.Items[1].Disagreements, 1)
	require.Contains(t, rep.Items[1].Disagreements[0], "no → yes")

	code, human, stderr := runCLI(t, "appraise", "calibrate", "--gold", gold)
	require.Equal(t, exitOK, code, stderr)
	require.Regexp(t, `blinding\s+4\s+3\s+0\.750\s+0\.636`, human)
	require.Regexp(t, `randomized\s+6\s+5\s+0\.833\s+0\.667`, human)
	require.Contains(t, human, "Cohen's kappa")
}

func TestAppraiseCalibrateResolvesPMIDs(t *testing.T) {
	isolate(t)
	rec := sharedFixture(t, "ncbi", "biopython_pubmed4.xml")
	srv, hits := fakePubMed(t, "27797938", rec)
	t.Setenv("DEEPCRITICAL_PUBMED_URL", srv.URL)
	dir := t.TempDir()
	gold := filepath.Join(dir, "gold.csv")
	require.NoError(t, os.WriteFile(gold, []byte("document,item,label\n27797938,randomized,no\npmid:27797938,design,cohort\n"), 0o600))

	code, stdout, stderr := runCLI(t, "appraise", "calibrate", "--gold", gold, "--json")
	require.Equal(t, exitOK, code, stderr)
	require.Equal(t, int64(1), hits.Load(), "both rows name one PMID: one efetch")
	var rep appraisal.CalibrationReport
	require.NoError(t, json.Unmarshal([]byte(stdout), &rep))
	require.Len(t, rep.Items, 2)
	for _, it := range rep.Items {
		require.Equal(t, 1, it.N)
	}

	require.NoError(t, os.WriteFile(gold, []byte("document,item,label\n27797938,randomized,no\n11111111,randomized,no\n"), 0o600))
	code, _, stderr = runCLI(t, "appraise", "calibrate", "--gold", gold)
	require.Equal(t, exitFail, code)
	require.Contains(t, stderr, "PubMed returned no record for PMID 11111111 (row 2)")
}

// `appraise --pdf` reads a PDF and appraises its full text; the JSON says which text was read.
func TestAppraisePDF(t *testing.T) {
	isolate(t)
	pdf := filepath.Join("..", "pdftext", "testdata", "lithium-2col.pdf")
	code, stdout, stderr := runCLI(t, "appraise", "--pdf", pdf, "--judge", "offline", "--json")
	require.Equal(t, 0, code, stderr)
	ap := decodeAppraisal(t, stdout)
	require.Equal(t, "doi:10.1186/1756-0500-7-731", ap.Document.Key)
	require.Equal(t, domain.FullTextPDF, ap.Document.Source)
	require.True(t, ap.Document.FullText)
	require.Contains(t, ap.Findings[appraisal.FindingAllocationConcealing].Quote, "preserve allocation concealment")

	code, stdout, stderr = runCLI(t, "appraise", "--pdf", pdf, "--judge", "offline")
	require.Equal(t, 0, code, stderr)
	require.Contains(t, stdout, "Key:       doi:10.1186/1756-0500-7-731  (full text: pdf)")

	// A bad PDF is one line on stderr and exit 1; two sources at once are a usage error.
	code, _, stderr = runCLI(t, "appraise", "--pdf", filepath.Join("..", "pdftext", "testdata", "scanned.pdf"), "--judge", "offline")
	require.Equal(t, 1, code)
	require.Equal(t, 1, strings.Count(strings.TrimSpace(stderr), "\n")+1, stderr)
	require.Contains(t, stderr, "scanned.pdf has no text layer")
	code, _, stderr = runCLI(t, "appraise", "--pdf", pdf, "--pmid", "1")
	require.Equal(t, 2, code)
	require.Contains(t, stderr, "exactly one of --text-file, --pdf, --pmid, --pmcid or --library-id")
}
