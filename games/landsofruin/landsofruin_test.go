package landsofruin

import (
	"bytes"
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin/rules"
)

// toAction brings the game to ana's Action phase in turn 2 with the named
// actions assigned in her Command phase of turn 1 (ana's characters on
// south-street, ben's on north-street).
func toAction(t *testing.T, assign ...[2]string) *game {
	g := battle(t, 5)
	for round := 0; round < 2; round++ {
		seat := g.cur()
		for _, c := range g.st().teamChars(g.st().current()) {
			if !c.hidden() {
				sec := "south-street"
				if seat == "ben" {
					sec = "north-street"
				}
				g.must(do(seat, CmdMove, "character", c.ID, "section", sec))
			}
		}
		g.endPhases(2)
		if seat == "ana" {
			for _, a := range assign {
				// A close-support member takes its hero's actions.
				who := a[0]
				if c := g.st().findChar(who, func(c *character) bool { return c.Owner == 0 }); c != nil && c.isCloseSupport() {
					who = c.Hero
				}
				if c := g.st().findChar(who, func(c *character) bool { return c.Owner == 0 }); c != nil && c.assignedIndex(a[1]) >= 0 {
					continue
				}
				g.must(do("ana", CmdAssign, "character", who, "action", a[1]))
			}
		}
		g.endPhases(2)
	}
	for g.cur() != "ana" {
		g.endPhases(4)
	}
	if g.st().Phase != PhaseAction {
		t.Fatalf("phase %s", g.st().Phase)
	}
	return g
}

func TestRefusals(t *testing.T) {
	loaders := [2]string{"dorian-loaders-1", "shoot"}
	tests := []struct {
		name  string
		setup func(g *game)
		st    step
		want  string
	}{
		{"attack in the Command phase", func(g *game) { g.endPhases(2) },
			do("ana", CmdAttack, "character", "dorian-loaders-1", "weapon", "ld-125", "mode", "semi-auto", "targets", "moloch", "distances", "100"),
			"it is the Command phase: attacks happen in the Action phase"},
		{"assign in the Action phase", nil, do("ana", CmdAssign, "character", "dorian", "action", "shoot"),
			"it is the Action phase: actions are assigned in the Command phase"},
		{"not your turn", nil, do("ben", CmdEndPhase), "it is not ben's turn"},
		{"mode needs more ammo than left", func(g *game) { g.st().char("p1-dorian-loaders-1").Ammo[0].Rounds = 1 },
			do("ana", CmdAttack, "character", "dorian-loaders-1", "weapon", "ld-125", "mode", "semi-auto", "targets", "moloch", "distances", "100"),
			"the mode needs 3 rounds but 1 is left"},
		{"mode needs more ammo, plural", func(g *game) { g.st().char("p1-dorian-loaders-1").Ammo[0].Rounds = 2 },
			do("ana", CmdAttack, "character", "dorian-loaders-1", "weapon", "ld-125", "mode", "burst-fire", "targets", "moloch", "distances", "100"),
			"the mode needs 6 rounds but 2 are left"},
		{"too many targets", nil,
			do("ana", CmdAttack, "character", "dorian-loaders-1", "weapon", "ld-125", "mode", "semi-auto", "targets", "moloch,vrask", "distances", "100,100", "spread", "10"),
			"at most 1 target"},
		{"extra target beyond 5 inches", nil,
			do("ana", CmdAttack, "character", "dorian-loaders-1", "weapon", "ld-125", "mode", "rapid-fire", "targets", "moloch,vrask", "distances", "100,100", "spread", "51"),
			"5"},
		{"hidden target is refused as if absent", nil,
			do("ana", CmdAttack, "character", "dorian-loaders-1", "weapon", "ld-125", "mode", "semi-auto", "targets", "p2-whisper", "distances", "100"),
			`no enemy character "p2-whisper" on the table that can be attacked`},
		{"action not assigned", func(g *game) { g.st().char("p1-dorian").Assigned = []assigned{} },
			do("ana", CmdAttack, "character", "dorian", "weapon", "vz-99-v", "mode", "focus-fire", "targets", "moloch", "distances", "100"),
			"Dorian has no Aim and shoot a ranged weapon or Shoot a ranged weapon assigned"},
		{"no such weapon", nil,
			do("ana", CmdAttack, "character", "dorian-loaders-1", "weapon", "ak-47", "mode", "focus-fire", "targets", "moloch", "distances", "100"),
			"carries no such weapon (it carries the LD-125)"},
		{"cover word of basic mode in advanced mode", nil,
			do("ana", CmdAttack, "character", "dorian-loaders-1", "weapon", "ld-125", "mode", "semi-auto", "targets", "moloch", "distances", "100", "cover", "cover"),
			"in advanced mode cover is none, light or heavy"},
		{"hidden characters cannot move", nil, do("ana", CmdMove, "character", "kestrel", "section", "crossing"), "hidden characters cannot move"},
		{"roll without attack", nil, do("ana", CmdRoll, "d20", "12"), "no attack is declared"},
		{"ready in battle", nil, do("ana", CmdReady), "ready is for setup"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := toAction(t, loaders)
			if tc.setup != nil {
				tc.setup(g)
			}
			before := mustEncode(t, g.s)
			_, err := g.try(tc.st)
			if err == nil || !console.IsRejection(err) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("%s %v: got %v, want a refusal containing %q", tc.st.cmd, tc.st.args, err, tc.want)
			}
			if b := badWords(err.Error()); b != "" {
				t.Errorf("%s %v: the refusal %q holds %s", tc.st.cmd, tc.st.args, err, b)
			}
			if !bytes.Equal(before, mustEncode(t, g.s)) {
				t.Fatal("a refused command changed the state")
			}
		})
	}
}

