package citeformat

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
)

// lines reads a line-oriented tagged format (MEDLINE, RIS) one line at a time, the way
// both readers need it: \n or \r\n endings dropped, a UTF-8 byte-order mark dropped from
// the first line, a last line without a final newline kept, and no limit on a line's
// length (bufio.Scanner would fail a long abstract line).
type lines struct {
	br     *bufio.Reader
	format string
	done   bool
	// no and text are the number (from 1) and content of the line scan read.
	no   int
	text string
	// err is a read failure other than the end of input.
	err error
}

func newLines(r io.Reader, format string) *lines {
	return &lines{br: bufio.NewReaderSize(r, 64*1024), format: format}
}

// scan reads the next line; false at the end of input or on a read failure (see err).
func (l *lines) scan() bool {
	if l.done {
		return false
	}
	raw, err := l.br.ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		l.done, l.err = true, fmt.Errorf("read %s: %w", l.format, err)
		return false
	}
	if raw == "" && err != nil {
		l.done = true
		return false
	}
	l.done = err != nil
	l.no++
	l.text = strings.TrimRight(raw, "\r\n")
	if l.no == 1 {
		l.text = strings.TrimPrefix(l.text, "\uFEFF")
	}
	return true
}
