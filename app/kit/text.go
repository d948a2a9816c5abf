package kit

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// WrapText breaks s into lines of about width characters for dialogs,
// which do not wrap their message.
func WrapText(s string, width int) string {
	out := make([]rune, 0, len(s)+len(s)/width)
	col := 0
	lastSpace := -1
	for _, r := range s {
		switch {
		case r == '\n':
			col, lastSpace = 0, -1
		case r == ' ':
			lastSpace = len(out)
			col++
		default:
			col++
		}
		out = append(out, r)
		if col > width && lastSpace >= 0 {
			out[lastSpace] = '\n'
			col = len(out) - lastSpace - 1
			lastSpace = -1
		}
	}
	return string(out)
}

// Field lays out one input with its label, its explanation and its error.
func Field(label string, input fyne.CanvasObject, doc string, errLabel *widget.Label) fyne.CanvasObject {
	box := container.NewVBox(widget.NewLabelWithStyle(label, fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), input)
	if doc != "" {
		d := Wrapped(doc)
		d.SizeName = theme.SizeNameCaptionText
		d.Importance = widget.LowImportance
		box.Add(d)
	}
	if errLabel != nil {
		box.Add(errLabel)
	}
	return container.NewPadded(box)
}

// OptionLabel turns an option name into a label: "rounds" → "Rounds".
func OptionLabel(name string) string {
	name = strings.ReplaceAll(name, "-", " ")
	name = strings.ReplaceAll(name, "_", " ")
	if name == "" {
		return name
	}
	return strings.ToUpper(name[:1]) + name[1:]
}

// Ordinal renders 1 as "1st", 2 as "2nd", 11 as "11th", 23 as "23rd".
func Ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return strconv.Itoa(n) + suffix
}

// Plural renders "1 points token", "2 points tokens".
func Plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// UpperFirst is "Fire" for "fire".
func UpperFirst(word string) string {
	if word == "" {
		return ""
	}
	return strings.ToUpper(word[:1]) + word[1:]
}
