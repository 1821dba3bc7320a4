package pdftext

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/klippa-app/go-pdfium"
	"github.com/klippa-app/go-pdfium/enums"
	pdfiumerr "github.com/klippa-app/go-pdfium/errors"
	"github.com/klippa-app/go-pdfium/references"
	"github.com/klippa-app/go-pdfium/requests"
	"github.com/klippa-app/go-pdfium/webassembly"
	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"

	"deepcritical/backend/domain"
)

// Options configures a Reader.
type Options struct {
	// CacheDir keeps PDFium's compiled WebAssembly between runs. Compiling the module takes
	// seconds and a few hundred MB once; with the cache a later process starts in about a
	// tenth of a second. Empty: compile in every process.
	CacheDir string
	// Timeout bounds the reading of one PDF (default 2 minutes): a damaged or hostile file
	// that sends PDFium into a loop is stopped and reported, never left to hang an import.
	Timeout time.Duration
	// Idle closes the engine when no PDF has been read for this long (default 2 minutes),
	// giving its memory back to a window that stays open; the next PDF starts it again
	// from the compiled-module cache. Negative: never.
	Idle time.Duration
}

// DefaultIdle is how long the engine stays started without a PDF when Options.Idle is zero.
const DefaultIdle = 2 * time.Minute

// DefaultTimeout is how long one PDF may take to read when Options.Timeout is zero.
const DefaultTimeout = 2 * time.Minute

// MaxFileSize is the largest PDF read (256 MiB): larger files are books or scans, not papers.
const MaxFileSize = 256 << 20

// MaxPages is the most pages read from one PDF; a longer file is refused with the reason.
const MaxPages = 3000

// Reader extracts text from PDFs with PDFium compiled to WebAssembly and run by wazero, so
// every platform's build reads PDFs with the same engine and needs no native library. It is
// safe for concurrent use; PDFs are read one at a time.
type Reader struct {
	opts Options

	mu      sync.Mutex // one PDF at a time: a PDFium instance is single-threaded
	pool    pdfium.Pool
	initErr error
	inited  bool
	closed  bool
	idle    *time.Timer
	lastUse time.Time
}

// New returns a Reader; the engine starts on the first PDF, so opening the app costs nothing.
func New(opts Options) *Reader {
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	if opts.Idle == 0 {
		opts.Idle = DefaultIdle
	}
	return &Reader{opts: opts}
}

// used notes a read and arms the idle timer; r.mu is held.
func (r *Reader) used() {
	r.lastUse = time.Now()
	if r.opts.Idle < 0 {
		return
	}
	if r.idle == nil {
		r.idle = time.AfterFunc(r.opts.Idle, r.closeIdle)
		return
	}
	r.idle.Reset(r.opts.Idle)
}

// closeIdle stops the engine if it has not been used for the idle time.
func (r *Reader) closeIdle() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.pool == nil || time.Since(r.lastUse) < r.opts.Idle {
		return
	}
	_ = r.pool.Close()
	r.pool, r.inited, r.initErr = nil, false, nil
}

// Close releases the engine.
func (r *Reader) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.closed = true
	if r.idle != nil {
		r.idle.Stop()
	}
	if r.pool != nil {
		err := r.pool.Close()
		r.pool = nil
		return err
	}
	return nil
}

// start compiles (or loads from the cache) the PDFium module once per process.
func (r *Reader) start() (pdfium.Pool, error) {
	if r.closed {
		return nil, domain.Errorf(domain.CodeUnavailable, "the PDF reader is closed")
	}
	if r.inited {
		return r.pool, r.initErr
	}
	r.inited = true
	cfg := wazero.NewRuntimeConfig().
		// The bundled PDFium lowers setjmp/longjmp to WebAssembly exception handling.
		// (No WithCloseOnContextDone: the checks it compiles into every loop make PDFium four
		// times slower; a timeout abandons the engine instead, see extract.)
		WithCoreFeatures(api.CoreFeaturesV2 | experimental.CoreFeaturesExceptionHandling)
	if dir := r.opts.CacheDir; dir != "" {
		if err := os.MkdirAll(dir, 0o700); err == nil {
			if cache, err := wazero.NewCompilationCacheWithDir(dir); err == nil {
				cfg = cfg.WithCompilationCache(cache)
			}
		}
	}
	pool, err := webassembly.Init(webassembly.Config{
		MinIdle: 0, MaxIdle: 1, MaxTotal: 1, ReuseWorkers: true,
		RuntimeConfig: cfg,
		// No file system: PDFs are handed over as readers, so the module can open nothing.
		FSConfig: wazero.NewFSConfig(),
		Stdout:   io.Discard,
		Stderr:   io.Discard,
	})
	if err != nil {
		r.initErr = domain.Wrap(domain.CodeUnavailable, err, "the PDF engine could not start: "+oneLine(err))
		return nil, r.initErr
	}
	r.pool = pool
	return pool, nil
}

