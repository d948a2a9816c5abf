package kit

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/console"
)

func TestOrdinal(t *testing.T) {
	for n, want := range map[int]string{1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 11: "11th", 12: "12th", 13: "13th", 21: "21st", 22: "22nd", 101: "101st", 111: "111th"} {
		if got := Ordinal(n); got != want {
			t.Errorf("Ordinal(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestUnitsFormatDistance(t *testing.T) {
	for _, c := range []struct {
		u    Units
		in   int
		want string
	}{{Inches, 60, `6"`}, {Inches, 25, `2.5"`}, {Centimetres, 60, "15.2 cm"}, {Centimetres, 10, "2.5 cm"}} {
		if got := c.u.FormatDistance(c.in); got != c.want {
			t.Errorf("%s.FormatDistance(%d) = %q, want %q", c.u, c.in, got, c.want)
		}
	}
}

func TestErrorTextInPlayersWords(t *testing.T) {
	internal := fmt.Errorf("store: put event 12: %w", errors.New("bbolt: database not open"))
	for _, c := range []struct {
		name         string
		err          error
		text, detail string
	}{
		{"rejection", &console.Rejection{Msg: "It is Bob's turn."}, "It is Bob's turn.", ""},
		{"wrapped rejection", fmt.Errorf("do: %w", &console.Rejection{Msg: "Not now."}), "Not now.", ""},
		{"explained", Explain("\"Friday\" cannot be opened: its save could not be read.", internal),
			"\"Friday\" cannot be opened: its save could not be read.", "\"Friday\" cannot be opened: its save could not be read: store: put event 12: bbolt: database not open"},
		{"internal", internal, SomethingWrong, "store: put event 12: bbolt: database not open"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := ErrorText(c.err); got != c.text {
				t.Errorf("ErrorText = %q, want %q", got, c.text)
			}
			if got := ErrorDetail(c.err); got != c.detail {
				t.Errorf("ErrorDetail = %q, want %q", got, c.detail)
			}
			if strings.Contains(ErrorText(c.err), "bbolt") {
				t.Errorf("the player reads the internal error")
			}
		})
	}
}
