package battlelore

import (
	"bytes"
	"testing"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/conformance"
)

// fuzzSeeds returns encoded states: new games, and every twentieth
// command's state of each game script.
func fuzzSeeds(f *testing.F) [][]byte {
	var out [][]byte
	out = append(out, mustEncode(f, newGame(f, full())), mustEncode(f, newGame(f, learning())))
	for _, path := range conformance.Files(f, scriptGlob) {
		setup, g, _, checks := runScript(f, path)
		for i := 0; i < len(checks); i += 20 {
			s, _ := replay(f, setup, checks[i].log)
			out = append(out, mustEncode(f, s))
		}
		out = append(out, mustEncode(f, g.s))
	}
	return out
}

// probes are commands worth trying on any state, for both seats.
func probes(g *state) []step {
	var out []step
	for _, seat := range g.seats() {
		out = append(out,
			do(seat, CmdScenario, "letter", "A", "number", 1, "banners", "2"),
			do(seat, CmdMuster, "citadel-guard", 5, "yeoman-archers", 2, "viper-legion", 0),
			do(seat, CmdMuster, "viper-legion", 5, "blood-harvesters", 2),
			do(seat, CmdArmyCard, "army", "daqan-shield-wall"),
			do(seat, CmdArmyCard, "army", "uthuk-chaos-host"),
			do(seat, CmdPlayCommandCard, "card", "x"),
			do(seat, CmdNextStep),
			do(seat, CmdScoreVP, "vp", 9),
			do(seat, CmdScoreVP, "vp", 0, "exchange", 1),
			do(seat, CmdDrawCommandCard),
			do(seat, CmdLoreStep, "choice", LoreChoiceTwoCards),
			do(seat, CmdLoreStep, "choice", LoreChoiceTokens),
			do(seat, CmdGainLore, "amount", 3),
			do(seat, CmdPlayLoreCard, "cost", 1),
			do(seat, CmdAdjust, "side", "uthuk", "counter", "vp", "by", 16),
			do(seat, CmdAdjust, "side", "daqan", "counter", "lore-cards", "by", -1),
			do(seat, CmdConcede),
		)
	}
	for _, s := range g.Sides {
		// The first unit still in play and the last one: enough to reach
		// damage, weak, elimination and the end of the game.
		var ids []string
		for _, u := range s.Units {
			if !u.eliminated() {
				ids = append(ids, u.ID)
			}
		}
		if len(ids) > 1 {
			ids = []string{ids[0], ids[len(ids)-1]}
		}
		for _, id := range ids {
			out = append(out,
				do(g.seats()[0], CmdDamage, "unit", id, "amount", 20),
				do(g.seats()[1], CmdDamage, "unit", id),
				do(g.seats()[1], CmdHeal, "unit", id),
				do(g.seats()[0], CmdSetHealth, "unit", id, "health", 7))
		}
	}
	return out
}

// FuzzDecodeState checks DecodeState never panics, and that whatever it
// accepts can be viewed, described, encoded back to the same bytes and
// played on: every command is refused or applies cleanly and leaves a
// state DecodeState accepts.
func FuzzDecodeState(f *testing.F) {
	for _, b := range fuzzSeeds(f) {
		f.Add(b)
	}
	f.Add([]byte{})
	f.Add([]byte("garbage"))
	f.Add([]byte{0x87})
	f.Add([]byte{0xdd, 0xff, 0xff, 0xff, 0xff})
	f.Fuzz(func(t *testing.T, b []byte) {
		r := New()
		s, err := r.DecodeState(b)
		if err != nil {
			return
		}
		g := s.(*state)
		for _, seat := range append(g.seats(), console.Public) {
			_ = r.View(s, seat)
		}
		_ = r.Status(s)
		enc := mustEncode(t, s)
		s2, err := r.DecodeState(enc)
		if err != nil {
			t.Fatalf("re-decoding an accepted state: %v", err)
		}
		if !bytes.Equal(enc, mustEncode(t, s2)) {
			t.Fatal("encode, decode, encode is not stable")
		}
		for _, st := range probes(g) {
			c, _ := r.DecodeState(enc)
			gm := &game{t: t, s: c, dice: console.NewDice(1)}
			if _, err := gm.try(st); err != nil {
				if !console.IsRejection(err) {
					t.Fatalf("%s %v: %v (not a refusal)", st.cmd, st.args, err)
				}
				continue
			}
			for _, e := range gm.log {
				_, _ = r.Describe(c, e, st.seat)
			}
			if _, err := r.DecodeState(mustEncode(t, gm.s)); err != nil {
				t.Fatalf("%s %v left a damaged game: %v", st.cmd, st.args, err)
			}
		}
	})
}

// FuzzApply checks Apply never panics on damaged event data, and that what
// it accepts can be viewed, described and encoded. (A lone event may leave
// a game half way through a command, which DecodeState refuses: the
// Session never saves one.)
func FuzzApply(f *testing.F) {
	types := []string{EventScenarioChosen, EventScenariosRevealed, EventArmyMustered, EventArmiesRevealed, EventCommandCardPlayed,
		EventStepDone, EventVPScored, EventCommandCardDrawn, EventLoreStep, EventTurnEnded, EventGameEnded, EventUnitDamaged,
		EventUnitHealed, EventUnitHealthSet, EventLoreGained, EventLoreCardPlayed, EventCounterAdjusted, "mystery"}
	paths := conformance.Files(f, scriptGlob)
	logs := map[string][]console.Event{}
	setups := map[string]console.Setup{}
	for i, p := range paths {
		setup, g, _, _ := runScript(f, p)
		logs[p], setups[p] = g.log, setup
		// One seed per event type a script has: its first such event, at
		// the place it was played.
		seen := map[string]bool{}
		for _, e := range g.log {
			for k, typ := range types {
				if typ == e.Type && !seen[typ] {
					seen[typ] = true
					f.Add(uint8(k), uint16(e.Seq-1), e.Data, i == 0)
				}
			}
		}
	}
	f.Add(uint8(0), uint16(0), []byte("garbage"), false)
	f.Fuzz(func(t *testing.T, typ uint8, at uint16, data []byte, first bool) {
		r := New()
		p := paths[len(paths)-1]
		if first {
			p = paths[0]
		}
		log := logs[p]
		n := int(at) % (len(log) + 1)
		s, _ := replay(t, setups[p], log[:n])
		e := console.Event{Type: types[int(typ)%len(types)], Data: data, Seq: uint64(n + 1)}
		_, _ = r.Describe(s, e, console.Public)
		s2, err := r.Apply(s, e)
		if err != nil {
			return
		}
		_, _ = r.DecodeState(mustEncode(t, s2))
		_ = r.View(s2, console.Public)
		_ = r.Status(s2)
	})
}
