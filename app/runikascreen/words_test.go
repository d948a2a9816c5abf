package runikascreen

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/app/kit"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/conformance"
	"github.com/commandconsole/commandconsole/games/runika"
)

// denied are the patterns no text on screen may hold (issue 23): command
// and event ids, key=value, decision ids, "(s)" plurals, Go identifiers.
var denied = []*regexp.Regexp{
	regexp.MustCompile(`\b[a-z]+(-[a-z]+)+\b`),
	regexp.MustCompile(`\w+=\w+`),
	regexp.MustCompile(`\b[A-Z]{2}-D\d+`),
	regexp.MustCompile(`\(s\)`),
	regexp.MustCompile(`\b(kit|runika|console|fyne|widget)\.[A-Z]`),
}

// screenTexts returns every text the window shows: labels, rich text,
// buttons, checks, options, placeholders, banners, tiles and every canvas
// text the widgets draw, the dialogs on top included.
func screenTexts(w fyne.Window) []string {
	var out []string
	add := func(ss ...string) {
		for _, s := range ss {
			if strings.TrimSpace(s) != "" {
				out = append(out, s)
			}
		}
	}
	for _, o := range apptest.Objects(w) {
		switch x := o.(type) {
		case *widget.Label:
			add(x.Text)
		case *widget.RichText:
			add(x.String())
		case *widget.Button:
			add(x.Text)
		case *widget.Check:
			add(x.Text)
		case *widget.RadioGroup:
			add(x.Options...)
		case *widget.Select:
			add(x.Options...)
			add(x.PlaceHolder)
		case *widget.Entry:
			add(x.PlaceHolder)
		case *widget.Hyperlink:
			add(x.Text)
		case *kit.Banner:
			add(x.Text)
		case *kit.Tile:
			add(x.Title, x.Detail)
		case *canvas.Text:
			add(x.Text)
		}
	}
	return out
}

func badOnScreen(text string) []string {
	var bad []string
	for _, re := range denied {
		bad = append(bad, re.FindAllString(text, -1)...)
	}
	return bad
}

func TestBadOnScreen(t *testing.T) {
	for _, c := range []struct {
		text string
		bad  bool
	}{
		{"ends the draft (end-draft)", true},
		{"2 player(s)", true},
		{"kit.Inches", true},
		{"give element=air", true},
		{"Round 1 · Bob's turn · all tied at 0", false},
		{"+5", false},
	} {
		if got := len(badOnScreen(c.text)) > 0; got != c.bad {
			t.Errorf("badOnScreen(%q) = %v, want %v", c.text, badOnScreen(c.text), c.bad)
		}
	}
}

// The golden games of games/runika shown on the screen line by line:
// after each command every text on screen is checked, and each refusal's
// message as the screen would show it; then the forms.
func TestWordsOfGoldenGamesOnScreen(t *testing.T) {
	for _, name := range []string{"two-player", "three-player"} {
		t.Run(name, func(t *testing.T) {
			setup, lines := conformance.ReadFile(t, filepath.Join("..", "..", "games", "runika", "testdata", name+".jsonl"))
			st := console.NewMemStore()
			sess, err := console.Create(runika.New(), setup, console.Options{Store: st, Clock: apptest.Clock})
			if err != nil {
				t.Fatal(err)
			}
			u, w := newTestUI(t, st, apptest.LandscapeSize)
			u.ShowGame(console.NewLocal(sess))
			s := runikaScreenOf(t, u)
			seen := map[string]bool{}
			checked := 0
			check := func(where string) {
				for _, text := range screenTexts(w) {
					checked++
					if seen[text] {
						continue
					}
					seen[text] = true
					if bad := badOnScreen(text); len(bad) > 0 {
						t.Errorf("%s: the screen shows %q, holding %q", where, text, bad)
					}
					for _, f := range apptest.WordsFound([]string{text}) {
						t.Errorf("%s: %s", where, f)
					}
				}
			}
			check("the start")
			for _, l := range lines {
				where := fmt.Sprintf("%s.jsonl:%d", name, l.Number)
				_, refusal, err := l.Play(sess)
				if err != nil {
					t.Fatalf("%s: %v", where, err)
				}
				if refusal != nil {
					// console/session.go words the undo of a revealing
					// event with its id: not Runika's text (reported)
					if msg := kit.ErrorText(refusal); !strings.HasPrefix(msg, "cannot undo ") {
						if bad := badOnScreen(msg); len(bad) > 0 {
							t.Errorf("%s: the refusal %q holds %q", where, msg, bad)
						}
					}
					continue
				}
				u.Game().RefreshIfChanged()
				check(where)
				if s.view.Phase == runika.PhaseTurns && s.view.Current != "" && l.Number%7 == 0 {
					s.claimRune()
					check(where + " claim-rune form")
					apptest.TapButton(t, w, "Cancel")
					s.claimMastery()
					check(where + " claim-mastery form")
					apptest.TapButton(t, w, "Cancel")
				}
			}
			if checked == 0 {
				t.Fatal("no text was checked")
			}
		})
	}
}
