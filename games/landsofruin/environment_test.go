package landsofruin

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin/rules"
)

// toEnvironment brings the game of toAction to ana's Environment phase of
// turn 2.
func toEnvironment(t *testing.T) *game {
	g := toAction(t)
	g.endPhases(3)
	if g.st().Phase != PhaseEnvironment || g.cur() != "ana" {
		t.Fatalf("phase %s of %s", g.st().Phase, g.cur())
	}
	return g
}

// refused asserts st is refused with a message containing want and leaves
// the state unchanged.
func refused(t *testing.T, g *game, st step, want string) {
	t.Helper()
	before := mustEncode(t, g.s)
	_, err := g.try(st)
	if err == nil || !console.IsRejection(err) || !strings.Contains(err.Error(), want) {
		t.Fatalf("%s %v: got %v, want a refusal containing %q", st.cmd, st.args, err, want)
	}
	if !bytes.Equal(before, mustEncode(t, g.s)) {
		t.Fatal("a refused command changed the state")
	}
	if b := badWords(err.Error()); b != "" {
		t.Errorf("%s %v: the refusal %q holds %s", st.cmd, st.args, err, b)
	}
}

func TestRotterAttackRefusals(t *testing.T) {
	tests := []struct {
		name  string
		setup func(g *game)
		st    step
		want  string
	}{
		{"not the Environment phase", func(g *game) { g.endPhases(1) /* ben's Action phase */ },
			do("ana", CmdRotterAttack, "character", "moloch"), "Rotter attacks are entered in the Environment phase"},
		{"unknown kind", nil, do("ana", CmdRotterAttack, "character", "moloch", "kind", "giant"), "there is no such kind of Rotter (they are Shambler, Rager and Veteran)"},
		{"own hidden character", nil, do("ana", CmdRotterAttack, "character", "kestrel"), "Kestrel is hidden: Rotters do not attack hidden characters"},
		{"enemy hidden character is refused as if absent", nil, do("ana", CmdRotterAttack, "character", "p2-whisper"), `no character "p2-whisper" on the table`},
		{"no such character", nil, do("ana", CmdRotterAttack, "character", "p2-nobody"), `no character "p2-nobody" on the table`},
		{"down character", func(g *game) { g.st().char("p2-moloch").Effects = []effect{{ID: "pinned", Since: 2}} },
			do("ben", CmdRotterAttack, "character", "moloch"), "Moloch is down (pinned, unconscious or dead): Rotters ignore it"},
		{"removing what was never entered", nil, do("ana", CmdRotterAttack, "character", "moloch", "count", 0), "no normal Rotters are entered against Moloch"},
		{"count out of range", nil, do("ana", CmdRotterAttack, "character", "moloch", "count", 21), "count"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := toEnvironment(t)
			if tc.setup != nil {
				tc.setup(g)
			}
			refused(t, g, tc.st, tc.want)
		})
	}
}