// rawLine is one line of text as PDFium laid it out, with what the layout pass needs to
// find headings, paragraphs and running heads: the font of its first letter, where it
// starts and ends, and its baseline (points from the page's top).
type rawLine struct {
	Page        int // 1-based
	Text        string
	Size        float64
	Bold        bool
	Left, Right float64
	Baseline    float64
	PageHeight  float64
}

// rawDoc is a PDF's text, line by line, with its page count and metadata title.
type rawDoc struct {
	Pages     int
	Lines     []rawLine
	MetaTitle string
	// Images counts pages without text that hold an image (a scan).
	ImagePages int
	// BadPages lists pages PDFium could not load; the others are kept.
	BadPages []int
}

// extract opens path and reads its text page by page. Each page's objects are released
// before the next is loaded, so memory stays flat however long the PDF is; only the text
// lines are kept.
func (r *Reader) extract(ctx context.Context, path string) (rawDoc, error) {
	name := filepath.Base(path)
	f, err := os.Open(path)
	if err != nil {
		return rawDoc{}, domain.CannotOpen(name, err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return rawDoc{}, domain.Wrap(domain.CodeInvalid, err, fmt.Sprintf("cannot read %s", name))
	}
	if st.IsDir() {
		return rawDoc{}, domain.Errorf(domain.CodeInvalid, "%s is a folder, not a PDF", name)
	}
	if st.Size() > MaxFileSize {
		return rawDoc{}, domain.Errorf(domain.CodeInvalid, "%s is %d MiB: larger than the %d MiB a paper's PDF can be", name, st.Size()>>20, MaxFileSize>>20)
	}
	head := make([]byte, 1024)
	n, _ := io.ReadFull(f, head)
	if err := sniffPDF(name, head[:n], st.Size()); err != nil {
		return rawDoc{}, err
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return rawDoc{}, domain.Wrap(domain.CodeInvalid, err, fmt.Sprintf("cannot read %s", name))
	}

	r.mu.Lock()
	defer r.mu.Unlock()
	defer r.used()
	pool, err := r.start()
	if err != nil {
		return rawDoc{}, err
	}
	ctx, cancel := context.WithTimeout(ctx, r.opts.Timeout)
	defer cancel()
	inst, err := pool.GetInstanceWithContext(ctx)
	if err != nil {
		if ctx.Err() != nil {
			return rawDoc{}, r.stopped(ctx, name)
		}
		return rawDoc{}, domain.Wrap(domain.CodeUnavailable, err, "the PDF engine is not available: "+oneLine(err))
	}
	type result struct {
		doc rawDoc
		err error
	}
	done := make(chan result, 1)
	go func() {
		doc, err := readDoc(ctx, inst, f, st.Size())
		done <- result{doc, err}
	}()
	select {
	case res := <-done:
		_ = inst.Close()
		if res.err != nil {
			if ctx.Err() != nil {
				return rawDoc{}, r.stopped(ctx, name)
			}
			return rawDoc{}, describeOpenError(name, res.err)
		}
		return res.doc, nil
	case <-ctx.Done():
		// PDFium is inside a call that cannot be interrupted (pages are checked between
		// calls). The caller gets its answer now; the engine is left to finish on its own
		// and closed then, and the next PDF starts a fresh one.
		r.pool, r.inited = nil, false
		go func() {
			<-done
			_ = inst.Kill()
			_ = pool.Close()
		}()
		return rawDoc{}, r.stopped(ctx, name)
	}
}

// stopped is the error of a read ended by its context: the caller's cancellation, or the
// timeout with its reason.
func (r *Reader) stopped(ctx context.Context, name string) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return domain.Errorf(domain.CodeInvalid, "%s: reading it took longer than %s (a damaged or unusual PDF); nothing was imported from it", name, r.opts.Timeout)
	}
	return ctx.Err()
}

