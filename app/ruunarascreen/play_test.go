package ruunarascreen

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/app/internal/shell"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/ruunara"
)

// tap taps b, failing the test when it is disabled or missing.
func tap(t *testing.T, b *widget.Button, what string) {
	t.Helper()
	if b == nil {
		t.Fatalf("no button for %s", what)
	}
	if b.Disabled() {
		t.Fatalf("button for %s (%q) is disabled", what, b.Text)
	}
	test.Tap(b)
}

// scriptLine is one command of a game script.
type scriptLine struct {
	Setup *console.Setup    `json:"setup"`
	Cmd   string            `json:"cmd"`
	Seat  string            `json:"seat"`
	Args  map[string]string `json:"args"`
}

// readScript reads the game's golden mission script.
func readScript(t *testing.T, path string) (console.Setup, []scriptLine) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var setup console.Setup
	var lines []scriptLine
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		var x scriptLine
		if err := json.Unmarshal([]byte(l), &x); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		if x.Setup != nil {
			setup = *x.Setup
			continue
		}
		lines = append(lines, x)
	}
	return setup, lines
}

// tapCommand gives one command of the script by tapping the screen.
func tapCommand(t *testing.T, s *Screen, w fyne.Window, l scriptLine) {
	t.Helper()
	what := fmt.Sprintf("%s %v", l.Cmd, l.Args)
	switch l.Cmd {
	case ruunara.CmdEndPhase:
		tap(t, s.nextBtn, what)
	case ruunara.CmdStart:
		tap(t, s.nextBtn, what)
	case ruunara.CmdUse, ruunara.CmdEngage, ruunara.CmdAttack:
		tapAction(t, s, l)
	case ruunara.CmdRoll:
		p := promptOf(t, s, ruunara.PromptDice)
		v := l.Args["values"]
		if v == "" {
			tap(t, s.form.rollBtn, what)
			return
		}
		faces := strings.Split(v, ",")
		if len(faces) != p.N {
			t.Fatalf("%s: the prompt asks for %d dice", what, p.N)
		}
		for _, f := range faces {
			tap(t, s.form.faceBtns[int(f[0]-'0')-1], what)
		}
		tap(t, s.form.send, what)
	case ruunara.CmdAssign:
		promptOf(t, s, ruunara.PromptAssign)
		for _, part := range strings.Split(l.Args["dice"], ",") {
			pos, unit, _ := strings.Cut(part, ":")
			var n int
			fmt.Sscan(pos, &n)
			tap(t, s.form.chips[n][unit], what)
		}
		tap(t, s.form.send, what)
	case ruunara.CmdAnswer:
		p := promptOf(t, s, ruunara.PromptQuestion)
		if p.ID != l.Args["q"] {
			t.Fatalf("%s: the open question is %s", what, p.ID)
		}
		switch {
		case l.Args["value"] != "":
			tap(t, buttonIn(t, s.promptBox, upperFirst(l.Args["value"])), what)
		case l.Args["pick"] != "":
			for _, part := range strings.Split(l.Args["pick"], ",") {
				u, v, _ := strings.Cut(part, ":")
				tap(t, s.form.pickBtns[u][v], what)
			}
			tap(t, s.form.send, what)
		case l.Args["ticks"] == "none":
			tap(t, buttonIn(t, s.promptBox, "None of them"), what)
		case l.Args["ticks"] != "":
			want := map[string]bool{}
			for _, u := range strings.Split(l.Args["ticks"], ",") {
				want[u] = true
			}
			for u, b := range s.form.tickBtns {
				if s.form.ticks[u] != want[u] {
					tap(t, b, what)
				}
			}
			tap(t, s.form.send, what)
		default:
			// the defaults
			tap(t, s.form.send, what)
		}
	case ruunara.CmdAck:
		promptOf(t, s, ruunara.PromptOrders)
		tap(t, s.form.send, what)
	default:
		t.Fatalf("the script's %s has no tap here", l.Cmd)
	}
}

// upperFirst names the yes/no buttons.
func upperFirst(v string) string { return strings.ToUpper(v[:1]) + v[1:] }

// buttonIn finds the button labelled text under o.
func buttonIn(t *testing.T, o fyne.CanvasObject, text string) *widget.Button {
	t.Helper()
	var found *widget.Button
	apptest.Walk(o, func(c fyne.CanvasObject) {
		if b, ok := c.(*widget.Button); ok && b.Text == text {
			found = b
		}
	})
	if found == nil {
		t.Fatalf("no button %q", text)
	}
	return found
}

// tapAction taps the hero's action the script line gives, and picks its
// choices.
func tapAction(t *testing.T, s *Screen, l scriptLine) {
	t.Helper()
	hero := l.Args["hero"]
	for _, h := range s.view.Heroes {
		if h.ID != hero {
			continue
		}
		for _, a := range h.Actions {
			if a.Cmd != l.Cmd || !fixedMatch(a, l.Args) {
				continue
			}
			tap(t, s.actionBtns[h.ID+"|"+a.Label], a.Label)
			if a.Arg == "" {
				return
			}
			if s.picker == nil {
				t.Fatalf("%s: no picker", a.Label)
			}
			vals := strings.Split(l.Args[a.Arg], ",")
			if !a.Multi {
				tap(t, s.picker.buttons[vals[0]], a.Label+" "+vals[0])
				return
			}
			for _, v := range vals {
				tap(t, s.picker.buttons[v], a.Label+" "+v)
			}
			tap(t, s.picker.ok, a.Label+" confirm")
			return
		}
		t.Fatalf("%s has no action for %s %v; actions: %+v", hero, l.Cmd, l.Args, h.Actions)
	}
	t.Fatalf("no hero %s", hero)
}

