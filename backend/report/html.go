package report

import (
	"html/template"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"deepcritical/backend/verify/grounding"
)

// htmlPage is the self-contained HTML export: inline CSS, no scripts, no external resources.
// html/template escapes every value by context, so evidence titles, LLM text and URLs cannot
// inject markup; non-http(s) URLs are neutralised by the template's URL filter. Parsed on
// the first export rather than when the program starts, which every start would pay for.
var htmlPage = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("report").Funcs(template.FuncMap{
		"stanceNoQuote":         stanceNoQuote,
		"byRuleNote":            func() string { return byRuleNote },
		"judgeAnswerLabel":      func() string { return judgeAnswerLabel },
		"candidateExcludedNote": func() string { return candidateExcludedNote },
		"findingExcludedNote":   func() string { return findingExcludedNote },
		"trimPrefix":            strings.TrimPrefix,
		"outcomeWords":          outcomeWords,
		"pct":                   func(f float64) string { return strconv.FormatFloat(f*100, 'f', 0, 64) + "%" },
		"cites":                 citeLinks,
		"candidateCites": func(c Candidate) template.HTML {
			c.Stances = slices.Clone(c.Stances)
			for i, l := range c.Stances {
				c.Stances[i] = template.HTMLEscapeString(l)
			}
			return template.HTML(candidateCitations(c, func(n int) string {
				s := strconv.Itoa(n)
				return `<a href="#ref-` + s + `">[` + s + `]</a>`
			}))
		},
		"prose": proseWithCites,
		"yesno": yesNo,
		// httpURL drops anything but http(s) links, so a javascript: or file: URL from a
		// source is shown nowhere as a link.
		"httpURL": func(u string) string {
			if strings.HasPrefix(u, "https://") || strings.HasPrefix(u, "http://") {
				return u
			}
			return ""
		},
		"date": func(r Report) string { return r.GeneratedAt.Format("2006-01-02 15:04 UTC") },
	}).Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>DeepCritical report — {{.Question}}</title>