func TestRotterAttacks(t *testing.T) {
	g := toEnvironment(t)
	// Any player enters the Rotters in base contact; a later entry of the
	// same kind replaces the count, 0 removes it.
	g.must(
		do("ana", CmdRotterAttack, "character", "dorian", "count", 2),
		do("ben", CmdRotterAttack, "character", "moloch", "kind", "fat", "count", 3),
		do("ben", CmdRotterAttack, "character", "vrask", "kind", "fast"),
		do("ana", CmdRotterAttack, "character", "vrask", "kind", "fast", "count", 0),
		do("ben", CmdRotterAttack, "character", "moloch", "kind", "fat", "count", 4),
	)
	// The living world's lurkers that attacked unseen are entered too
	// (source lurker); the players' entries follow them.
	v := New().View(g.s, "ben").(View)
	var mine []EnvEntryView
	attackers := 0
	for _, e := range v.Environment {
		attackers += e.Count
		if e.Source == SourceRotter {
			mine = append(mine, e)
		} else if e.Source != SourceLurker || e.Kind != "normal" || e.Count < 1 {
			t.Fatalf("entry %+v", e)
		}
	}
	if len(mine) != 2 || !reflect.DeepEqual(mine[1], EnvEntryView{Character: "p2-moloch", Source: SourceRotter, Kind: "fat", Count: 4}) {
		t.Fatalf("entries in ben's view: %+v", v.Environment)
	}
	st := g.st()
	wantNeed := map[string]int{}
	supp := map[string]int{}
	hits0 := map[string]int{}
	for _, e := range st.Env {
		c := st.char(e.Char)
		wantNeed[c.ID] = data().cont.RotterRules.AttackTargetNumber + c.defence(rules.Rotter, st.Turn)
		supp[c.ID], hits0[c.ID] = c.Suppression, len(c.Hits)
	}
	neg := [2]int{st.Players[0].Negative, st.Players[1].Negative}
	es, err := g.try(do("ana", CmdEndPhase))
	if err != nil {
		t.Fatal(err)
	}
	if es[0].Type != EventEnvResolved || !es[0].Barrier || es[1].Type != EventActionPhase {
		t.Fatalf("events %s, %s", es[0].Type, es[1].Type)
	}
	var res EnvResolution
	if err := console.Decode(es[0].Data, &res); err != nil {
		t.Fatal(err)
	}
	if len(res.Results) != attackers {
		t.Fatalf("%d results for %d Rotters", len(res.Results), attackers)
	}
	st = g.st()
	hits := map[string]int{}
	for _, r := range res.Results {
		if r.Need != wantNeed[r.Char] {
			t.Errorf("%s: need %d, want %d (8 + defence against Rotters)", r.Char, r.Need, wantNeed[r.Char])
		}
		if r.Hit != (r.Roll >= r.Need) || r.Roll < 1 || r.Roll > 20 {
			t.Errorf("%+v: a hit is a d20 at least the need", r)
		}
		power := 0
		if r.Kind == "fat" {
			power = 1
		}
		if r.Hit && r.Absorbed != "" {
			// A close-support member took the hit on its hero and died.
			if m := st.char(r.Absorbed); m == nil || !m.dead() || m.Hero == "" {
				t.Errorf("%+v: the member that took the hit is not a dead cohort member", r)
			}
		}
		if r.Hit {
			if r.Absorbed == "" {
				hits[r.Char]++
			}
			if r.Power != power || r.Suppression != 33 {
				t.Errorf("%+v: want power %d, suppression 33", r, power)
			}
			neg[st.char(r.Char).Owner]++
			supp[r.Char] = rules.AddSuppression(supp[r.Char], 33)
		}
		neg[st.char(r.Char).Owner]++
	}
	for id, n := range hits {
		if got := len(st.char(id).Hits) - hits0[id]; got != n {
			t.Errorf("%s: %d new unresolved hits, want %d", id, got, n)
		}
		if st.char(id).Suppression != supp[id] {
			t.Errorf("%s: suppression %d, want %d", id, st.char(id).Suppression, supp[id])
		}
	}
	if st.Players[0].Negative != neg[0] || st.Players[1].Negative != neg[1] {
		t.Errorf("morale tallies %d, %d; want %d, %d", st.Players[0].Negative, st.Players[1].Negative, neg[0], neg[1])
	}
	if len(st.Env) != 0 {
		t.Error("the entries were not cleared")
	}
	// The incoming player's defence pool counts the new hits (§1.7).
	for _, c := range st.teamChars(1) {
		if c.Pool != rules.DefencePool(c.remaining(), len(c.Hits)) {
			t.Errorf("%s: pool %d with %d hits", c.ID, c.Pool, len(c.Hits))
		}
	}
	checkSecrets(t, g, "after the Environment attacks")
}

