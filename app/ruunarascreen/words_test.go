package ruunarascreen

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/app/kit"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/ruunara"
)

// denied (docs/ruunara.md, RU-W7) are the patterns no text on a Ruunara
// screen may match: data
// and command ids (kebab-case words that are not English, see
// englishHyphens), key=value arguments, decision ids, rulebook line
// numbers, Go identifiers and "(s)" plurals.
var denied = []struct {
	name string
	re   *regexp.Regexp
}{
	{"an id in kebab-case", regexp.MustCompile(`\b[a-z]+(?:-[a-z]+)+\b`)},
	{"a key=value argument", regexp.MustCompile(`\w+=\w*`)},
	{"a decision id", regexp.MustCompile(`\bRU-[DFX]\d+`)},
	{"a rulebook line number", regexp.MustCompile(`\bl\. ?\d+`)},
	{"a (s) plural", regexp.MustCompile(`\w\(s\)`)},
	{"a Go identifier", regexp.MustCompile(`\b(?:kit|ruunara|card|rn|console|fyne|widget)\.[A-Z]\w*`)},
	{"a question id", regexp.MustCompile(`\bq\d+\b`)},
	{"a snake_case id", regexp.MustCompile(`\b[a-z]+_[a-z_]+\b`)},
	{"a line number", regexp.MustCompile(`\blines? \d+\b`)},
	{"a bare command name", regexp.MustCompile(`\((?:ack|roll|undo|answer|assign|engage|attack|use|flee|adjust|kill|claim)\)`)},
}

// englishHyphens are hyphenated English words the kebab-case pattern
// would otherwise catch.
var englishHyphens = map[string]bool{
	"hand-to-hand": true, "re-roll": true, "re-rolled": true, "re-rolls": true, "per-fight": true,
	"one-use": true, "close-range": true, "set-up": true, "engaged-turn": true, "half-way": true,
	"face-to-face": true, "single-target": true, "follow-up": true, "left-over": true,
}

// commandNames are the game's command names: none may be shown as a word
// of a sentence ("use request-undo").
func commandNames() []string {
	var out []string
	for _, c := range ruunara.New().Commands() {
		out = append(out, c.Name)
	}
	return out
}

// screenTexts lists every text of every visible widget of w (content and
// overlays, renderers included): labels, rich text, buttons, checks,
// selects, entries (text and placeholder), canvas texts and banners.
func screenTexts(w fyne.Window) []string {
	var out []string
	add := func(s string) {
		if strings.TrimSpace(s) != "" {
			out = append(out, s)
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
		case *widget.Select:
			add(x.Selected)
			add(x.PlaceHolder)
			for _, o := range x.Options {
				add(o)
			}
		case *widget.Entry:
			add(x.Text)
			add(x.PlaceHolder)
		case *canvas.Text:
			add(x.Text)
		case *kit.Banner:
			add(x.Text)
		}
	}
	return out
}

// wordProblems returns, for each text that breaks the words rule, what
// it breaks.
func wordProblems(texts []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, s := range texts {
		for _, d := range denied {
			for _, m := range d.re.FindAllString(s, -1) {
				if d.name == "an id in kebab-case" && englishHyphens[m] {
					continue
				}
				p := fmt.Sprintf("%s %q in %q", d.name, m, s)
				if !seen[p] {
					seen[p] = true
					out = append(out, p)
				}
			}
		}
	}
	sort.Strings(out)
	return out
}

// wordsChecker checks every screen it is shown and remembers each
// problem once, with where it was first met.
type wordsChecker struct {
	t        *testing.T
	w        fyne.Window
	s        *Screen
	problems map[string]string
	screens  int
	// kinds are the prompt kinds met; news the headlines shown.
	kinds map[string]bool
	news  []string
	// away: the game screen is not on show (the battle report), so its
	// news line is not looked for.
	away bool
	// said are the texts the game screen itself showed (not the app's
	// dialogs), for the words golden.
	said map[string]bool
}

func newWordsChecker(t *testing.T, w fyne.Window, s *Screen) *wordsChecker {
	return &wordsChecker{t: t, w: w, s: s, problems: map[string]string{}, kinds: map[string]bool{}, said: map[string]bool{}}
}

// check reads every text on the window now.
func (c *wordsChecker) check(where string) {
	c.screens++
	if !c.away {
		apptest.Walk(c.s.root, func(o fyne.CanvasObject) {
			switch x := o.(type) {
			case *widget.Label:
				c.said[x.Text] = true
			case *widget.Button:
				c.said[x.Text] = true
			}
		})
	}
	if p := c.s.view.Prompt; p != nil {
		c.kinds[p.Kind+"/"+p.QKind] = true
	}
	if len(c.s.view.News) > 0 && !c.away {
		if !strings.Contains(strings.Join(screenTexts(c.w), "\n"), "Last: "+c.s.view.News[0]) {
			c.t.Errorf("%s: the news %q is not on screen", where, c.s.view.News[0])
		}
		c.news = append(c.news, c.s.view.News...)
	}
	for _, p := range wordProblems(screenTexts(c.w)) {
		if _, ok := c.problems[p]; !ok {
			c.problems[p] = where
		}
	}
}

