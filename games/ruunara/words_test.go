package ruunara

import (
	"errors"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/conformance"
)

// codeWords are what no text for a player may hold (docs/ruunara.md,
// RU-W1, RU-W3): hyphenated ids, key=value arguments, decision ids,
// rulebook line numbers, question numbers, "(s)" plurals.
var codeWords = []*regexp.Regexp{
	regexp.MustCompile(`\b[a-z]+(?:-[a-z]+)+\b`),
	regexp.MustCompile(`\w+=\w*`),
	regexp.MustCompile(`\bRU-[A-Z]\d+`),
	regexp.MustCompile(`\bl\. ?\d+`),
	regexp.MustCompile(`\bq\d+\b`),
	regexp.MustCompile(`\w\(s\)`),
}

// english are the hyphenated words of English the first pattern allows.
var english = map[string]bool{"hand-to-hand": true, "re-roll": true, "re-rolled": true, "set-up": true}

// codeWordsIn returns the code words in text.
func codeWordsIn(text string) []string {
	var out []string
	for _, re := range codeWords {
		for _, m := range re.FindAllString(text, -1) {
			if !english[m] {
				out = append(out, m)
			}
		}
	}
	return out
}

// playerTexts are the view's texts a screen shows as they are (Next is
// the command line's; NextText the screen's).
func playerTexts(v View) []string {
	out := []string{v.NextText, v.Mission.Name, v.Result, v.Reason}
	out = append(out, v.News...)
	out = append(out, v.EnemySummary...)
	out = append(out, v.Mission.Objectives...)
	for _, h := range v.Heroes {
		out = append(out, h.Name, h.Timer, h.Estimated, h.Move, h.Vision, h.Close, h.Ranged)
		for _, a := range h.Abilities {
			out = append(out, a.Name, a.CycleText, a.EffectText, a.Text)
		}
		for _, a := range h.Actions {
			out = append(out, a.Label, a.Reason)
			for _, c := range a.Choices {
				out = append(out, c.Label, c.Disabled)
			}
		}
	}
	for _, e := range v.Enemies {
		out = append(out, e.Name, e.Label, e.Estimated)
	}
	for _, st := range v.Sites {
		out = append(out, st.Text)
	}
	for _, o := range v.Orders {
		out = append(out, o.Text)
	}
	for _, c := range v.Cards {
		out = append(out, c.Name, c.Kind, c.Problem, c.Estimated)
		out = append(out, c.Warnings...)
	}
	for _, a := range v.Commands {
		out = append(out, a.Reason)
	}
	if p := v.Prompt; p != nil {
		out = append(out, p.Text, p.Rule, p.Purpose)
		for _, l := range p.Lines {
			out = append(out, l.Text)
			for _, o := range l.Options {
				out = append(out, o.Label)
			}
		}
		for _, r := range p.Rerolls {
			out = append(out, r.Label, r.Note)
		}
	}
	return out
}

// TestGoldenGamesSpeakWords replays the golden solo and duo missions and
// reads, after every command and for every seat, each text of the view a
// screen shows and every line of the history: none holds a code word.
func TestGoldenGamesSpeakWords(t *testing.T) {
	for _, name := range []string{"solo-mission", "duo-mission"} {
		t.Run(name, func(t *testing.T) {
			setup, lines := conformance.ReadFile(t, filepath.Join("testdata", name+".jsonl"))
			sess, err := console.Create(New(), setup, console.Options{Store: console.NewMemStore()})
			if err != nil {
				t.Fatal(err)
			}
			seen := map[string]bool{}
			check := func(where string, texts []string) {
				for _, s := range texts {
					if ws := codeWordsIn(s); len(ws) > 0 && !seen[s] {
						seen[s] = true
						t.Errorf("%s: %q holds %q", where, s, ws)
					}
				}
			}
			for _, l := range lines {
				if _, err := sess.Do(l.Seat, console.Command{Name: l.Cmd, Args: l.Args}); err != nil {
					t.Fatalf("line %d: %v", l.Number, err)
				}
				for _, seat := range setup.Seats {
					cv, err := sess.View(seat)
					if err != nil {
						t.Fatal(err)
					}
					check(l.Cmd+" as "+string(seat), playerTexts(cv.(View)))
				}
			}
			hist, err := sess.History(console.Public)
			if err != nil {
				t.Fatal(err)
			}
			var texts []string
			for _, h := range hist {
				texts = append(texts, h.Text)
			}
			check("the history", texts)
		})
	}
}