<style>
body{font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2430;max-width:62rem;margin:2rem auto;padding:0 1.25rem;background:#fff}
h1{font-size:1.6rem;margin-bottom:.2rem}h2{font-size:1.25rem;border-bottom:1px solid #dde3ea;padding-bottom:.25rem;margin-top:2rem}
.disclaimer{background:#fff4e5;border-left:4px solid #f0a020;padding:.5rem .8rem;margin:1rem 0}
.status{display:inline-block;padding:.1rem .55rem;border-radius:1rem;font-size:.85rem;font-weight:600;background:#e8edf3}
.status.verified{background:#e3f5e8;color:#1c6b33}.status.failed{background:#fde7e7;color:#9b1c1c}.status.unverified{background:#fff0d6;color:#8a5300}
.flag{color:#9b1c1c;font-weight:600}.warn{background:#fde7e7;border-left:4px solid #c53030;padding:.5rem .8rem}
.note{color:#5a6677;font-style:italic}table{border-collapse:collapse;width:100%;font-size:.88rem}
th,td{border:1px solid #dde3ea;padding:.3rem .45rem;text-align:left;vertical-align:top}th{background:#f3f6f9}
td.num{text-align:right;white-space:nowrap}ol.refs li{margin-bottom:.35rem}a{color:#1f5fa8}
.scores td:first-child{width:14rem}footer{margin-top:2.5rem;color:#5a6677;font-size:.85rem}
</style>
</head>
<body>
<header>
<h1>DeepCritical research report</h1>
<p class="disclaimer">{{.Disclaimer}}</p>
</header>
<section><h2>Question</h2><p>{{.Question}}</p>
{{if .Understood}}<p class="note">Understood as: {{.Understood}}</p>{{end}}
<p><span class="status {{.Status}}">{{.Status}}</span>{{if .Partial}} <span class="status">partial synthesis</span>{{end}}</p>
<p><strong>Stop rule:</strong> {{.StopRule}}</p>
{{if .Outcome}}<p><strong>Outcome:</strong> {{.Outcome}}</p>{{end}}</section>
<section><h2>Limitations</h2>
{{if .Limitations}}<ul class="limitations">{{range .Limitations}}<li class="warn" data-kind="{{.Kind}}">⚠ {{.Text}}</li>{{end}}</ul>{{else}}<p>No source failed, the judge answered, and no evidence was set aside.</p>{{end}}
</section>
{{if .Answer}}<section><h2>Answer</h2><p><strong>{{.Answer}}</strong></p>
{{if .JudgeAnswer}}<p class="note">{{judgeAnswerLabel}}: {{.JudgeAnswer}}</p>{{end}}
{{if .Stances}}<ul class="stances">{{range .Stances}}<li data-stance="{{.Stance}}">[{{.N}}] {{.Label}}{{if .Quote}} — “{{.Quote}}”{{if not .QuoteVerified}} <span class="warn">⚠ quote not found verbatim in the evidence</span>{{end}}{{else}} — {{stanceNoQuote .StudyStance}}{{end}}{{if .ByRule}} <span class="warn">({{byRuleNote}})</span>{{end}}{{if .Review}} — <strong>{{.Review}}</strong>{{end}}</li>{{end}}</ul>{{end}}
</section>{{end}}
<section><h2>Summary</h2><p>{{prose .Summary}}</p><p class="note">{{.SummaryNote}}</p></section>
<section><h2>Drug candidates</h2>
{{if .Candidates}}<ol>{{range .Candidates}}<li><strong>{{.Name}}</strong> — {{if .Flagged}}<span class="flag">⚠ UNSUPPORTED: not found in the on-topic evidence</span>{{else}}named in {{candidateCites .}}{{if .Excluded}} — <span class="flag">{{candidateExcludedNote}}</span>{{end}}{{end}}</li>{{end}}</ol>{{else}}<p>No drug candidates were identified.</p>{{end}}
</section>
<section><h2>Key findings</h2>
{{if .Findings}}<ul>{{range .Findings}}<li>{{.Text}} {{if .Flagged}}<span class="flag">⚠ UNSUPPORTED: no stored evidence states this</span>{{else}}{{cites .Citations}}{{if .Excluded}} — <span class="flag">{{findingExcludedNote}}</span>{{end}}{{end}}</li>{{end}}</ul>{{else}}<p>No key findings were reported.</p>{{end}}
</section>
<section><h2>Assessment</h2>
{{if .HasAssessment}}<table class="scores">
<tr><td>Mechanism score</td><td>{{.Scores.Mechanism}}/10</td></tr>
<tr><td>Clinical evidence score</td><td>{{.Scores.Clinical}}/10</td></tr>
<tr><td>Confidence</td><td>{{pct .Scores.Confidence}}</td></tr>
<tr><td>Sufficient</td><td>{{yesno .Scores.Sufficient}}</td></tr>
<tr><td>Recommendation</td><td>{{.Scores.Recommendation}}</td></tr>
</table>
<p><strong>Mechanism:</strong> {{prose .Scores.MechanismReasoning}}</p>
<p><strong>Clinical evidence:</strong> {{prose .Scores.ClinicalReasoning}}</p>
<h3>Judge's reasoning</h3><p>{{prose .Reasoning}}</p>{{else}}<p>No assessment was made.</p>{{end}}
{{if .RedFlags}}<h3>Red flags</h3><ul>{{range .RedFlags}}<li>{{.}}</li>{{end}}</ul>{{end}}
</section>
<section><h2>Judge</h2><p>{{.Judge.Label}}: provider <code>{{.Judge.Provider}}</code>, model <code>{{.Judge.Model}}</code>, kind <code>{{.Judge.Kind}}</code>.</p>
{{if .Judge.Warning}}<p class="warn">⚠ {{.Judge.Warning}}.</p>{{end}}</section>
{{if .Rejudgements}}<section><h2>Re-judgements</h2><table><thead><tr><th>Judge</th><th>Date</th><th>Mechanism</th><th>Clinical</th><th>Sufficient</th><th>Candidates</th><th>Differences from the run's verdict</th></tr></thead><tbody>
{{range .Rejudgements}}<tr data-label="{{.Label}}"><td>{{.Judge}}</td><td>{{.Date}}</td><td>{{.Mechanism}}/10</td><td>{{.Clinical}}/10</td><td>{{if .Sufficient}}yes{{else}}no{{end}}</td><td>{{if .Candidates}}{{range $i, $c := .Candidates}}{{if $i}}, {{end}}{{$c}}{{end}}{{else}}none{{end}}</td><td>{{.Differences}}</td></tr>
{{end}}</tbody></table></section>{{end}}{{with .Review}}
<section><h2>Reviewer's decisions</h2>{{if .Verdict}}<p><strong>Verdict:</strong> {{.Verdict}}</p>{{end}}
{{if .Papers}}<ul class="review">{{range .Papers}}<li>{{.}}</li>{{end}}</ul>{{end}}<p>{{.Agreement}}.</p>{{if .ComponentsWords}}<p>{{.ComponentsWords}}.</p>{{end}}
<p class="note">Trail (every decision, oldest first, none overwritten):</p><ul class="trail">{{range .Trail}}<li>{{.CreatedAt.UTC.Format "2006-01-02 15:04 UTC"}} — {{.Author}} — {{.Decision}} {{if .Paper}}[{{.Paper}}]{{else}}verdict{{end}}{{if .Component}} {{.Component}}{{end}}{{if .Reason}} ({{.Reason}}){{end}}{{if .Note}}: {{.Note}}{{end}}</li>{{end}}</ul></section>{{end}}
<section><h2>Verification</h2>
{{with .Verification}}{{if eq .Status "verified"}}<p>✔ Verified: every drug candidate and key finding is matched to stored evidence and every citation resolves.{{else if eq .Status "failed"}}<p class="warn">✘ Verification FAILED.{{else}}<p class="warn">⚠ UNVERIFIED: the report could not be verified{{if .Error}} ({{.Error}}){{end}}.{{end}}{{with .Verdict}} {{.Reason}}{{end}}</p>
{{with .Verdict}}{{if .MissingItems}}<ul>{{range .MissingItems}}<li class="flag">⚠ {{.}}</li>{{end}}</ul>{{end}}{{end}}{{else}}<p>Not verified yet (draft).</p>{{end}}
</section>
<section><h2>Evidence</h2>
{{if .Rows}}<table><thead><tr><th>#</th><th>Source</th><th>Year</th><th>Design</th><th>Quality</th><th>Risk of bias</th><th>Text read</th><th>Registry / phase / status</th><th>Title</th></tr></thead><tbody>
{{range .Rows}}<tr id="row-{{.N}}"><td class="num">{{.N}}</td><td>{{.Source}}</td><td>{{.Year}}</td><td>{{.Design}}</td><td>{{.Quality}}</td><td>{{.RiskOfBias}}</td><td>{{if .Read}}{{.Read}}{{else}}—{{end}}</td><td>{{.Trial}}</td><td>{{if .Retracted}}<span class="flag">RETRACTED</span> {{end}}{{if .Review}}<span class="flag">{{.ReviewBy}}</span>{{trimPrefix .Review .ReviewBy}} — {{else if .OffTopic}}<span class="flag" title="{{.OffTopicReason}}">OFF-TOPIC</span> {{end}}{{.Title}}</td></tr>
{{end}}</tbody></table>{{else if .CutSearch}}<p>No evidence was stored before the run stopped.</p>{{else}}<p>No evidence was found.</p>{{end}}
</section>{{if .Studies}}
<section><h2>Studies: registry entries and their reports</h2><ul>{{range .Studies}}<li><strong>{{.NCTID}}</strong>: {{if .Registry}}registry entry <a href="#row-{{.Registry}}">[{{.Registry}}]</a>{{else}}registry entry not among the evidence{{end}}; reported by {{range $i, $n := .Reports}}{{if $i}}, {{end}}<a href="#row-{{$n}}">[{{$n}}]</a>{{end}}{{if .Flagged}} — <span class="flag">⚑ {{.Flagged}} registered primary outcome(s) not reported</span>{{end}}
{{if .Outcomes}}<ul>{{range $o := .Outcomes}}{{if .ArticlePrimary}}<li>[{{.Report}}] names as its primary outcome: “{{.ArticlePrimary}}”</li>{{end}}{{range .Checks}}<li>registered primary outcome “{{.Registered.Measure}}” — [{{$o.Report}}] {{outcomeWords . $o.FullText}}{{if .Quote}}: “{{.Quote}}”{{end}}</li>{{end}}{{end}}</ul>{{end}}</li>{{end}}</ul></section>{{end}}{{if .Appraisals}}
<section><h2>Appraisals</h2>{{range .Appraisals}}<h3>[{{.N}}] {{.Title}}</h3><p class="note">Appraised by: {{.AssessedBy}} · {{.Read}}</p>{{range .Dimensions}}<p><strong>{{.Name}}: {{.Score}}</strong></p>{{if .Components}}<ul>{{range .Components}}<li>{{.Name}}: {{.Points}}{{if .Risk}} ({{.Risk}}){{end}}{{if .Value}} — {{.Value}}{{end}}{{if .Quote}} — “{{.Quote}}” ({{if .Verified}}verified{{else}}<span class="warn">⚠ not verified</span>{{end}}){{end}}{{if .Reviewer}} — reviewer: {{.Reviewer}}{{end}}</li>{{end}}</ul>{{end}}{{end}}{{end}}</section>{{end}}
<section><h2>References</h2><ol class="refs">
{{range .Rows}}<li id="ref-{{.N}}">{{.Reference}}{{with httpURL .URL}} <a href="{{.}}" rel="noopener noreferrer">{{.}}</a>{{end}}</li>
{{end}}</ol></section>
<footer><p>{{.Disclaimer}} Run <code>{{.RunID}}</code>, generated {{date .}}.</p></footer>
</body>
</html>
`))
})

func writeHTML(w io.Writer, r Report) error { return htmlPage().Execute(w, r) }

// citeLinks renders evidence numbers as links to the references, building the markup from
// integers only.
func citeLinks(ns []int) template.HTML {
	parts := make([]string, 0, len(ns))
	for _, n := range grounding.Unique(ns) {
		s := strconv.Itoa(n)
		parts = append(parts, `<a href="#ref-`+s+`">[`+s+`]</a>`)
	}
	return template.HTML(strings.Join(parts, ", "))
}

var citeInProse = regexp.MustCompile(`\[(\d{1,4})\]`)

// proseWithCites escapes untrusted prose (LLM narrative, reasoning) and then turns the
// escaped "[n]" references into links; the escaping happens first, so only digits we matched
// ourselves become markup.
func proseWithCites(s string) template.HTML {
	esc := template.HTMLEscapeString(oneLine(s))
	return template.HTML(citeInProse.ReplaceAllString(esc, `<a href="#ref-$1">[$1]</a>`))
}
