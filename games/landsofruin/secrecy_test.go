package landsofruin

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin/content"
)

// seatBytes is everything seat receives of a game in state s: its view as
// JSON and msgpack, and the history lines of events as it is told them
// (Describe against s).
func seatBytes(t *testing.T, s console.State, seat console.Seat, events ...console.Event) []byte {
	t.Helper()
	r := New()
	v := r.View(s, seat)
	j, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	m, err := console.Encode(v)
	if err != nil {
		t.Fatal(err)
	}
	out := append(append(j, 0), m...)
	for _, e := range events {
		if line, ok := r.Describe(s, e, seat); ok {
			out = append(append(out, 0), line...)
		}
	}
	return out
}

// sameBytes asserts that seat receives the same bytes in every variant.
func sameBytes(t *testing.T, what string, variants map[string][]byte) {
	t.Helper()
	var first string
	for _, name := range console.SortedKeys(variants) {
		if first == "" {
			first = name
			continue
		}
		if !bytes.Equal(variants[first], variants[name]) {
			t.Fatalf("%s: the bytes differ between %s and %s:\n%s\n---\n%s", what, first, name, variants[first], variants[name])
		}
	}
}

// downVariants makes a character pinned, unconscious or dead, each with
// what such a character carries (effects kept or ended, a permanent wound,
// the chart result that put it down, suppression, a frenzy self-hit).
var downVariants = map[string]func(c *character){
	"pinned": func(c *character) {
		c.Effects = []effect{{ID: "take-cover", Since: 1}, {ID: "on-fire", Since: 1}, {ID: "bleeding", Since: 1}, {ID: "pinned", Since: 1}}
		c.Modifiers = []modifier{{Attack: -2, Defence: -2, From: 1}}
		c.Results = []result{{Turn: 1, Roll: 40, Power: 2, Total: 60, Public: "Wounded", Private: "Badly wounded", Detail: "badly wounded, bleeding, pinned"}}
		c.Suppression, c.Hits = 40, []hit{{Kind: "shooting", Power: -2}}
	},
	"unconscious": func(c *character) {
		c.Effects = []effect{{ID: "unconscious", Since: 1}}
		c.Modifiers = []modifier{{Attack: -1, Defence: -1, From: 1}}
		c.Results = []result{{Turn: 1, Roll: 45, Power: 2, Total: 65, Public: "Down", Private: "Unconscious", Detail: "unconscious, wounded"}}
		c.Suppression = 10
	},
	"dead": func(c *character) {
		c.Effects = []effect{{ID: "dead", Since: 1}}
		c.Modifiers = []modifier{}
		c.Results = []result{{Turn: 1, Roll: 70, Power: 2, Total: 90, Public: "Down", Private: "Dead", Detail: "dead (decapitated)"}}
	},
}

// TestDownLooksAlike: an opponent's view of a down character is the same
// whether it is pinned, unconscious or dead (rulebook "Effects", Pinned,
// Unconscious, Dead: "No one but the character's commanding player will
// be able to tell if the character is pinned, unconscious, or dead"),
// and so is the spectator's.
func TestDownLooksAlike(t *testing.T) {
	for _, seat := range []console.Seat{"ana", console.Public} {
		got := map[string][]byte{}
		for name, mk := range downVariants {
			g := toAction(t)
			mk(g.st().char("p2-vrask"))
			got[name] = seatBytes(t, g.s, seat)
		}
		sameBytes(t, string(seat)+"'s view of ben's down Vrask", got)
	}
}

