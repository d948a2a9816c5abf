package data

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Error is a problem in one data file: the file, the 1-based line (0 when
// the problem is the file as a whole) and the column's header name ("" when
// the problem is the whole row). Its text reads
// "wounds.csv line 4 column d12_to: 13 is not a d12 result".
type Error struct {
	File   string
	Line   int
	Column string
	Msg    string
}

// Error formats the problem with its place.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, " line %d", e.Line)
	}
	if e.Column != "" {
		fmt.Fprintf(&b, " column %s", e.Column)
	}
	b.WriteString(": ")
	b.WriteString(e.Msg)
	return b.String()
}

// Row is one decoded data row: its fields by header name, and where it
// came from (for error messages).
type Row struct {
	File   string
	Line   int
	header []string
	fields []string
}

// MaxRows bounds the rows of one data file, so a broken or hostile file
// cannot make the loader allocate without limit.
const MaxRows = 1000

// DecodeCSV reads a data file (§4: UTF-8, a header row, comma-separated,
// no comments) whose header must be exactly header, in order. Every row
// must have as many fields as the header. Blank lines are skipped. A
// leading UTF-8 byte order mark is accepted.
func DecodeCSV(file string, b []byte, header []string) ([]Row, error) {
	b = bytes.TrimPrefix(b, []byte("\ufeff"))
	r := csv.NewReader(bytes.NewReader(b))
	r.FieldsPerRecord = -1
	r.LazyQuotes = true // constants.csv line 50 has a bare quote: RB-D53 (l. 291 "like a kickoff")
	var rows []Row
	first := true
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				return nil, &Error{File: file, Line: pe.Line, Msg: pe.Err.Error()}
			}
			return nil, &Error{File: file, Msg: err.Error()}
		}
		line, _ := r.FieldPos(0)
		if first {
			first = false
			if !equal(rec, header) {
				return nil, &Error{File: file, Line: line, Msg: fmt.Sprintf("the header must be %q (got %q)", strings.Join(header, ","), strings.Join(rec, ","))}
			}
			continue
		}
		if len(rec) != len(header) {
			return nil, &Error{File: file, Line: line, Msg: fmt.Sprintf("%d fields, the header has %d", len(rec), len(header))}
		}
		if !utf8Valid(rec) {
			return nil, &Error{File: file, Line: line, Msg: "not UTF-8"}
		}
		if len(rows) == MaxRows {
			return nil, &Error{File: file, Line: line, Msg: fmt.Sprintf("more than %d rows", MaxRows)}
		}
		rows = append(rows, Row{File: file, Line: line, header: header, fields: rec})
	}
	if first {
		return nil, &Error{File: file, Msg: fmt.Sprintf("empty file (the header must be %q)", strings.Join(header, ","))}
	}
	return rows, nil
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func utf8Valid(rec []string) bool {
	for _, f := range rec {
		if !utf8.ValidString(f) {
			return false
		}
	}
	return true
}

// Get returns the field of the named column, trimmed of spaces.
func (r Row) Get(col string) string {
	for i, h := range r.header {
		if h == col {
			return strings.TrimSpace(r.fields[i])
		}
	}
	panic("data: no column " + col + " in " + r.File)
}

// errf is an error at this row and column.
func (r Row) errf(col, format string, args ...any) error {
	return &Error{File: r.File, Line: r.Line, Column: col, Msg: fmt.Sprintf(format, args...)}
}

// rowReader reads typed fields from a row, keeping the first error.
type rowReader struct {
	Row
	err error
}

func (r *rowReader) fail(col, format string, args ...any) {
	if r.err == nil {
		r.err = r.errf(col, format, args...)
	}
}

// str is a required text field.
func (r *rowReader) str(col string) string {
	s := r.Get(col)
	if s == "" {
		r.fail(col, "empty (a value is required)")
	}
	return s
}

// text is an optional text field.
func (r *rowReader) text(col string) string { return r.Get(col) }