// reopenEvery is how many pages are read before the document is closed and opened again:
// PDFium keeps every object it parsed until the document is closed, so without this its
// memory would grow with the pages read. Opening again costs one cross-reference parse.
const reopenEvery = 48

func readDoc(ctx context.Context, inst pdfium.Pdfium, f io.ReadSeeker, size int64) (rawDoc, error) {
	var out rawDoc
	for start := 0; start == 0 || start < out.Pages; start += reopenEvery {
		if err := readChunk(ctx, inst, f, size, start, &out); err != nil {
			return rawDoc{}, err
		}
	}
	return out, nil
}

// readChunk opens the document and reads pages [start, start+reopenEvery); the first
// chunk also reads the page count and the metadata title.
func readChunk(ctx context.Context, inst pdfium.Pdfium, f io.ReadSeeker, size int64, start int, out *rawDoc) error {
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return err
	}
	opened, err := inst.OpenDocument(&requests.OpenDocument{FileReader: f, FileReaderSize: size})
	if err != nil {
		return err
	}
	ref := opened.Document
	defer inst.FPDF_CloseDocument(&requests.FPDF_CloseDocument{Document: ref})
	if start == 0 {
		if t, err := inst.FPDF_GetMetaText(&requests.FPDF_GetMetaText{Document: ref, Tag: "Title"}); err == nil {
			out.MetaTitle = strings.TrimSpace(t.Value)
		}
		pc, err := inst.FPDF_GetPageCount(&requests.FPDF_GetPageCount{Document: ref})
		if err != nil {
			return err
		}
		out.Pages = pc.PageCount
		if out.Pages > MaxPages {
			return errTooManyPages{pages: out.Pages}
		}
	}
	for i := start; i < out.Pages && i < start+reopenEvery; i++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		lines, images, err := readPage(inst, ref, i)
		if err != nil {
			out.BadPages = append(out.BadPages, i+1)
			continue
		}
		if len(lines) == 0 && images > 0 {
			out.ImagePages++
		}
		out.Lines = append(out.Lines, lines...)
	}
	return nil
}

type errTooManyPages struct{ pages int }

func (e errTooManyPages) Error() string { return fmt.Sprintf("%d pages", e.pages) }

// readPage returns one page's lines and, when it has no text, how many images it holds.
func readPage(inst pdfium.Pdfium, doc references.FPDF_DOCUMENT, index int) ([]rawLine, int, error) {
	pg, err := inst.FPDF_LoadPage(&requests.FPDF_LoadPage{Document: doc, Index: index})
	if err != nil {
		return nil, 0, err
	}
	defer inst.FPDF_ClosePage(&requests.FPDF_ClosePage{Page: pg.Page})
	page := requests.Page{ByReference: &pg.Page}
	height := 792.0
	if h, err := inst.FPDF_GetPageHeightF(&requests.FPDF_GetPageHeightF{Page: page}); err == nil && h.PageHeight > 0 {
		height = float64(h.PageHeight)
	}
	tp, err := inst.FPDFText_LoadPage(&requests.FPDFText_LoadPage{Page: page})
	if err != nil {
		return nil, 0, err
	}
	defer inst.FPDFText_ClosePage(&requests.FPDFText_ClosePage{TextPage: tp.TextPage})
	cnt, err := inst.FPDFText_CountChars(&requests.FPDFText_CountChars{TextPage: tp.TextPage})
	if err != nil {
		return nil, 0, err
	}
	if cnt.Count <= 0 {
		return nil, countImages(inst, page), nil
	}
	txt, err := inst.FPDFText_GetText(&requests.FPDFText_GetText{TextPage: tp.TextPage, StartIndex: 0, Count: cnt.Count})
	if err != nil {
		return nil, 0, err
	}
	var lines []rawLine
	// PDFium's text has one character per character index, with the line breaks it
	// generated ("\r\n") counted as characters, so walking the runes keeps the index of
	// each line's first and last letter, whose font and box are then asked for. A control
	// character PDFium keeps out of the text but not out of its characters (a glyph mapped
	// to U+0002, say) shifts the two: the characters are then looked up one by one.
	charAt := func(i int) int { return i }
	if utf8.RuneCountInString(txt.Text) != cnt.Count {
		charAt = func(i int) int {
			if c, err := inst.FPDFText_GetCharIndexFromTextIndex(&requests.FPDFText_GetCharIndexFromTextIndex{TextPage: tp.TextPage, NTextIndex: i}); err == nil && c.CharIndex >= 0 {
				return c.CharIndex
			}
			return i
		}
	}
	idx := 0
	for _, ln := range splitKeepCount(txt.Text) {
		start := idx + ln.lead
		idx += ln.runes
		text := strings.TrimRightFunc(ln.text, unicode.IsSpace)
		if text == "" {
			continue
		}
		for _, part := range splitHyphenated(inst, tp.TextPage, charAt, start, text) {
			if strings.TrimSpace(part.text) == "" {
				continue
			}
			lines = append(lines, readLine(inst, tp.TextPage, charAt, index+1, height, part.start, part.text))
		}
	}
	return lines, 0, nil
}