func TestActionPoints(t *testing.T) {
	g := toAction(t)
	g.endPhases(2) // ana's Command phase, turn 2
	d := g.st().char("p1-dorian")
	if d.BaseAP != rules.DefaultActionPoints || d.remaining() != 20 {
		t.Fatalf("Dorian: base %d, remaining %d; want 20 and 20", d.BaseAP, d.remaining())
	}
	g.must(do("ana", CmdAssign, "character", "dorian", "action", "shoot"))
	if _, err := g.try(do("ana", CmdAssign, "character", "dorian", "action", "aim-and-shoot")); err == nil ||
		!strings.Contains(err.Error(), "costs 20 action points but Dorian has 10 left") {
		t.Fatalf("aim-and-shoot after shoot: %v", err)
	}
	if _, err := g.try(do("ana", CmdAssign, "character", "dorian", "action", "shoot")); err == nil || !strings.Contains(err.Error(), "already has") {
		t.Fatalf("shoot twice: %v", err)
	}
	v := New().View(g.s, "ana").(View)
	var own *OwnView
	for _, c := range v.Characters {
		if c.ID == "p1-dorian" {
			own = c.Own
		}
	}
	if own == nil || own.Remaining != 10 {
		t.Fatalf("ana's view of Dorian: %+v", own)
	}
	// 10 unspent action points become movement (1" each for a Human),
	// reduced by what Dorian carries.
	ct := data().rd.CharacterType("human")
	want := rules.MovementAllowance(rules.Movement{ActionPoints: 10, MovePerAPTenths: ct.MovePerAPTenths, CarriedGrams: d.Carried,
		MaxLoadGrams: ct.MaxLoadGrams, FreeLoadPercent: ct.FreeLoadPercent})
	if own.Movement != want || own.MoveText != rules.FormatInches(want) {
		t.Errorf("movement %d (%s), want %d", own.Movement, own.MoveText, want)
	}
	for _, c := range New().View(g.s, "ben").(View).Characters {
		if c.Seat == "ana" && c.Own != nil {
			t.Errorf("ben sees ana's action points for %s", c.ID)
		}
	}
}

// TestDefenceCountsOnlyUnspentPoints: rulebook "Unspent action points":
// "Any action points left over - ie. not spent on any actions - ... For
// every 5 unspent action points the character also gains a +1 defensive
// bonus for the following turn". Points assigned to an action are spent
// whether it is performed or not ("Action phase": an ignored action's
// points "are then lost"), so Dorian, assigned shoot (10 of 20), defends
// with +2 from the start of his Action phase, before and after he shoots;
// the app (§2.3) gave +4 until he shot.
func TestDefenceCountsOnlyUnspentPoints(t *testing.T) {
	g := toAction(t, [2]string{"dorian", "shoot"})
	shoot := data().rd.Action("shoot").AP
	d := g.st().char("p1-dorian")
	want := max(20-shoot-rules.APLostPerUnresolvedHit*len(d.Hits), 0)
	if d.Pool != want || rules.DefenceFromUnspentAP(d.Pool) != want/5 {
		t.Fatalf("Dorian assigned shoot (%d AP), %d hits: defence pool %d before shooting, want %d", shoot, len(d.Hits), d.Pool, want)
	}
	if m := g.st().char("p1-kestrel"); m != nil && len(m.Assigned) == 0 && m.Pool != max(m.remaining()-5*len(m.Hits), 0) {
		t.Errorf("Kestrel, nothing assigned: pool %d, want %d", m.Pool, m.remaining())
	}
	g.must(do("ana", CmdAttack, "character", "dorian", "weapon", "vz-99-v", "mode", "focus-fire", "targets", "moloch", "distances", "100"),
		do("ana", CmdRoll, "d20", "1"))
	if d = g.st().char("p1-dorian"); d.Pool != want {
		t.Errorf("after shooting: defence pool %d, want %d (performing spends nothing more)", d.Pool, want)
	}
}

