package landsofruin

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/conformance"
	"github.com/commandconsole/commandconsole/games/landsofruin/content"
)

// secrets lists what seat b must never receive about seat a's team in state
// g: the ids and names of a's hidden characters, and the private results
// of a's characters that differ from the public ones (unless b has the same
// text legitimately, from its own characters).
func secrets(g *state, a, b int) []string {
	mine := map[string]bool{}
	for _, c := range g.Chars {
		if c.Owner == b {
			mine[c.Name] = true
			for _, r := range c.Results {
				mine[r.Private], mine[r.Detail] = true, true
			}
		}
	}
	var out []string
	for _, c := range g.Chars {
		if c.Owner != a {
			continue
		}
		// Assigned actions are the owner's (assign and the shortcuts).
		if len(c.Assigned) > 0 && !mine[c.Name] {
			out = append(out, c.Name+" is assigned", "assigned to "+c.Name)
		}
		if c.hidden() {
			out = append(out, `"`+c.ID+`"`, c.ID)
			if !mine[c.Name] {
				out = append(out, c.Name)
			}
		}
		for _, r := range c.Results {
			if r.Private != r.Public && !mine[r.Private] {
				out = append(out, r.Private)
			}
			if !mine[r.Detail] {
				out = append(out, r.Detail)
			}
		}
	}
	return out
}

// checkSecrets asserts the JSON and msgpack bytes of View(b) and of every
// Describe(…, b) line of the log contain none of a's secrets, for every
// ordered pair of seats, in the game's current state.
func checkSecrets(t *testing.T, g *game, where string) {
	t.Helper()
	r := New()
	st := g.st()
	for a := range st.Players {
		for b := range st.Players {
			if a == b {
				continue
			}
			sec := secrets(st, a, b)
			if len(sec) == 0 {
				continue
			}
			seat := st.seat(b)
			var blobs [][]byte
			v := r.View(st, seat)
			j, err := json.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			m, err := console.Encode(v)
			if err != nil {
				t.Fatal(err)
			}
			blobs = append(blobs, j, m)
			if g.desc == nil {
				g.desc = map[console.Seat][]*string{}
			}
			for i := len(g.desc[seat]); i < len(g.log); i++ {
				before, err := r.DecodeState(g.before[i])
				if err != nil {
					t.Fatal(err)
				}
				var line *string
				if text, ok := r.Describe(before, g.log[i], seat); ok {
					line = &text
				}
				g.desc[seat] = append(g.desc[seat], line)
			}
			if g.checked == nil {
				g.checked = map[[2]int]checkedLines{}
			}
			key, from := strings.Join(sec, "\x00"), 0
			if ck := g.checked[[2]int{a, b}]; ck.secrets == key {
				from = ck.lines // the same secrets: only the new lines
			}
			for _, line := range g.desc[seat][from:] {
				if line != nil {
					blobs = append(blobs, []byte(*line))
				}
			}
			g.checked[[2]int{a, b}] = checkedLines{secrets: key, lines: len(g.desc[seat])}
			// The living world (lurkers, mobs) is never in a view.
			for _, w := range []string{"grids", "base_threat", "Grids", "BaseThreat"} {
				if bytes.Contains(j, []byte(w)) || bytes.Contains(m, []byte(w)) {
					t.Fatalf("%s: %s's view holds the Rotter world (%q)", where, seat, w)
				}
			}
			for _, s := range sec {
				for _, blob := range blobs {
					if bytes.Contains(blob, []byte(s)) {
						t.Fatalf("%s: what %s receives contains %q, a secret of %s:\n%s", where, seat, s, st.seat(a), blob)
					}
				}
			}
			// Down is all opponents are told of pinned, unconscious, dead.
			for _, c := range v.(View).Characters {
				if c.Seat == string(st.seat(a)) && c.Own != nil {
					t.Fatalf("%s: %s sees the owner's part of %s", where, seat, c.ID)
				}
			}
		}
	}
}

