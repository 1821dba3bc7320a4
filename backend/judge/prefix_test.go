package judge

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
	"deepcritical/backend/llm"
	"deepcritical/internal/sharedtest"
)

// commonPrefix is the number of leading bytes a and b share.
func commonPrefix(a, b string) int {
	n := min(len(a), len(b))
	for i := 0; i < n; i++ {
		if a[i] != b[i] {
			return i
		}
	}
	return n
}

// prefixShares simulates a run on real MEDLINE abstracts: the first iteration finds first
// records, each later one perIter new ones (one in five off-topic), and the judge is asked
// each time. It returns, for every
// iteration from the second on, the share of the prompt (system + user) byte-identical to
// a prefix of the previous prompt, and the requests' CachePrefix marks.
func prefixShares(t testing.TB, iterations, first, perIter int) ([]float64, []llm.Request) {
	ev := readMedline(t, sharedtest.Path(t, "data", "medline_sample", "sample100.medline.txt"))
	require.GreaterOrEqual(t, len(ev), first+(iterations-1)*perIter)
	for i := range ev {
		if i%5 == 4 {
			ev[i].Topic = &domain.Topic{Score: 0.01, OffTopic: true, Reason: "shares no concept with the question"}
		}
	}
	c := &scripted{}
	for i := 0; i < iterations; i++ {
		c.replies = append(c.replies, reply{text: validAnswer})
	}
	j := NewLLM(c, llm.Info{Provider: domain.ProviderAnthropic, Model: "claude-haiku-4-5"}, Options{})
	for it := 1; it <= iterations; it++ {
		_, _, err := j.Assess(context.Background(), Input{RunID: "run-1", Question: "Does metformin slow cognitive decline in older adults?", Evidence: ev[:first+(it-1)*perIter]})
		require.NoError(t, err)
	}
	var shares []float64
	for i := 1; i < len(c.reqs); i++ {
		prev := c.reqs[i-1].System + c.reqs[i-1].Messages[0].Content
		cur := c.reqs[i].System + c.reqs[i].Messages[0].Content
		shares = append(shares, float64(commonPrefix(prev, cur))/float64(len(cur)))
	}
	return shares, c.reqs
}

// TestPromptPrefixIsStable: from the second iteration on, at least 70 % of each judge
// prompt repeats the previous one byte for byte (so providers serve it from their prompt
// cache); the request marks where the repeated head ends, and off-topic items are only
// counted, never shown, not even by title.
//
// The run is shaped like a default one: 3 sources x 3 queries x 10 results give dozens of
// records in the first iteration (30 here) and fewer new ones after de-duplication (15).
func TestPromptPrefixIsStable(t *testing.T) {
	shares, reqs := prefixShares(t, 4, 30, 15)
	for i, s := range shares {
		t.Logf("iteration %d: %.1f %% of the prompt repeats the previous one", i+2, 100*s)
		require.GreaterOrEqual(t, s, 0.70, "iteration %d", i+2)
	}
	require.Zero(t, reqs[0].CachePrefix, "nothing was judged before the first prompt")
	for _, r := range reqs[1:] {
		require.Greater(t, r.CachePrefix, 0)
		require.Equal(t, reqs[0].Messages[0].Content[:200], r.Messages[0].Content[:200])
	}
	user := reqs[0].Messages[0].Content
	require.Contains(t, user, "further items found by the searches were set aside as off-topic")
	require.NotContains(t, user, "### Evidence [5]\n", "off-topic evidence is not shown as evidence")
	require.NotContains(t, user, "- [5] ", "off-topic evidence never enters the prompt, not even by title")
}

// BenchmarkPromptPrefixStability reports the smallest share (over iterations 2-4) of a judge
// prompt that is byte-identical to a prefix of the previous prompt (target >= 70 %): for a
// default-shaped run (30 records, then 15 new per iteration) and for a slow-growing small
// one (10, then 10: the prompt doubles at iteration 2, the hardest case).
func BenchmarkPromptPrefixStability(b *testing.B) {
	for _, sc := range []struct {
		name          string
		first, growth int
	}{{"default-run", 30, 15}, {"small-run", 10, 10}} {
		b.Run(sc.name, func(b *testing.B) {
			worst := 1.0
			for i := 0; i < b.N; i++ {
				shares, _ := prefixShares(b, 4, sc.first, sc.growth)
				for _, s := range shares {
					worst = min(worst, s)
				}
			}
			b.ReportMetric(100*worst, "prefix-%")
		})
	}
}
