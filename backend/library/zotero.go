package library

import (
	"context"
	"fmt"
	"strings"

	"deepcritical/backend/citeformat"
	"deepcritical/backend/domain"
	"deepcritical/backend/store"
	"deepcritical/backend/zotero"
)

// ZoteroSource is the user's Zotero library as its local API gives it (zotero.Client).
type ZoteroSource interface {
	Collections(ctx context.Context) ([]zotero.Collection, error)
	Items(ctx context.Context, collectionKey string, fn func(page []zotero.Item, total int) error) error
	FullTextCount(ctx context.Context) (int, error)
}

var _ ZoteroSource = (*zotero.Client)(nil)

// ZoteroIndex is where a Zotero import goes: the library, matched by any identifier.
type ZoteroIndex interface {
	LibraryIdentifierKeys(ctx context.Context) (map[string]string, error)
	UpsertLibraryRecordsAt(ctx context.Context, evs []domain.Evidence, keys []string) ([]store.LibraryUpsert, error)
}

var _ ZoteroIndex = (*store.Store)(nil)

// ImportZotero reads the user's Zotero library, or one collection of it (by name or path), and
// stores every reference in the library. An item is merged into the stored record it shares
// any identifier with (domain Citation.Identifiers, the rule the search fan-out merges by), so
// importing again — or importing a paper first found through PubMed — updates and never
// duplicates. Notes and attachments are not references and are left out, said in a warning;
// so is the full text Zotero indexed from PDFs, which the library has no place for.
func ImportZotero(ctx context.Context, idx ZoteroIndex, src ZoteroSource, collection string, progress func(Progress)) (Summary, error) {
	sum := Summary{Errors: []ImportError{}, Warnings: []ImportError{}}
	label, colKey := "Zotero library", ""
	if collection != "" {
		cols, err := src.Collections(ctx)
		if err != nil {
			return sum, err
		}
		c, err := zotero.FindCollection(cols, collection)
		if err != nil {
			return sum, err
		}
		label, colKey = "Zotero collection "+c.Path, c.Key
	}
	known, err := idx.LibraryIdentifierKeys(ctx)
	if err != nil {
		return sum, err
	}
	prog := Progress{File: label, FileCount: 1, Format: "zotero"}
	children := 0
	err = src.Items(ctx, colKey, func(page []zotero.Item, total int) error {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("Zotero import cancelled: %w", err)
		}
		var evs []domain.Evidence
		var keys []string
		for _, it := range page {
			if citeformat.IsZoteroChild(it.Data.ItemType) {
				children++
				continue
			}
			sum.Records++
			if it.Unreadable != "" {
				sum.Errors = append(sum.Errors, ImportError{File: label, Record: sum.Records,
					Error: fmt.Sprintf("%s not imported: %s", itemName(it.Data), it.Unreadable)})
				continue
			}
			ev, err := citeformat.EvidenceOfZotero(it.Data, it.ParsedDate)
			if err != nil {
				sum.Errors = append(sum.Errors, ImportError{File: label, Record: sum.Records, Error: fmt.Sprintf("item %s: %v", it.Data.Key, err)})
				continue
			}
			if !citeformat.HasIdentity(ev.Citation) {
				sum.Skipped++
				sum.Warnings = append(sum.Warnings, ImportError{File: label, Record: sum.Records,
					Error: fmt.Sprintf("item %s (%s)%s", it.Data.Key, it.Data.ItemType, strings.TrimPrefix(citeformat.NoIdentity, "skipped: the record"))})
				continue
			}
			for _, n := range citeformat.LimitFields(&ev) {
				sum.Warnings = append(sum.Warnings, ImportError{File: label, Record: sum.Records, Error: fmt.Sprintf("item %s: %s", it.Data.Key, n)})
			}
			evs, keys = append(evs, ev), append(keys, matchKey(known, ev))
		}
		if len(evs) > 0 {
			res, err := idx.UpsertLibraryRecordsAt(ctx, evs, keys)
			if err != nil {
				return fmt.Errorf("Zotero import stopped: %w", err)
			}
			for _, r := range res {
				switch {
				case r.Created:
					sum.Imported++
				case r.Unchanged:
					sum.Unchanged++
				default:
					sum.Updated++
				}
			}
		}
		if progress != nil {
			p := prog
			// Records counts references only: a standalone note is no record
			// (the warning below says so), but it is a step of the progress.
			p.Records, p.BytesRead, p.BytesTotal = sum.Records, int64(sum.Records+children), int64(total)
			p.Imported, p.Updated, p.Unchanged, p.Skipped, p.Errors = sum.Imported, sum.Updated, sum.Unchanged, sum.Skipped, len(sum.Errors)
			progress(p)
		}
		return nil
	})
	if err != nil {
		return sum, err
	}
	if children > 0 {
		sum.Warnings = append(sum.Warnings, ImportError{File: label, Error: fmt.Sprintf(
			"%d standalone %s not imported: they are not references", children, plural(children, "note or attachment was", "notes and attachments were"))})
	}
	if n, err := src.FullTextCount(ctx); err != nil {
		sum.Warnings = append(sum.Warnings, ImportError{File: label, Error: "could not ask Zotero which PDFs it has indexed: " + domain.SafeMessage(err)})
	} else if n > 0 {
		sum.Warnings = append(sum.Warnings, ImportError{File: label, Error: fmt.Sprintf(
			"Zotero has indexed the full text of %d %s; DeepCritical's library keeps titles, abstracts and identifiers only, so that text was not imported",
			n, plural(n, "attachment", "attachments"))})
	}
	if progress != nil {
		p := prog
		p.Records, p.BytesRead, p.BytesTotal, p.FileDone = sum.Records, 1, 1, true
		p.Imported, p.Updated, p.Unchanged, p.Skipped, p.Errors = sum.Imported, sum.Updated, sum.Unchanged, sum.Skipped, len(sum.Errors)
		progress(p)
	}
	if sum.Records == 0 && len(sum.Errors) == 0 {
		sum.Nothing = "nothing was imported: the " + label + " holds no reference"
	} else {
		sum.Nothing = sum.NothingImported()
	}
	return sum, nil
}

// itemName names an item for a message by what it gave: its key and its type.
func itemName(it citeformat.ZoteroItem) string {
	name := "an item without a key"
	if it.Key != "" {
		name = "item " + it.Key
	}
	if it.ItemType != "" {
		name += " (" + it.ItemType + ")"
	}
	return name
}