// TestHiddenScripts plays each golden script and checks the secrets after
// every accepted command.
func TestHiddenScripts(t *testing.T) {
	for _, path := range conformance.Files(t, scriptGlob) {
		setup, lines := conformance.ReadFile(t, path)
		g := start(t, setup)
		for _, l := range lines {
			if l.Undo {
				continue
			}
			if _, err := g.try(step{l.Seat, l.Cmd, l.Args}); err != nil {
				if l.Reject == "" {
					t.Fatalf("%s:%d: %v", path, l.Number, err)
				}
				continue
			}
			checkSecrets(t, g, fmt.Sprintf("%s:%d", path, l.Number))
		}
	}
}

// randomStep makes a command that is often legal in g: the current
// player's phase commands with real ids (including enemy hidden ones, which
// must be refused without a trace), and the end-of-game commands.
func randomStep(g *state, rng *rand.Rand) step {
	seats := g.seats()
	seat := seats[rng.IntN(len(seats))]
	if cur := g.current(); cur >= 0 && rng.IntN(4) > 0 {
		seat = g.seat(cur)
	}
	p := g.playerOf(seat)
	var ids, own, enemy []string
	for _, c := range g.Chars {
		ids = append(ids, c.ID)
		if c.Owner == p {
			own = append(own, c.ID)
		} else if c.Section != "" || rng.IntN(4) == 0 {
			enemy = append(enemy, c.ID)
		}
	}
	from := func(list []string) string {
		if len(list) == 0 || rng.IntN(10) == 0 {
			if len(ids) == 0 {
				return "x"
			}
			return ids[rng.IntN(len(ids))]
		}
		return list[rng.IntN(len(list))]
	}
	pick := func() string { return from(own) }
	secs := []string{"crossing", "north-street", "south-street", "sw-block", "west-street", "nw-block"}
	sec := secs[rng.IntN(len(secs))]
	actions := []string{"shoot", "aim-and-shoot", "close-combat", "take-cover", "get-up", "reveal", "first-aid", "flee", "deploy-weapon", "throw", "throw"}
	act := actions[rng.IntN(len(actions))]
	attacker := pick()
	w := [2]string{"vz-99-v", "focus-fire"}
	if c := g.char(attacker); c != nil {
		var ws [][2]string
		for _, gid := range c.Gear {
			if wp := data().rd.Weapon(gid); wp != nil {
				for _, m := range wp.Modes {
					ws = append(ws, [2]string{wp.ID, m.ID})
				}
			}
		}
		if len(ws) > 0 {
			w = ws[rng.IntN(len(ws))]
		}
	}
	k := rng.IntN(20)
	if rng.IntN(3) > 0 {
		switch {
		case g.UndoBy != 0:
			k = 17
		case g.Attack != nil:
			k = 10 + rng.IntN(3)
		case g.Phase == PhaseAction:
			k = []int{3, 3, 3, 7, 8, 9, 8, 9, 1, 19, 20}[rng.IntN(11)]
		case g.Phase == PhaseCommand:
			k = []int{5, 6, 5, 6, 5, 6, 13, 0, 18}[rng.IntN(9)]
		case g.Phase == PhaseEnvironment:
			k = []int{16, 16, 16, 0, 17, 21, 21}[rng.IntN(7)]
		case g.Phase == PhaseSync:
			k = []int{0, 0, 3, 17}[rng.IntN(4)]
		}
	}
	kinds := []string{"normal", "fast", "fat"}
	switch k {
	case 16:
		return do(seat, CmdRotterAttack, "character", from(append(own, enemy...)), "kind", kinds[rng.IntN(3)], "count", rng.IntN(4))
	case 17:
		return do(seat, []string{CmdRequestUndo, CmdApproveUndo, CmdApproveUndo, CmdDenyUndo}[rng.IntN(4)])
	case 18:
		return do(seat, CmdShortcut, "shortcut", []string{"hold-the-line", "open-fire", "charge"}[rng.IntN(3)])
	case 19:
		return do(seat, CmdAttack, "character", attacker, "weapon", w[0], "mode", w[1], "targets", "rotter:"+kinds[rng.IntN(3)],
			"distances", fmt.Sprint(rng.IntN(300)))
	case 20:
		// A grenade (Whisper's Molotovs) thrown, often into a section
		// where a hidden character stands.
		for _, id := range own {
			if c := g.char(id); c != nil && c.assignedIndex("throw") >= 0 && rng.IntN(4) > 0 {
				attacker = id
			}
		}
		return do(seat, CmdThrow, "character", attacker, "item", []string{"molotov", "frag-grenade"}[rng.IntN(2)], "section", sec,
			"distance", rng.IntN(90))
	case 21:
		// A character caught in a throwable's area, hidden ones included
		// (they must be refused as if absent).
		if rng.IntN(4) == 0 {
			return do(seat, CmdExplosionHit, "throwable", 1+rng.IntN(3), "rotters", rng.IntN(3))
		}
		return do(seat, CmdExplosionHit, "throwable", 1+rng.IntN(3), "character", from(append(own, enemy...)))
	case 0, 1, 2:
		return do(seat, CmdEndPhase)
	case 3, 4:
		return do(seat, CmdMove, "character", attacker, "section", sec)
	case 5, 6:
		if c := g.char(attacker); c != nil && len(c.Actions) > 0 && rng.IntN(4) > 0 {
			act = c.Actions[rng.IntN(len(c.Actions))]
			for _, a := range []string{"shoot", "close-combat", "aim-and-shoot", "throw"} {
				if contains(c.Actions, a) && rng.IntN(2) == 0 {
					act = a
				}
			}
		}
		return do(seat, CmdAssign, "character", attacker, "action", act)
	case 7:
		if c := g.char(attacker); c != nil && len(c.Assigned) > 0 && rng.IntN(2) == 0 {
			act = c.Assigned[rng.IntN(len(c.Assigned))].Action
		}
		return do(seat, CmdPerform, "character", attacker, "action", act, "target", pick())
	case 8, 9:
		targets, dists, spread := from(enemy), fmt.Sprint(rng.IntN(300)), ""
		if rng.IntN(3) == 0 {
			targets += "," + from(enemy)
			dists += fmt.Sprintf(",%d", rng.IntN(300))
			spread = fmt.Sprint(rng.IntN(60))
		}
		return do(seat, CmdAttack, "character", attacker, "weapon", w[0], "mode", w[1], "targets", targets,
			"distances", dists, "spread", spread, "cover", []string{"light", "none", "heavy"}[rng.IntN(3)])
	case 10, 11:
		return do(seat, CmdRoll, "d20", fmt.Sprintf("%d,%d", 8+rng.IntN(13), 8+rng.IntN(13)))
	case 12:
		return do(seat, CmdRoll, "d20", fmt.Sprint(8+rng.IntN(13)))
	case 13:
		return do(seat, CmdUnassign, "character", pick(), "action", act)
	case 14:
		if rng.IntN(80) == 0 {
			return do(seat, CmdProposeEnd)
		}
		return do(seat, CmdAgreeEnd)
	}
	if rng.IntN(2) == 0 {
		return do(seat, CmdMarkObj, "objective", "eradicate", "count", rng.IntN(2))
	}
	return do(seat, CmdReady)
}

