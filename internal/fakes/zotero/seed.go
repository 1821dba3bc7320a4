package zotero

import (
	_ "embed"
	"encoding/json"
)

//go:embed testdata/library.json
var seedJSON []byte

// DefaultSeed is a small library: My Library with nested collections (two of them named
// "Metformin", under "Reviews" and "Inbox", with "Inbox" selected), a read-only group
// library, two journal articles carrying their PMIDs and PMCID in Extra as Zotero's PubMed
// import writes them (one with an indexed PDF and a child note), a book, a standalone note and
// a trashed article.
func DefaultSeed() Seed {
	var s Seed
	if err := json.Unmarshal(seedJSON, &s); err != nil {
		panic("zotero fake: testdata/library.json: " + err.Error())
	}
	return s
}