// report fails the test with every problem met.
func (c *wordsChecker) report() {
	c.t.Helper()
	var ps []string
	for p, where := range c.problems {
		ps = append(ps, p+" (at "+where+")")
	}
	sort.Strings(ps)
	for _, p := range ps {
		c.t.Errorf("words: %s", p)
	}
}

// TestWordProblems: the deny-list catches what a player met and lets the
// game's words through.
func TestWordProblems(t *testing.T) {
	for _, tc := range []struct {
		text string
		bad  bool
	}{
		{"Tarok is engaged in close combat and cannot shoot (l. 339); attack kind=melee", true},
		{"Question q1 · is E2 in sight (RU-D38)", true},
		{"the enemy turn is over: check the table, then go on (ack)", true},
		{"Mission: the mission's id", false},
		{"1 normal Rotter(s)", true},
		{"kit.Inches", true},
		{"ask with request-undo", true},
		{"on-die:5:instant-kill", true},
		{"Tarok falls in hand-to-hand combat and is executed", false},
		{"Saarok 2 is killed instantly by Naali's Hard like Steel: a 5 on the die", false},
		{"Re-roll", false},
		{"Ember-caster", false}, // a card's name, capitalised
	} {
		got := len(wordProblems([]string{tc.text})) > 0
		if got != tc.bad {
			t.Errorf("%q: flagged %v, want %v (%v)", tc.text, got, tc.bad, wordProblems([]string{tc.text}))
		}
	}
}

// TestWordsFullRound plays the first round of a full-size game through
// the screens — each starter hero three times (six heroes) against
// sixteen enemies, dice rolled by the app — and reads every text widget of
// the tree after each tap: the set-up, the card editor, the heroes'
// pickers, every prompt, the enemy turn, the menu's dialogs (help,
// history, battle report, corrections, end of the game). No text may
// match the deny-list.
func TestWordsFullRound(t *testing.T) {
	st := console.NewMemStore()
	sess, err := console.Create(ruunara.New(), console.Setup{Title: "Darkest Path", Seed: 11, Seats: []console.Seat{"p1"},
		Options: map[string]string{"dice": "app"}}, console.Options{Store: st, Clock: apptest.Clock})
	if err != nil {
		t.Fatal(err)
	}
	u, w := newTestUI(t, st, apptest.LandscapeSize)
	u.ShowGame(console.NewLocal(sess))
	s := screenOf(t, u)
	wc := newWordsChecker(t, w, s)
	wc.check("set-up")

	// The card editor with each card loaded.
	for _, c := range s.view.Cards {
		s.editor.load(c.ID)
		wc.check("card editor: " + c.Name)
	}
	// Every hero card once, every enemy card until sixteen enemies.
	heroes, enemies := 0, 0
	for _, c := range s.view.Cards {
		if !c.Complete {
			t.Fatalf("the starter card %s is not complete: %s", c.Name, c.Problem)
		}
		switch c.Faction {
		case "ally":
			for i := 0; i < 3; i++ {
				tap(t, s.addBtns[c.ID], "add "+c.Name)
				heroes++
			}
		case "enemy":
			tap(t, s.addBtns[c.ID], "add "+c.Name)
			wc.check("how many " + c.Name)
			apptest.TapButton(t, w, "4")
			enemies += 4
		}
		wc.check("set-up after adding " + c.Name)
	}
	for enemies < 16 {
		for _, c := range s.view.Cards {
			if c.Faction == "enemy" && enemies < 16 {
				tap(t, s.addBtns[c.ID], "add "+c.Name)
				apptest.TapButton(t, w, "4")
				enemies += 4
			}
		}
	}
	if heroes < 6 {
		t.Fatalf("%d heroes, want at least 6", heroes)
	}
	tap(t, s.nextBtn, "start")
	wc.check("round 1")
	// Refusals are shown as the screen shows them: an attack in the
	// tactical phase, an engagement with nobody, a dice roll with none
	// asked.
	for _, r := range []struct {
		cmd  string
		args map[string]any
	}{
		{ruunara.CmdAttack, map[string]any{"hero": "H1", "kind": "ranged"}},
		{ruunara.CmdEngage, map[string]any{"hero": "H1", "enemies": "E1"}},
		{ruunara.CmdRoll, map[string]any{"values": "3"}},
		{ruunara.CmdAnswer, map[string]any{"q": "q9", "value": "yes"}},
		{ruunara.CmdAddHero, map[string]any{"card": "naali"}},
	} {
		if s.do(r.cmd, r.args) {
			t.Fatalf("%s %v was accepted", r.cmd, r.args)
		}
		if w.Canvas().Overlays().Top() == nil {
			t.Errorf("the refusal of %s is not shown", r.cmd)
		}
		wc.check("the refusal of " + r.cmd)
		closeOverlays(w)
	}

	steps := 0
	for s.view.Stage == ruunara.StagePlay && s.view.Round == 1 && steps < 400 {
		steps++
		where := fmt.Sprintf("round %d, %s, %s", s.view.Round, s.view.Side, s.view.Phase)
		if p := s.view.Prompt; p != nil {
			wc.check(where + ", prompt " + p.Kind)
			answerDefault(t, s, p)
			continue
		}
		if s.view.YourTurn {
			playPhase(t, s, wc, where)
			wc.check(where + ", before the next phase")
			tap(t, s.nextBtn, "next phase")
			continue
		}
		t.Fatalf("%s: nothing to tap; next: %s", where, s.view.Next)
	}
	wc.check("round 2")
	t.Logf("prompts met: %v; screens read: %d; news: %q", wc.kinds, wc.screens, wc.news)
	for _, want := range []string{"dice/", "assign/", "orders/", "question/sight", "question/cover"} {
		if !wc.kinds[want] {
			t.Errorf("the round never showed a %s prompt", want)
		}
	}
	killed := false
	for _, n := range wc.news {
		killed = killed || strings.Contains(n, " is killed")
	}
	if !killed {
		t.Errorf("no kill was announced with its reason (news: %q)", wc.news)
	}
	if s.view.Round != 2 && s.view.Stage == ruunara.StagePlay {
		t.Fatalf("after %d steps the game is in round %d (%s)", steps, s.view.Round, s.view.Next)
	}

	// The menu and its dialogs (the battle report leaves the game screen).
	wc.away = true
	for _, it := range s.menuItems() {
		switch {
		case it.Label == "History", it.Label == "Battle report", strings.HasPrefix(it.Label, "Help"),
			strings.HasPrefix(it.Label, "Correction"), strings.HasPrefix(it.Label, "End the game"):
			it.Action()
			wc.check("menu: " + it.Label)
			closeOverlays(w)
		}
		wc.check("menu item " + it.Label)
		if strings.TrimSpace(it.Label) != "" {
			for _, p := range wordProblems([]string{it.Label}) {
				wc.problems[p] = "the menu"
			}
		}
	}
	if wc.screens < 50 {
		t.Errorf("only %d screens were read", wc.screens)
	}
	wc.report()
	wc.golden(filepath.Join("testdata", "full-round.words.golden"))
}

