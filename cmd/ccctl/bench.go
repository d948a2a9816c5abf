package main

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"testing"
	"time"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/store"
	"github.com/commandconsole/commandconsole/games/landsofruin"
	"github.com/commandconsole/commandconsole/games/scorepad"
	"github.com/commandconsole/commandconsole/sync/lanbench"
)

// Benchmark settings.
const (
	// benchEvents is the length of the resumed and replayed game: 10,000
	// and half a snapshot interval, so a resume replays a typical tail of
	// 50 events rather than none.
	benchEvents = 10050
	// benchSnapshotEvery is the snapshot interval of the resumed game.
	benchSnapshotEvery = 100
	// benchBatch is how many events the bench game is written with per
	// transaction.
	benchBatch = 1000
	// quickBenchTime is the -test.benchtime of bench --quick.
	quickBenchTime = "5x"
	// replayPasses is how many times bench replays each game's log, the
	// two games one after the other, for the per-event medians (1 with
	// --quick).
	replayPasses = 7
	// lanCommands is the number of commands of each LAN row (the LAN
	// section takes a few seconds); quickLANCommands with --quick.
	lanCommands      = 60
	quickLANCommands = 10
)

// benchSeats are the players of every benchmark game.
var benchSeats = []console.Seat{"alice", "bob", "carol", "dave"}

// benchTime is the fixed clock of the benchmark's stored games.
var benchTime = time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC)

// benchRow is one line of the bench table.
type benchRow struct {
	Name        string  `json:"name"`
	NsPerOp     int64   `json:"ns_per_op"`
	OpsPerSec   float64 `json:"ops_per_sec"`
	AllocsPerOp int64   `json:"allocs_per_op"`
	BytesPerOp  int64   `json:"bytes_per_op"`
	Iterations  int     `json:"iterations"`
	Note        string  `json:"note"`
}

// machineOut describes where the bench ran.
type machineOut struct {
	GOOS       string `json:"goos"`
	GOARCH     string `json:"goarch"`
	NumCPU     int    `json:"num_cpu"`
	GOMAXPROCS int    `json:"gomaxprocs"`
	GoVersion  string `json:"go_version"`
	Dir        string `json:"dir"`
	Quick      bool   `json:"quick"`
}

