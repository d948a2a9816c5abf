package landsofruin

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin/rules"
)

// fight sets up a Fight to the Death of ana's team (south) against ben's
// (north) and plays turn 1: everyone visible moves to south-street or
// north-street and each player assigns its actions; it returns at the
// first player's Action phase of turn 2.
func fight(t *testing.T, opts map[string]string, anaTeam, benTeam string, assign map[console.Seat][][2]string) *game {
	t.Helper()
	g := start(t, twoPlayers(3, opts))
	g.must(
		do("ana", CmdChooseSide, "side", "south"), do("ana", CmdChooseTeam, "team", anaTeam),
		do("ben", CmdChooseSide, "side", "north"), do("ben", CmdChooseTeam, "team", benTeam),
		do("ana", CmdReady), do("ben", CmdReady))
	if g.st().Phase == PhasePreGame {
		g.must(do("ana", CmdReady), do("ben", CmdReady))
	}
	for round := 0; round < 2; round++ {
		seat := g.cur()
		sec := map[console.Seat]string{"ana": "south-street", "ben": "north-street"}[seat]
		for _, c := range g.st().teamChars(g.st().current()) {
			if !c.hidden() {
				g.must(do(seat, CmdMove, "character", c.ID, "section", sec))
			}
		}
		g.endPhases(2)
		for _, a := range assign[seat] {
			g.must(do(seat, CmdAssign, "character", a[0], "action", a[1]))
		}
		g.endPhases(2)
	}
	return g
}

// toTurnOf ends phases until it is seat's Action phase.
func (g *game) toTurnOf(seat console.Seat) {
	g.t.Helper()
	for g.cur() != seat || g.st().Phase != PhaseAction {
		g.must(do(g.cur(), CmdEndPhase))
	}
}