func TestAttackRotters(t *testing.T) {
	g := toAction(t, [2]string{"dorian-loaders-1", "shoot"}, [2]string{"dorian", "shoot"})
	refused(t, g, do("ana", CmdAttack, "character", "dorian-loaders-1", "weapon", "ld-125", "mode", "semi-auto", "targets", "rotter:giant", "distances", "100"),
		"there is no such kind of Rotter")
	es, err := g.try(do("ana", CmdAttack, "character", "dorian-loaders-1", "weapon", "ld-125", "mode", "semi-auto", "targets", "rotter:fat", "distances", "100"))
	if err != nil {
		t.Fatal(err)
	}
	var ad AttackDeclared
	if err := console.Decode(es[0].Data, &ad); err != nil {
		t.Fatal(err)
	}
	easy := g.st().Attack.Targets[0].Need
	pos := g.st().Players[0].Positive
	g.must(do("ana", CmdRoll, "d20", "20"))
	if p := g.st().Players[0]; p.RottersKilled != 1 || p.Positive != pos+2 {
		t.Fatalf("killed %d, positive %d (was %d)", p.RottersKilled, p.Positive, pos)
	}
	// A fast Rotter is 6 easier to hit than a fat one (−3 against +3).
	g.must(do("ana", CmdAttack, "character", "dorian", "weapon", "vz-99-v", "mode", "focus-fire", "targets", "rotter:fast", "distances", "100"))
	ld := g.st().Attack
	if ld.Targets[0].Target != "rotter:fast" {
		t.Fatalf("target %q", ld.Targets[0].Target)
	}
	g.must(do("ana", CmdRoll, "d20", "1"))
	if p := g.st().Players[0]; p.RottersKilled != 1 {
		t.Fatalf("a miss killed a Rotter")
	}
	if easy < 2 || easy > 20 {
		t.Fatalf("need %d", easy)
	}
	if v := New().View(g.s, "ben").(View); v.Players[0].RottersKilled != 1 {
		t.Errorf("ben's view: ana killed %d Rotters", v.Players[0].RottersKilled)
	}
}

// fakePlanner plans a fixed Environment phase and counts its calls.
type fakePlanner struct {
	plan  EnvironmentPlan
	calls int
	last  EnvironmentInput
}

func (f *fakePlanner) PlanEnvironment(in EnvironmentInput, d *console.Dice) EnvironmentPlan {
	f.calls++
	f.last = in
	d.Roll(100) // a planner rolls on the game's dice
	return f.plan
}

func TestPlannerSeam(t *testing.T) {
	fp := &fakePlanner{plan: EnvironmentPlan{Section: "north-street", Character: "p2-moloch",
		Spawns: []RotterSpawn{{Point: "top-centre", Kind: "fast", Count: 2}}}}
	g := toAction(t)
	g.rules = NewWithPlanner(fp)
	g.endPhases(3)
	if fp.calls != 1 || g.st().Plan == nil {
		t.Fatalf("planner called %d times, plan %v", fp.calls, g.st().Plan)
	}
	for _, c := range fp.last.Characters {
		if c.ID == "p1-kestrel" || c.ID == "p2-whisper" {
			t.Fatalf("the planner was told of hidden %s", c.ID)
		}
	}
	v := New().View(g.s, "ben").(View)
	if v.Rotters == nil || v.Rotters.Character != "p2-moloch" || len(v.Rotters.Spawns) != 1 {
		t.Fatalf("ben's view of the plan: %+v", v.Rotters)
	}
	// Undoing the phase change and entering the Environment again re-uses
	// the plan: the Rotters are not re-rolled.
	g.must(do("ana", CmdRequestUndo), do("ben", CmdApproveUndo))
	if g.st().Phase != PhaseCommand || g.st().Plan != nil {
		t.Fatalf("after the undo: %s, plan %v", g.st().Phase, g.st().Plan)
	}
	g.endPhases(1)
	if fp.calls != 1 || g.st().Plan == nil || g.st().Plan.Character != "p2-moloch" {
		t.Fatalf("planner called %d times, plan %+v", fp.calls, g.st().Plan)
	}
	g.endPhases(1)
	if g.st().Plan != nil {
		t.Fatal("the plan outlived its Environment phase")
	}
	// A plan naming a hidden character is a planner bug, not a refusal.
	fp.plan = EnvironmentPlan{Section: "crossing", Character: "p2-whisper"}
	g.endPhases(2)
	for g.st().Phase != PhaseCommand {
		g.endPhases(1)
	}
	if _, err := g.try(do(g.cur(), CmdEndPhase)); err == nil || console.IsRejection(err) {
		t.Fatalf("a plan naming a hidden character: %v", err)
	}
}