func (c *cli) bench(args []string) error {
	const usage = "bench [--quick] [--dir DIR] [--lan-commands N]"
	fs := c.verbFlags("bench")
	quick := fs.Bool("quick", false, "run each benchmark a few times only (for tests)")
	dir := fs.String("dir", "", "folder for the benchmark's save files (default: a new temporary folder)")
	lanN := fs.Int("lan-commands", 0, fmt.Sprintf("commands timed per LAN row, on 127.0.0.1 (default %d, %d with --quick)", lanCommands, quickLANCommands))
	if _, err := parse(fs, args, usage, 0, 0); err != nil {
		return err
	}
	if *lanN < 0 {
		return usagef("--lan-commands %d: want a number of commands (0 for the default) (usage: ccctl %s)", *lanN, usage)
	}
	tmp, err := os.MkdirTemp(*dir, "ccctl-bench-")
	if err != nil {
		return fmt.Errorf("benchmark folder: %w", err)
	}
	defer os.RemoveAll(tmp)
	where := filepath.Dir(tmp)

	testing.Init() // testing.Benchmark reads the -test.* flags
	if *quick {
		restore, err := setBenchTime(quickBenchTime)
		if err != nil {
			return err
		}
		defer restore()
	}

	rows := make([]benchRow, 0, 4)
	add := func(name, note string, fn func(b *testing.B) error) error {
		row, err := measure(name, note, fn)
		if err != nil {
			return err
		}
		rows = append(rows, row)
		return nil
	}

	if err := add("engine-command", fmt.Sprintf(
		"one scorepad add on a MemStore: decide + apply + a view for each of %d seats (snapshots every %d events included)",
		len(benchSeats), console.DefaultSnapshotEvery), benchCommand); err != nil {
		return err
	}

	appendPath := filepath.Join(tmp, "append.db")
	if err := add("store-append-fsync", "one command's event appended to a bbolt file in one transaction, fsynced on commit, in "+where,
		func(b *testing.B) error { return benchAppend(b, appendPath) }); err != nil {
		return err
	}

	gamePath := filepath.Join(tmp, "game.db")
	if err := populate(gamePath); err != nil {
		return err
	}
	tail := benchEvents % benchSnapshotEvery
	if err := add("resume-10k-snapshots", fmt.Sprintf(
		"store.Open + console.Open of a %d-event scorepad game from disk, snapshots every %d events (last snapshot + %d-event tail)",
		benchEvents, benchSnapshotEvery, tail),
		func(b *testing.B) error { return benchOpen(b, scorepad.New(), gamePath, resumeID, benchEvents) }); err != nil {
		return err
	}
	if err := add("replay-10k-full", fmt.Sprintf(
		"store.Open + console.Open of the same %d events from disk with no snapshot: a full replay", benchEvents),
		func(b *testing.B) error { return benchOpen(b, scorepad.New(), gamePath, replayID, benchEvents) }); err != nil {
		return err
	}

	pad, err := recordPadGame()
	if err != nil {
		return err
	}
	lor, err := benchLandsOfRuin(filepath.Join(tmp, "landsofruin.db"), where, *quick, rows, pad)
	if err != nil {
		return err
	}

	rb, err := benchRuneball(filepath.Join(tmp, "runeball.db"), where, *quick, pad)
	if err != nil {
		return err
	}

	lan, err := benchLAN(*quick, *lanN)
	if err != nil {
		return err
	}

	return c.writeJSON(struct {
		Machine    machineOut `json:"machine"`
		Benchmarks []benchRow `json:"benchmarks"`
		// LandsOfRuin puts Lands of Ruin's replay and resume next to the
		// score pad's.
		LandsOfRuin *lorBench `json:"landsofruin"`
		// Runeball is Runeball's golden match: one command as a coach
		// gives it, its resume and replay, one event's replay.
		Runeball *rbBench `json:"runeball"`
		// LAN is LAN play on 127.0.0.1: this app's design next to the
		// naive one, with 2, 4 and 8 devices.
		LAN *lanbench.Report `json:"lan"`
	}{
		Machine: machineOut{GOOS: runtime.GOOS, GOARCH: runtime.GOARCH, NumCPU: runtime.NumCPU(),
			GOMAXPROCS: runtime.GOMAXPROCS(0), GoVersion: runtime.Version(), Dir: where, Quick: *quick},
		Benchmarks:  rows,
		LandsOfRuin: lor,
		Runeball:    rb,
		LAN:         lan,
	})
}

// benchLAN measures LAN play on 127.0.0.1 (sync/lanbench): commands timed
// per row, lanCommands (quickLANCommands with quick) unless n > 0.
func benchLAN(quick bool, n int) (*lanbench.Report, error) {
	if n <= 0 {
		n = lanCommands
		if quick {
			n = quickLANCommands
		}
	}
	r, err := lanbench.Run(lanbench.Config{Commands: n, NoWhatIf: true})
	if err != nil {
		return nil, fmt.Errorf("LAN benchmark: %w", err)
	}
	return r, nil
}

// lorBench is Lands of Ruin's part of the bench: one event's replay next to
// the score pad's, and resuming a 10,000-event game next to the score
// pad's resume rows.
type lorBench struct {
	Replay replayOut  `json:"replay_event"`
	Resume []benchRow `json:"resume"`
}