// integer is a required integer field in lo…hi.
func (r *rowReader) integer(col string, lo, hi int) int {
	s := r.Get(col)
	if s == "" {
		r.fail(col, "empty (a whole number is required)")
		return 0
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		r.fail(col, "%q is not a whole number", s)
		return 0
	}
	if n < lo || n > hi {
		r.fail(col, "%d is not in %s", n, span(lo, hi))
	}
	return n
}

// optInt is an optional integer field; ok is false when empty.
func (r *rowReader) optInt(col string, lo, hi int) (n int, ok bool) {
	if r.Get(col) == "" {
		return 0, false
	}
	return r.integer(col, lo, hi), true
}

// oneOf is a required field among the allowed words.
func (r *rowReader) oneOf(col string, allowed ...string) string {
	s := r.Get(col)
	for _, a := range allowed {
		if s == a {
			return s
		}
	}
	r.fail(col, "%q is not one of %s", s, strings.Join(allowed, ", "))
	return s
}

// yesNo is a yes/no field.
func (r *rowReader) yesNo(col string) bool { return r.oneOf(col, "yes", "no") == "yes" }

// flag is a 0/1 field.
func (r *rowReader) flag(col string) bool { return r.integer(col, 0, 1) == 1 }

// dice is a dice field ("1d4", "2d6+4", "d12", "1d8-1"); ok is false when
// empty and optional.
func (r *rowReader) dice(col string, optional bool) (d Dice, ok bool) {
	s := r.Get(col)
	if s == "" {
		if !optional {
			r.fail(col, "empty (dice such as 1d6 are required)")
		}
		return Dice{}, false
	}
	d, err := ParseDice(s)
	if err != nil {
		r.fail(col, "%v", err)
	}
	return d, true
}

// margin reads the two bounds of a margin range; an empty bound is
// unbounded (§4).
func (r *rowReader) margin(minCol, maxCol string) Range {
	g := Range{Min: math.MinInt, Max: math.MaxInt}
	if n, ok := r.optInt(minCol, -99, 99); ok {
		g.Min = n
	}
	if n, ok := r.optInt(maxCol, -99, 99); ok {
		g.Max = n
	}
	if r.err == nil && g.Min > g.Max {
		r.fail(maxCol, "%d is below %s %d", g.Max, minCol, g.Min)
	}
	return g
}

// die reads the two bounds of a die range, each a result of a die with
// the given sides.
func (r *rowReader) die(fromCol, toCol string, sides int) Range {
	g := Range{Min: r.dieValue(fromCol, sides), Max: r.dieValue(toCol, sides)}
	if r.err == nil && g.Min > g.Max {
		r.fail(toCol, "%d is below %s %d", g.Max, fromCol, g.Min)
	}
	return g
}

func (r *rowReader) dieValue(col string, sides int) int {
	s := r.Get(col)
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > sides {
		r.fail(col, "%s is not a d%d result", quoteIfOdd(s), sides)
	}
	return n
}

func quoteIfOdd(s string) string {
	if _, err := strconv.Atoi(s); err == nil {
		return s
	}
	return strconv.Quote(s)
}

func span(lo, hi int) string {
	switch {
	case lo == math.MinInt && hi == math.MaxInt:
		return "any whole number"
	case hi == math.MaxInt:
		return fmt.Sprintf("%d or more", lo)
	case lo == math.MinInt:
		return fmt.Sprintf("%d or less", hi)
	}
	return fmt.Sprintf("%d–%d", lo, hi)
}

// Range is an inclusive range of margins or die results. An unbounded end
// is math.MinInt or math.MaxInt (an empty field in the file).
type Range struct{ Min, Max int }

// Contains reports whether n lies in the range.
func (g Range) Contains(n int) bool { return g.Min <= n && n <= g.Max }

// String is the range for messages: "3–5", "6+", "-3 to -1", "-7 or less".
func (g Range) String() string {
	switch {
	case g.Min == math.MinInt && g.Max == math.MaxInt:
		return "any"
	case g.Max == math.MaxInt:
		return fmt.Sprintf("%d+", g.Min)
	case g.Min == math.MinInt:
		return fmt.Sprintf("%d or less", g.Max)
	case g.Min == g.Max:
		return strconv.Itoa(g.Min)
	}
	if g.Min < 0 {
		return fmt.Sprintf("%d to %d", g.Min, g.Max)
	}
	return fmt.Sprintf("%d–%d", g.Min, g.Max)
}

