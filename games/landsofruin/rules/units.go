package rules

import "fmt"

// Distances are tenths of an inch in the rules; these helpers convert for
// display only (1" = 25.4 mm exactly).

// TenthsToMM converts tenths of an inch to millimetres, rounded half away
// from zero.
func TenthsToMM(tenths int) int { return roundDiv(tenths*254, 100) }

// MMToTenths converts millimetres to tenths of an inch, rounded half away
// from zero.
func MMToTenths(mm int) int { return roundDiv(mm*100, 254) }

func roundDiv(a, b int) int {
	if a < 0 {
		return -((-a + b/2) / b)
	}
	return (a + b/2) / b
}

// FormatInches shows tenths of an inch as inches: 125 → `12.5"`, 100 → `10"`.
func FormatInches(tenths int) string {
	sign := ""
	if tenths < 0 {
		sign, tenths = "-", -tenths
	}
	if tenths%10 == 0 {
		return fmt.Sprintf("%s%d\"", sign, tenths/10)
	}
	return fmt.Sprintf("%s%d.%d\"", sign, tenths/10, tenths%10)
}

// FormatCentimetres shows tenths of an inch as centimetres to one decimal:
// 100 → "25.4 cm".
func FormatCentimetres(tenths int) string {
	mm := TenthsToMM(tenths)
	sign := ""
	if mm < 0 {
		sign, mm = "-", -mm
	}
	return fmt.Sprintf("%s%d.%d cm", sign, mm/10, mm%10)
}
