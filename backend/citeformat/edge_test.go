package citeformat

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
)

var errStop = errors.New("stop")

func TestEmptyInput(t *testing.T) {
	for _, f := range Formats {
		if f == FormatPubMedXML {
			continue // an empty XML document is an error, tested by the pubmed package
		}
		for _, in := range []string{"", "\n\n  \n", "\uFEFF"} {
			evs, errs := Read(strings.NewReader(in), f)
			require.Empty(t, evs, "%s %q", f, in)
			require.Empty(t, errs, "%s %q", f, in)
		}
	}
}

// TestTruncated cuts each format inside its second record: the first record is read,
// the cut one is reported at position 2.
func TestTruncated(t *testing.T) {
	tests := []struct {
		format Format
		in     string
	}{
		{FormatRIS, "TY  - JOUR\nTI  - One\nER  - \n\nTY  - JOUR\nTI  - Tw"},
		{FormatBibTeX, "@article{a, title = {One}}\n@article{b, title = {Tw"},
		{FormatCSLJSON, `[{"id": "a", "title": "One"}, {"id": "b", "title": "Tw`},
	}
	for _, tt := range tests {
		t.Run(string(tt.format), func(t *testing.T) {
			evs, errs := Read(strings.NewReader(tt.in), tt.format)
			require.Len(t, evs, 1)
			require.Equal(t, "One", evs[0].Citation.Title)
			require.Len(t, errs, 1)
			require.Equal(t, 2, errs[0].Record)
			require.Contains(t, errs[0].Error(), "record 2")
		})
	}
}

func TestUnknownFormat(t *testing.T) {
	_, errs := Read(strings.NewReader("x"), Format("docx"))
	require.Len(t, errs, 1)
	require.Equal(t, 0, errs[0].Record)
	_, err := ParseFormat("docx")
	require.Error(t, err)
	for _, f := range Formats {
		got, err := ParseFormat(string(f))
		require.NoError(t, err)
		require.Equal(t, f, got)
	}
}

func TestHandlerErrorStopsScan(t *testing.T) {
	in := "PMID- 1\nTI  - a\n\nPMID- 2\nTI  - b\n\nPMID- 3\nTI  - c\n"
	var seen []int
	err := Scan(strings.NewReader(in), FormatMEDLINE, func(rec int, _ domain.Evidence, err error) error {
		seen = append(seen, rec)
		if rec == 2 {
			return errStop
		}
		return nil
	})
	require.ErrorIs(t, err, errStop)
	require.Equal(t, []int{1, 2}, seen)
}
