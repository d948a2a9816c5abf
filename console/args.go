package console

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// ArgKind is the type of one command argument or setup option.
type ArgKind string

// The argument kinds. Rules arithmetic is integers only.
const (
	ArgInt    ArgKind = "int"
	ArgString ArgKind = "string"
	ArgBool   ArgKind = "bool"
	// ArgEnum is a string from ArgSpec.Enum.
	ArgEnum ArgKind = "enum"
	// ArgSeat is one of the game's seats.
	ArgSeat ArgKind = "seat"
)

// ArgSpec describes one argument of a command (or one setup option).
type ArgSpec struct {
	Name     string   `json:"name" msgpack:"name"`
	Kind     ArgKind  `json:"kind" msgpack:"kind"`
	Required bool     `json:"required,omitempty" msgpack:"required,omitempty"`
	Min      *int     `json:"min,omitempty" msgpack:"min,omitempty"`
	Max      *int     `json:"max,omitempty" msgpack:"max,omitempty"`
	Enum     []string `json:"enum,omitempty" msgpack:"enum,omitempty"`
	// MaxLen bounds a string argument; 0 means 200.
	MaxLen  int    `json:"max_len,omitempty" msgpack:"max_len,omitempty"`
	Default string `json:"default,omitempty" msgpack:"default,omitempty"`
	Doc     string `json:"doc" msgpack:"doc"`
}

// CommandSpec describes one command of a system's vocabulary.
type CommandSpec struct {
	Name    string    `json:"name" msgpack:"name"`
	Version int       `json:"version" msgpack:"version"`
	Doc     string    `json:"doc" msgpack:"doc"`
	Args    []ArgSpec `json:"args,omitempty" msgpack:"args,omitempty"`
	// When says in words when the command is allowed ("on your turn").
	When string `json:"when" msgpack:"when"`
}

// Bounds returns a pointer to n, for ArgSpec.Min and ArgSpec.Max literals.
func Bounds(n int) *int { return &n }

// Args is a validated argument map: ints are int, strings string, bools bool.
type Args map[string]any

// Int returns the named integer argument, or 0 when it is absent.
func (a Args) Int(name string) int { v, _ := a[name].(int); return v }

// String returns the named string, enum or seat argument, or "".
func (a Args) String(name string) string { v, _ := a[name].(string); return v }

// Bool returns the named boolean argument, or false.
func (a Args) Bool(name string) bool { v, _ := a[name].(bool); return v }

// Has reports whether the argument was given.
func (a Args) Has(name string) bool { _, ok := a[name]; return ok }

const defaultMaxLen = 200

// FindCommand returns the spec of the named command.
func FindCommand(specs []CommandSpec, name string) (CommandSpec, bool) {
	for _, s := range specs {
		if s.Name == name {
			return s, true
		}
	}
	return CommandSpec{}, false
}

// CommandNames lists the names of specs, sorted, for error messages.
func CommandNames(specs []CommandSpec) []string {
	names := make([]string, len(specs))
	for i, s := range specs {
		names[i] = s.Name
	}
	sort.Strings(names)
	return names
}

// ValidateArgs checks raw arguments (as decoded from JSON, msgpack or parsed
// from key=value text) against the schema and returns them normalised.
// Unknown arguments, missing required ones, wrong types and values out of
// range are rejected with a message that says what was wrong and what is
// allowed. seats lists the game's seats, for ArgSeat.
func ValidateArgs(spec []ArgSpec, raw map[string]any, seats []Seat) (Args, error) {
	out := Args{}
	known := map[string]ArgSpec{}
	for _, s := range spec {
		known[s.Name] = s
	}
	for _, k := range SortedKeys(raw) {
		if _, ok := known[k]; !ok {
			return nil, Reject("unknown argument %q (allowed: %s)", k, argNames(spec))
		}
	}
	for _, s := range spec {
		v, ok := raw[s.Name]
		if !ok || v == nil {
			if s.Default != "" {
				v, ok = s.Default, true
			}
		}
		if !ok || v == nil {
			if s.Required {
				return nil, Reject("missing argument %q: %s", s.Name, describeArg(s))
			}
			continue
		}
		nv, err := normaliseArg(s, v, seats)
		if err != nil {
			return nil, err
		}
		out[s.Name] = nv
	}
	return out, nil
}

func argNames(spec []ArgSpec) string {
	if len(spec) == 0 {
		return "none"
	}
	n := make([]string, len(spec))
	for i, s := range spec {
		n[i] = s.Name
	}
	return strings.Join(n, ", ")
}