// TestDownResolutionLooksAlike: the damage resolution tells an opponent
// "Down" for a character it leaves down, whichever of the three it is and
// whether its hits were rolled (a dead one's are not), facts §5.4
// ("opponents see only the coarse label … a generic 'down' marker").
func TestDownResolutionLooksAlike(t *testing.T) {
	type variant struct {
		effects []effect
		results []result
	}
	variants := map[string]variant{
		"pinned, badly wounded": {[]effect{{ID: "bleeding", Since: 2}, {ID: "pinned", Since: 2}},
			[]result{{Turn: 2, Roll: 40, Power: 2, Total: 60, Public: "Wounded", Private: "Badly wounded", Detail: "badly wounded, bleeding, pinned"}}},
		"unconscious": {[]effect{{ID: "unconscious", Since: 2}}, []result{{Turn: 2, Roll: 45, Power: 2, Total: 65, Public: "Down", Private: "Unconscious", Detail: "x"}}},
		"dead before": {[]effect{{ID: "dead", Since: 1}}, nil},
		"killed":      {[]effect{{ID: "dead", Since: 2}}, []result{{Turn: 2, Roll: 70, Power: 2, Total: 90, Public: "Down", Private: "Dead", Detail: "dead"}}},
	}
	got := map[string][]byte{}
	for name, v := range variants {
		g := toAction(t)
		c := g.st().char("p2-vrask")
		c.Hits = []hit{{Kind: "shooting", Power: 2}}
		res := Resolution{Player: 1, Turn: 2, Teams: []TeamMorale{}, Chars: []CharResolution{{Char: c.ID, Effects: v.effects, Modifiers: []modifier{}, Results: v.results}}}
		e, err := mk(EventResolution, res, true)
		if err != nil {
			t.Fatal(err)
		}
		e.Seat = "ben"
		line, ok := New().Describe(g.s, e, "ana")
		if !ok || !strings.Contains(line, "Vrask the Pusher: Down") {
			t.Fatalf("%s: ana is told %q", name, line)
		}
		got[name] = []byte(line)
	}
	sameBytes(t, "ana's line of ben's damage resolution", got)
}

// TestAttackDownEnemy: an attack on a down enemy is judged on what the
// attacker sees, "down" (rulebook "Effects"; the package doc's decisions):
// it is allowed, with the same target number, whether the enemy is
// pinned, unconscious or dead.
func TestAttackDownEnemy(t *testing.T) {
	got := map[string][]byte{}
	for name, mkv := range downVariants {
		g := toAction(t, [2]string{"dorian", "shoot"})
		mkv(g.st().char("p2-vrask"))
		es, err := g.try(do("ana", CmdAttack, "character", "dorian", "weapon", "vz-99-v", "mode", "focus-fire", "targets", "vrask", "distances", "100"))
		if err != nil {
			t.Fatalf("%s: the attack on a down enemy is refused: %v", name, err)
		}
		var b []byte
		for _, e := range es {
			b = append(b, e.Data...)
		}
		got[name] = append(b, seatBytes(t, g.s, "ana", es...)...)
	}
	sameBytes(t, "ana's attack on ben's down Vrask", got)
}

// TestHiddenTargetRefusal: a hidden enemy named by id is refused as a
// character that does not exist (DESIGN.md §4; rulebook "Hidden
// characters": "Your opponent will never know if you have a hidden
// sniper").
func TestHiddenTargetRefusal(t *testing.T) {
	g := toAction(t, [2]string{"dorian", "shoot"})
	msg := func(ref string) string {
		_, err := g.try(do("ana", CmdAttack, "character", "dorian", "weapon", "vz-99-v", "mode", "focus-fire", "targets", ref, "distances", "100"))
		if err == nil {
			t.Fatalf("attack on %q accepted", ref)
		}
		return strings.ReplaceAll(err.Error(), ref, "REF")
	}
	if a, b := msg("p2-whisper"), msg("p2-nobody"); a != b {
		t.Fatalf("hidden %q, missing %q", a, b)
	}
}

// TestExplosionOnDownEnemy: a down enemy caught in a throwable's area is
// entered and rolled for alike, pinned, unconscious or dead (rulebook
// "Effects"; on a dead one the hit has no effect), so neither the refusal
// nor the Environment results tell them apart.
func TestExplosionOnDownEnemy(t *testing.T) {
	got := map[string][]byte{}
	for name, mkv := range downVariants {
		g := toAction(t)
		st := g.st()
		mkv(st.char("p2-vrask"))
		st.Phase = PhaseEnvironment
		st.Throwables, st.NextThrowable = []throwable{{ID: 1, Item: "frag-grenade", By: "p1-dorian", Section: "north-street", Counter: 2}}, 1
		es, err := g.try(do("ana", CmdExplosionHit, "throwable", 1, "character", "vrask"))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		b := seatBytes(t, g.s, "ana")
		before := g.s
		snap := mustEncode(t, before)
		end, err := g.try(do("ana", CmdEndPhase))
		if err != nil {
			t.Fatalf("%s: end the Environment phase: %v", name, err)
		}
		prev, err := New().DecodeState(snap)
		if err != nil {
			t.Fatal(err)
		}
		b = append(b, seatBytes(t, prev, "ana", end[0])...)
		for _, e := range es {
			b = append(b, e.Data...)
		}
		got[name] = b
	}
	sameBytes(t, "ana's explosion on ben's down Vrask", got)
}