// TestRefusalsAreSentences: a refusal's message is a sentence for a
// player; the command the command line should run goes in its Try.
func TestRefusalsAreSentences(t *testing.T) {
	g := solo(t, []string{"naali", "graam"}, "saarok", "saarok")
	g.to(PhaseMovement)
	g.do("p1", "engage", "hero=H2", "enemies=E1")
	g.to(PhaseCombat)
	for _, tc := range []struct {
		name    string
		cmd     string
		args    []string
		want    string
		wantTry string
	}{
		{"shoot while engaged", "attack", []string{"hero=H2", "kind=ranged", "target=E2"},
			"Graam is engaged in close combat and cannot shoot: attack in close combat instead", "attack kind=melee"},
		{"undo request in solo", "request-undo", nil, "in solo play the last command is taken back at once", "undo"},
		{"a hero card as enemies", "add-enemy", []string{"card=naali"}, "the game has started", ""},
		{"no dice asked", "roll", []string{"values=3"}, "no dice are asked for now", ""},
		{"engage in the combat phase", "engage", []string{"hero=H1", "enemies=E2"}, "engagements are declared in the movement phase (this is the combat phase)", ""},
		{"a face that is not a die's", "adjust", []string{"unit=H1", "hp=99"}, "hit points must be 0–10 for Naali", ""},
		{"a correction of nothing", "adjust", []string{"unit=H1"}, "say what to change for Naali", "adjust hp= count= uses= captive= engaged="},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := g.try("p1", tc.cmd, tc.args...)
			var r *console.Rejection
			if !errors.As(err, &r) {
				t.Fatalf("%s: %v, want a refusal", tc.cmd, err)
			}
			if !strings.Contains(r.Msg, tc.want) {
				t.Errorf("message %q, want it to contain %q", r.Msg, tc.want)
			}
			if ws := codeWordsIn(r.Msg); len(ws) > 0 {
				t.Errorf("message %q holds %q", r.Msg, ws)
			}
			if r.Try != tc.wantTry {
				t.Errorf("try %q, want %q", r.Try, tc.wantTry)
			}
		})
	}
}