// TestHiddenRandom plays random command sequences from a set-up battle and
// checks the secrets after every accepted command.
func TestHiddenRandom(t *testing.T) {
	n := 4
	if testing.Short() {
		n = 2
	}
	results, total := 0, 0
	types := map[string]int{}
	for seed := uint64(1); seed <= uint64(n); seed++ {
		g := battle(t, seed)
		rng := rand.New(rand.NewPCG(seed, 99))
		accepted := 0
		for i := 0; i < 600 && g.st().Phase != PhaseOver; i++ {
			st := randomStep(g.st(), rng)
			if _, err := g.try(st); err != nil {
				if !console.IsRejection(err) {
					t.Fatalf("seed %d step %d %s %v: %v", seed, i, st.cmd, st.args, err)
				}
				continue
			}
			accepted++
			{
				checkSecrets(t, g, fmt.Sprintf("seed %d step %d (%s %v)", seed, i, st.cmd, st.args))
			}
		}
		total += accepted
		for _, c := range g.st().Chars {
			results += len(c.Results)
		}
		for _, e := range g.log {
			types[e.Type]++
		}
	}
	// A game may end early (agreed, or a team panics); together they must
	// get far, or the generator is broken.
	if total < 30*n {
		t.Errorf("only %d commands accepted over %d random games; the random games do not get far", total, n)
	}
	if results == 0 {
		t.Error("no damage was resolved in any random game: the private results went unchecked")
	}
	t.Logf("%d damage results checked", results)
	// The random games reach the Environment and the phase undo.
	for _, typ := range []string{EventEnvEntry, EventEnvResolved, EventPhaseRewound, EventShortcut, EventThrown, EventThrowablesAdvanced} {
		if types[typ] == 0 {
			t.Errorf("no %s event in any random game: its secrets went unchecked", typ)
		}
	}
	t.Logf("events: %v", types)
}

