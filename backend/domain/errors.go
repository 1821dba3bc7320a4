// Package domain holds DeepCritical's pure types and their validation. It imports
// nothing internal so every other package can depend on it.
package domain

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
)

// Code is a user-safe error category. Messages carrying a Code may be shown to the user
// as they are; wrapped details stay in logs.
type Code string

// The user-safe error codes: each maps to an exit code of the CLI and a message of the window.
const (
	CodeInvalid     Code = "invalid"
	CodeNotFound    Code = "not_found"
	CodeUnavailable Code = "unavailable"
	CodeInternal    Code = "internal"
	// CodeConflict: the action collides with work in progress elsewhere (a run another
	// process or window is executing); retrying later, or there, is the remedy.
	CodeConflict Code = "conflict"
)

// Error is an error with a user-safe code and message; Err keeps the underlying cause for logs.
type Error struct {
	Code    Code
	Message string
	Err     error
}

func (e *Error) Error() string {
	if e.Err != nil && e.Message == "" {
		return e.Err.Error()
	}
	return e.Message
}

// Unwrap exposes the cause so errors.Is/As keep working through domain errors.
func (e *Error) Unwrap() error { return e.Err }

// Errorf builds a domain error with a formatted user-safe message.
func Errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// Wrap attaches a code and a user-safe message to a cause.
func Wrap(code Code, err error, message string) *Error {
	return &Error{Code: code, Message: message, Err: err}
}

// CannotOpen is the user-safe error for a file the user named that cannot be opened: its
// name and the reason in words (no such file, permission denied, unreadable) rather than the
// system's message, which repeats the whole path.
func CannotOpen(name string, err error) *Error {
	reason := "unreadable"
	switch {
	case errors.Is(err, fs.ErrNotExist):
		reason = "no such file"
	case errors.Is(err, fs.ErrPermission):
		reason = "permission denied"
	}
	return Wrap(CodeInvalid, err, fmt.Sprintf("cannot open %s: %s", name, reason))
}

// CodeOf reports the code of the first domain error in err's chain, or CodeInternal.
func CodeOf(err error) Code {
	var de *Error
	if errors.As(err, &de) {
		return de.Code
	}
	return CodeInternal
}

// SafeMessage returns a message that may be shown to a user: the domain error's message
// when there is one, else a generic one, so internal details never leak to the UI.
func SafeMessage(err error) string {
	if err == nil {
		return ""
	}
	var de *Error
	if errors.As(err, &de) && de.Message != "" {
		return de.Message
	}
	return "internal error"
}

// UserMessage is what the user's own tools (the command line, the MCP server on their
// machine) say about an error: the domain error's message when there is one, else the
// error's text, which there is the user's machine talking to them. The window shows
// SafeMessage instead, which puts a generic line in place of an internal detail.
func UserMessage(err error) string {
	var de *Error
	if errors.As(err, &de) && de.Message != "" {
		return de.Message
	}
	return err.Error()
}

// ErrorHead is the first clause of an error chain ("every source failed in two iterations in
// a row and no evidence was found"), so a long chain is said once in a line with its detail one
// step away (`history show --detail`); the whole text when it is short or has no clause to cut
// at. The window's errorHead (frontend/src/lib/format.ts) follows the same rule.
func ErrorHead(s string) string {
	if len(s) <= 120 {
		return s
	}
	cut := -1
	for _, sep := range []string{" (", "; ", ": "} {
		if i := strings.Index(s, sep); i > 20 && (cut < 0 || i < cut) {
			cut = i
		}
	}
	if cut < 0 {
		return s[:120] + "…"
	}
	return s[:cut]
}
