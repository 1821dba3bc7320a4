package report

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"deepcritical/backend/domain"
)

// SafeOutputPath validates an export destination. With a folder (dir != "", the window's
// "choose a folder" flow) name must be a plain relative name that stays inside it: no "..",
// no absolute path, no NUL, and no symlinked sub-folder leading out of it. Without a folder
// (the CLI's --out FILE) name is the path itself and only NUL and empty names are refused.
func SafeOutputPath(dir, name string) (string, error) {
	if strings.ContainsRune(dir, 0) || strings.ContainsRune(name, 0) {
		return "", domain.Errorf(domain.CodeInvalid, "output path contains a NUL character")
	}
	if strings.TrimSpace(name) == "" {
		return "", domain.Errorf(domain.CodeInvalid, "output file name is empty")
	}
	if dir == "" {
		p := filepath.Clean(name)
		if strings.HasSuffix(name, string(filepath.Separator)) || strings.HasSuffix(name, "/") {
			return "", domain.Errorf(domain.CodeInvalid, "output path %q names a folder, not a file", name)
		}
		return p, nil
	}
	if filepath.IsAbs(name) || strings.HasPrefix(name, "/") || strings.HasPrefix(name, `\`) {
		return "", domain.Errorf(domain.CodeInvalid, "output name %q must be relative to the chosen folder", name)
	}
	if !filepath.IsLocal(name) {
		return "", domain.Errorf(domain.CodeInvalid, "output name %q leaves the chosen folder", name)
	}
	p := filepath.Join(dir, name)
	// A sub-folder that is a symlink could still lead out of dir: compare resolved paths
	// when the parent exists (a missing parent is created by nobody here, so opening fails).
	if realDir, err := filepath.EvalSymlinks(dir); err == nil {
		if realParent, err := filepath.EvalSymlinks(filepath.Dir(p)); err == nil {
			rel, err := filepath.Rel(realDir, realParent)
			if err != nil || !filepath.IsLocal(rel) && rel != "." {
				return "", domain.Errorf(domain.CodeInvalid, "output name %q leaves the chosen folder through a link", name)
			}
		}
	}
	return p, nil
}

// OpenExportFile creates the export file. Without force an existing file is never replaced
// (O_EXCL, so there is no check-then-write race); with force it is truncated. A folder is
// never opened as a file.
func OpenExportFile(path string, force bool) (*os.File, error) {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return nil, domain.Errorf(domain.CodeInvalid, "%s is a folder, not a file", path)
	}
	flags := os.O_WRONLY | os.O_CREATE | os.O_EXCL
	if force {
		flags = os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	}
	f, err := os.OpenFile(path, flags, 0o644)
	switch {
	case errors.Is(err, fs.ErrExist):
		return nil, domain.Wrap(domain.CodeInvalid, err, fmt.Sprintf("%s already exists: use --force to overwrite it", path))
	case errors.Is(err, fs.ErrNotExist):
		return nil, domain.Wrap(domain.CodeInvalid, err, fmt.Sprintf("cannot create %s: its folder does not exist", path))
	case err != nil:
		return nil, domain.Wrap(domain.CodeUnavailable, err, fmt.Sprintf("cannot create %s: %v", path, errors.Unwrap(err)))
	}
	return f, nil
}

// Overwrite says which existing files an export may replace. A CSV export writes two files,
// the table the user named and its notes beside it (CSVNotesPath), and a confirmation can
// cover only the first: a save dialog asks about the file chosen in it, never about a
// NAME.notes.md the user may keep next to it.
type Overwrite int

const (
	// KeepExisting replaces nothing: an existing file refuses the export (the CLI without
	// --force).
	KeepExisting Overwrite = iota
	// ReplaceChosen replaces the file the user chose (a save dialog asked about it); a CSV's
	// notes file beside it is replaced only when it is DeepCritical's own notes
	// (IsCSVNotes), else the export refuses, naming it, and writes nothing.
	ReplaceChosen
	// ReplaceAll replaces both files (the CLI's --force, which the user typed for the path
	// they named and its notes).
	ReplaceAll
)

// OverwriteIf is ReplaceAll when force is set, else KeepExisting: the CLI's --force.
func OverwriteIf(force bool) Overwrite {
	if force {
		return ReplaceAll
	}
	return KeepExisting
}

// CheckExportPath says, before anything is written, whether an export in format could be
// written to path: its folder exists, and neither the file nor (for CSV) the notes file
// beside it exists, unless ow allows replacing it. A research run checks its --export path
// with it before searching, so a path that cannot be written does not cost a whole run (and
// its LLM calls).
func CheckExportPath(path, format string, ow Overwrite) error {
	f, err := ParseFormat(format)
	if err != nil {
		return err
	}
	paths := []string{path}
	if f == "csv" {
		paths = append(paths, CSVNotesPath(path))
	}
	for i, p := range paths {
		fi, err := os.Stat(p)
		switch {
		case err != nil:
		case fi.IsDir():
			return domain.Errorf(domain.CodeInvalid, "%s is a folder, not a file", p)
		case ow == KeepExisting:
			return domain.Errorf(domain.CodeInvalid, "%s already exists: use --force to overwrite it", p)
		case ow == ReplaceChosen && i > 0 && !IsCSVNotes(p):
			return domain.Errorf(domain.CodeInvalid, "%s already exists and is not DeepCritical's notes to a CSV export: it was left as it is and nothing was written; move it away, or save the CSV under another name", p)
		}
	}
	if fi, err := os.Stat(filepath.Dir(path)); err != nil || !fi.IsDir() {
		return domain.Errorf(domain.CodeInvalid, "cannot create %s: its folder does not exist", path)
	}
	return nil
}

// IsCSVNotes says whether the file at path is notes a CSV export wrote (it opens with
// CSVNotesHeading), which an export to the same CSV may replace; a file it cannot read is
// not.
func IsCSVNotes(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, len(CSVNotesHeading))
	if _, err := io.ReadFull(f, head); err != nil {
		return false
	}
	return string(head) == CSVNotesHeading
}

// ExportToFile writes the run to path in the format. On any failure a file it created is
// removed, so a failed export never leaves a truncated file that looks complete. What it may
// replace is ow's to say; every check is made before the first byte is written, so a
// refused notes file leaves the CSV untouched too.
func ExportToFile(run ExportRun, format, path string, ow Overwrite) error {
	if err := CheckExportPath(path, format, ow); err != nil {
		return err
	}
	f, err := OpenExportFile(path, ow != KeepExisting)
	if err != nil {
		return err
	}
	if err := Export(run, format, f); err != nil {
		f.Close()
		os.Remove(path)
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(path)
		return domain.Wrap(domain.CodeUnavailable, err, fmt.Sprintf("cannot write %s", path))
	}
	if f, _ := ParseFormat(format); f == "csv" {
		// The table stays flat; what limits it is said in a file beside it. CheckExportPath
		// has made sure an existing one may be replaced.
		notes := CSVNotesPath(path)
		nf, err := OpenExportFile(notes, ow != KeepExisting)
		if err != nil {
			os.Remove(path)
			return err
		}
		_, werr := nf.WriteString(CSVNotes(run))
		if cerr := nf.Close(); werr == nil {
			werr = cerr
		}
		if werr != nil {
			os.Remove(path)
			os.Remove(notes)
			return domain.Wrap(domain.CodeUnavailable, werr, fmt.Sprintf("cannot write %s", notes))
		}
	}
	return nil
}

// CSVNotesPath is where the notes of a CSV export go: report.csv → report.notes.md.
func CSVNotesPath(csvPath string) string {
	return strings.TrimSuffix(csvPath, filepath.Ext(csvPath)) + ".notes.md"
}
