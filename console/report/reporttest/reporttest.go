// Package reporttest checks a game system's battle report in its tests: a
// report a player would share has headings, labelled columns and words,
// never ids or the view's JSON (docs/reports.md).
package reporttest

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/conformance"
	"github.com/commandconsole/commandconsole/console/report"
)

// denied are the developer's words no fact or section may hold: ids
// (hyphenated or snake_case), key=value, decision ids and "(s)" plurals.
var denied = []struct {
	kind string
	re   *regexp.Regexp
}{
	{"a key=value pair", regexp.MustCompile(`\b[A-Za-z_]\w*=\S`)},
	{"a decision id", regexp.MustCompile(`\b(RU|RB|LR|BL|RK)-D?\d+\b`)},
	{"a (s) plural", regexp.MustCompile(`\w\(s\)`)},
	{"a hyphenated id", regexp.MustCompile(`\b[a-z]+(-[a-z]+)+\b`)},
	{"a snake_case id", regexp.MustCompile(`\b[a-z]+_[a-z_]+\b`)},
}

// allowed are hyphenated English words the hyphenated-id pattern would
// otherwise catch.
var allowed = map[string]bool{
	"set-up": true, "hand-off": true, "half-hex": true, "re-roll": true, "re-rolls": true,
	"first-player": true, "two-player": true, "north-west": true, "north-east": true,
	"south-west": true, "south-east": true, "face-down": true, "face-up": true,
}

// BadWords returns the denied words in text, each with its kind; extra
// are more hyphenated words a system allows.
func BadWords(text string, extra ...string) []string {
	ok := map[string]bool{}
	for _, w := range extra {
		ok[strings.ToLower(w)] = true
	}
	var out []string
	for _, d := range denied {
		for _, m := range d.re.FindAllString(text, -1) {
			if d.kind == "a hyphenated id" && (allowed[strings.ToLower(m)] || ok[strings.ToLower(m)]) {
				continue
			}
			out = append(out, fmt.Sprintf("%s %q", d.kind, m))
		}
	}
	return out
}

// Check fails t when r's facts or sections are not a player's report:
// a section without a title, a row wider than its header, a header cell
// or a fact label left empty, a denied word in any fact, heading or cell;
// or when the Markdown or HTML still dumps the view as JSON.
func Check(t testing.TB, where string, r report.Report, extra ...string) {
	t.Helper()
	words := func(what, text string) {
		if bad := BadWords(text, extra...); len(bad) > 0 {
			t.Errorf("%s: %s %q holds %s", where, what, text, strings.Join(bad, ", "))
		}
	}
	for _, f := range r.Facts {
		if strings.TrimSpace(f.Label) == "" || strings.TrimSpace(f.Value) == "" {
			t.Errorf("%s: fact %+v is not filled in", where, f)
		}
		words("fact label", f.Label)
		words("fact", f.Value)
	}
	if len(r.Sections) == 0 {
		t.Errorf("%s: the report has no sections of the game's own", where)
	}
	for _, s := range r.Sections {
		if strings.TrimSpace(s.Title) == "" {
			t.Errorf("%s: a section has no title: %+v", where, s)
		}
		words("section title", s.Title)
		words("section text", s.Text)
		for _, h := range s.Header {
			if strings.TrimSpace(h) == "" {
				t.Errorf("%s: section %q has a column without a heading", where, s.Title)
			}
			words("column heading", h)
		}
		if len(s.Rows) > 0 && len(s.Header) == 0 {
			t.Errorf("%s: section %q has rows but no headings", where, s.Title)
		}
		for i, row := range s.Rows {
			if len(row) > len(s.Header) {
				t.Errorf("%s: section %q row %d has %d cells for %d headings", where, s.Title, i+1, len(row), len(s.Header))
			}
			for _, c := range row {
				words(fmt.Sprintf("section %q cell", s.Title), c)
			}
		}
	}
	md := report.Markdown(r)
	for _, bad := range []string{"```", "## Final table", "## Table now"} {
		if strings.Contains(md, bad) {
			t.Errorf("%s: the Markdown report holds %q:\n%s", where, bad, md)
		}
	}
	if page := report.HTML(r); strings.Contains(page, "<pre>") {
		t.Errorf("%s: the HTML report dumps the view:\n%s", where, page)
	}
}

// Played is one golden script's game and its report.
type Played struct {
	// Path is the script's file.
	Path string
	// Report is the battle report of the game at the script's end.
	Report report.Report
}

// Scripts plays every script file matching glob (conformance.PlayFile) and
// builds each game's battle report at its end.
func Scripts(t *testing.T, rules console.Rules, glob string) []Played {
	t.Helper()
	var out []Played
	for _, path := range conformance.Files(t, glob) {
		p := conformance.PlayFile(t, rules, path)
		r, err := report.Build(console.NewLocal(p.Session))
		if err != nil {
			t.Fatalf("%s: report: %v", path, err)
		}
		out = append(out, Played{Path: path, Report: r})
	}
	return out
}

// Golden compares r's Markdown with the file at path; update rewrites it.
func Golden(t *testing.T, path string, r report.Report, update bool) {
	t.Helper()
	got := report.Markdown(r)
	if update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs (run go test -update after checking):\ngot:\n%s\nwant:\n%s", filepath.Base(path), got, want)
	}
}