func TestThrowGrenade(t *testing.T) {
	g := fight(t, nil, "varros-line", "androphages-raid", map[console.Seat][][2]string{"ana": {{"varro", "throw"}}})
	g.toTurnOf("ana")
	refused(t, g, do("ana", CmdThrow, "character", "brack", "item", "frag-grenade", "section", "crossing", "distance", 100), "Brack carries no grenade to throw")
	refused(t, g, do("ana", CmdThrow, "character", "varro", "item", "molotov", "section", "crossing", "distance", 100), "carries no such grenade (it carries the Frag grenade)")
	refused(t, g, do("ana", CmdThrow, "character", "varro", "item", "frag-grenade", "section", "crossing"), "give the distance")
	refused(t, g, do("ana", CmdThrow, "character", "varro", "item", "frag-grenade", "section", "crossing", "distance", 160),
		`reaches 15" with the Frag grenade; the marker is 16" away`)
	refused(t, g, do("ana", CmdThrow, "character", "varro", "item", "frag-grenade", "section", "off-south", "distance", 10), "must land on the table")
	refused(t, g, do("ana", CmdPerform, "character", "varro", "action", "throw"), "Throw is performed on its own button")
	refused(t, g, do("ana", CmdExplosionHit, "throwable", 1, "character", "thanatos"), "entered in the Environment phase")
	refused(t, g, do("ben", CmdThrow, "character", "varro", "item", "frag-grenade", "section", "crossing", "distance", 100), "not ben's turn")
	v := g.st().char("p1-varro")
	grenades, carried := strings.Count(strings.Join(v.Gear, ","), "frag-grenade"), v.Carried
	g.must(do("ana", CmdThrow, "character", "varro", "item", "frag-grenade", "section", "north-street", "distance", 120))
	refused(t, g, do("ana", CmdThrow, "character", "varro", "item", "frag-grenade", "section", "crossing", "distance", 100), "already performed")
	v = g.st().char("p1-varro")
	if got := strings.Count(strings.Join(v.Gear, ","), "frag-grenade"); got != grenades-1 || v.Carried != carried-200 {
		t.Fatalf("after the throw: %d grenades (was %d), %d g carried (was %d)", got, grenades, v.Carried, carried)
	}
	view := New().View(g.s, "ben").(View)
	if len(view.Throwables) != 1 || view.Throwables[0].Section != "north-street" || strings.Join(view.Throwables[0].Next, ",") != `none,3"` {
		t.Fatalf("ben's view of the throwables: %+v", view.Throwables)
	}
	// ana's Environment phase: the frag grenade has no area yet.
	g.endPhases(3)
	if g.st().Phase != PhaseEnvironment || g.st().Throwables[0].Counter != 1 {
		t.Fatalf("phase %s, counter %d", g.st().Phase, g.st().Throwables[0].Counter)
	}
	refused(t, g, do("ben", CmdExplosionHit, "throwable", 1, "character", "thanatos"), "has no area this Environment phase")
	refused(t, g, do("ben", CmdExplosionHit, "throwable", 2, "character", "thanatos"), "no throwable 2 on the table (throwables: 1)")
	// ben's Environment phase: 3" across.
	g.endPhases(4)
	if g.cur() != "ben" || g.st().Phase != PhaseEnvironment || g.st().Throwables[0].diameter() != 30 {
		t.Fatalf("%s's %s, diameter %d", g.cur(), g.st().Phase, g.st().Throwables[0].diameter())
	}
	refused(t, g, do("ben", CmdExplosionHit, "throwable", 1), "name either a character")
	refused(t, g, do("ben", CmdExplosionHit, "throwable", 1, "character", "thanatos", "count", 0), "is not entered")
	g.must(do("ana", CmdExplosionHit, "throwable", 1, "character", "thanatos"),
		do("ben", CmdExplosionHit, "throwable", 1, "character", "skarn"),
		do("ben", CmdExplosionHit, "throwable", 1, "rotters", 2))
	refused(t, g, do("ben", CmdExplosionHit, "throwable", 1, "character", "skarn"), "already entered")
	if g.st().Players[0].RottersKilled != 2 {
		t.Errorf("Rotters killed by ana's grenade: %d", g.st().Players[0].RottersKilled)
	}
	es, err := g.try(do("ben", CmdEndPhase))
	if err != nil {
		t.Fatal(err)
	}
	var res EnvResolution
	if err := console.Decode(es[0].Data, &res); err != nil || len(res.Results) != 2 {
		t.Fatalf("environment results %+v (%v)", res, err)
	}
	for _, r := range res.Results {
		c := g.st().char(r.Char)
		want := rules.ExplosiveTargetNumber + c.defence(rules.Explosive, g.st().Turn)
		if r.Source != SourceExplosive || r.Need != want || r.Hit != (r.Roll >= want) {
			t.Errorf("%+v: want need %d (5 + armour against explosives)", r, want)
		}
		if r.Hit && (r.Power != 1 || r.Suppression != 50) {
			t.Errorf("%+v: a frag hit is power 2 − 1 with 50 suppression", r)
		}
	}
	if len(g.st().Throwables) != 0 {
		t.Errorf("the spent grenade is still on the table: %+v", g.st().Throwables)
	}
}