// fixedMatch: the action's fixed arguments are the line's.
func fixedMatch(a ruunara.ActionView, args map[string]string) bool {
	for k, v := range a.Args {
		if args[k] != v {
			return false
		}
	}
	return true
}

// TestGoldenMissionByTaps plays the game package's golden solo mission
// (games/ruunara/testdata/solo-mission.jsonl) on the screen, every play
// command by tapping: Start, the heroes' actions and their pickers, the
// dice faces, the split of hits, yes/no, tick lists and "none of them",
// pick-one chips, the orders' Done and Next phase; the game must end as
// the script's does (victory in round 4).
func TestGoldenMissionByTaps(t *testing.T) {
	setup, lines := readScript(t, "../../games/ruunara/testdata/solo-mission.jsonl")
	st := console.NewMemStore()
	sess, err := console.Create(ruunara.New(), setup, console.Options{Store: st, Clock: apptest.Clock})
	if err != nil {
		t.Fatal(err)
	}
	u, w := newTestUI(t, st, apptest.LandscapeSize)
	u.ShowGame(console.NewLocal(sess))
	s := screenOf(t, u)
	wc := newWordsChecker(t, w, s)
	kinds := map[string]bool{}
	for i, l := range lines {
		switch l.Cmd {
		case ruunara.CmdDefineCard, ruunara.CmdAddHero, ruunara.CmdAddEnemy:
			args := map[string]any{}
			for k, v := range l.Args {
				args[k] = v
			}
			apptest.DoShown(t, u, sess, console.Seat(l.Seat), l.Cmd, args)
			continue
		}
		if s.view.Prompt != nil {
			kinds[s.view.Prompt.Kind+"/"+qshape(s.view.Prompt)] = true
			checkDefaults(t, s)
		}
		before := lastSeq(t, sess)
		wc.check(fmt.Sprintf("line %d (%s)", i+1, l.Cmd))
		tapCommand(t, s, w, l)
		if lastSeq(t, sess) == before {
			t.Fatalf("line %d (%s %v) was not accepted; next: %s", i+1, l.Cmd, l.Args, s.view.Next)
		}
	}
	if s.view.Stage != ruunara.StageOver || s.view.Result != "victory" {
		t.Errorf("the game ends %s %q, want over with a victory", s.view.Stage, s.view.Result)
	}
	var got []string
	for k := range kinds {
		got = append(got, k)
	}
	sort.Strings(got)
	for _, want := range []string{"dice/", "orders/", "question/yes-no", "question/ticks", "question/pick"} {
		if !kinds[want] {
			t.Errorf("the mission never showed a %s prompt (shown: %v)", want, got)
		}
	}
	apptest.WantText(t, w, "Game over")
	wc.check("the end")
	wc.report()
}

// checkDefaults: a question's form starts at each line's default, with
// its rule shown.
func checkDefaults(t *testing.T, s *Screen) {
	t.Helper()
	p := s.view.Prompt
	if p.Kind != ruunara.PromptQuestion {
		return
	}
	if p.Rule != "" && !strings.Contains(apptest.Texts(s.env.Window()), "Rule: "+p.Rule) {
		t.Errorf("%s: the rule %q is not shown", p.ID, p.Rule)
	}
	for _, l := range p.Lines {
		switch qshape(p) {
		case "pick":
			if got := s.form.picks[l.Unit]; got != l.Default {
				t.Errorf("%s %s: picked %q before any tap, want the default %q", p.ID, l.Unit, got, l.Default)
			}
			if b := s.form.pickBtns[l.Unit][l.Default]; b == nil || b.Importance != widget.HighImportance {
				t.Errorf("%s %s: the default chip is not highlighted", p.ID, l.Unit)
			}
		case "ticks":
			if got := s.form.ticks[l.Unit]; got != (l.Default == "yes") {
				t.Errorf("%s %s: ticked %v before any tap, default %q", p.ID, l.Unit, got, l.Default)
			}
		}
	}
}

// qshape names a question's form.
func qshape(p *ruunara.PromptView) string {
	switch {
	case p.Kind != ruunara.PromptQuestion:
		return ""
	case p.Pick:
		return "pick"
	case len(p.Lines) == 1:
		return "yes-no"
	}
	return "ticks"
}

// lastSeq is the game's version: it grows with every command taken.
func lastSeq(t *testing.T, sess *console.Session) int {
	t.Helper()
	_, v, err := sess.SeatStateVersion(console.Public)
	if err != nil {
		t.Fatal(err)
	}
	return int(v)
}

var _ = (*shell.UI)(nil)