// hyphenMarks are what PDFium writes for a hyphen it takes for a hyphenation point: U+FFFE
// in the text (U+0002 in older builds).
const hyphenMarks = "\ufffe\x02"

type linePart struct {
	start int // text index of the first character
	text  string
}

// splitHyphenated undoes PDFium's joining of hyphenated lines. When a line ends in a hyphen
// after a letter and the next line starts with a letter or digit, PDFium takes the hyphen
// for a hyphenation point: it writes U+FFFE for it and no line break, so the two printed
// lines come out as one ("ran\ufffedomised by a computer…"), measured from the first
// line's start to the second line's end. Each printed line is given back with its own
// position, the first ending in the hyphen as printed ("ran-"); whether the hyphen stays is
// for the layout to decide (joinInto). A mark whose next character is on the same printed
// line stays a hyphen of that line.
func splitHyphenated(inst pdfium.Pdfium, tp references.FPDF_TEXTPAGE, charAt func(int) int, start int, text string) []linePart {
	if !strings.ContainsAny(text, hyphenMarks) {
		return []linePart{{start, text}}
	}
	var out []linePart
	from, pos := 0, start // byte offset and text index where the current part starts
	at := start
	for i, r := range text {
		if strings.ContainsRune(hyphenMarks, r) && i+utf8.RuneLen(r) < len(text) && newPrintedLine(inst, tp, charAt(at), charAt(at+1)) {
			out = append(out, linePart{pos, text[from:i] + "-"})
			from, pos = i+utf8.RuneLen(r), at+1
		}
		at++
	}
	return append(out, linePart{pos, text[from:]})
}

// newPrintedLine reports whether character b starts another printed line than character a
// ends: its baseline is half a type size away, or it starts to the left of a.
func newPrintedLine(inst pdfium.Pdfium, tp references.FPDF_TEXTPAGE, a, b int) bool {
	oa, err1 := inst.FPDFText_GetCharOrigin(&requests.FPDFText_GetCharOrigin{TextPage: tp, Index: a})
	ob, err2 := inst.FPDFText_GetCharOrigin(&requests.FPDFText_GetCharOrigin{TextPage: tp, Index: b})
	if err1 != nil || err2 != nil {
		return false
	}
	size := 1.0
	if fs, err := inst.FPDFText_GetFontSize(&requests.FPDFText_GetFontSize{TextPage: tp, Index: a}); err == nil && fs.FontSize > 0 {
		size = fs.FontSize
	}
	return math.Abs(oa.Y-ob.Y) > 0.5*size || ob.X < oa.X
}