func describeArg(s ArgSpec) string {
	switch s.Kind {
	case ArgInt:
		switch {
		case s.Min != nil && s.Max != nil:
			return fmt.Sprintf("a whole number from %d to %d", *s.Min, *s.Max)
		case s.Min != nil:
			return fmt.Sprintf("a whole number of at least %d", *s.Min)
		case s.Max != nil:
			return fmt.Sprintf("a whole number of at most %d", *s.Max)
		}
		return "a whole number"
	case ArgBool:
		return "true or false"
	case ArgEnum:
		return "one of " + strings.Join(s.Enum, ", ")
	case ArgSeat:
		return "a seat of this game"
	}
	return "text"
}

func normaliseArg(s ArgSpec, v any, seats []Seat) (any, error) {
	bad := func() error {
		return Reject("argument %q: %v is not %s", s.Name, v, describeArg(s))
	}
	switch s.Kind {
	case ArgInt:
		n, ok := toInt(v)
		if !ok {
			return nil, bad()
		}
		if (s.Min != nil && n < *s.Min) || (s.Max != nil && n > *s.Max) {
			return nil, bad()
		}
		return n, nil
	case ArgBool:
		switch b := v.(type) {
		case bool:
			return b, nil
		case string:
			if p, err := strconv.ParseBool(b); err == nil {
				return p, nil
			}
		}
		return nil, bad()
	case ArgString, ArgEnum, ArgSeat:
		str, ok := v.(string)
		if !ok {
			return nil, bad()
		}
		max := s.MaxLen
		if max == 0 {
			max = defaultMaxLen
		}
		if len(str) > max {
			return nil, RejectWith(ReasonBadInput, "argument %q is %d bytes long; at most %d allowed", s.Name, len(str), max)
		}
		if err := checkText(fmt.Sprintf("argument %q", s.Name), str); err != nil {
			return nil, err
		}
		switch s.Kind {
		case ArgEnum:
			for _, e := range s.Enum {
				if e == str {
					return str, nil
				}
			}
			return nil, bad()
		case ArgSeat:
			for _, seat := range seats {
				if string(seat) == str {
					return str, nil
				}
			}
			return nil, Reject("argument %q: %q is not a seat of this game (seats: %s)", s.Name, str, seatList(seats))
		}
		return str, nil
	}
	return nil, fmt.Errorf("argument %q: unknown kind %q in schema", s.Name, s.Kind)
}

// toInt accepts every integer type a decoder may produce, integral floats
// (JSON numbers) and decimal strings (key=value text).
func toInt(v any) (int, bool) {
	const lim = 1 << 40 // far beyond any game value; keeps int arithmetic safe on 32-bit
	var n int64
	switch x := v.(type) {
	case int:
		n = int64(x)
	case int8:
		n = int64(x)
	case int16:
		n = int64(x)
	case int32:
		n = int64(x)
	case int64:
		n = x
	case uint8:
		n = int64(x)
	case uint16:
		n = int64(x)
	case uint32:
		n = int64(x)
	case uint64:
		if x > lim {
			return 0, false
		}
		n = int64(x)
	case uint:
		if uint64(x) > lim {
			return 0, false
		}
		n = int64(x)
	case float64:
		if x != math.Trunc(x) || math.IsInf(x, 0) || math.IsNaN(x) || math.Abs(x) > lim {
			return 0, false
		}
		n = int64(x)
	case float32:
		return toInt(float64(x))
	case string:
		p, err := strconv.ParseInt(strings.TrimSpace(x), 10, 64)
		if err != nil {
			return 0, false
		}
		n = p
	default:
		return 0, false
	}
	if n > lim || n < -lim {
		return 0, false
	}
	return int(n), true
}

// ParseKeyValues turns command-line "k=v" words into a raw argument map.
// Values stay strings; ValidateArgs converts them by the schema.
func ParseKeyValues(words []string) (map[string]any, error) {
	out := map[string]any{}
	for _, w := range words {
		k, v, ok := strings.Cut(w, "=")
		if !ok || k == "" {
			return nil, Reject("argument %q is not of the form key=value", w)
		}
		if _, dup := out[k]; dup {
			return nil, Reject("argument %q given twice", k)
		}
		out[k] = v
	}
	return out, nil
}

// checkText refuses text a person could not read back or that would break
// a line of history or a network frame: invalid UTF-8 and control
// characters (line breaks and tabs included). what names the field.
func checkText(what, text string) error {
	if !utf8.ValidString(text) {
		return RejectWith(ReasonBadInput, "%s is not valid UTF-8 text", what)
	}
	for i, r := range text {
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			return RejectWith(ReasonBadInput, "%s contains a control character (%U) at byte %d; use printable text", what, r, i)
		}
	}
	return nil
}