// seatReceives is everything seat receives of g: its view and its history
// (the lines Describe gives it, as console.HistoryLine), each encoded as
// JSON and as msgpack, as the LAN sends them.
func seatReceives(t *testing.T, g *game, seat console.Seat) []byte {
	t.Helper()
	r := New()
	var lines []console.HistoryLine
	for i, e := range g.log {
		before, err := r.DecodeState(g.before[i])
		if err != nil {
			t.Fatal(err)
		}
		if text, ok := r.Describe(before, e, seat); ok {
			lines = append(lines, console.HistoryLine{Seq: e.Seq, Seat: e.Seat, Type: e.Type, Text: text})
		}
	}
	var out []byte
	for _, x := range []any{r.View(g.s, seat), lines} {
		j, err := json.Marshal(x)
		if err != nil {
			t.Fatal(err)
		}
		m, err := console.Encode(x)
		if err != nil {
			t.Fatal(err)
		}
		out = append(append(append(out, j...), 0), m...)
	}
	return out
}

// TestHiddenTwins plays, per hole closed, games that differ only in a
// secret of one seat and asserts the other seat receives the same bytes
// (view and history, JSON and msgpack) in each (DESIGN.md §4).
func TestHiddenTwins(t *testing.T) {
	// downAs makes ben's Vrask pinned, unconscious or dead (the owner's
	// secret: rulebook "Effects").
	downAs := func(name string) func(g *game) {
		return func(g *game) { downVariants[name](g.st().char("p2-vrask")) }
	}
	variants := []string{"pinned", "unconscious", "dead"}
	tests := []struct {
		name string
		seat console.Seat // who must not tell the variants apart
		// play makes the game of one variant.
		play func(t *testing.T, variant string) *game
		vars []string
	}{
		{"1-2 down enemy attacked", "ana", func(t *testing.T, v string) *game {
			g := toAction(t, [2]string{"dorian", "shoot"})
			downAs(v)(g)
			g.must(do("ana", CmdAttack, "character", "dorian", "weapon", "vz-99-v", "mode", "focus-fire", "targets", "vrask", "distances", "100"),
				do("ana", CmdRoll, "d20", "20"))
			return g
		}, variants},
		{"1-2 down enemy caught by an explosion", "ana", func(t *testing.T, v string) *game {
			g := toAction(t)
			downAs(v)(g)
			st := g.st()
			st.Phase = PhaseEnvironment
			st.Throwables, st.NextThrowable = []throwable{{ID: 1, Item: "frag-grenade", By: "p1-dorian", Section: "north-street", Counter: 2}}, 1
			g.must(do("ana", CmdExplosionHit, "throwable", 1, "character", "vrask"), do("ana", CmdEndPhase))
			return g
		}, variants},
		{"3 a down slave does not shield its hero", "ana", func(t *testing.T, v string) *game {
			g := fight(t, nil, "varros-line", "androphages-raid", map[console.Seat][][2]string{"ana": {{"varro", "shoot"}}})
			g.toTurnOf("ana")
			downVariants[v](g.st().char("p2-thanatos-slaves-1"))
			g.must(do("ana", CmdAttack, "character", "varro", "weapon", "vz-99-v", "mode", "focus-fire", "targets", "thanatos", "distances", "100"),
				do("ana", CmdRoll, "d20", "20"))
			return g
		}, variants},
		{"4 the team and its hidden members", "ben", func(t *testing.T, v string) *game {
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
			n := map[string]int{"two": 2, "three": 3}[v]
			ct.Members = []content.Member{{Character: "vance"}, {Character: "vance-riflemen", Count: n}}
			g := start(t, twoPlayers(7, nil))
			g.must(do("ana", CmdChooseSide, "side", "south"), do("ana", CmdChooseTeam, "team-json", teamJSON(t, ct)),
				do("ben", CmdChooseSide, "side", "north"), do("ben", CmdChooseTeam, "team", "night-raiders"),
				do("ana", CmdReady), do("ben", CmdReady))
			return g
		}, []string{"two", "three"}},
		{"1 the leader's star on a down leader", "ana", func(t *testing.T, v string) *game {
			g := toAction(t)
			st := g.st()
			downVariants[v](st.char("p2-moloch"))
			// The damage resolution's choice: unconscious and dead
			// leaders are skipped, pinned ones are not (rulebook
			// "Leadership").
			st.Players[1].Leader, st.Players[1].Second = "p2-vrask", "p2-whisper"
			if v == "pinned" {
				st.Players[1].Leader, st.Players[1].Second = "p2-moloch", "p2-vrask"
			}
			return g
		}, variants},
		{"5 assigned actions while planned", "ben", func(t *testing.T, v string) *game {
			g := toAction(t)
			g.endPhases(2) // ana's Command phase
			g.must(do("ana", CmdAssign, "character", "dorian", "action", v))
			return g
		}, []string{"shoot", "take-cover"}},
		{"5 assigned actions in the other's turn", "ben", func(t *testing.T, v string) *game {
			g := toAction(t)
			g.endPhases(2)
			g.must(do("ana", CmdAssign, "character", "dorian", "action", v))
			g.toTurnOf("ben")
			return g
		}, []string{"shoot", "take-cover"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := map[string][]byte{}
			for _, v := range tc.vars {
				got[v] = seatReceives(t, tc.play(t, v), tc.seat)
			}
			for _, v := range tc.vars[1:] {
				if !bytes.Equal(got[tc.vars[0]], got[v]) {
					t.Fatalf("%s receives different bytes for %s and %s:\n%s\n---\n%s", tc.seat, tc.vars[0], v, got[tc.vars[0]], got[v])
				}
			}
		})
	}
}

// TestHiddenTakeBack: after a take-back by consent (item 6) the other
// seat's view is the bytes it was before the command taken back.
func TestHiddenTakeBack(t *testing.T) {
	g := toAction(t)
	before := seatReceives(t, g, "ben")
	g.must(do("ana", CmdMove, "character", "dorian", "section", "crossing"), do("ana", CmdRequestUndo), do("ben", CmdApproveUndo))
	after := seatReceives(t, g, "ben")
	v0, v1 := before[:bytes.IndexByte(before, 0)], after[:bytes.IndexByte(after, 0)]
	if !bytes.Equal(v0, v1) {
		t.Fatalf("ben's view after the take-back:\n%s\nbefore the move:\n%s", v1, v0)
	}
}