// readLine measures one printed line whose first character is at text index start: the
// font of its first letter, where it starts and ends, and its baseline.
func readLine(inst pdfium.Pdfium, tp references.FPDF_TEXTPAGE, charAt func(int) int, page int, height float64, start int, text string) rawLine {
	lead := utf8.RuneCountInString(text) - utf8.RuneCountInString(strings.TrimLeftFunc(text, unicode.IsSpace))
	text = strings.TrimSpace(text)
	start += lead
	first, last := charAt(start), charAt(start+utf8.RuneCountInString(text)-1)
	l := rawLine{Page: page, Text: text, PageHeight: height}
	if fs, err := inst.FPDFText_GetFontSize(&requests.FPDFText_GetFontSize{TextPage: tp, Index: first}); err == nil {
		l.Size = fs.FontSize
	}
	if fi, err := inst.FPDFText_GetFontInfo(&requests.FPDFText_GetFontInfo{TextPage: tp, Index: first}); err == nil {
		l.Bold = isBold(fi.FontName, fi.Flags)
	}
	if o, err := inst.FPDFText_GetCharOrigin(&requests.FPDFText_GetCharOrigin{TextPage: tp, Index: first}); err == nil {
		l.Left, l.Baseline = o.X, height-o.Y
	}
	if b, err := inst.FPDFText_GetCharBox(&requests.FPDFText_GetCharBox{TextPage: tp, Index: last}); err == nil {
		l.Right = b.Right
	}
	setApartRaised(inst, tp, first, &l)
	return l
}

// markBeforeWord is a mark (an affiliation's number, a footnote's symbol) printed against
// the word after it, at the line's start or after a space ("¹University of Verona; ²Charité").
var markBeforeWord = regexp.MustCompile(`(?:^|\s)([0-9*†‡§¶]{1,3})\p{L}`)

// setApartRaised puts a space between a superscript mark and the word it was printed
// against: PDFium runs them together ("2Charité"), and the word could not be searched for.
// A mark is raised when its baseline sits above the word's by a fifth of the type size;
// "3D", "5HT" and "10mg" share their baseline and stay as printed. A line opening with a
// raised mark takes its type size and weight from its text, not from the smaller mark.
func setApartRaised(inst pdfium.Pdfium, tp references.FPDF_TEXTPAGE, start int, l *rawLine) {
	ms := markBeforeWord.FindAllStringSubmatchIndex(l.Text, -1)
	for k := len(ms) - 1; k >= 0; k-- {
		markAt, wordAt := ms[k][2], ms[k][3]
		mark := start + utf8.RuneCountInString(l.Text[:markAt])
		word := start + utf8.RuneCountInString(l.Text[:wordAt])
		mo, err1 := inst.FPDFText_GetCharOrigin(&requests.FPDFText_GetCharOrigin{TextPage: tp, Index: mark})
		wo, err2 := inst.FPDFText_GetCharOrigin(&requests.FPDFText_GetCharOrigin{TextPage: tp, Index: word})
		fs, err3 := inst.FPDFText_GetFontSize(&requests.FPDFText_GetFontSize{TextPage: tp, Index: word})
		if err1 != nil || err2 != nil || err3 != nil || mo.Y-wo.Y < 0.2*fs.FontSize {
			continue
		}
		l.Text = l.Text[:wordAt] + " " + l.Text[wordAt:]
		if markAt == 0 {
			l.Size = fs.FontSize
			if fi, err := inst.FPDFText_GetFontInfo(&requests.FPDFText_GetFontInfo{TextPage: tp, Index: word}); err == nil {
				l.Bold = isBold(fi.FontName, fi.Flags)
			}
		}
	}
}

// countImages counts a page's image objects, to tell a scanned page from a blank one.
func countImages(inst pdfium.Pdfium, page requests.Page) int {
	n, err := inst.FPDFPage_CountObjects(&requests.FPDFPage_CountObjects{Page: page})
	if err != nil {
		return 0
	}
	images := 0
	for i := 0; i < n.Count; i++ {
		obj, err := inst.FPDFPage_GetObject(&requests.FPDFPage_GetObject{Page: page, Index: i})
		if err != nil {
			continue
		}
		t, err := inst.FPDFPageObj_GetType(&requests.FPDFPageObj_GetType{PageObject: obj.PageObject})
		if err == nil && t.Type == enums.FPDF_PAGEOBJ_IMAGE {
			images++
		}
	}
	return images
}

