package ruunara

import (
	"encoding/json"
	"testing"

	"github.com/commandconsole/commandconsole/console"
)

// fuzzStates are the states of the golden missions every few events.
func fuzzStates(f *testing.F) [][]byte {
	t := &testing.T{}
	var out [][]byte
	for _, play := range []func(*testing.T) *tgame{soloMission, duoMission} {
		g := play(t)
		r := New()
		s, err := r.New(g.setup)
		if err != nil {
			f.Fatal(err)
		}
		for i, e := range g.evs {
			if s, err = r.Apply(s, e); err != nil {
				f.Fatal(err)
			}
			if i%37 == 0 {
				b, err := r.EncodeState(s)
				if err != nil {
					f.Fatal(err)
				}
				out = append(out, b)
			}
		}
	}
	return out
}

// FuzzDecodeState: a damaged snapshot is refused or gives a game whose
// views, status and every command never panic and whose encoding is
// stable.
func FuzzDecodeState(f *testing.F) {
	for _, b := range fuzzStates(f) {
		f.Add(b)
	}
	f.Add([]byte{})
	f.Add([]byte("garbage"))
	f.Fuzz(func(t *testing.T, b []byte) {
		r := New()
		s, err := r.DecodeState(b)
		if err != nil {
			return
		}
		g := s.(*state)
		for _, seat := range []console.Seat{"p1", "p2", console.Public} {
			if _, err := json.Marshal(r.View(s, seat)); err != nil {
				t.Fatalf("view for %s: %v", seat, err)
			}
		}
		_ = r.Status(s)
		enc, err := r.EncodeState(s)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := r.DecodeState(enc); err != nil {
			t.Fatalf("re-decoding an accepted state: %v", err)
		}
		for _, c := range []console.Command{
			{Name: CmdEndPhase}, {Name: CmdRoll}, {Name: CmdAck}, {Name: CmdStart},
			{Name: CmdAnswer, Args: map[string]any{"q": "q1", "ticks": "none"}},
			{Name: CmdAttack, Args: map[string]any{"hero": "H1", "kind": "melee"}},
			{Name: CmdAssign, Args: map[string]any{"dice": "1:E1"}},
			{Name: CmdReroll, Args: map[string]any{"die": 1, "value": 5, "ability": "war-cry"}},
			{Name: CmdRequestUndo},
		} {
			for _, seat := range g.Seats {
				evs, err := r.Decide(s, console.Seat(seat), c, console.NewDice(1))
				if err != nil {
					continue
				}
				c2, _ := r.DecodeState(enc)
				for _, e := range evs {
					if c2, err = r.Apply(c2, e); err != nil {
						t.Fatalf("%s: Apply(%s) of a decided event: %v", c.Name, e.Type, err)
					}
				}
			}
		}
	})
}

// FuzzApply: Apply never panics on damaged event data.
func FuzzApply(f *testing.F) {
	types := []string{EvCardDefined, EvUnitAdded, EvUnitRemoved, EvHeroAssigned, EvUnitSystemSet, EvGameStarted,
		EvPhaseStarted, EvAbilityUsed, EvEngaged, EvFled, EvDamageDealt, EvUnitKilled, EvHeroExecuted, EvHeroCaptured,
		EvHeroFreed, EvQuestionAsked, EvQuestionAnswer, EvOrdersIssued, EvModesChanged, EvFightEnded, EvCountTicked,
		EvRoundEnded, EvGameEnded, EvAdjusted, EvActivity, EvPrompt, EvQueue, EvSites, EvUndoRequested, EvUndoAnswered,
		EvUndoWithdrawn, "mystery"}
	t := &testing.T{}
	g := soloMission(t)
	for i, e := range g.evs {
		if i%11 == 0 {
			for j, typ := range types {
				if typ == e.Type {
					f.Add(uint8(j), uint8(i%4), e.Data)
				}
			}
		}
	}
	f.Add(uint8(0), uint8(1), []byte("garbage"))
	f.Fuzz(func(t *testing.T, typ, at uint8, data []byte) {
		r := New()
		g := solo(t, []string{"naali", "graam"}, "saarok", "saarok")
		for i := 0; i < int(at)%4; i++ {
			g.do("p1", "end-phase")
		}
		e := console.Event{Type: types[int(typ)%len(types)], Data: data, Cmd: "x", Seat: "p1"}
		_, _ = r.Describe(g.s, e, "p1")
		s2, err := r.Apply(g.s, e)
		if err != nil {
			return
		}
		_ = r.View(s2, "p1")
		_ = r.Status(s2)
	})
}
