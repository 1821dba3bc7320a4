package domain

import (
	"reflect"
	"strings"
	"testing"
)

func TestIdentifiersAndCanonicalKey(t *testing.T) {
	cases := []struct {
		name string
		c    Citation
		want []string
	}{
		{"all strong ids, strongest first", Citation{PMID: " 123 ", DOI: "https://doi.org/10.1/AbC", NCTID: "nct01234567", PMCID: "pmc99", URL: "http://x.org/a"},
			[]string{"pmid:123", "doi:10.1/abc", "nct:NCT01234567", "pmcid:PMC99"}},
		{"doi prefix doi:", Citation{DOI: "doi: 10.5/X"}, []string{"doi:10.5/x"}},
		{"dx resolver", Citation{DOI: "http://dx.doi.org/10.5/Y", PMCID: "123"}, []string{"doi:10.5/y", "pmcid:123"}},
		{"url when no id", Citation{URL: "https://www.Example.org/p/", Title: "T"}, []string{"url:example.org/p"}},
		{"title when nothing else", Citation{Title: "  A   Trial\tof X "}, []string{"title:a trial of x"}},
		// One paper's title in capitals with a full stop, or with "vs." for "versus", is one
		// key; the key of records stored before comes second.
		{"title folded", Citation{Title: "METFORMIN AND LONGEVITY: A COHORT STUDY."},
			[]string{"title:metformin and longevity a cohort study", "title:metformin and longevity: a cohort study."}},
		{"versus folded", Citation{Title: "Drug A vs. drug B"}, []string{"title:drug a vs drug b", "title:drug a vs. drug b"}},
		{"versus spelt out", Citation{Title: "Drug A versus drug B"}, []string{"title:drug a vs drug b", "title:drug a versus drug b"}},
		{"nothing", Citation{}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := c.c.Identifiers()
			if !reflect.DeepEqual(got, c.want) {
				t.Fatalf("Identifiers() = %q, want %q", got, c.want)
			}
			key := ""
			if len(c.want) > 0 {
				key = c.want[0]
			}
			if k := c.c.CanonicalKey(); k != key {
				t.Fatalf("CanonicalKey() = %q, want %q", k, key)
			}
		})
	}
}

func TestReferenceIDs(t *testing.T) {
	c := Citation{PMID: "123", DOI: "10.1/AbC", NCTID: "NCT01234567", PMCID: "PMC99", URL: "http://x.org/a"}
	if got, want := c.ReferenceIDs("doi:"), []string{"PMID 123", "PMC99", "doi:10.1/AbC", "NCT01234567"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("ReferenceIDs = %q, want %q", got, want)
	}
	if got := (Citation{URL: "http://x.org/a", Title: "T"}).ReferenceIDs("DOI "); got != nil {
		t.Fatalf("a citation without identifiers lists %q", got)
	}
}

func TestEachPaperYieldsEachKeyOnceInOrder(t *testing.T) {
	evs := []Evidence{
		{Content: "first", Citation: Citation{PMID: "1"}},
		{Content: "no key"},
		{Content: "second", Citation: Citation{DOI: "10.1/x"}},
		{Content: "copy of first", Citation: Citation{PMID: "1"}},
	}
	var got []string
	for key, ev := range EachPaper(evs) {
		got = append(got, key+"="+ev.Content)
	}
	if want := []string{"pmid:1=first", "doi:10.1/x=second"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("EachPaper = %q, want %q", got, want)
	}
}

func TestStripDOIResolver(t *testing.T) {
	cases := map[string]string{
		"10.1000/ABC":                   "10.1000/ABC",
		" https://doi.org/10.1000/ABC ": "10.1000/ABC",
		"HTTP://DX.DOI.ORG/10.1/x":      "10.1/x",
		"doi:10.1/x":                    "10.1/x",
		"DOI:  10.1/x":                  "10.1/x",
		"":                              "",
	}
	for in, want := range cases {
		if got := StripDOIResolver(in); got != want {
			t.Errorf("StripDOIResolver(%q) = %q, want %q", in, got, want)
		}
		if got, want := NormalizeDOI(in), StripDOIResolver(in); got != strings.ToLower(want) {
			t.Errorf("NormalizeDOI(%q) = %q, want lower-case %q", in, got, want)
		}
	}
}