// isBold reads a font's boldness from its name ("Helvetica-Bold", "AdvOTb92eb7df.B") or
// its descriptor's ForceBold flag.
func isBold(name string, flags int) bool {
	const forceBold = 1 << 18
	if flags&forceBold != 0 {
		return true
	}
	n := strings.ToLower(name)
	if i := strings.IndexByte(n, '+'); i >= 0 {
		n = n[i+1:]
	}
	for _, w := range []string{"bold", "black", "heavy", "semibold", "demi", ",b", "-b", ".b"} {
		if strings.Contains(n, w) && (w != "-b" && w != ",b" && w != ".b" || strings.HasSuffix(n, w)) {
			return true
		}
	}
	return false
}

type textLine struct {
	text  string
	lead  int // runes of leading white space
	runes int // runes including the line break
}

// splitKeepCount splits PDFium's page text at its line breaks ("\r\n", or "\n"), keeping
// each line's rune count with its break so character indexes can be followed.
func splitKeepCount(s string) []textLine {
	var out []textLine
	for len(s) > 0 {
		i := strings.IndexByte(s, '\n')
		seg := s
		if i >= 0 {
			seg, s = s[:i+1], s[i+1:]
		} else {
			s = ""
		}
		body := strings.TrimRight(seg, "\r\n")
		trimmed := strings.TrimLeftFunc(body, unicode.IsSpace)
		out = append(out, textLine{
			text:  trimmed,
			lead:  utf8.RuneCountInString(body) - utf8.RuneCountInString(trimmed),
			runes: utf8.RuneCountInString(seg),
		})
	}
	return out
}

// sniffPDF refuses, with what the file really is, anything that is not a PDF: a web page
// saved as .pdf, a Word document, an image, an empty file.
func sniffPDF(name string, head []byte, size int64) error {
	if size == 0 {
		return domain.Errorf(domain.CodeInvalid, "%s is empty", name)
	}
	// The header may follow a few bytes of junk; PDF readers look in the first KiB.
	if strings.Contains(string(head), "%PDF-") {
		return nil
	}
	what := "not a PDF"
	h := strings.ToLower(strings.TrimSpace(string(head)))
	switch {
	case strings.HasPrefix(h, "<!doctype html") || strings.HasPrefix(h, "<html") || strings.Contains(h, "<head"):
		what = "a web page (HTML), not a PDF: the download probably failed or needed a login"
	case strings.HasPrefix(string(head), "PK\x03\x04"):
		what = "a ZIP archive (perhaps a Word or EPUB file), not a PDF"
	case strings.HasPrefix(string(head), "\x89PNG"), strings.HasPrefix(string(head), "\xff\xd8\xff"):
		what = "an image, not a PDF"
	case strings.HasPrefix(string(head), "\xd0\xcf\x11\xe0"):
		what = "an old Microsoft Office document, not a PDF"
	case strings.HasPrefix(h, "{\\rtf"):
		what = "an RTF document, not a PDF"
	}
	return domain.Errorf(domain.CodeInvalid, "%s is %s", name, what)
}

// describeOpenError turns PDFium's error codes into the reason a user can act on.
func describeOpenError(name string, err error) error {
	var tooMany errTooManyPages
	switch {
	case errors.As(err, &tooMany):
		return domain.Errorf(domain.CodeInvalid, "%s has %d pages: more than the %d a paper can have", name, tooMany.pages, MaxPages)
	case errors.Is(err, pdfiumerr.ErrPassword):
		return domain.Errorf(domain.CodeInvalid, "%s is encrypted with a password: save an unprotected copy (print to PDF) and import that", name)
	case errors.Is(err, pdfiumerr.ErrSecurity):
		return domain.Errorf(domain.CodeInvalid, "%s uses an encryption this reader does not support: save an unprotected copy and import that", name)
	case errors.Is(err, pdfiumerr.ErrFormat), errors.Is(err, pdfiumerr.ErrFile):
		return domain.Errorf(domain.CodeInvalid, "%s is damaged: it starts like a PDF but its structure cannot be read (a truncated download?)", name)
	case errors.Is(err, context.Canceled):
		return err
	}
	return domain.Wrap(domain.CodeInvalid, err, fmt.Sprintf("%s cannot be read as a PDF: %s", name, oneLine(err)))
}

func oneLine(err error) string { return strings.Join(strings.Fields(err.Error()), " ") }
