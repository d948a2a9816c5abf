package npc

import (
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/console"
)

// TestFormatDistance: the instructions speak the game's unit. In a metric
// game a player measures whole centimetres, so distances are rounded to
// the nearest centimetre (half up), never more than 5 mm off; inches keep
// the rules' tenths.
func TestFormatDistance(t *testing.T) {
	for _, c := range []struct {
		tenths int
		metric bool
		want   string
	}{
		{40, true, "10 cm"},  // 10.16 cm: a Veteran's move
		{50, true, "13 cm"},  // 12.7 cm: a Shambler's
		{80, true, "20 cm"},  // 20.32 cm: a Rager's
		{100, true, "25 cm"}, // 25.4 cm: the 10" ranges
		{357, true, "91 cm"}, // 90.678 cm
		{2, true, "1 cm"},    // 5.08 mm rounds up
		{1, true, "0 cm"},
		{0, true, "0 cm"},
		{-100, true, "-25 cm"},
		{100, false, `10"`},
		{357, false, `35.7"`},
	} {
		if got := FormatDistance(c.tenths, c.metric); got != c.want {
			t.Errorf("FormatDistance(%d, %v) = %q, want %q", c.tenths, c.metric, got, c.want)
		}
	}
}

// TestInstructionsInGameUnits: with PhaseInput.Metric every distance of
// the table instructions is in whole centimetres and none in inches
// (README "The living world": "how many Rotters to place"; the units
// setting reaches Lands of Ruin games).
func TestInstructionsInGameUnits(t *testing.T) {
	cfg := DefaultConfig()
	w := blank(cfg, 2, "a", "b")
	chars := []Character{{ID: "x", Name: "X", Section: "a", At: Pos{X: 240, Y: 10}}}
	for _, metric := range []bool{true, false} {
		_, ph, err := Environment(w, PhaseInput{Players: 2, Table: Table{480, 480}, Characters: chars, Metric: metric}, console.NewDice(3))
		if err != nil {
			t.Fatal(err)
		}
		var move string
		for _, in := range ph.Instructions {
			if in.Step == StepMove {
				move = in.Text
			}
			if metric && strings.Contains(in.Text, `"`) {
				t.Errorf("metric instruction speaks inches: %s", in.Text)
			}
		}
		want := []string{"Shambler 13 cm", "Veteran 10 cm", "Rager 20 cm", "within 25 cm"}
		if !metric {
			want = []string{`Shambler 5"`, `Veteran 4"`, `Rager 8"`, `within 10"`}
		}
		for _, s := range want {
			if !strings.Contains(move, s) {
				t.Errorf("metric %v: the move instruction %q lacks %q", metric, move, s)
			}
		}
	}
}

// TestEachLurkerHasItsOwnInstruction: two lurkers waking on one character,
// one spotted and one not (facts §9.4: "detected" and "attacking" ones are
// counted apart; the attacking one attacks at once). Each instruction
// carries its lurker's ID and whether it was spotted, in the order of the
// phase's lurkers, so the unseen one (whose attack the console enters
// itself) is never taken for the spotted one (whose attack the players
// enter): no double attack, none missed. The attacks step names the
// lurkers to leave out.
func TestEachLurkerHasItsOwnInstruction(t *testing.T) {
	cfg := quiet()
	cfg.LurkerAttackPct = 100
	var ph Phase
	found := false
	for seed := range uint64(200) {
		w := blank(cfg, 2, "a")
		w.Sections[0].Lurkers = 2
		w.Phases = 6
		chars := []Character{{ID: "x", Name: "Xena", Section: "a", Detection: 40}}
		_, p, err := Environment(w, PhaseInput{Players: 2, Table: Table{480, 480}, Characters: chars}, console.NewDice(seed))
		if err != nil {
			t.Fatal(err)
		}
		if len(p.Lurkers) == 2 && p.Lurkers[0].Detected != p.Lurkers[1].Detected {
			ph, found = p, true
			break
		}
	}
	if !found {
		t.Fatal("no seed wakes one spotted and one unseen lurker")
	}
	var steps []Instruction
	attacks := ""
	for _, in := range ph.Instructions {
		switch in.Step {
		case StepLurkers:
			steps = append(steps, in)
		case StepAttacks:
			attacks = in.Text
		}
	}
	if len(steps) != 2 {
		t.Fatalf("%d lurker instructions, want 2", len(steps))
	}
	for i, l := range ph.Lurkers {
		in := steps[i]
		if l.ID != LurkerID(7, i+1) || in.Lurker != l.ID || in.Detected != l.Detected || in.Character != "x" {
			t.Errorf("lurker %d %+v: instruction %+v", i, l, in)
		}
		if !strings.Contains(in.Text, "Lurker "+l.ID) {
			t.Errorf("instruction %q does not name lurker %s", in.Text, l.ID)
		}
		entered := strings.Contains(in.Text, "the console has entered its attack")
		if entered == l.Detected {
			t.Errorf("lurker %s (spotted %v): %q", l.ID, l.Detected, in.Text)
		}
		if left := strings.Contains(attacks, "Leave out lurker "+l.ID); left == l.Detected {
			t.Errorf("attacks step %q and lurker %s (spotted %v)", attacks, l.ID, l.Detected)
		}
	}
}
