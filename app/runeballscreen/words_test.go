package runeballscreen

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/app/home"
	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/app/kit"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/conformance"
	"github.com/commandconsole/commandconsole/games/runeball"
)

// denied are the patterns no text on screen may hold (issue 23): command
// and data ids, key=value, decision ids, "(s)" plurals, Go identifiers,
// rulebook line numbers, statuses as data ("bleed:1").
var denied = []*regexp.Regexp{
	regexp.MustCompile(`\b[a-z]+(-[a-z]+)+\b`),
	regexp.MustCompile(`\w+=\w+`),
	regexp.MustCompile(`RB-[DF]\d+`),
	regexp.MustCompile(`\(s\)`),
	regexp.MustCompile(`\b(kit|runeball|console|fyne|widget)\.[A-Z]`),
	regexp.MustCompile(`\bl\. \d+`),
	regexp.MustCompile(`\b[a-z]+:\d+`),
}

// plainHyphens are the hyphenated words of the rulebook's English.
var plainHyphens = map[string]bool{"re-roll": true, "set-up": true}

// screenTexts returns every text the window shows: labels, rich text,
// buttons, checks, radio and select options, entry placeholders,
// hyperlinks, banners, tiles and every canvas text the widgets draw (the
// field's labels among them), the dialogs and menus on top included.
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

// badOnScreen returns the denied words in text.
func badOnScreen(text string) []string {
	var bad []string
	for _, re := range denied {
		for _, m := range re.FindAllString(text, -1) {
			if !plainHyphens[m] {
				bad = append(bad, m)
			}
		}
	}
	for _, c := range runeball.New().Commands() {
		if !strings.Contains(c.Name, "-") && c.Name != "keshat" && regexp.MustCompile(`\(`+c.Name+`(\)|\s+\w+=)`).MatchString(text) {
			bad = append(bad, "("+c.Name)
		}
	}
	return bad
}

// wordsChecker fails the test on any denied text on w, once per text.
type wordsChecker struct {
	t    *testing.T
	w    fyne.Window
	seen map[string]bool
	// texts counts the texts checked, to show the check saw the screen.
	texts int
}

func newWordsChecker(t *testing.T, w fyne.Window) *wordsChecker {
	return &wordsChecker{t: t, w: w, seen: map[string]bool{}}
}

// check checks every text on the window now.
func (c *wordsChecker) check(where string) {
	c.t.Helper()
	for _, s := range screenTexts(c.w) {
		c.texts++
		if c.seen[s] {
			continue
		}
		c.seen[s] = true
		if bad := badOnScreen(s); len(bad) > 0 {
			c.t.Errorf("%s: the screen shows %q, holding %q", where, s, bad)
		}
		// and the app's shared list (apptest.DeniedWords)
		for _, f := range apptest.WordsFound([]string{s}) {
			c.t.Errorf("%s: %s", where, f)
		}
	}
}

func TestBadOnScreen(t *testing.T) {
	for _, c := range []struct {
		text string
		bad  bool
	}{
		{"Runeball (lock-roster)", true},
		{"(choose-kickoff)", true},
		{"mus=13 skl=11", true},
		{"2 player(s)", true},
		{"kit.Inches / kit.Centimetres", true},
		{"a draw (RB-D57)", true},
		{"wounds: bleed:1,stun", true},
		{"waiting for home (place)", true},
		{"H4 is about to act: blitz him or let him act", false},
		{"d12 roll off, H4: 3", false},
		{"H1 Bolt · MUS 13 · SKL 9", false},
		{"H1 on 12:16", false},
		{"Bleed 1, Stunned", false},
	} {
		if got := len(badOnScreen(c.text)) > 0; got != c.bad {
			t.Errorf("badOnScreen(%q) = %v, want %v", c.text, badOnScreen(c.text), c.bad)
		}
	}
}