func TestExecuteSlaveAndAbsorption(t *testing.T) {
	g := fight(t, nil, "varros-line", "androphages-raid", map[console.Seat][][2]string{
		"ana": {{"varro", "shoot"}}, "ben": {{"thanatos", "execute-slave"}}})
	refusedAssign := func() {
		// A slave has no actions of its own.
		st := g.st()
		if err := st.canAssign(st.char("p2-thanatos-slaves-1"), data().rd.Action("take-cover")); err == nil || !strings.Contains(err.Error(), "slaves have no actions") {
			t.Errorf("assign to a slave: %v", err)
		}
	}
	refusedAssign()
	g.toTurnOf("ana")
	// Varro shoots Thanatos: a slave takes the hit, as an unresolved hit
	// of its own (resolved at ben's damage resolution, cohorts.go).
	g.must(do("ana", CmdAttack, "character", "varro", "weapon", "vz-99-v", "mode", "focus-fire", "targets", "thanatos", "distances", "100"),
		do("ana", CmdRoll, "d20", "20"))
	th, sl := g.st().char("p2-thanatos"), g.st().char("p2-thanatos-slaves-1")
	if len(th.Hits) != 0 || len(sl.Hits) != 1 || sl.dead() {
		t.Fatalf("Thanatos %d hits; slave 1 hits %v, effects %v", len(th.Hits), sl.Hits, sl.effectIDs())
	}
	g.toTurnOf("ben")
	refused(t, g, do("ben", CmdExecuteSlave, "character", "thanatos", "section", "south-street", "distance", 120), `reaches 10"`)
	g.must(do("ben", CmdExecuteSlave, "character", "thanatos", "section", "south-street", "distance", 90))
	if !g.st().char("p2-thanatos-slaves-1").dead() || g.st().Throwables[0].Item != "balean-slave" {
		t.Fatalf("after execute-slave: slave 1 %v, throwables %+v", g.st().char("p2-thanatos-slaves-1").effectIDs(), g.st().Throwables)
	}
}

func TestCohortUnlockedAbilities(t *testing.T) {
	g := fight(t, nil, "dorians-detachment", "androphages-raid", nil)
	g.toTurnOf("ana")
	g.endPhases(2)
	st := g.st()
	// Dorian's shoot is assigned to his close-support loaders too.
	refused(t, g, do("ana", CmdAssign, "character", "dorian-loaders-1", "action", "shoot"), "fights in close support of Dorian")
	es, err := g.try(do("ana", CmdAssign, "character", "dorian", "action", "shoot"))
	if err != nil {
		t.Fatal(err)
	}
	var ref ActionRef
	if err := console.Decode(es[0].Data, &ref); err != nil || strings.Join(ref.Also, ",") != "p1-dorian-loaders-1,p1-dorian-loaders-2" {
		t.Fatalf("assigned with Dorian: %+v", ref)
	}
	g.must(do("ana", CmdUnassign, "character", "dorian", "action", "shoot"))
	if st = g.st(); len(st.char("p1-dorian-loaders-1").Assigned) != 0 {
		t.Fatal("unassigning Dorian's shoot left it on a loader")
	}
	// The bazooka: once a battle, while a loader lives.
	g.must(do("ana", CmdAssign, "character", "dorian", "action", "fire-bazooka"))
	g.must(do("ana", CmdUnassign, "character", "dorian", "action", "fire-bazooka"))
	st.char("p1-dorian").Used = []string{"fire-bazooka"}
	refused(t, g, do("ana", CmdAssign, "character", "dorian", "action", "fire-bazooka"), "once a battle")
	st.char("p1-dorian").Used = nil
	for _, id := range []string{"p1-dorian-loaders-1", "p1-dorian-loaders-2"} {
		st.char(id).Effects = []effect{{ID: "dead", Since: 1}}
	}
	refused(t, g, do("ana", CmdAssign, "character", "dorian", "action", "fire-bazooka"), "needs a living member of Dorian's cohort")
	// Androphage's berserker charge, while a berserker lives.
	g.endPhases(2)
	g.toTurnOf("ben")
	g.endPhases(2)
	g.must(do("ben", CmdAssign, "character", "androphage", "action", "berserker-charge"),
		do("ben", CmdUnassign, "character", "androphage", "action", "berserker-charge"))
	for i := range g.st().Chars {
		if c := &g.st().Chars[i]; c.Base == "androphage-berserkers" {
			c.Effects = []effect{{ID: "dead", Since: 1}}
		}
	}
	refused(t, g, do("ben", CmdAssign, "character", "androphage", "action", "berserker-charge"), "needs a living member of Androphage's cohort")
}