func TestPhaseUndo(t *testing.T) {
	g := toAction(t)
	refused(t, g, do("ana", CmdRequestUndo), "only the change into the Sync or the Environment phase can be undone")
	g.must(do("ana", CmdMove, "character", "dorian", "section", "crossing"))
	before := withoutCmdMark(t, g.s)
	g.endPhases(1) // → Sync
	refused(t, g, do("ben", CmdRequestUndo), "only the current player (ana) can ask")
	refused(t, g, do("ben", CmdApproveUndo), "nobody has asked")
	g.must(do("ana", CmdRequestUndo))
	refused(t, g, do("ana", CmdRequestUndo), "ana has already asked")
	refused(t, g, do("ana", CmdApproveUndo), "ana asked for the undo: the other players approve it")
	refused(t, g, do("ana", CmdEndPhase), "ana asked to undo the phase change: wait until every other player approves")
	if v := New().View(g.s, "ben").(View); v.UndoRequestedBy != "ana" || !contains(v.Allowed, CmdApproveUndo) {
		t.Fatalf("ben's view: %q, allowed %v", v.UndoRequestedBy, v.Allowed)
	}
	// A denial drops the request; the phase goes on.
	g.must(do("ben", CmdDenyUndo))
	if g.st().UndoBy != 0 || g.st().Phase != PhaseSync {
		t.Fatal("the denial did not drop the request")
	}
	g.must(do("ana", CmdRequestUndo))
	es, err := g.try(do("ben", CmdApproveUndo))
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != 2 || es[1].Type != EventPhaseRewound || !es[1].Barrier {
		t.Fatalf("events %v", es)
	}
	if !bytes.Equal(before, withoutCmdMark(t, g.s)) {
		t.Fatal("the rewind does not restore the Action phase as it was ended")
	}
	if c := g.st().char("p1-dorian"); c.Section != "crossing" {
		t.Fatalf("Dorian in %q: the moves of the ended phase are kept", c.Section)
	}
	// Ending the Sync phase resolves damage: it cannot be undone.
	g.endPhases(2)
	refused(t, g, do("ana", CmdRequestUndo), "it is the Command phase")
	g.endPhases(1) // → Environment
	g.must(do("ben", CmdRotterAttack, "character", "dorian"))
	g.must(do("ana", CmdRequestUndo), do("ben", CmdApproveUndo))
	if st := g.st(); st.Phase != PhaseCommand || len(st.Env) != 0 {
		t.Fatalf("after the undo: %s with %d entries", st.Phase, len(st.Env))
	}
	refused(t, g, do("ben", CmdDenyUndo), "nobody has asked")
}

func TestPhaseUndoOnePlayer(t *testing.T) {
	g := start(t, console.Setup{System: ID, Seed: 3, Seats: []console.Seat{"solo"}, Options: map[string]string{"scenario": "solo-tutorial"}})
	g.must(do("solo", CmdChooseSide, "side", "south"), do("solo", CmdChooseTeam, "team", "dorians-detachment"), do("solo", CmdReady))
	for g.st().Phase == PhasePreGame {
		g.must(do("solo", CmdReady))
	}
	g.endPhases(1)
	g.must(do("solo", CmdRequestUndo))
	if g.st().Phase != PhaseAction {
		t.Fatalf("alone, the request rewinds at once: %s", g.st().Phase)
	}
}