// replayOut is the time of one event's Apply, replaying each game's whole
// log from its setup, the two games measured in turn in every pass.
type replayOut struct {
	LandsOfRuinMedianNs int64 `json:"landsofruin_median_ns"`
	ScorepadMedianNs    int64 `json:"scorepad_median_ns"`
	// MedianRatio is Lands of Ruin's median over the score pad's.
	MedianRatio       float64 `json:"median_ratio"`
	LandsOfRuinMeanNs int64   `json:"landsofruin_mean_ns"`
	ScorepadMeanNs    int64   `json:"scorepad_mean_ns"`
	LandsOfRuinEvents int     `json:"landsofruin_events"`
	ScorepadEvents    int     `json:"scorepad_events"`
	Passes            int     `json:"passes"`
	Note              string  `json:"note"`
}

// benchLandsOfRuin plays a 10,000-event Lands of Ruin game (the two-player
// tutorial, landsofruin.LongGame), times the replay of its events against
// the score pad's bench game (padGame), and measures resuming it from a
// bbolt file at path with snapshots and with none. pad holds the score
// pad's rows.
func benchLandsOfRuin(path, where string, quick bool, pad []benchRow, padGame *padGame) (*lorBench, error) {
	lorRec, lorMeta, err := recordGame(landsofruin.New(), landsofruin.LongGameSetup(), "bench-lor",
		func(s *console.Session) error { return landsofruin.LongGame(s, benchEvents) })
	if err != nil {
		return nil, err
	}
	lorEvents, err := lorRec.Events("bench-lor", 1, 0)
	if err != nil {
		return nil, err
	}
	passes := replayPasses
	if quick {
		passes = 1
	}
	var lorTimes, padTimes []time.Duration
	for range passes {
		ds, err := replayTimes(landsofruin.New(), lorMeta.Setup, lorEvents)
		if err != nil {
			return nil, fmt.Errorf("replay the Lands of Ruin game: %w", err)
		}
		lorTimes = append(lorTimes, ds...)
		if ds, err = replayTimes(scorepad.New(), padGame.Setup, padGame.Events); err != nil {
			return nil, fmt.Errorf("replay the score pad game: %w", err)
		}
		padTimes = append(padTimes, ds...)
	}
	out := &lorBench{Replay: replayOut{
		LandsOfRuinMedianNs: medianNs(lorTimes), ScorepadMedianNs: medianNs(padTimes),
		LandsOfRuinMeanNs: meanNs(lorTimes), ScorepadMeanNs: meanNs(padTimes),
		LandsOfRuinEvents: len(lorEvents), ScorepadEvents: len(padGame.Events), Passes: passes,
		Note: "rules.Apply of one event, replaying each game's whole log from its setup in memory (no store), " +
			"the two games in turn in every pass: Lands of Ruin's two-player tutorial played turn after turn " +
			"(moves, phase ends, a phase undo by consent in one turn of five, assign and unassign, Rotter entries, " +
			"the living world) against the score pad's bench game",
	}}
	if out.Replay.ScorepadMedianNs > 0 {
		out.Replay.MedianRatio = math.Round(float64(out.Replay.LandsOfRuinMedianNs)/float64(out.Replay.ScorepadMedianNs)*100) / 100
	}

	last := lorMeta.LastSeq
	if err := storeGame(path, lorRec, lorMeta, "bench-lor", []string{resumeID, replayID}); err != nil {
		return nil, err
	}
	rules := landsofruin.New()
	for _, r := range []struct{ name, id, note string }{
		{"resume-10k-landsofruin-snapshots", resumeID, fmt.Sprintf(
			"store.Open + console.Open of a %d-event Lands of Ruin game from disk in %s, snapshots every %d events (last snapshot + tail); compare resume-10k-snapshots",
			last, where, benchSnapshotEvery)},
		{"replay-10k-landsofruin-full", replayID, fmt.Sprintf(
			"store.Open + console.Open of the same %d events with no snapshot: a full replay; compare replay-10k-full", last)},
	} {
		row, err := measure(r.name, r.note, func(b *testing.B) error { return benchOpen(b, rules, path, r.id, last) })
		if err != nil {
			return nil, err
		}
		out.Resume = append(out.Resume, row)
	}
	for _, row := range pad {
		if row.Name == "resume-10k-snapshots" || row.Name == "replay-10k-full" {
			out.Resume = append(out.Resume, row)
		}
	}
	return out, nil
}

