package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/ast"
	"github.com/urlgrammar/urlgrammar/warn"
)

// okRecord is the JSON object for a valid input (DESIGN.md, CLI contract). Components are
// null when undefined and "" when present but empty.
type okRecord struct {
	Line      *int           `json:"line,omitempty"`
	Input     string         `json:"input"`
	Grammar   string         `json:"grammar"`
	OK        bool           `json:"ok"`
	Rule      string         `json:"rule"`
	Scheme    *string        `json:"scheme"`
	Authority *string        `json:"authority"`
	Userinfo  *string        `json:"userinfo"`
	Host      *string        `json:"host"`
	HostKind  *string        `json:"hostKind"`
	Port      *string        `json:"port"`
	Path      *string        `json:"path"`
	Query     *string        `json:"query"`
	Fragment  *string        `json:"fragment"`
	Parts     map[string]any `json:"parts"`
	AST       ast.Root       `json:"ast"`
	Warnings  []warn.Warning `json:"warnings,omitempty"` // check --warn only
}

// errRecord is the JSON object for an invalid input.
type errRecord struct {
	Line    *int      `json:"line,omitempty"`
	Input   string    `json:"input"`
	Grammar string    `json:"grammar"`
	OK      bool      `json:"ok"`
	Error   errDetail `json:"error"`
}

type errDetail struct {
	Offset   int      `json:"offset"`
	Line     int      `json:"line"`
	Column   int      `json:"column"`
	Expected []string `json:"expected"`
	Rule     string   `json:"rule"`
	Message  string   `json:"message"`
}

// record returns the JSON object for the result of parsing input: a tree or an error.
func record(g *urlgrammar.Grammar, input string, tree ast.Root, err error) any {
	if err != nil {
		d := errDetail{Expected: []string{}, Message: err.Error()}
		var se *urlgrammar.SyntaxError
		if errors.As(err, &se) {
			d = errDetail{Offset: se.Offset, Line: se.Line, Column: se.Column, Expected: se.Expected,
				Rule: se.Rule, Message: se.Msg}
			if d.Expected == nil {
				d.Expected = []string{}
			}
		}
		return &errRecord{Input: input, Grammar: g.ID(), Error: d}
	}
	c := tree.Components()
	return &okRecord{Input: input, Grammar: g.ID(), OK: true, Rule: c.Rule, Scheme: c.Scheme,
		Authority: c.Authority, Userinfo: c.Userinfo, Host: c.Host, HostKind: c.HostKind,
		Port: c.Port, Path: c.Path, Query: c.Query, Fragment: c.Fragment, Parts: c.Parts, AST: tree}
}

// setLine adds the "line" key of check's jsonl records.
func setLine(rec any, line int) {
	switch r := rec.(type) {
	case *okRecord:
		r.Line = &line
	case *errRecord:
		r.Line = &line
	}
}

// setWarnings adds check's "warnings" key to a valid line's record.
func setWarnings(rec any, ws []warn.Warning) {
	if r, ok := rec.(*okRecord); ok && len(ws) > 0 {
		r.Warnings = ws
	}
}

// writeJSON writes v as one line of JSON, without HTML escaping.
func writeJSON(w io.Writer, v any) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	_, err := w.Write(b.Bytes())
	return err
}
