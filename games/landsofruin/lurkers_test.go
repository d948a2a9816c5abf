package landsofruin

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/npc"
)

// TestRotterInstructionsInGameUnits: with units=cm the living world's
// instructions and the plan's history line speak whole centimetres
// (npc.FormatDistance: a player measures whole centimetres, rounded to the
// nearest), never inches, through several Environment phases.
func TestRotterInstructionsInGameUnits(t *testing.T) {
	g := fight(t, map[string]string{"units": "cm"}, "varros-line", "androphages-raid", nil)
	seen := 0
	for range 12 {
		g.must(do(g.cur(), CmdEndPhase))
		v := New().View(g.s, "ana").(View)
		if v.Rotters == nil {
			continue
		}
		b, _ := json.Marshal(v.Rotters)
		if strings.Contains(string(b), `\"`) {
			t.Fatalf("inches in a centimetre game's Rotter plan: %s", b)
		}
		for _, in := range v.Rotters.Instructions {
			if in.Step == npc.StepMove {
				seen++
				if !strings.Contains(in.Text, "Shambler 13 cm") || !strings.Contains(in.Text, "within 25 cm") {
					t.Errorf("move instruction %q: want Shambler 13 cm, within 25 cm", in.Text)
				}
			}
		}
	}
	if seen == 0 {
		t.Fatal("no Environment phase was planned")
	}
}

// TestLurkersKeepTheirIdentity: two lurkers spring unseen on one
// character and a third is spotted (facts §9.4). The console enters the
// two unseen attacks itself, each named by its lurker's ID in the entry
// and in its rolled result; the spotted one is left to the players
// (entered with rotter-attack), so none is entered twice or missed.
func TestLurkersKeepTheirIdentity(t *testing.T) {
	g := toAction(t)
	st := g.st()
	w, err := st.currentWorld()
	if err != nil {
		t.Fatal(err)
	}
	m := st.char("p2-moloch")
	pl := EnvironmentPlan{Number: 4, World: &w, Lurkers: []npc.LurkerAttack{
		{ID: "4-1", Section: m.Section, Character: m.ID, Roll: 10, Need: 70},
		{ID: "4-2", Section: m.Section, Character: m.ID, Roll: 90, Need: 70, Detected: true},
		{ID: "4-3", Section: m.Section, Character: m.ID, Roll: 20, Need: 70},
	}}
	if err := st.checkPlan(pl); err != nil {
		t.Fatal(err)
	}
	dup := pl
	dup.Lurkers = []npc.LurkerAttack{pl.Lurkers[0], pl.Lurkers[0]}
	if err := st.checkPlan(dup); err == nil || !strings.Contains(err.Error(), "ID of its own") {
		t.Errorf("two lurkers with one ID: %v", err)
	}
	if err := st.applyWorldPlan(&pl); err != nil {
		t.Fatal(err)
	}
	var lurk []envEntry
	for _, e := range st.Env {
		if e.Source == SourceLurker {
			lurk = append(lurk, e)
		}
	}
	if len(lurk) != 1 || lurk[0].Count != 2 || !reflect.DeepEqual(lurk[0].Lurkers, []string{"4-1", "4-3"}) {
		t.Fatalf("lurker entries %+v, want one for Moloch: lurkers 4-1 and 4-3", lurk)
	}
	res := st.resolveEnvironment(console.NewDice(1))
	var got []string
	for _, r := range res.Results {
		if r.Source == SourceLurker {
			got = append(got, r.Lurker)
		}
	}
	if !reflect.DeepEqual(got, []string{"4-1", "4-3"}) {
		t.Errorf("rolled lurker attacks %v, want 4-1 then 4-3", got)
	}
	if line, _ := st.describeEnvResolution(res, 1); !strings.Contains(line, "lurker 4-1, a Shambler") || !strings.Contains(line, "lurker 4-3, a Shambler") {
		t.Errorf("resolution line %q does not name each lurker", line)
	}
}
