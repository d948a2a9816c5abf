package runika

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/conformance"
)

// fuzzSeeds returns encoded states: a new game, every game script after
// every command, and a few hand-made ones.
func fuzzSeeds(f *testing.F) [][]byte {
	r := New()
	var out [][]byte
	enc := func(s console.State) {
		b, err := r.EncodeState(s)
		if err != nil {
			f.Fatal(err)
		}
		out = append(out, b)
	}
	enc(newGame(f, setupOf("", seatsOf("a", "b", "c", "d")...)).s)
	for _, path := range conformance.Files(f, scriptGlob) {
		p := conformance.PlayFile(f, r, path)
		evs, err := p.Store.Events(p.Session.ID(), 1, 0)
		if err != nil {
			f.Fatal(err)
		}
		s, err := r.New(p.Session.Meta().Setup)
		if err != nil {
			f.Fatal(err)
		}
		for _, e := range evs {
			if s, err = r.Apply(s, e); err != nil {
				f.Fatal(err)
			}
			enc(s)
		}
	}
	g := newGame(f, setupOf("bob", seatsOf("alice", "bob")...))
	g.all(f, []step{start("alice"), draft("bob")}, allFour("bob"),
		[]step{masteryFirst("bob", Air, "Gale", 2, 1), elemental("bob", "Spark", Earth, 2, 1)})
	enc(g.s)
	return out
}

// FuzzDecodeState checks DecodeState never panics, and that whatever it
// accepts can be viewed, described, played on and encoded back to the same
// bytes.
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
		for _, seat := range append(g.seats(), console.Public, "stranger") {
			if _, err := json.Marshal(r.View(s, seat)); err != nil {
				t.Fatalf("view for %s: %v", seat, err)
			}
		}
		_ = r.Status(s)
		enc, err := r.EncodeState(s)
		if err != nil {
			t.Fatal(err)
		}
		s2, err := r.DecodeState(enc)
		if err != nil {
			t.Fatalf("re-decoding an accepted state: %v", err)
		}
		if enc2, _ := r.EncodeState(s2); !bytes.Equal(enc, enc2) {
			t.Fatal("encode, decode, encode is not stable")
		}
		// Every command, by every seat, is either refused or applies
		// cleanly and leaves a whole game.
		var tries []step
		for _, p := range g.Players {
			seat := p.Seat
			tries = append(tries, start(seat), draft(seat), endTurn(seat), merit(seat, 3), tokens(seat, 2),
				infl(seat, Fire), cmd(seat, CmdInfluence, "master", Fire, "point", true), infl(seat, Water),
				elemental(seat, "Spark", Earth, 2, 1), wild(seat, "Charm", 1, 0),
				masteryFirst(seat, Earth, "Landslide", 2, 1), complete(seat, Fire, 1), complete(seat, Water, 0),
				correct(seat, DeckRune, 0), correct(seat, DeckMerit, 1),
				cmd(seat, CmdChooseCharacter, "character", "Runika"))
		}
		for _, st := range tries {
			c, _ := r.DecodeState(enc)
			spec, _ := console.FindCommand(r.Commands(), st.cmd)
			args, err := console.ValidateArgs(spec.Args, st.args, g.seats())
			if err != nil {
				t.Fatalf("%s %v: %v", st.cmd, st.args, err)
			}
			evs, err := r.Decide(c, st.seat, console.Command{ID: "f", Name: st.cmd, Args: args}, console.NewDice(1))
			if err != nil {
				if !console.IsRejection(err) {
					t.Fatalf("%s by %s: a failure, not a refusal: %v", st.cmd, st.seat, err)
				}
				continue
			}
			for _, e := range evs {
				_, _ = r.Describe(c, e, st.seat)
				if c, err = r.Apply(c, e); err != nil {
					t.Fatalf("%s by %s: Apply(%s) of a decided event: %v", st.cmd, st.seat, e.Type, err)
				}
			}
			_ = r.View(c, st.seat)
		}
	})
}

// FuzzApply checks Apply never panics on damaged event data and never
// leaves a game that DecodeState would refuse.
func FuzzApply(f *testing.F) {
	types := []string{EventCharacterChosen, EventGameStarted, EventDraftEnded, EventMasterInfluenced, EventRuneClaimed,
		EventMasteryClaimed, EventTokensGained, EventTurnEnded, EventRoundEnded, EventGameEnded, EventDeckCorrected, "mystery"}
	for i := range types {
		for _, d := range []any{
			CharacterChosen{"alice", "Runika"}, GameStarted{Initiative: "bob"}, DraftEnded{Round: 1},
			MasterInfluenced{"alice", Fire, true, true}, RuneClaimed{"alice", "Spark", KindElemental, Earth, 2, 1, 1},
			MasteryClaimed{"alice", Fire, "Thunderbolt", 3, 1, ""}, TokensGained{"alice", 3}, TurnEnded{Player: "alice"},
			RoundEnded{Round: 1, Initiative: "bob"}, GameEnded{Reasons: []string{EndPoints}}, DeckCorrected{DeckRune, 3, 21},
		} {
			b, err := console.Encode(d)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(uint8(i), uint8(0), b)
			f.Add(uint8(i), uint8(2), b)
		}
	}
	f.Add(uint8(0), uint8(1), []byte("garbage"))
	f.Fuzz(func(t *testing.T, typ, at uint8, data []byte) {
		r := New()
		g := newGame(t, setupOf("alice", seatsOf("alice", "bob")...))
		// at picks the point of the game the event lands on.
		prefix := [][]step{nil, {start("bob")}, {start("bob"), draft("alice")}, {start("bob"), draft("alice"), endTurn("alice")}}
		g.all(t, prefix[int(at)%len(prefix)])
		e := console.Event{Type: types[int(typ)%len(types)], Data: data}
		_, _ = r.Describe(g.s, e, "alice")
		s2, err := r.Apply(g.s, e)
		if err != nil {
			return
		}
		if err := s2.(*state).check(); err != nil {
			t.Fatalf("Apply left a damaged game: %v", err)
		}
		_ = r.View(s2, "alice")
		_ = r.Status(s2)
	})
}
