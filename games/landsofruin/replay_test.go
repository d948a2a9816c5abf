package landsofruin

import (
	"bytes"
	"testing"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/npc"
)

// The phase undo's mark is recorded by Decide in the phase-ended event and
// kept by Apply as bytes (undo.go), and the living world's new world is
// recorded ready to keep (PackedWorld): replaying these events no longer
// copies the state or re-encodes the world (README "Every action is
// saved", resume; the replay cost of issue 7).

// lastEvent returns the index in g.log of the last event of type typ.
func lastEvent(t *testing.T, g *game, typ string) int {
	t.Helper()
	for i := len(g.log) - 1; i >= 0; i-- {
		if g.log[i].Type == typ {
			return i
		}
	}
	t.Fatalf("no %s event", typ)
	return -1
}

// applyAllocs is the allocations of applying g.log[i] to the state before
// it (decoded beforehand, once per run).
func applyAllocs(t *testing.T, g *game, i int) float64 {
	t.Helper()
	const runs = 20
	states := make([]console.State, runs+1)
	for k := range states {
		s, err := New().DecodeState(g.before[i])
		if err != nil {
			t.Fatal(err)
		}
		states[k] = s
	}
	k := 0
	return testing.AllocsPerRun(runs, func() {
		if _, err := New().Apply(states[k], g.log[i]); err != nil {
			t.Fatal(err)
		}
		k++
	})
}

// TestPhaseEndedCarriesTheMark: the phase-ended event holds the state as it
// was ended; Apply keeps those bytes (no copy of the state: a bounded
// number of allocations, where the copy took thousands), and the rewind
// restores them exactly.
func TestPhaseEndedCarriesTheMark(t *testing.T) {
	g := toAction(t)
	g.must(do("ana", CmdMove, "character", "dorian", "section", "crossing"))
	before := mustEncode(t, g.s)
	asEnded := withoutCmdMark(t, g.s)
	g.endPhases(1) // → Sync
	i := lastEvent(t, g, EventPhaseEnded)
	var x PhaseEnded
	if err := console.Decode(g.log[i].Data, &x); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(x.Mark, before) {
		t.Fatal("the phase-ended event does not carry the state as the phase was ended")
	}
	if st := g.st(); st.Mark != nil || !bytes.Equal(st.Marked, before) {
		t.Fatalf("Apply copied the state (Mark %v) or lost the mark (%d bytes)", st.Mark != nil, len(st.Marked))
	}
	n := applyAllocs(t, g, i)
	t.Logf("applying phase-ended: %.0f allocations", n)
	if n > 40 {
		t.Errorf("applying phase-ended takes %.0f allocations: the state is copied", n)
	}
	g.must(do("ana", CmdRequestUndo), do("ben", CmdApproveUndo))
	if !bytes.Equal(asEnded, withoutCmdMark(t, g.s)) {
		t.Fatal("the rewind does not restore the Action phase as it was ended")
	}
}

// TestEnvironmentPlanKeepsThePackedWorld: the environment-planned event
// carries the new world in the state's own form, which Apply keeps as it
// is (a bounded number of allocations, where decoding, checking and
// re-encoding the world took thousands).
func TestEnvironmentPlanKeepsThePackedWorld(t *testing.T) {
	g := toAction(t)
	g.endPhases(3) // → Environment
	i := lastEvent(t, g, EventEnvPlanned)
	var x EnvironmentPlan
	if err := console.Decode(g.log[i].Data, &x); err != nil {
		t.Fatal(err)
	}
	if x.World != nil || len(x.PackedWorld) == 0 || !bytes.Equal(x.PackedWorld, g.st().World) {
		t.Fatalf("the plan records world %v, packed %d bytes", x.World != nil, len(x.PackedWorld))
	}
	n := applyAllocs(t, g, i)
	t.Logf("applying environment-planned: %.0f allocations", n)
	if n > 200 {
		t.Errorf("applying environment-planned takes %.0f allocations: the world is decoded again", n)
	}
	if _, err := g.st().world(); err != nil {
		t.Fatalf("the kept world: %v", err)
	}
}