func TestArtilleryStrike(t *testing.T) {
	g := start(t, twoPlayers(4, map[string]string{"scenario": "two-player-tutorial"}))
	g.must(do("ana", CmdChooseRole, "role", "reclaimers"), do("ben", CmdChooseRole, "role", "baleans"),
		do("ana", CmdChooseSide, "side", "south"), do("ana", CmdChooseTeam, "team", "tutorial-reclaimers"),
		do("ben", CmdChooseSide, "side", "north"), do("ben", CmdChooseTeam, "team", "tutorial-baleans"),
		do("ana", CmdReady), do("ben", CmdReady),
		do("ana", CmdMove, "character", "hale", "section", "south-street"))
	g.endPhases(2)
	refused(t, g, do("ana", CmdAssign, "character", "aurel", "action", "call-artillery"), "none of its skills enables it")
	g.must(do("ana", CmdAssign, "character", "hale", "action", "call-artillery"))
	g.endPhases(2)
	g.must(do("ben", CmdMove, "character", "skarn", "section", "crossing"))
	g.endPhases(4)
	g.must(do("ana", CmdCallArtillery, "character", "hale", "section", "crossing"))
	refused(t, g, do("ana", CmdCallArtillery, "character", "hale", "section", "crossing"), "already performed")
	if g.st().char("p1-hale").carries("artillery-strike") {
		t.Fatal("the artillery strike was not used up")
	}
	// Three Environment phases with no area, the fourth strikes the section.
	for i := 0; i < 3; i++ {
		g.toTurnOf(g.cur())
		g.endPhases(3)
		if d := g.st().Throwables[0].diameter(); d != 0 {
			t.Fatalf("Environment phase %d: diameter %d", i+1, d)
		}
		refused(t, g, do("ben", CmdExplosionHit, "throwable", 1, "character", "skarn"), "has no area")
		g.endPhases(1)
	}
	supp := g.st().char("p2-skarn").Suppression
	g.endPhases(3)
	st := g.st()
	if st.Throwables[0].diameter() != -1 || len(st.Env) != 1 || st.Env[0].Char != "p2-skarn" || st.Env[0].Source != SourceExplosive {
		t.Fatalf("the strike: diameter %d, entries %+v", st.Throwables[0].diameter(), st.Env)
	}
	if want := rules.AddSuppression(supp, 75); st.char("p2-skarn").Suppression != want {
		t.Errorf("Skarn's suppression %d, want %d", st.char("p2-skarn").Suppression, want)
	}
	refused(t, g, do("ben", CmdExplosionHit, "throwable", 1, "character", "skarn"), "hits everyone in section F (crossing) by itself")
	g.endPhases(1)
	if len(g.st().Throwables) != 0 {
		t.Fatal("the strike is still on the table")
	}
}

func TestUnits(t *testing.T) {
	g := fight(t, map[string]string{"units": "cm"}, "varros-line", "androphages-raid", map[console.Seat][][2]string{"ana": {{"varro", "throw"}}})
	v := New().View(g.s, "ana").(View)
	if v.Units != UnitsCM {
		t.Fatalf("units %q", v.Units)
	}
	b, _ := json.Marshal(v)
	if strings.Contains(string(b), `\"`) {
		t.Errorf("a distance in inches in a centimetre view: %s", b)
	}
	for _, c := range v.Characters {
		if c.Own != nil && c.Own.Movement > 0 && !strings.HasSuffix(c.Own.MoveText, " cm") {
			t.Errorf("%s: movement %q", c.ID, c.Own.MoveText)
		}
	}
	g.toTurnOf("ana")
	// 15" is 381 mm.
	refused(t, g, do("ana", CmdThrow, "character", "varro", "item", "frag-grenade", "section", "crossing", "distance", 400), "reaches 38.1 cm")
	g.must(do("ana", CmdThrow, "character", "varro", "item", "frag-grenade", "section", "crossing", "distance", 380))
	if d := g.st().Throwables; len(d) != 1 {
		t.Fatal("no throwable")
	}
	v = New().View(g.s, "ben").(View)
	if strings.Join(v.Throwables[0].Next, ",") != "none,7.6 cm" {
		t.Errorf("areas to come %v, want none, 7.6 cm", v.Throwables[0].Next)
	}
}
