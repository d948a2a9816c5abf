package main

import (
	"bytes"
	_ "embed"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/script"
	"github.com/commandconsole/commandconsole/games/runeball"
	"github.com/commandconsole/commandconsole/games/scorepad"
)

// rbMatch is games/runeball/testdata/match.jsonl, the golden whole match,
// copied here so that bench runs from any folder (go:embed cannot reach
// another package's files); TestBenchRuneballMatchIsTheGolden keeps the
// copy equal to the golden.
//
//go:embed benchdata/runeball-match.jsonl
var rbMatch []byte

// rbMatchSource is where rbMatch comes from, for the notes.
const rbMatchSource = "games/runeball/testdata/match.jsonl"

// rbBench is Runeball's part of the bench, from its golden match: one
// command as a coach gives it, resuming and replaying the match from a
// save file, and one event's replay next to the score pad's.
type rbBench struct {
	Script  string `json:"script"`
	Lines   int    `json:"lines"`
	Refused int    `json:"refused"`
	Events  int    `json:"events"`
	// Rows: runeball-command (compare engine-command),
	// resume-runeball-match-snapshots and replay-runeball-match-full.
	Rows   []benchRow `json:"rows"`
	Replay rbReplay   `json:"replay_event"`
}

// rbReplay is the time of one event's Apply, replaying the match's whole
// log from its setup, and the score pad's bench game in the same passes.
type rbReplay struct {
	RuneballMedianNs int64 `json:"runeball_median_ns"`
	ScorepadMedianNs int64 `json:"scorepad_median_ns"`
	// MedianRatio is Runeball's median over the score pad's.
	MedianRatio    float64 `json:"median_ratio"`
	RuneballMeanNs int64   `json:"runeball_mean_ns"`
	ScorepadMeanNs int64   `json:"scorepad_mean_ns"`
	RuneballEvents int     `json:"runeball_events"`
	ScorepadEvents int     `json:"scorepad_events"`
	Passes         int     `json:"passes"`
	Note           string  `json:"note"`
}

// readRuneballMatch parses the embedded golden match.
func readRuneballMatch() (console.Setup, []script.Numbered, error) {
	setup, lines, err := script.Read(bytes.NewReader(rbMatch))
	if err != nil {
		return console.Setup{}, nil, fmt.Errorf("runeball match (%s): %w", rbMatchSource, err)
	}
	if setup == nil || len(lines) == 0 {
		return console.Setup{}, nil, fmt.Errorf("runeball match (%s): no setup or no command", rbMatchSource)
	}
	return *setup, lines, nil
}

// playLines plays lines on s, each refused where the script says so.
func playLines(s *console.Session, lines []script.Numbered) error {
	for _, l := range lines {
		if _, _, err := l.Play(s); err != nil {
			return fmt.Errorf("line %d (%s %s): %w", l.Number, l.Seat, l.Cmd, err)
		}
	}
	return nil
}

