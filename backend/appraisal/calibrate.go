package appraisal

import (
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"deepcritical/backend/domain"
)

// GoldRow is one human label: a document (its text, or an id the caller resolves into
// Text), the item labelled and the label.
type GoldRow struct {
	Document string `json:"document"`
	// Text is the document text; ReadGoldCSV sets it when Document is itself text.
	Text  string `json:"text,omitempty"`
	Item  string `json:"item"`
	Label string `json:"label"`
}

// ItemAgreement is how well the appraiser agrees with the gold labels on one item.
type ItemAgreement struct {
	Item     string  `json:"item"`
	N        int     `json:"n"`
	Agree    int     `json:"agree"`
	Accuracy float64 `json:"accuracy"`
	Kappa    float64 `json:"kappa"`
	// Disagreements lists "document: gold → predicted" for review (at most 20).
	Disagreements []string `json:"disagreements,omitempty"`
}

// CalibrationReport is the per-item agreement of an appraiser with a gold set.
type CalibrationReport struct {
	Assessor domain.AssessorInfo `json:"assessor"`
	Items    []ItemAgreement     `json:"items"`
}

// ReadGoldCSV reads a gold set with columns document, item, label (a header row naming
// them is optional). A document cell with whitespace is taken as the text itself; a cell
// without (a PMID, "pmid:123", a library id) is an id the caller must resolve into Text.
func ReadGoldCSV(r io.Reader) ([]GoldRow, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	var out []GoldRow
	line := 0
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		line++
		if err != nil {
			return nil, domain.Wrap(domain.CodeInvalid, err, fmt.Sprintf("gold CSV: %v", err))
		}
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue
		}
		if len(rec) != 3 {
			return nil, domain.Errorf(domain.CodeInvalid, "gold CSV line %d: want 3 columns (document, item, label), got %d", line, len(rec))
		}
		if line == 1 && strings.EqualFold(strings.TrimSpace(rec[0]), "document") && strings.EqualFold(strings.TrimSpace(rec[1]), "item") {
			continue
		}
		row := GoldRow{Document: strings.TrimSpace(rec[0]), Item: strings.TrimSpace(rec[1]), Label: strings.TrimSpace(rec[2])}
		if row.Document == "" || row.Item == "" || row.Label == "" {
			return nil, domain.Errorf(domain.CodeInvalid, "gold CSV line %d: document, item and label must all be non-empty", line)
		}
		if strings.ContainsAny(row.Document, " \t\n") {
			row.Text = row.Document
		}
		out = append(out, row)
	}
	if len(out) == 0 {
		return nil, domain.Errorf(domain.CodeInvalid, "gold CSV has no rows")
	}
	return out, nil
}

// Calibrate appraises every gold document once and compares the appraiser's answer for
// each item with the gold label. An item is a finding name ("blinding", "design") or a
// dimension component ("allocation_concealment" in methodological_quality is the finding
// of the same name, so components are addressed as "risk_of_bias.detection_bias" or
// "methodological_quality.blinding"), whose value is the component's value.
func Calibrate(ctx context.Context, a *Appraiser, gold []GoldRow) (CalibrationReport, error) {
	rep := CalibrationReport{Assessor: a.assessorInfo()}
	apps := map[string]domain.Appraisal{}
	byItem := map[string][]LabelPair{}
	for i, g := range gold {
		if strings.TrimSpace(g.Text) == "" {
			return rep, domain.Errorf(domain.CodeInvalid, "gold row %d: document %q has no text (resolve ids before calibrating)", i+1, g.Document)
		}
		ap, ok := apps[g.Text]
		if !ok {
			var err error
			ap, err = a.AppraiseDocument(ctx, Document{Key: g.Document, Text: g.Text})
			if err != nil {
				return rep, err
			}
			apps[g.Text] = ap
		}
		pred, err := itemValue(ap, g.Item)
		if err != nil {
			return rep, domain.Wrap(domain.CodeInvalid, err, fmt.Sprintf("gold row %d: %v", i+1, err))
		}
		byItem[g.Item] = append(byItem[g.Item], LabelPair{Doc: shortDoc(g.Document), Gold: normLabel(g.Label), Pred: normLabel(pred)})
	}
	rep.Items = ItemAgreements(byItem)
	return rep, nil
}

// LabelPair is one document's gold label and the appraiser's for an item.
type LabelPair struct{ Doc, Gold, Pred string }

// ItemAgreements is the agreement per item (sorted by item): accuracy, Cohen's κ (1 when
// both sides used one and the same label everywhere) and up to 20 disagreements. The file
// gold set and a run's reviewer decisions are measured with it alike.
func ItemAgreements(byItem map[string][]LabelPair) []ItemAgreement {
	items := make([]string, 0, len(byItem))
	for k := range byItem {
		items = append(items, k)
	}
	sort.Strings(items)
	var out []ItemAgreement
	for _, it := range items {
		ps := byItem[it]
		golds, preds := make([]string, len(ps)), make([]string, len(ps))
		ag := ItemAgreement{Item: it, N: len(ps)}
		for i, p := range ps {
			golds[i], preds[i] = p.Gold, p.Pred
			if p.Gold == p.Pred {
				ag.Agree++
			} else if len(ag.Disagreements) < 20 {
				ag.Disagreements = append(ag.Disagreements, fmt.Sprintf("%s: %s → %s", p.Doc, p.Gold, p.Pred))
			}
		}
		ag.Accuracy = round3(float64(ag.Agree) / float64(ag.N))
		k, defined := domain.CohenKappa(golds, preds)
		if !defined {
			k = 1 // both raters used one and the same category everywhere: perfect agreement
		}
		ag.Kappa = round3(k)
		out = append(out, ag)
	}
	return out
}

func shortDoc(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}

// itemValue reads an item's predicted label from an appraisal.
func itemValue(ap domain.Appraisal, item string) (string, error) {
	if dim, comp, ok := strings.Cut(item, "."); ok {
		for _, d := range ap.Dimensions {
			if string(d.Name) != dim {
				continue
			}
			if d.Status != domain.StatusAssessed {
				return "not_assessed", nil
			}
			for _, c := range d.Details {
				if c.Component == comp {
					return componentLabel(c), nil
				}
			}
			return "", fmt.Errorf("no component %q in %s", comp, dim)
		}
		return "", fmt.Errorf("no dimension %q", dim)
	}
	f, ok := ap.Findings[item]
	if !ok {
		return "", fmt.Errorf("unknown item %q (use a finding name or dimension.component)", item)
	}
	return findingValueString(f.Value), nil
}

// componentLabel is a component's categorical label: the risk level for risk-of-bias
// components, else the fraction of the maximum as "0", "0.5", "1" etc.
func componentLabel(c domain.DimensionDetail) string {
	v := c.Value
	for _, lvl := range []string{"low", "moderate", "high"} {
		if strings.HasPrefix(v, lvl) {
			return lvl
		}
	}
	if c.MaxScore > 0 {
		return strconv.FormatFloat(round3(c.Contribution/c.MaxScore), 'f', -1, 64)
	}
	return v
}

// normLabel compares labels case-insensitively and maps yes/no spellings together.
func normLabel(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	switch s {
	case "1", "true", "yes", "y":
		return "yes"
	case "0", "false", "no", "n":
		return "no"
	}
	return s
}