func TestDefenceAndSuppression(t *testing.T) {
	g := toAction(t, [2]string{"dorian-loaders-1", "shoot"})
	m := g.st().char("p2-moloch")
	// ben's characters did nothing in turn 1 but move: 20 unspent → +4,
	// plus armour.
	if m.Pool != 20 || rules.DefenceFromUnspentAP(m.Pool) != 4 {
		t.Fatalf("Moloch's pool %d", m.Pool)
	}
	g.must(do("ana", CmdAttack, "character", "dorian-loaders-1", "weapon", "ld-125", "mode", "semi-auto", "targets", "moloch", "distances", "100"))
	need := g.st().Attack.Targets[0].Need
	g.must(do("ana", CmdRoll, "d20", "20"))
	m = g.st().char("p2-moloch")
	mode := data().rd.Mode("ld-125", "semi-auto")
	if m.Suppression != mode.Suppression.Targeting+mode.Suppression.Hit || len(m.Hits) != 1 {
		t.Errorf("after a hit: suppression %d, hits %d", m.Suppression, len(m.Hits))
	}
	l := g.st().char("p1-dorian-loaders-1")
	if l.rounds("ld-125") != 2*18-3 {
		t.Errorf("rounds left %d, want 33", l.rounds("ld-125"))
	}
	if need < 2 || need > 20 {
		t.Errorf("need %d", need)
	}
	// The hit is resolved at the start of ben's Command phase.
	g.endPhases(4)
	g.endPhases(2)
	m = g.st().char("p2-moloch")
	if len(m.Hits) != 0 || len(m.Results) != 1 || m.Suppression != 0 {
		t.Fatalf("after ben's damage resolution: hits %d, results %d, suppression %d", len(m.Hits), len(m.Results), m.Suppression)
	}
	r := m.Results[0]
	if r.Total != rules.DamageTotal(r.Roll, r.Power) {
		t.Errorf("total %d for d100 %d power %d", r.Total, r.Roll, r.Power)
	}
}

func TestFirstPlayer(t *testing.T) {
	// Fight to the Death: equal priority, drawn; the draw is a barrier.
	g := battle(t, 1)
	var started *console.Event
	for i := range g.log {
		if g.log[i].Type == EventGameStarted {
			started = &g.log[i]
		}
	}
	if started == nil || !started.Barrier || !g.st().OrderDrawn {
		t.Fatalf("game-started: %+v", started)
	}
	// The two-player tutorial: the Baleans' role has priority... by data.
	tut := start(t, twoPlayers(3, map[string]string{"scenario": "two-player-tutorial"}))
	tut.must(
		do("ana", CmdChooseRole, "role", "reclaimers"), do("ben", CmdChooseRole, "role", "baleans"),
		do("ana", CmdChooseSide, "side", "south"), do("ben", CmdChooseSide, "side", "north"),
		do("ana", CmdChooseTeam, "team", "tutorial-reclaimers"), do("ben", CmdChooseTeam, "team", "tutorial-baleans"),
		do("ana", CmdReady), do("ben", CmdReady))
	st := tut.st()
	if st.OrderDrawn || st.seat(st.Order[0]) != "ana" || st.Phase != PhaseAction {
		t.Fatalf("tutorial: order %v drawn %v phase %s; want ana (reclaimers, priority 2) first, straight to the Action phase", st.Order, st.OrderDrawn, st.Phase)
	}
	if _, err := tut.try(do("ben", CmdChooseRole, "role", "reclaimers")); err == nil {
		t.Fatal("choose-role after setup accepted")
	}
}

func TestSetupRefusals(t *testing.T) {
	g := start(t, twoPlayers(1, map[string]string{"scenario": "two-player-tutorial"}))
	for _, tc := range []struct {
		st   step
		want string
	}{
		{do("ana", CmdChooseTeam, "team", "night-raiders"), "choose your role first"},
		{do("ana", CmdChooseRole, "role", "nobody"), "has no role"},
		{do("ana", CmdChooseSide, "side", "east"), ""},
		{do("ana", CmdChooseRole, "role", "baleans"), ""},
		{do("ben", CmdChooseRole, "role", "baleans"), "at most 1"},
		{do("ana", CmdChooseTeam, "team", "no-such-team"), "there is no such pre-made team"},
		{do("ana", CmdEndPhase), "is for the battle"},
	} {
		_, err := g.try(tc.st)
		if tc.want == "" {
			if err != nil {
				t.Fatalf("%s %v: %v", tc.st.cmd, tc.st.args, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s %v: got %v, want %q", tc.st.cmd, tc.st.args, err, tc.want)
		}
	}
}