// closeOverlays hides every dialog and pop-up on w.
func closeOverlays(w fyne.Window) {
	for {
		top := w.Canvas().Overlays().Top()
		if top == nil {
			return
		}
		w.Canvas().Overlays().Remove(top)
	}
}

// answerDefault answers the open prompt the way that changes least: the
// app rolls, the hits go where the form puts them, every question keeps
// its defaults, the orders are done.
func answerDefault(t *testing.T, s *Screen, p *ruunara.PromptView) {
	t.Helper()
	switch p.Kind {
	case ruunara.PromptDice:
		tap(t, s.form.rollBtn, "roll for me")
	case ruunara.PromptAssign, ruunara.PromptOrders:
		tap(t, s.form.send, p.Kind)
	case ruunara.PromptQuestion:
		if s.form.send != nil {
			tap(t, s.form.send, "answer")
			return
		}
		label := "No"
		if len(p.Lines) == 1 && p.Lines[0].Default == "yes" {
			label = "Yes"
		}
		tap(t, buttonIn(t, s.promptBox, label), "answer "+label)
	default:
		t.Fatalf("prompt %s has no answer here", p.Kind)
	}
}

// playPhase takes a few of the heroes' actions of the phase: in the
// movement phase the first two heroes engage an enemy (through the
// picker), in the combat phase every hero that may attacks (a ranged one
// through its picker), in the tactical phase the first usable ability.
func playPhase(t *testing.T, s *Screen, wc *wordsChecker, where string) {
	t.Helper()
	engaged := 0
	for i := 0; i < len(s.view.Heroes); i++ {
		h := s.view.Heroes[i]
		for _, a := range h.Actions {
			if a.Reason != "" {
				continue
			}
			want := false
			switch {
			case a.Cmd == ruunara.CmdEngage && engaged < 2:
				want = true
			case a.Cmd == ruunara.CmdAttack:
				want = true
			case a.Cmd == ruunara.CmdUse && s.view.Phase == ruunara.PhaseTactical:
				want = true
			}
			if !want {
				continue
			}
			tap(t, s.actionBtns[h.ID+"|"+a.Label], a.Label)
			if a.Arg != "" {
				if s.picker == nil {
					t.Fatalf("%s: no picker", a.Label)
				}
				wc.check(where + ", picker " + a.Label)
				// one choice, or two where several may be picked (an
				// engagement with two enemies: its hits are split)
				want := 1
				if a.Multi {
					want = 2
				}
				var picks []*widget.Button
				for _, c := range a.Choices {
					if c.Disabled == "" && len(picks) < want {
						picks = append(picks, s.picker.buttons[c.Value])
					}
				}
				if len(picks) == 0 {
					t.Fatalf("%s: no choice enabled", a.Label)
				}
				for _, b := range picks {
					test.Tap(b)
				}
				if a.Multi {
					tap(t, s.picker.ok, a.Label+" confirm")
				}
			}
			if a.Cmd == ruunara.CmdEngage {
				engaged++
			}
			wc.check(where + ", after " + a.Label)
			// answer what the action asked, then go on with the next hero
			for n := 0; s.view.Prompt != nil; n++ {
				if n > 50 {
					t.Fatalf("%s: the prompt %+v stays open; the screen shows:\n%s", where, *s.view.Prompt, strings.Join(screenTexts(w(s)), "\n"))
				}
				wc.check(where + ", prompt " + s.view.Prompt.Kind)
				answerDefault(t, s, s.view.Prompt)
			}
			break
		}
		if !s.view.YourTurn {
			return
		}
	}
}