func TestShortcut(t *testing.T) {
	g := toAction(t)
	refused(t, g, do("ana", CmdShortcut, "shortcut", "hold-the-line"), "actions are assigned in the Command phase")
	g.endPhases(2) // ana's Command phase
	refused(t, g, do("ben", CmdShortcut, "shortcut", "hold-the-line"), "it is not ben's turn")
	refused(t, g, do("ana", CmdShortcut, "shortcut", "retreat"), "there is no such team shortcut (the shortcuts are Hold the Line, Open fire and Charge)")
	g.must(do("ana", CmdAssign, "character", "dorian", "action", "take-cover"))
	es, err := g.try(do("ana", CmdShortcut, "shortcut", "hold-the-line"))
	if err != nil {
		t.Fatal(err)
	}
	var x ShortcutUsed
	if err := console.Decode(es[0].Data, &x); err != nil {
		t.Fatal(err)
	}
	if len(x.Chars) == 0 {
		t.Fatal("nobody assigned")
	}
	for _, c := range g.st().teamChars(0) {
		in := contains(x.Chars, c.ID)
		if in && (len(c.Assigned) != 1 || c.Assigned[0].Action != "aim-and-shoot") {
			t.Errorf("%s: assigned %v", c.ID, c.Assigned)
		}
		if !in && c.Section != "" && c.canDo("aim-and-shoot") {
			t.Errorf("%s can aim and shoot but was left out", c.ID)
		}
	}
	if !contains(x.Chars, "p1-dorian") {
		t.Error("Dorian's take cover was not reset")
	}
	// Only ana is told.
	if _, ok := New().Describe(g.s, es[0], "ben"); ok {
		t.Error("ben is told of ana's shortcut")
	}
	checkSecrets(t, g, "after the shortcut")
	// A team with nobody able to take the action is refused.
	g.endPhases(2)
	g.endPhases(2) // ben's Command phase
	for _, c := range g.st().teamChars(1) {
		c.Effects = append(c.Effects, effect{ID: "pinned", Since: g.st().Turn})
	}
	refused(t, g, do("ben", CmdShortcut, "shortcut", "charge"), "Charge assigns Fight in close combat to nobody")
}

func TestRevealEnemy(t *testing.T) {
	g := toAction(t)
	refused(t, g, do("ana", CmdPerform, "character", "dorian", "action", "reveal-enemy"), "needs a target: the section where your team detected a hidden enemy")
	refused(t, g, do("ana", CmdPerform, "character", "dorian", "action", "reveal-enemy", "target", "crossing"), "your team has detected no hidden enemy in section F (crossing)")
	refused(t, g, do("ana", CmdPerform, "character", "dorian", "action", "reveal-enemy", "target", "moon"), `no section "moon"`)
	g.st().Players[0].Detected = []string{"p2-whisper"}
	es, err := g.try(do("ana", CmdPerform, "character", "kestrel", "action", "reveal-enemy", "target", "crossing"))
	if err != nil {
		t.Fatal(err)
	}
	if !es[0].Barrier {
		t.Error("a forced reveal is not a barrier")
	}
	w := g.st().char("p2-whisper")
	if w.hidden() || !w.has("surprised") {
		t.Fatalf("Whisper: %v", w.effectIDs())
	}
	if !g.st().char("p1-kestrel").hidden() {
		t.Error("revealing an enemy revealed Kestrel")
	}
	before, _ := New().DecodeState(g.before[len(g.before)-1])
	if line, ok := New().Describe(before, es[0], "ben"); !ok || !strings.Contains(line, "Whisper is forced into the open by a hidden enemy") || strings.Contains(line, "Kestrel") {
		t.Fatalf("ben is told %q (%v)", line, ok)
	}
	checkSecrets(t, g, "after reveal-enemy")
}

func TestFrenzy(t *testing.T) {
	g := toAction(t)
	c := g.st().char("p1-dorian")
	c.Effects = append(c.Effects, effect{ID: "frenzy", Since: 1})
	c.Modifiers = append(c.Modifiers, modifier{Attack: -2, Defence: -1})
	g.endPhases(2) // ana's Command phase: damage resolution
	c = g.st().char("p1-dorian")
	if len(c.Hits) != 1 || c.Hits[0].Power != -2 || c.Hits[0].Kind != string(rules.CloseCombat) {
		t.Fatalf("frenzy's self-inflicted hit: %+v", c.Hits)
	}
	if !c.ignoresWoundPenalties() {
		t.Error("frenzy does not ignore wound penalties")
	}
}
