package ruunara

import (
	"strconv"
	"strings"
)

// Ticks is a distance in tenths of an inch, the engine's one length unit:
// 10 ticks = 1", 4 ticks = 1 cm, using the rulebook's 1" = 2,5 cm (RU-D1).
// Every rule threshold of the book is a whole number of ticks in both units.
type Ticks int

// Common distances of the rules, in ticks (RU-F28, RU-D1).
const (
	Inch Ticks = 10
	CM   Ticks = 4
)

// Unit is the distance unit a seat reads: inches or centimetres (RU-D1).
type Unit string

// The two units a seat may choose.
const (
	Inches      Unit = "in"
	Centimetres Unit = "cm"
)

// ParseUnit reads "in" or "cm" (also "inch", "inches", "centimetres").
func ParseUnit(s string) (Unit, bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "in", "inch", "inches", `"`:
		return Inches, true
	case "cm", "centimetre", "centimetres", "centimeter", "centimeters":
		return Centimetres, true
	}
	return "", false
}

// Format writes t in unit u the way orders and views show it (RU-D1):
// inches with one decimal only where needed (`5"`, `2.5"`), centimetres
// with at most two decimals and trailing zeros dropped (`20 cm`,
// `12.5 cm`). Any other unit is read as inches.
func Format(t Ticks, u Unit) string {
	if u == Centimetres {
		return decimal(int(t)*25, 100) + " cm"
	}
	return decimal(int(t), 10) + `"`
}

// decimal writes n/div with as many decimals as div has zeros, trailing
// zeros dropped; integers only, so the text is the same on every CPU.
func decimal(n, div int) string {
	neg := n < 0
	if neg {
		n = -n
	}
	whole, frac := n/div, n%div
	s := strconv.Itoa(whole)
	if frac != 0 {
		digits := len(strconv.Itoa(div)) - 1
		f := strconv.Itoa(frac)
		f = strings.Repeat("0", digits-len(f)) + f
		s += "." + strings.TrimRight(f, "0")
	}
	if neg {
		s = "-" + s
	}
	return s
}