// TestWordsDuoMission replays the game package's golden duo mission on
// one tablet that plays both seats (every seat's turn, the captures, a
// flight, a correction, a seat in centimetres) and reads every text
// widget of the tree after each command.
func TestWordsDuoMission(t *testing.T) {
	setup, lines := readScript(t, "../../games/ruunara/testdata/duo-mission.jsonl")
	st := console.NewMemStore()
	sess, err := console.Create(ruunara.New(), setup, console.Options{Store: st, Clock: apptest.Clock})
	if err != nil {
		t.Fatal(err)
	}
	u, w := newTestUI(t, st, apptest.LandscapeSize)
	u.ShowGame(console.NewLocal(sess))
	s := screenOf(t, u)
	wc := newWordsChecker(t, w, s)
	wc.check("set-up")
	for i, l := range lines {
		args := map[string]any{}
		for k, v := range l.Args {
			args[k] = v
		}
		apptest.DoShown(t, u, sess, console.Seat(l.Seat), l.Cmd, args)
		wc.check(fmt.Sprintf("line %d (%s)", i+1, l.Cmd))
	}
	if s.view.Stage != ruunara.StageOver {
		t.Errorf("the duo mission ends %s", s.view.Stage)
	}
	s.env.ShowHistory(s.seat)
	wc.check("the history")
	wc.golden(filepath.Join("testdata", "duo-mission.words.golden"))
	closeOverlays(w)
	s.env.ShowReport()
	wc.away = true
	wc.check("the battle report")
	wc.report()
}

// w is the screen's window.
func w(s *Screen) fyne.Window { return s.env.Window() }

// update rewrites the words golden (go test -run TestWordsFullRound
// -update): review its diff, every line is a text a player reads.
var update = flag.Bool("update", false, "rewrite testdata/*.golden")

// golden compares every text the game screen showed, sorted, once each,
// with the file at path (-update rewrites it), so that a change of
// wording is seen in review.
func (c *wordsChecker) golden(path string) {
	c.t.Helper()
	var lines []string
	for s := range c.said {
		if s = strings.TrimSpace(s); s != "" {
			lines = append(lines, strings.ReplaceAll(s, "\n", " / "))
		}
	}
	sort.Strings(lines)
	got := strings.Join(lines, "\n") + "\n"
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			c.t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		c.t.Fatalf("%v (run with -update to write it)", err)
	}
	if got != string(want) {
		c.t.Errorf("the screen's words differ from %s (run with -update and review the diff):\n%s", path, lineDiff(string(want), got))
	}
}

// lineDiff lists the lines only in want (-) and only in got (+).
func lineDiff(want, got string) string {
	in := func(text string) map[string]bool {
		m := map[string]bool{}
		for _, l := range strings.Split(text, "\n") {
			m[l] = true
		}
		return m
	}
	w, g := in(want), in(got)
	var out []string
	for _, l := range strings.Split(want, "\n") {
		if !g[l] {
			out = append(out, "- "+l)
		}
	}
	for _, l := range strings.Split(got, "\n") {
		if !w[l] {
			out = append(out, "+ "+l)
		}
	}
	return strings.Join(out, "\n")
}