// Every golden match of games/runeball shown on the hot-seat screen, line
// by line: after each command (and each refusal, as a player tapping
// would meet it) every text on screen is checked, then the menu, the
// history and the correction form. A LAN tablet shows the same words: they
// come from the view.
func TestWordsOfGoldenMatchesOnScreen(t *testing.T) {
	for _, name := range []string{"rosters", "setup", "kickoff", "ballplay", "block", "pass", "windows", "interrupt", "rounds", "match"} {
		t.Run(name, func(t *testing.T) {
			st := console.NewMemStore()
			setup, lines := conformance.ReadFile(t, golden(name))
			sess, err := console.Create(runeball.New(), setup, console.Options{Store: st, Clock: apptest.Clock})
			if err != nil {
				t.Fatal(err)
			}
			u, w := newTestUI(t, st, apptest.LandscapeSize)
			u.ShowGame(console.NewLocal(sess))
			s := screenOf(t, u)
			c := newWordsChecker(t, w)
			c.check("the start")
			for _, l := range lines {
				if l.Undo {
					continue
				}
				where := fmt.Sprintf("%s.jsonl:%d", name, l.Number)
				if l.Reject != "" {
					_, err := sess.Do(l.Seat, console.Command{Name: l.Cmd, Args: l.Args})
					if err == nil {
						t.Fatalf("%s: accepted, want refused %q", where, l.Reject)
					}
					if bad := badOnScreen(kit.ErrorText(err)); len(bad) > 0 {
						t.Errorf("%s: the refusal %q holds %q", where, kit.ErrorText(err), bad)
					}
					continue
				}
				apptest.DoShown(t, u, sess, l.Seat, l.Cmd, l.Args)
				c.check(where)
			}
			if c.texts == 0 {
				t.Fatalf("no text was checked")
			}
			s.showMenu()
			c.check(name + " menu")
			w.Canvas().Overlays().Top().Hide()
			w.Canvas().Overlays().Remove(w.Canvas().Overlays().Top())
			if s.view.Phase != runeball.PhaseRoster && s.view.Phase != runeball.PhaseOver {
				s.correction()
				c.check(name + " correction")
				apptest.TapButton(t, w, "Cancel")
			}
			s.env.ShowHistory(s.seat)
			c.check(name + " history")
		})
	}
}

// TestReadyStaysPut: the set-up's Ready button keeps its place on screen
// when a placed player is selected and made the kicker (a tap meant for
// Ready landed on nothing when it moved).
func TestReadyStaysPut(t *testing.T) {
	for _, size := range []fyne.Size{apptest.LandscapeSize, fyne.NewSize(800, 1280), fyne.NewSize(412, 915)} {
		for _, largest := range []bool{false, true} {
			st := console.NewMemStore()
			u, w, name := apptest.LayoutUI(t, st, size, largest, home.New)
			sess := fromScript(t, st, "pass", 37)
			u.ShowGame(console.NewLocal(sess))
			s := screenOf(t, u)
			where := func() fyne.Position {
				b := s.buttons["ready-setup"]
				if b == nil {
					t.Fatalf("%s: no Ready button", name)
				}
				return fyne.CurrentApp().Driver().AbsolutePositionForObject(b)
			}
			start := where()
			press(t, s, "bench-H5")
			tapCell(t, s, "5:15")
			tapCell(t, s, "5:15") // select him on the field
			if got := where(); got != start {
				t.Errorf("%s: Ready moved from %v to %v when a placed player was selected", name, start, got)
			}
			press(t, s, "set-kicker")
			if !s.kickerNamed() {
				t.Fatalf("%s: no kicker after Make him the kicker", name)
			}
			if got := where(); got != start {
				t.Errorf("%s: Ready moved from %v to %v after making the kicker", name, start, got)
			}
			apptest.CheckLayout(t, w, size, name+" set-up with a kicker")
			test.Tap(s.buttons["ready-setup"])
		}
	}
}
