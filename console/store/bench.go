package store

import (
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/commandconsole/commandconsole/console"
)

// benchBatch is how many events PopulateForBench writes per transaction.
const benchBatch = 1000

// benchTime is the fixed wall-clock time of benchmark games, so that two
// populated files are identical.
var benchTime = time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC)

// PopulateForBench creates game id with the given number of events and a
// snapshot after every snapshotEvery events (none when snapshotEvery <= 0),
// for this package's storage benchmarks (`go test -bench`). Its payloads are
// not a real game's, so a Session cannot replay it: `ccctl bench` plays a
// real score-pad game instead.
//
// The game is a "scorepad" game for seats "a" and "b"; every command is three
// events with a small msgpack payload (the last carries dice state), and the
// snapshots hold a small msgpack state. The records are shaped like real
// ones, but the game is not playable: the payloads are not scorepad's.
// Events are written a thousand to a transaction, so a large game is quick
// to build; the stored result is the same as appending one command at a
// time.
func PopulateForBench(db *DB, id string, events int, snapshotEvery int) error {
	meta := BenchMeta(id)
	if err := db.Create(meta); err != nil {
		return fmt.Errorf("populate %s: %w", id, err)
	}
	for start := 1; start <= events; start += benchBatch {
		end := min(start+benchBatch-1, events)
		batch := make([]console.Event, 0, end-start+1)
		for seq := start; seq <= end; seq++ {
			e, err := BenchEvent(uint64(seq))
			if err != nil {
				return err
			}
			batch = append(batch, e)
		}
		meta.LastSeq = uint64(end)
		meta.Updated = benchTime.Add(time.Duration(end) * time.Second)
		err := db.update(func(tx *bolt.Tx) error {
			if err := appendTx(tx, id, batch, meta); err != nil {
				return err
			}
			if snapshotEvery <= 0 {
				return nil
			}
			gb, err := gameBuckets(tx, id)
			if err != nil {
				return err
			}
			for seq := start; seq <= end; seq++ {
				if seq%snapshotEvery == 0 {
					if err := putSnapshot(gb.snaps, meta, BenchSnapshot(uint64(seq))); err != nil {
						return err
					}
				}
			}
			return nil
		})
		if err != nil {
			return fmt.Errorf("populate %s: events %d-%d: %w", id, start, end, err)
		}
	}
	return nil
}

// BenchMeta returns the metadata of a new, empty benchmark game.
func BenchMeta(id string) console.GameMeta {
	return console.GameMeta{
		ID: id,
		Setup: console.Setup{
			System: "scorepad",
			Title:  "Benchmark " + id,
			Seed:   1,
			Seats:  []console.Seat{"a", "b"},
		},
		Status:  console.StatusActive,
		Summary: "benchmark",
		Created: benchTime,
		Updated: benchTime,
	}
}

// BenchEvent returns event seq of a benchmark game: command (seq+2)/3, seat
// "a" or "b" by command, a payload of about 20 bytes, dice state on the
// third event of each command.
func BenchEvent(seq uint64) (console.Event, error) {
	cmd := (seq + 2) / 3
	seat := console.Seat("a")
	if cmd%2 == 0 {
		seat = "b"
	}
	data, err := console.Encode(map[string]any{"player": string(seat), "points": seq % 13, "round": cmd / 10})
	if err != nil {
		return console.Event{}, err
	}
	e := console.Event{
		Seq:  seq,
		Type: "score-added",
		Seat: seat,
		Cmd:  fmt.Sprintf("cmd-%d", cmd),
		Data: data,
		At:   benchTime.Add(time.Duration(seq) * time.Second).UnixMilli(),
	}
	if seq%3 == 0 {
		e.Dice = []byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}
	}
	return e, nil
}

// BenchSnapshot returns the snapshot of a benchmark game after event seq.
func BenchSnapshot(seq uint64) console.Snapshot {
	state, err := console.Encode(map[string]any{
		"round":  seq / 30,
		"scores": map[string]uint64{"a": seq * 3, "b": seq * 2},
		"turn":   seq % 2,
	})
	if err != nil { // a map of integers always encodes
		panic(err)
	}
	return console.Snapshot{Seq: seq, State: state, Dice: []byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}}
}