// TestOldEventsStillReplay: events recorded before the mark and the packed
// world were carried (phase-ended without Mark, environment-planned with
// World) replay to the same game, and the old mark still rewinds.
func TestOldEventsStillReplay(t *testing.T) {
	g := toAction(t)
	g.must(do("ana", CmdMove, "character", "dorian", "section", "crossing"))
	before := withoutCmdMark(t, g.s)
	g.endPhases(1) // → Sync
	g.must(do("ana", CmdRequestUndo), do("ben", CmdApproveUndo))
	g.endPhases(3) // → Environment, with a plan
	final := mustEncode(t, g.s)

	old := make([]console.Event, len(g.log))
	copy(old, g.log)
	converted := 0
	for k, e := range old {
		switch e.Type {
		case EventPhaseEnded:
			var x PhaseEnded
			if err := console.Decode(e.Data, &x); err != nil {
				t.Fatal(err)
			}
			x.Mark = nil
			old[k].Data = encodeOrFail(t, x)
			converted++
		case EventEnvPlanned:
			var x EnvironmentPlan
			if err := console.Decode(e.Data, &x); err != nil {
				t.Fatal(err)
			}
			if len(x.PackedWorld) > 0 {
				pw, err := decodeWorldBytes(x.PackedWorld)
				if err != nil {
					t.Fatal(err)
				}
				x.World, x.PackedWorld = &pw, nil
				converted++
			}
			old[k].Data = encodeOrFail(t, x)
		}
	}
	if converted < 3 {
		t.Fatalf("%d events converted", converted)
	}
	r := New()
	st, err := r.New(twoPlayers(5, nil))
	if err != nil {
		t.Fatal(err)
	}
	rewound := false
	for _, e := range old {
		if st, err = r.Apply(st, e); err != nil {
			t.Fatalf("old event %d (%s): %v", e.Seq, e.Type, err)
		}
		if e.Type == EventPhaseEnded && !rewound && st.(*state).Mark == nil {
			t.Fatal("an old phase-ended event left no copied mark")
		}
		if e.Type == EventPhaseRewound && !rewound {
			rewound = true
			if !bytes.Equal(before, withoutCmdMark(t, st)) {
				t.Fatal("the old mark does not rewind to the Action phase as it was ended")
			}
		}
	}
	cur, want := st.(*state), g.st()
	// The marks agree but for the last command's note (undoconsent.go),
	// which the old copy took after the phase change's own command began.
	wantMark, err := decodeMark(want.Marked)
	if err != nil {
		t.Fatal(err)
	}
	if cur.Mark == nil || !bytes.Equal(withoutCmdMark(t, cur.Mark), withoutCmdMark(t, wantMark)) {
		t.Fatal("the old events' copied mark is not the new events' recorded one")
	}
	cur.Mark, cur.Marked = nil, want.Marked
	if !bytes.Equal(mustEncode(t, cur), final) {
		t.Error("the old events replay to another game")
	}
}

// decodeWorldBytes unpacks a world kept as state.World.
func decodeWorldBytes(b []byte) (npc.World, error) {
	var p packedWorld
	if err := console.Decode(b, &p); err != nil {
		return npc.World{}, err
	}
	return p.unpack()
}

func encodeOrFail(t *testing.T, v any) []byte {
	t.Helper()
	b, err := console.Encode(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestLongGameResumes: the benchmarks' long game (LongGame) is a real game:
// 2,000 of its events, with phase undos by consent and the living world,
// resume from a snapshot and its tail to the same state as a full replay
// and as the session that played them.
func TestLongGameResumes(t *testing.T) {
	st := console.NewMemStore()
	s, err := console.Create(New(), LongGameSetup(), console.Options{Store: st, SnapshotEvery: 100, NewID: func() string { return "long" }})
	if err != nil {
		t.Fatal(err)
	}
	if err := LongGame(s, 2000); err != nil {
		t.Fatal(err)
	}
	played, err := s.EncodedState()
	if err != nil {
		t.Fatal(err)
	}
	events, err := st.Events("long", 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	rewinds := 0
	for _, e := range events {
		if e.Type == EventPhaseRewound {
			rewinds++
		}
	}
	if len(events) < 2000 || rewinds == 0 {
		t.Fatalf("%d events, %d rewinds: want 2,000 events with phase undos", len(events), rewinds)
	}
	full, _, err := console.Replay(New(), s.Meta().Setup, events)
	if err != nil {
		t.Fatal(err)
	}
	resumed, err := console.Open(New(), "long", console.Options{Store: st, SnapshotEvery: 100})
	if err != nil {
		t.Fatal(err)
	}
	got, err := resumed.EncodedState()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, played) || !bytes.Equal(mustEncode(t, full), played) {
		t.Error("snapshot + tail, full replay and the played game differ")
	}
}