// TestAbsorbedHitStaysUnresolved: a hit a slave takes for its hero is an
// unresolved hit on the slave, resolved at its owner's damage resolution
// like any other (rulebook "Damage": "Damage in a game of Lands of Ruin is
// not resolved immediately"; facts §2.7 for the slave taking it), so the
// attacker does not learn at once who dies.
func TestAbsorbedHitStaysUnresolved(t *testing.T) {
	g := fight(t, nil, "varros-line", "androphages-raid", map[console.Seat][][2]string{"ana": {{"varro", "shoot"}}})
	g.toTurnOf("ana")
	g.must(do("ana", CmdAttack, "character", "varro", "weapon", "vz-99-v", "mode", "focus-fire", "targets", "thanatos", "distances", "100"))
	es, err := g.try(do("ana", CmdRoll, "d20", "20"))
	if err != nil {
		t.Fatal(err)
	}
	slave := g.st().char("p2-thanatos-slaves-1")
	if slave.dead() || len(slave.Hits) != 1 {
		t.Fatalf("the slave: effects %v, hits %v", slave.effectIDs(), slave.Hits)
	}
	for _, c := range New().View(g.s, "ana").(View).Characters {
		if c.ID == slave.ID && (c.Down || c.UnresolvedHits != 1) {
			t.Fatalf("ana sees the slave %+v", c)
		}
	}
	prev := g.before[len(g.before)-1]
	ps, err := New().DecodeState(prev)
	if err != nil {
		t.Fatal(err)
	}
	line, _ := New().Describe(ps, es[0], "ana")
	if strings.Contains(line, "dies") || !strings.Contains(line, "an unresolved hit") {
		t.Fatalf("ana is told %q", line)
	}
	// At ben's damage resolution the slave's hit is rolled on the chart.
	for g.cur() != "ben" || g.st().Phase != PhaseCommand {
		g.must(do(g.cur(), CmdEndPhase))
	}
	if s := g.st().char(slave.ID); len(s.Results) != 1 {
		t.Fatalf("the slave's hit was not resolved: %+v", s.Results)
	}
}

// TestAssignedShownInActionPhase: the actions assigned to the current
// player's visible characters are shown to every seat during that
// player's Action phase, and only then (rulebook "Enemy team": "you can see
// actions assigned to the characters when your opponent is playing his /
// her action phase"); never those of hidden characters.
func TestAssignedShownInActionPhase(t *testing.T) {
	g := toAction(t, [2]string{"dorian", "shoot"}, [2]string{"kestrel", "aim-and-shoot"})
	assignedOf := func(seat console.Seat, id string) []AssignView {
		for _, c := range New().View(g.s, seat).(View).Characters {
			if c.ID == id {
				return c.Assigned
			}
		}
		return nil
	}
	tests := []struct {
		when string
		seat console.Seat
		id   string
		want string
	}{
		{"ana's Action phase", "ben", "p1-dorian", "shoot"},
		{"ana's Action phase", console.Public, "p1-dorian-loaders-1", "shoot"},
		{"ana's Action phase", "ben", "p1-kestrel", ""},
	}
	for _, tc := range tests {
		var got []string
		for _, a := range assignedOf(tc.seat, tc.id) {
			got = append(got, a.Action)
		}
		if strings.Join(got, ",") != tc.want {
			t.Errorf("%s: %s sees %s assigned %v, want %q", tc.when, tc.seat, tc.id, got, tc.want)
		}
	}
	for _, c := range New().View(g.s, "ben").(View).Characters {
		for _, a := range c.Assigned {
			if a.Action == "aim-and-shoot" {
				t.Errorf("ben is told the hidden Kestrel's assigned action (on %s)", c.ID)
			}
		}
	}
	// In ana's Command phase (planning) and in ben's turn they are ana's.
	g.endPhases(2)
	g.must(do("ana", CmdAssign, "character", "dorian", "action", "take-cover"))
	if a := assignedOf("ben", "p1-dorian"); a != nil {
		t.Errorf("ana's Command phase: ben sees %v", a)
	}
	g.endPhases(2)
	if a := assignedOf("ben", "p1-dorian"); g.cur() != "ben" || a != nil {
		t.Errorf("%s's %s: ben sees %v", g.cur(), g.st().Phase, a)
	}
}