// benchRuneball measures Runeball on its golden match: one line as a coach
// gives it (runeball-command), resuming and replaying the recorded match
// from a bbolt file at path, and each event's Apply against the score
// pad's bench game (pad), replayPasses times (once with quick).
func benchRuneball(path, where string, quick bool, pad *padGame) (*rbBench, error) {
	setup, lines, err := readRuneballMatch()
	if err != nil {
		return nil, err
	}
	out := &rbBench{Script: rbMatchSource, Lines: len(lines)}
	for _, l := range lines {
		if l.Reject != "" {
			out.Refused++
		}
	}
	row, err := measure("runeball-command", fmt.Sprintf(
		"one line of the golden match (%s, %d lines, %d of them refused as the script expects) on a MemStore: "+
			"decide + apply (or the refusal), then a view for each coach and the public after an accepted one; "+
			"the lines in order, a new match when it ends (not timed); compare engine-command",
		rbMatchSource, out.Lines, out.Refused),
		func(b *testing.B) error { return benchRuneballCommand(b, setup, lines) })
	if err != nil {
		return nil, err
	}
	out.Rows = append(out.Rows, row)

	rec, meta, err := recordGame(runeball.New(), setup, "bench-rb", func(s *console.Session) error { return playLines(s, lines) })
	if err != nil {
		return nil, err
	}
	if meta.Status != console.StatusFinished {
		return nil, fmt.Errorf("runeball match (%s): %s after its last line, not finished", rbMatchSource, meta.Status)
	}
	events, err := rec.Events("bench-rb", 1, 0)
	if err != nil {
		return nil, err
	}
	out.Events = len(events)
	last := meta.LastSeq
	if err := storeGame(path, rec, meta, "bench-rb", []string{resumeID, replayID}); err != nil {
		return nil, err
	}
	rules := runeball.New()
	for _, r := range []struct{ name, id, note string }{
		{"resume-runeball-match-snapshots", resumeID, fmt.Sprintf(
			"store.Open + console.Open of the golden match (%d events) from disk in %s, snapshots every %d events (last snapshot + tail)",
			last, where, benchSnapshotEvery)},
		{"replay-runeball-match-full", replayID, fmt.Sprintf(
			"store.Open + console.Open of the same %d events with no snapshot: the whole match replayed; compare replay-10k-full (10,050 events)", last)},
	} {
		row, err := measure(r.name, r.note, func(b *testing.B) error { return benchOpen(b, rules, path, r.id, last) })
		if err != nil {
			return nil, err
		}
		out.Rows = append(out.Rows, row)
	}

	passes := replayPasses
	if quick {
		passes = 1
	}
	var rbTimes, padTimes []time.Duration
	for range passes {
		ds, err := replayTimes(rules, setup, events)
		if err != nil {
			return nil, fmt.Errorf("replay the Runeball match: %w", err)
		}
		rbTimes = append(rbTimes, ds...)
		if ds, err = replayTimes(scorepad.New(), pad.Setup, pad.Events); err != nil {
			return nil, fmt.Errorf("replay the score pad game: %w", err)
		}
		padTimes = append(padTimes, ds...)
	}
	out.Replay = rbReplay{
		RuneballMedianNs: medianNs(rbTimes), ScorepadMedianNs: medianNs(padTimes),
		RuneballMeanNs: meanNs(rbTimes), ScorepadMeanNs: meanNs(padTimes),
		RuneballEvents: len(events), ScorepadEvents: len(pad.Events), Passes: passes,
		Note: "rules.Apply of one event, replaying the golden match's whole log from its setup in memory (no store), " +
			"the score pad's bench game in the same passes",
	}
	if out.Replay.ScorepadMedianNs > 0 {
		out.Replay.MedianRatio = math.Round(float64(out.Replay.RuneballMedianNs)/float64(out.Replay.ScorepadMedianNs)*100) / 100
	}
	return out, nil
}

// benchRuneballCommand plays the match's lines in order, one per
// iteration, with the views of both coaches and the public after each
// accepted line; at the end of the match it starts a new one, off the
// clock.
func benchRuneballCommand(b *testing.B, setup console.Setup, lines []script.Numbered) error {
	seats := append([]console.Seat{console.Public}, setup.Seats...)
	var s *console.Session
	next := len(lines)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if next == len(lines) {
			b.StopTimer()
			var err error
			if s, err = console.Create(runeball.New(), setup, console.Options{}); err != nil {
				return err
			}
			next = 0
			b.StartTimer()
		}
		l := lines[next]
		next++
		_, refusal, err := l.Play(s)
		if err != nil {
			return fmt.Errorf("line %d (%s %s): %w", l.Number, l.Seat, l.Cmd, err)
		}
		if refusal != nil {
			continue
		}
		for _, seat := range seats {
			if _, err := s.View(seat); err != nil {
				return err
			}
		}
	}
	return nil
}
