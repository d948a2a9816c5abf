package card

import (
	"fmt"
	"strings"

	rn "github.com/commandconsole/commandconsole/npc/ruunara"
)

// MaxDistance is the longest distance a card may give: 1000" (2500 cm), far
// beyond any table, so that a typing slip is refused.
const MaxDistance rn.Ticks = 10000

// errDistance is the refusal of a distance; callers put the field in front
// ("movement must be a distance such as 5in or 12.5cm").
func errDistance(s string) error {
	return fmt.Errorf("must be a distance such as 5in or 12.5cm (got %q)", s)
}

// ParseDistance reads a distance as the card prints it: "6in", `6"`,
// "15cm", "12,5cm", "12.5cm", "6 inches", or a bare number in unit def
// (inches unless def is rn.Centimetres). Inches × 10, centimetres × 4
// (RU-D1), rounded to the nearest tick, halves away from zero (RU-D2).
// Only integers are used, so every CPU gets the same ticks. Refusals start
// with "must be a distance such as 5in or 12.5cm": the caller names the
// field in front.
func ParseDistance(s string, def rn.Unit) (rn.Ticks, error) {
	t := strings.TrimSpace(s)
	// The number: digits, then optionally "," or "." and digits.
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	whole := t[:i]
	frac := ""
	if i < len(t) && (t[i] == '.' || t[i] == ',') {
		j := i + 1
		for j < len(t) && t[j] >= '0' && t[j] <= '9' {
			j++
		}
		frac = t[i+1 : j]
		if frac == "" {
			return 0, errDistance(s)
		}
		i = j
	}
	if whole == "" {
		return 0, errDistance(s)
	}
	// Bound the digits so the arithmetic below cannot overflow: leading
	// zeros of the whole part and trailing zeros of the fraction add
	// nothing.
	whole = strings.TrimLeft(whole, "0")
	frac = strings.TrimRight(frac, "0")
	if len(whole) > 6 {
		return 0, fmt.Errorf("must be at most %s (got %q)", formatIn(MaxDistance), s)
	}
	if len(frac) > 6 {
		return 0, errDistance(s)
	}
	unit := def
	if suffix := strings.TrimSpace(t[i:]); suffix != "" {
		u, ok := rn.ParseUnit(suffix)
		if !ok {
			return 0, errDistance(s)
		}
		unit = u
	}
	factor := int64(10) // ticks per inch
	if unit == rn.Centimetres {
		factor = 4 // ticks per cm, 1" = 2,5 cm (RU-D1)
	}
	// value = num / den; ticks = value × factor, rounded half away from
	// zero (the value is never negative here).
	var num, den int64 = 0, 1
	for _, c := range whole + frac {
		num = num*10 + int64(c-'0')
	}
	for range frac {
		den *= 10
	}
	ticks := (2*num*factor + den) / (2 * den)
	if ticks > int64(MaxDistance) {
		return 0, fmt.Errorf("must be at most %s (got %q)", formatIn(MaxDistance), s)
	}
	return rn.Ticks(ticks), nil
}

// formatIn writes ticks the way units.json stores distances: inches with
// one decimal where needed ("5in", "1.5in"); exact for every tick.
func formatIn(t rn.Ticks) string {
	return strings.TrimSuffix(rn.Format(t, rn.Inches), `"`) + "in"
}