// TestUndoSeenNeedsConsent: the engine's undo of a command another seat
// has seen (its view or history changed) is refused with
// console.ReasonNeedsConsent and says how to ask; the asked take-back,
// approved by every other player, restores the game (DESIGN.md §4; facts
// §1.9, undo by consent). A command only its seat saw is undone at once.
func TestUndoSeenNeedsConsent(t *testing.T) {
	n := 0
	s, err := console.Create(New(), twoPlayers(5, nil), console.Options{Store: console.NewMemStore(),
		NewID: func() string { n++; return "u" + strings.Repeat("x", n) }})
	if err != nil {
		t.Fatal(err)
	}
	play := func(st step) {
		t.Helper()
		if _, err := s.Do(st.seat, console.Command{Name: st.cmd, Args: st.args}); err != nil {
			t.Fatalf("%s by %s: %v", st.cmd, st.seat, err)
		}
	}
	for _, st := range []step{
		do("ana", CmdChooseSide, "side", "south"), do("ana", CmdChooseTeam, "team", "dorians-detachment"),
		do("ben", CmdChooseSide, "side", "north"), do("ben", CmdChooseTeam, "team", "night-raiders"),
		do("ana", CmdReady), do("ben", CmdReady),
		do("ana", CmdInfiltrate, "character", "kestrel", "section", "sw-block"),
		do("ben", CmdInfiltrate, "character", "whisper", "section", "crossing"),
		do("ana", CmdReady), do("ben", CmdReady)} {
		play(st)
	}
	state := func() *state {
		b, err := s.EncodedState()
		if err != nil {
			t.Fatal(err)
		}
		g, err := New().DecodeState(b)
		if err != nil {
			t.Fatal(err)
		}
		return g.(*state)
	}
	cur := state().seat(state().current())
	other := console.Seat("ben")
	if cur == "ben" {
		other = "ana"
	}
	hero := map[console.Seat]string{"ana": "dorian", "ben": "moloch"}[cur]
	play(do(cur, CmdMove, "character", hero, "section", "crossing"))
	_, err = s.Undo(cur)
	if console.ReasonOf(err) != console.ReasonNeedsConsent || console.TryOf(err) != CmdRequestUndo || strings.Contains(err.Error(), "request-undo") ||
		!strings.Contains(err.Error(), string(other)) || !strings.Contains(err.Error(), "move to section F (crossing)") {
		t.Fatalf("undo of a move %s saw: %v (reason %q)", other, err, console.ReasonOf(err))
	}
	play(do(cur, CmdRequestUndo))
	if v := New().View(state(), other).(View); !v.UndoCommand || !contains(v.Allowed, CmdApproveUndo) {
		t.Fatalf("%s's view of the request: %+v", other, v.Allowed)
	}
	play(do(other, CmdApproveUndo))
	if c := state().findChar(hero, func(c *character) bool { return c.Owner == state().current() }); c.Section == "crossing" {
		t.Fatal("the approved take-back left the move")
	}
	// The Session removed the move, the request and the approval from the
	// log, as an undo does (console.TakeBacker): nobody's history has them,
	// and the battle report counts one undo.
	h, err := s.History(other)
	if err != nil || strings.Contains(h[len(h)-1].Text, "crossing") || strings.Contains(h[len(h)-1].Text, "take back") {
		t.Fatalf("%s's history ends %+v (%v); want the move and the votes gone", other, h[len(h)-1], err)
	}
	if n := s.Meta().Undos; n != 1 {
		t.Fatalf("undos = %d after the take-back; want 1", n)
	}
	// A command the other seat cannot see is the seat's own to undo.
	play(do(cur, CmdEndPhase))
	if _, err := s.Undo(cur); console.ReasonOf(err) != console.ReasonNeedsConsent {
		t.Fatalf("undo of the phase change: %v", err)
	}
	play(do(cur, CmdEndPhase))
	play(do(cur, CmdAssign, "character", hero, "action", "take-cover"))
	if _, err := s.Undo(cur); err != nil {
		t.Fatalf("undo of a private assign: %v", err)
	}
}

// TestUndoAttackRollNeedsConsent: the dice of an attack the defender saw
// are not the attacker's to take back alone (DESIGN.md §4).
func TestUndoAttackRollNeedsConsent(t *testing.T) {
	g := toAction(t, [2]string{"dorian", "shoot"})
	g.must(do("ana", CmdAttack, "character", "dorian", "weapon", "vz-99-v", "mode", "focus-fire", "targets", "vrask", "distances", "100"))
	es, err := g.try(do("ana", CmdRoll, "d20", "20"))
	if err != nil {
		t.Fatal(err)
	}
	if err := New().Undoable(g.s, "ana", es); console.ReasonOf(err) != console.ReasonNeedsConsent {
		t.Fatalf("undo of the roll: %v", err)
	}
	g.must(do("ana", CmdRequestUndo), do("ben", CmdApproveUndo))
	if g.st().Attack == nil || len(g.st().char("p2-vrask").Hits) != 0 {
		t.Fatal("the take-back did not return to the declared attack")
	}
}

