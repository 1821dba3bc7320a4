package appraisal

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDebugFindings(t *testing.T) {
	ids := strings.Split(os.Getenv("DBG_IDS"), ",")
	keys := strings.Split(os.Getenv("DBG_KEYS"), ",")
	docs := readSpirit(t, filepath.Join(sharedDir(t, "data"), "spirit_consort_tm"))
	for _, d := range docs {
		for _, id := range ids {
			if fmt.Sprintf("%03d", d.PairID) == id {
				f := Findings(Document{Text: d.Text, FullText: true})
				for _, k := range keys {
					fmt.Printf("%s %s = %v :: %.300s\n", id, k, f[k].Value, f[k].Quote)
				}
			}
		}
	}
}
