package pmcoa

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
	"deepcritical/backend/fulltext/jats"
	"deepcritical/internal/sharedtest"
)

func sharedData(t *testing.T) string {
	sharedtest.Path(t, "data", "spirit_consort_tm", "documents")
	data := sharedtest.Path(t, "data")
	return data
}

// TestConvertedReportsAreJATS: every one of the 80 trial reports converts to JATS that the
// app's reader reads back with its title, abstract and the sections its headings name, and a
// withheld report is front matter with PMC's comment.
func TestConvertedReportsAreJATS(t *testing.T) {
	c, err := Load(sharedData(t))
	require.NoError(t, err)
	require.Equal(t, 80, c.Len())
	for _, id := range c.IDs() {
		art, ok := c.Article(id)
		require.True(t, ok)
		a, err := jats.Parse(bytes.NewReader(art))
		require.NoError(t, err, id)
		require.Equal(t, id, a.PMCID)
		require.NotEmpty(t, a.Title, id)
		require.True(t, a.HasBody(), id)
		require.Equal(t, domain.SectionAbstract, a.Sections[0].Kind, id)
	}

	// The TEAM trial (BMJ 2013): its methods subsections, table and figure captions.
	art, _ := c.Article("PMC3698942")
	a, err := jats.Parse(bytes.NewReader(art))
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(a.Title, "Care in specialist medical and mental health unit compared with standard care"))
	kinds := map[string]domain.FullTextSection{}
	for _, s := range a.Sections {
		if t, _, ok := strings.Cut(s.Title, ":"); ok && s.Kind == domain.SectionTable {
			kinds[t] = s
			continue
		}
		kinds[s.Title] = s
	}
	require.Equal(t, domain.SectionMethods, kinds["Statistical analysis"].Kind)
	require.Equal(t, "Methods", kinds["Statistical analysis"].Parent)
	require.Contains(t, kinds["Statistical analysis"].Text, "multiple imputation for missing data")
	require.Equal(t, domain.SectionTable, kinds["Table 1"].Kind)
	require.Equal(t, "Results", kinds["Table 1"].Parent)
	fig := kinds["Fig 1"]
	require.Equal(t, domain.SectionFigure, fig.Kind)
	require.True(t, strings.HasPrefix(fig.Text, "Flow of patients and carers"))
	require.Equal(t, domain.SectionMethods, kinds["Standard care"].Kind, "a third-level heading is a methods subsection")
	require.Equal(t, 3, kinds["Standard care"].Level)
	require.Equal(t, domain.SectionOther, kinds["Notes"].Kind, "back matter")

	c.Withhold("PMC3698942")
	art, _ = c.Article("PMC3698942")
	a, err = jats.Parse(bytes.NewReader(art))
	require.NoError(t, err)
	require.True(t, a.Withheld)
	require.False(t, a.HasBody())

	recs := c.Records()
	require.Len(t, recs, 80)
	for _, r := range recs {
		require.Empty(t, r.PMID, "no PMID is made up")
		require.Equal(t, r.PMCID, r.ID())
		require.NotEmpty(t, r.Abstract, r.PMCID)
	}
}

// TestRealJATSServedAsIs: a real article is served unchanged but for its declaration, and
// withheld as PMC does.
func TestRealJATSServedAsIs(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "..", "backend", "fulltext", "jats", "testdata", "1472-6831-8-11.nxml"))
	require.NoError(t, err)
	c := New()
	id, err := c.AddJATS(b)
	require.NoError(t, err)
	require.Equal(t, "PMC2329613", id)
	art, ok := c.Article(id)
	require.True(t, ok)
	require.True(t, bytes.HasPrefix(art, []byte("<article ")))
	require.True(t, bytes.Contains(b, art), "served unchanged")
	c.Withhold(id)
	art, _ = c.Article(id)
	a, err := jats.Parse(bytes.NewReader(art))
	require.NoError(t, err)
	require.True(t, a.Withheld)
	require.Equal(t, "The Dutch version of the Oral Health Impact Profile (OHIP-NL): Translation, reliability and construct validity", a.Title)
	_, ok = c.Article("PMC1")
	require.False(t, ok)
}