// TestTeamNotTold: another seat is not told which team a player chose
// (a pre-made team's members are public content, and its gear value sums
// the hidden ones too; rulebook "Hidden characters": "Your opponent will
// never know if you have a hidden sniper or not"). ben receives the same
// bytes whichever team ana takes.
func TestTeamNotTold(t *testing.T) {
	got := map[string][]byte{}
	for _, team := range []string{"dorians-detachment", "night-raiders"} {
		g := start(t, twoPlayers(5, nil))
		g.must(do("ana", CmdChooseSide, "side", "south"))
		before, err := New().DecodeState(mustEncode(t, g.s))
		if err != nil {
			t.Fatal(err)
		}
		es, err := g.try(do("ana", CmdChooseTeam, "team", team))
		if err != nil {
			t.Fatal(err)
		}
		line, _ := New().Describe(before, es[0], "ben")
		got[team] = append(seatBytes(t, g.s, "ben"), line...)
		if v := New().View(g.s, "ana").(View); v.Players[0].Team != team {
			t.Fatalf("ana is not told her own team: %+v", v.Players[0])
		}
	}
	sameBytes(t, "ben's bytes after ana's team choice", got)
}

// TestInfiltratorTags: the infiltrators of one team entry are not numbered
// by their place in the roster, so one revealed (its id and name in every
// seat's view) leaves no gap telling how many others hide.
func TestInfiltratorTags(t *testing.T) {
	ct := ownTeam(t)
	d := data().team
	d.Custom = ct.Characters
	rifle := ct.Characters[1]
	rifle.Skills = append(rifle.Skills, "infiltrate")
	rifle, err := content.BuildCharacter(d, rifle)
	if err != nil {
		t.Fatal(err)
	}
	ct.Characters[1] = rifle
	ct.Members = []content.Member{{Character: "vance"}, {Character: "vance-riflemen", Count: 3}}
	for _, seed := range []uint64{1, 2, 3} {
		g := start(t, twoPlayers(seed, nil))
		g.must(do("ana", CmdChooseSide, "side", "south"), do("ana", CmdChooseTeam, "team-json", teamJSON(t, ct)),
			do("ben", CmdChooseSide, "side", "north"), do("ben", CmdChooseTeam, "team", "night-raiders"),
			do("ana", CmdReady), do("ben", CmdReady))
		n := 0
		for _, c := range g.st().Chars {
			if c.Base != "vance-riflemen" {
				continue
			}
			n++
			last := c.ID[len(c.ID)-1]
			if last >= '0' && last <= '9' || strings.ContainsAny(c.Name, "0123456789") || !strings.HasPrefix(c.Name, "Vance's Riflemen ") {
				t.Errorf("seed %d: infiltrator %s %q is numbered by its roster place", seed, c.ID, c.Name)
			}
		}
		if n != 3 {
			t.Fatalf("seed %d: %d riflemen", seed, n)
		}
		// Each can be named by its short id.
		for _, c := range g.st().Chars {
			if c.Base == "vance-riflemen" {
				g.must(do("ana", CmdInfiltrate, "character", strings.TrimPrefix(c.ID, "p1-"), "section", "sw-block"))
			}
		}
	}
}

// TestTakeBackKeepsPhaseMark: a take-back in the Sync phase restores the
// game with its phase mark and world, so the phase change can still be
// undone by consent afterwards (undo.go, undoconsent.go).
func TestTakeBackKeepsPhaseMark(t *testing.T) {
	g := toAction(t)
	g.endPhases(1) // → Sync
	world := append([]byte(nil), g.st().World...)
	g.must(do("ana", CmdMove, "character", "dorian", "section", "crossing"))
	g.must(do("ana", CmdRequestUndo), do("ben", CmdApproveUndo))
	st := g.st()
	if st.Phase != PhaseSync || !st.marked() || !bytes.Equal(st.World, world) || st.char("p1-dorian").Section == "crossing" {
		t.Fatalf("after the take-back: %s, mark %v, world kept %v, Dorian in %s", st.Phase, st.marked(), bytes.Equal(st.World, world), st.char("p1-dorian").Section)
	}
	g.must(do("ana", CmdRequestUndo, "what", "phase"), do("ben", CmdApproveUndo))
	if g.st().Phase != PhaseAction {
		t.Fatalf("the phase undo after a take-back: %s", g.st().Phase)
	}
	refused(t, g, do("ana", CmdRequestUndo, "what", "command"), "your last command cannot be taken back by consent")
}