// padGame is the score pad's bench game as recorded: the yardstick of the
// per-event replay figures of the other systems.
type padGame struct {
	Setup  console.Setup
	Events []console.Event
}

// recordPadGame plays the score pad's bench game (benchEvents commands of
// benchMove) in memory and returns it.
func recordPadGame() (*padGame, error) {
	rec, _, err := recordGame(scorepad.New(), benchSetup("replay bench"), "bench-pad", func(s *console.Session) error {
		for i := 0; i < benchEvents; i++ {
			seat, cmd := benchMove(i)
			if _, err := s.Do(seat, cmd); err != nil {
				return fmt.Errorf("command %d: %w", i+1, err)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	events, err := rec.Events("bench-pad", 1, 0)
	if err != nil {
		return nil, err
	}
	return &padGame{Setup: rec.created.Setup, Events: events}, nil
}

// recordGame plays a game through a Session on a recorder (snapshots every
// benchSnapshotEvery events) and returns it with its final metadata.
func recordGame(r console.Rules, setup console.Setup, id string, play func(*console.Session) error) (*recorder, console.GameMeta, error) {
	rec := &recorder{MemStore: console.NewMemStore()}
	s, err := console.Create(r, setup, console.Options{
		Store: rec, SnapshotEvery: benchSnapshotEvery,
		Clock: func() time.Time { return benchTime }, NewID: func() string { return id },
	})
	if err != nil {
		return nil, console.GameMeta{}, fmt.Errorf("bench game %s: %w", id, err)
	}
	if err := play(s); err != nil {
		return nil, console.GameMeta{}, fmt.Errorf("bench game %s: %w", id, err)
	}
	return rec, s.Meta(), nil
}

// storeGame copies the recorded game id into the file at path under each of
// ids: the first with its snapshots, the others with none.
func storeGame(path string, rec *recorder, final console.GameMeta, id string, ids []string) error {
	events, err := rec.Events(id, 1, 0)
	if err != nil {
		return err
	}
	db, err := store.Open(path)
	if err != nil {
		return err
	}
	for i, to := range ids {
		snaps := rec.snaps
		if i > 0 {
			snaps = nil
		}
		if err := copyGame(db, to, rec.created, final, events, snaps); err != nil {
			_ = db.Close()
			return fmt.Errorf("bench game %s: %w", to, err)
		}
	}
	return db.Close()
}

// replayTimes replays events from setup's new state and returns each
// event's Apply time.
func replayTimes(r console.Rules, setup console.Setup, events []console.Event) ([]time.Duration, error) {
	st, err := r.New(setup)
	if err != nil {
		return nil, err
	}
	out := make([]time.Duration, len(events))
	for i, e := range events {
		t0 := time.Now()
		st, err = r.Apply(st, e)
		out[i] = time.Since(t0)
		if err != nil {
			return nil, fmt.Errorf("event %d (%s): %w", e.Seq, e.Type, err)
		}
	}
	return out, nil
}

// medianNs is the median of ds in nanoseconds (ds is sorted).
func medianNs(ds []time.Duration) int64 {
	if len(ds) == 0 {
		return 0
	}
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	return ds[len(ds)/2].Nanoseconds()
}

// meanNs is the mean of ds in nanoseconds.
func meanNs(ds []time.Duration) int64 {
	if len(ds) == 0 {
		return 0
	}
	var t time.Duration
	for _, d := range ds {
		t += d
	}
	return t.Nanoseconds() / int64(len(ds))
}

// setBenchTime sets -test.benchtime and returns a function that puts the
// old value back.
func setBenchTime(v string) (restore func(), err error) {
	f := flag.Lookup("test.benchtime")
	if f == nil {
		return nil, errors.New("bench: the testing package registered no -test.benchtime flag")
	}
	old := f.Value.String()
	if err := f.Value.Set(v); err != nil {
		return nil, fmt.Errorf("bench: set benchtime %s: %w", v, err)
	}
	return func() { _ = f.Value.Set(old) }, nil
}

// measure runs fn under testing.Benchmark and turns the result into a row.
// fn returns an error instead of calling b.Fatal, so the reason survives.
func measure(name, note string, fn func(b *testing.B) error) (benchRow, error) {
	var failure error
	res := testing.Benchmark(func(b *testing.B) {
		b.ReportAllocs()
		if err := fn(b); err != nil {
			failure = err
			b.FailNow()
		}
	})
	if failure != nil {
		return benchRow{}, fmt.Errorf("benchmark %s: %w", name, failure)
	}
	if res.N == 0 {
		return benchRow{}, fmt.Errorf("benchmark %s did not run", name)
	}
	ns := float64(res.T.Nanoseconds()) / float64(res.N)
	ops := 0.0
	if ns > 0 {
		ops = math.Round(1e9/ns*10) / 10
	}
	return benchRow{Name: name, NsPerOp: int64(math.Round(ns)), OpsPerSec: ops,
		AllocsPerOp: res.AllocsPerOp(), BytesPerOp: res.AllocedBytesPerOp(), Iterations: res.N, Note: note}, nil
}

// benchSetup is the setup of every benchmark game.
func benchSetup(title string) console.Setup {
	return console.Setup{System: scorepad.ID, Title: title, Seed: 1, Seats: benchSeats}
}

// benchCommand measures one scorepad add with a view for every seat.
func benchCommand(b *testing.B) error {
	s, err := console.Create(scorepad.New(), benchSetup("engine bench"), console.Options{})
	if err != nil {
		return err
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		seat := benchSeats[i%len(benchSeats)]
		points := 1 // +1 then -1, so no cell ever runs out of range
		if (i/len(benchSeats))%2 == 1 {
			points = -1
		}
		cmd := console.Command{Name: scorepad.CmdAdd, Args: map[string]any{"player": string(seat), "points": points}}
		if _, err := s.Do(seat, cmd); err != nil {
			return fmt.Errorf("command %d: %w", i+1, err)
		}
		for _, v := range benchSeats {
			if _, err := s.View(v); err != nil {
				return err
			}
		}
	}
	return nil
}

// benchAppend measures appending one command's event to a bbolt file. Each
// run of the benchmark appends to a new game in the same file.
func benchAppend(b *testing.B, path string) error {
	db, err := store.Open(path)
	if err != nil {
		return err
	}
	defer db.Close()
	metas, _, err := db.List()
	if err != nil {
		return err
	}
	meta := console.GameMeta{
		ID: fmt.Sprintf("append-%d", len(metas)+1), Setup: benchSetup("append bench"),
		Status: console.StatusActive, Created: benchTime, Updated: benchTime,
	}
	if err := db.Create(meta); err != nil {
		return err
	}
	data, err := console.Encode(scorepad.ScoreAdded{Player: "alice", Round: 1, Points: 1})
	if err != nil {
		return err
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		seq := uint64(i + 1)
		e := console.Event{Seq: seq, Type: scorepad.EventScoreAdded, Seat: "alice",
			Cmd: fmt.Sprintf("c%d", seq), Data: data, At: benchTime.UnixMilli()}
		meta.LastSeq = seq
		if err := db.Append(meta.ID, []console.Event{e}, meta); err != nil {
			return err
		}
	}
	return nil
}

// benchOpen measures resuming game id, of want events, from the file at
// path: opening the file and the game, then closing the file.
func benchOpen(b *testing.B, rules console.Rules, path, id string, want uint64) error {
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		db, err := store.Open(path)
		if err != nil {
			return err
		}
		s, err := console.Open(rules, id, console.Options{Store: db, SnapshotEvery: benchSnapshotEvery})
		if err != nil {
			_ = db.Close()
			return err
		}
		if got := s.Meta().LastSeq; got != want {
			_ = db.Close()
			return fmt.Errorf("game %s has %d events, want %d", id, got, want)
		}
		if err := db.Close(); err != nil {
			return err
		}
	}
	return nil
}

// The two games of the populated file.
const (
	resumeID = "bench-resume"
	replayID = "bench-replay"
)

// benchMove returns the i-th command (0-based) of the long benchmark game:
// each player adds points three times a round, then the round closes.
// Every command is one event; 10,000 events are 770 rounds, within the
// pad's 1,000.
func benchMove(i int) (console.Seat, console.Command) {
	const perRound = 13 // 12 adds and a next-round
	pos := i % perRound
	if pos == perRound-1 {
		return benchSeats[0], console.Command{Name: scorepad.CmdNextRound}
	}
	seat := benchSeats[pos%len(benchSeats)]
	return seat, console.Command{Name: scorepad.CmdAdd,
		Args: map[string]any{"player": string(seat), "points": (i*7)%11 + 1}}
}

// recorder is a MemStore that keeps the first metadata and every snapshot
// it was given, so the game can be copied to a bbolt file.
type recorder struct {
	*console.MemStore
	created console.GameMeta
	snaps   []console.Snapshot
}

func (r *recorder) Create(meta console.GameMeta) error {
	r.created = meta
	return r.MemStore.Create(meta)
}

func (r *recorder) PutSnapshot(id string, snap console.Snapshot) error {
	r.snaps = append(r.snaps, snap)
	return r.MemStore.PutSnapshot(id, snap)
}

// populate writes the file at path with two copies of a real, playable
// 10,000-event scorepad game: resumeID with a snapshot every 100 events,
// replayID with none.
//
// store.PopulateForBench cannot be used: its payloads are not scorepad's,
// so console.Open cannot replay them. The game is played through a
// Session on a MemStore instead and copied with the public Store methods,
// a thousand events to a transaction (Append checks only that the events
// continue the log), so building it costs a few fsyncs, not 10,000.
func populate(path string) error {
	rec := &recorder{MemStore: console.NewMemStore()}
	s, err := console.Create(scorepad.New(), benchSetup("resume bench"), console.Options{
		Store: rec, SnapshotEvery: benchSnapshotEvery,
		Clock: func() time.Time { return benchTime }, NewID: func() string { return resumeID },
	})
	if err != nil {
		return fmt.Errorf("bench game: %w", err)
	}
	for i := 0; i < benchEvents; i++ {
		seat, cmd := benchMove(i)
		if _, err := s.Do(seat, cmd); err != nil {
			return fmt.Errorf("bench game: command %d: %w", i+1, err)
		}
	}
	final := s.Meta()
	events, err := rec.Events(resumeID, 1, 0)
	if err != nil {
		return fmt.Errorf("bench game: %w", err)
	}
	if len(events) != benchEvents {
		return fmt.Errorf("bench game has %d events, want %d", len(events), benchEvents)
	}

	db, err := store.Open(path)
	if err != nil {
		return err
	}
	for _, id := range []string{resumeID, replayID} {
		snaps := rec.snaps
		if id == replayID {
			snaps = nil
		}
		if err := copyGame(db, id, rec.created, final, events, snaps); err != nil {
			_ = db.Close()
			return fmt.Errorf("bench game %s: %w", id, err)
		}
	}
	return db.Close()
}

// copyGame stores a game under id: its first and final metadata, events
// and snapshots.
func copyGame(db *store.DB, id string, first, final console.GameMeta, events []console.Event, snaps []console.Snapshot) error {
	first.ID, final.ID = id, id
	if err := db.Create(first); err != nil {
		return err
	}
	for start := 0; start < len(events); start += benchBatch {
		batch := events[start:min(start+benchBatch, len(events))]
		meta := final
		meta.LastSeq = batch[len(batch)-1].Seq
		if err := db.Append(id, batch, meta); err != nil {
			return err
		}
	}
	for _, snap := range snaps {
		if err := db.PutSnapshot(id, snap); err != nil {
			return err
		}
	}
	return nil
}