// TestKillText: each way an enemy dies, said with its reason.
func TestKillText(t *testing.T) {
	g := solo(t, []string{"naali", "graam"}, "saarok", "saarok")
	st := g.st()
	for _, tc := range []struct {
		name string
		p    UnitKilled
		want string
	}{
		{"on a high die", UnitKilled{Unit: "E2", Instant: true, By: "H1", Why: "by Naali's Hard like Steel: the die showed 5, and it kills on 5+"},
			"E2 Saarok 2 is killed instantly by Naali's Hard like Steel: the die showed 5, and it kills on 5+."},
		{"an older save", UnitKilled{Unit: "E1", Instant: true, By: "H2", Why: "Between the Eyes"},
			"E1 Saarok is killed instantly by Graam's Between the Eyes."},
		{"the last hit point", UnitKilled{Unit: "E1", By: "H1", Why: "Naali's close combat took its last hit point"},
			"E1 Saarok is killed: Naali's close combat took its last hit point."},
		{"a table ruling", UnitKilled{Unit: "E2", Why: "table ruling"}, "E2 Saarok 2 died on the table (a correction)."},
		{"no reason", UnitKilled{Unit: "E2"}, "E2 Saarok 2 is killed."},
		{"instant, no reason", UnitKilled{Unit: "E2", Instant: true}, "E2 Saarok 2 is killed instantly."},
	} {
		if got := st.killText(tc.p); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestNewsOfTheLastCommand: a kill says why on the view's news, for every
// seat, until the next command; the history has the same sentence.
func TestNewsOfTheLastCommand(t *testing.T) {
	g := solo(t, []string{"naali", "graam"}, "saarok", "saarok")
	g.do("p1", "use", "hero=H2", "ability=between-the-eyes", "target=E1")
	if n := g.view("p1").News; len(n) != 0 {
		t.Fatalf("news before the roll: %q", n)
	}
	g.do("p1", "roll", "values=6")
	p := g.view("p1").Prompt
	if p == nil || p.QKind != "cover" {
		t.Fatalf("prompt after the trigger %+v, want the cover question", p)
	}
	g.do("p1", "answer", "q="+p.ID, "value=no")
	want := "E1 Saarok is killed instantly by Graam's Between the Eyes (its trigger die showed 6, 4+ needed; no cover saved it)."
	if n := g.view("p1").News; len(n) != 1 || n[0] != want {
		t.Fatalf("news %q, want %q", n, want)
	}
	found := false
	for _, e := range g.last {
		if line, ok := g.r.Describe(g.s, e, "p1"); ok && line == want {
			found = true
		}
	}
	if !found {
		t.Errorf("the history does not say %q", want)
	}
	// the next command clears it
	for g.view("p1").Prompt != nil {
		p := g.view("p1").Prompt
		switch p.Kind {
		case PromptQuestion:
			g.do("p1", "answer", "q="+p.ID, "ticks=none")
		case PromptOrders:
			g.do("p1", "ack")
		default:
			t.Fatalf("prompt %s", p.Kind)
		}
	}
	if n := g.view("p1").News; len(n) != 0 {
		t.Errorf("news after the next command: %q", n)
	}
}

// TestWordsOfTheCard: cycles and effects in words.
func TestWordsOfTheCard(t *testing.T) {
	g := solo(t, []string{"naali", "graam", "tarok", "ember-caster"}, "saarok")
	want := map[string][2]string{
		"Hard like Steel":  {"always active", "kills instantly on a die of 5+"},
		"Between the Eyes": {"once per game", "kills instantly"},
		"Vanish":           {"once per fight", "leaves a close combat"},
		"War Cry":          {"once per fight", "the players apply the card text"},
		"Ember":            {"once per turn", "rolls 1D3+ of its own"},
	}
	got := 0
	for _, h := range g.view("p1").Heroes {
		for _, a := range h.Abilities {
			w, ok := want[a.Name]
			if !ok {
				continue
			}
			got++
			if a.CycleText != w[0] || a.EffectText != w[1] {
				t.Errorf("%s: %q, %q; want %q, %q", a.Name, a.CycleText, a.EffectText, w[0], w[1])
			}
		}
	}
	if got != len(want) {
		t.Errorf("%d of %d abilities seen", got, len(want))
	}
}

// TestCodeWords: the words check catches what a player met and lets the
// game's words through.
func TestCodeWords(t *testing.T) {
	for _, tc := range []struct {
		text string
		bad  bool
	}{
		{"Tarok is engaged in close combat and cannot shoot (l. 339); attack kind=melee", true},
		{"Question q1 (RU-D38)", true},
		{"ask with request-undo", true},
		{"1 normal Rotter(s)", true},
		{"Tarok falls in hand-to-hand combat and is executed.", false},
		{"E2 Saarok 2 is killed instantly by Naali's Hard like Steel: the die showed 5, and it kills on 5+.", false},
	} {
		if got := len(codeWordsIn(tc.text)) > 0; got != tc.bad {
			t.Errorf("%q: flagged %v, want %v", tc.text, got, tc.bad)
		}
	}
}

// TestLastCommandInWords: the view says what Undo takes back, and an
// undo shows the command before.
func TestLastCommandInWords(t *testing.T) {
	g := solo(t, []string{"naali", "graam"}, "saarok", "saarok")
	if got := g.view("p1").LastCommand; got != "The game starts" {
		t.Errorf("after start: %q", got)
	}
	g.to(PhaseMovement)
	g.do("p1", "engage", "hero=H1", "enemies=E1")
	if got := g.view("p1").LastCommand; got != "Naali engages E1" {
		t.Errorf("after an engagement: %q", got)
	}
	g.do("p1", "set-unit", "system=cm")
	if got := g.view("p1").LastCommand; got != "p1 reads distances in centimetres" {
		t.Errorf("after set-unit: %q", got)
	}
}

// TestDefaultSplit: the split a form starts from gives each hit to the
// first engaged enemy still standing; a die left with nobody is "".
func TestDefaultSplit(t *testing.T) {
	g := solo(t, []string{"naali"}, "saarok", "saarok") // 3 hit points each
	st := g.st()
	for _, tc := range []struct {
		name  string
		faces []int
		onDie int
		hits  []int
		want  []string
	}{
		{"a kill on the die, then a hit", []int{6, 3, 1}, 5, []int{1, 2}, []string{"E1", "E2"}},
		{"hits until the first falls", []int{4, 4, 4, 4}, 0, []int{1, 2, 3, 4}, []string{"E1", "E1", "E1", "E2"}},
		{"more kills than enemies", []int{6, 6, 6}, 5, []int{1, 2, 3}, []string{"E1", "E2", ""}},
	} {
		at := &attack{Targets: []string{"E1", "E2"}, Faces: tc.faces, Hit: 3, OnDie: tc.onDie}
		if got := st.defaultSplit(at, tc.hits); !equalStrings(got, tc.want) {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestWastedDie: when every engaged enemy is down, a hit left over is
// wasted rather than refused (RU-D20), and the view's split says so.
func TestWastedDie(t *testing.T) {
	g := solo(t, []string{"naali"}, "saarok", "saarok")
	g.to(PhaseMovement)
	g.do("p1", "engage", "hero=H1", "enemies=E1,E2")
	g.to(PhaseCombat)
	g.do("p1", "attack", "hero=H1", "kind=melee")
	g.do("p1", "roll", "values=6,6,6")
	p := g.view("p1").Prompt
	if p == nil || p.Kind != PromptAssign || !equalStrings(p.Assign, []string{"E1", "E2", ""}) {
		t.Fatalf("prompt %+v", p)
	}
	g.do("p1", "assign", "dice=1:E1,2:E2")
	if g.hp("E1") != 0 || g.hp("E2") != 0 {
		t.Errorf("E1 %d HP, E2 %d HP after two kills", g.hp("E1"), g.hp("E2"))
	}
}