// checkCover checks that the rows' ranges cover lo…hi (math.MinInt and
// math.MaxInt for all integers) exactly once: no gap, no overlap. The
// error names the row of the first overlap or the file for a gap.
func checkCover(file string, rows []Row, ranges []Range, col string, lo, hi int) error {
	idx := make([]int, len(ranges))
	for i := range idx {
		idx[i] = i
	}
	// insertion sort by Min (tables are a handful of rows)
	for i := 1; i < len(idx); i++ {
		for j := i; j > 0 && ranges[idx[j]].Min < ranges[idx[j-1]].Min; j-- {
			idx[j], idx[j-1] = idx[j-1], idx[j]
		}
	}
	next := lo // the smallest value not yet covered
	done := false
	for _, i := range idx {
		g := ranges[i]
		if done || g.Min < next {
			return rows[i].errf(col, "%s overlaps another row", g)
		}
		if g.Min > next {
			return &Error{File: file, Msg: fmt.Sprintf("no row covers %s", Range{next, g.Min - 1})}
		}
		if g.Max >= hi {
			done = true
			if g.Max > hi {
				return rows[i].errf(col, "%s goes beyond %d", g, hi)
			}
			continue
		}
		next = g.Max + 1
	}
	if !done {
		return &Error{File: file, Msg: fmt.Sprintf("no row covers %s", Range{next, hi})}
	}
	return nil
}

// Dice is a dice expression of the data: N dice of Sides sides plus Plus
// ("2d6+4", "1d8-1", "d12" = 1d12).
type Dice struct{ N, Sides, Plus int }

// ParseDice reads "NdS", "NdS+K", "NdS-K" or "dS" (N 1–20, S 2–100, K
// 0–99).
func ParseDice(s string) (Dice, error) {
	bad := fmt.Errorf("%q is not dice (such as 1d6, 2d6+4, d12)", s)
	i := strings.IndexByte(s, 'd')
	if i < 0 {
		return Dice{}, bad
	}
	d := Dice{N: 1}
	if i > 0 {
		n, err := strictAtoi(s[:i])
		if err != nil || n < 1 || n > 20 {
			return Dice{}, bad
		}
		d.N = n
	}
	rest := s[i+1:]
	sign := 0
	if j := strings.IndexAny(rest, "+-"); j >= 0 {
		k, err := strictAtoi(rest[j+1:])
		if err != nil || k > 99 {
			return Dice{}, bad
		}
		sign = 1
		if rest[j] == '-' {
			sign = -1
		}
		d.Plus = sign * k
		rest = rest[:j]
	}
	n, err := strictAtoi(rest)
	if err != nil || n < 2 || n > 100 {
		return Dice{}, bad
	}
	d.Sides = n
	return d, nil
}

// strictAtoi accepts only unsigned decimal digits (1–3 of them).
func strictAtoi(s string) (int, error) {
	if s == "" || len(s) > 3 {
		return 0, strconv.ErrSyntax
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, strconv.ErrSyntax
		}
	}
	return strconv.Atoi(s)
}

// String writes the dice as the data does: "2d6+4", "1d8-1", "1d12".
func (d Dice) String() string {
	s := fmt.Sprintf("%dd%d", d.N, d.Sides)
	switch {
	case d.Plus > 0:
		s += fmt.Sprintf("+%d", d.Plus)
	case d.Plus < 0:
		s += fmt.Sprintf("%d", d.Plus)
	}
	return s
}

// Min is the smallest total of the dice.
func (d Dice) Min() int { return d.N + d.Plus }

// Max is the largest total of the dice.
func (d Dice) Max() int { return d.N*d.Sides + d.Plus }

// IsZero reports whether no dice are given (an empty optional field).
func (d Dice) IsZero() bool { return d.N == 0 }
