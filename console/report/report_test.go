package report_test

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/report"
	"github.com/commandconsole/commandconsole/games/scorepad"
)

var update = flag.Bool("update", false, "rewrite the testdata/*.golden files")

// tick returns a clock that starts at a fixed time and moves on a minute at
// every reading, so reports are stable and the timeline has distinct times.
func tick() func() time.Time {
	t := time.Date(2025, 3, 14, 19, 30, 0, 0, time.UTC)
	return func() time.Time {
		t = t.Add(time.Minute)
		return t
	}
}

// step is one move of a test game: a command, or an undo when cmd is "".
type step struct {
	seat console.Seat
	cmd  string
	args map[string]any
}

func add(seat, player string, points int) step {
	return step{console.Seat(seat), scorepad.CmdAdd, map[string]any{"player": player, "points": points}}
}

func play(t *testing.T, setup console.Setup, steps []step) console.Game {
	t.Helper()
	s, err := console.Create(scorepad.New(), setup, console.Options{
		Clock: tick(),
		NewID: func() string { return "g-report-test" },
	})
	if err != nil {
		t.Fatal(err)
	}
	for i, st := range steps {
		if st.cmd == "" {
			if _, err := s.Undo(st.seat); err != nil {
				t.Fatalf("step %d: undo: %v", i+1, err)
			}
			continue
		}
		if _, err := s.Do(st.seat, console.Command{Name: st.cmd, Args: st.args}); err != nil {
			t.Fatalf("step %d: %s: %v", i+1, st.cmd, err)
		}
	}
	return console.NewLocal(s)
}

var games = []struct {
	name  string
	setup console.Setup
	steps []step
}{
	{
		name: "tied-finish",
		setup: console.Setup{System: scorepad.ID, Title: "Carcassonne & friends", Seed: 11,
			Seats: []console.Seat{"alice", "bob", "carol"}, Options: map[string]string{"rounds": "2"}},
		steps: []step{
			add("alice", "alice", 12), add("bob", "bob", 9), add("carol", "carol", 15),
			add("carol", "carol", 100), {seat: "carol"}, // a slip, taken back
			{"bob", scorepad.CmdNextRound, nil},
			add("alice", "alice", 10), add("bob", "bob", 13), add("carol", "carol", 4),
			{"alice", scorepad.CmdNextRound, nil},
		},
	},
	{
		name: "in-progress",
		setup: console.Setup{System: scorepad.ID, Title: "Hearts | *low* wins", Seed: 5,
			Seats: []console.Seat{"north", "south"}, Options: map[string]string{"wins": "low"}},
		steps: []step{add("north", "north", 7), add("north", "south", 3)},
	},
	{
		name:  "empty",
		setup: console.Setup{System: scorepad.ID, Seed: 1, Seats: []console.Seat{"solo"}},
	},
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if string(got) != string(want) {
		t.Errorf("%s differs from the golden file (run go test -update after checking):\ngot:\n%s\nwant:\n%s", path, got, want)
	}
}

func TestGolden(t *testing.T) {
	for _, g := range games {
		t.Run(g.name, func(t *testing.T) {
			r, err := report.Build(play(t, g.setup, g.steps))
			if err != nil {
				t.Fatal(err)
			}
			js, err := report.JSON(r)
			if err != nil {
				t.Fatal(err)
			}
			golden(t, g.name+".md.golden", []byte(report.Markdown(r)))
			golden(t, g.name+".html.golden", []byte(report.HTML(r)))
			golden(t, g.name+".json.golden", js)
		})
	}
}

func TestContent(t *testing.T) {
	g := games[0]
	r, err := report.Build(play(t, g.setup, g.steps))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := r.Meta.Undos, 1; got != want {
		t.Errorf("undos: got %d, want %d", got, want)
	}
	if !r.Status.Finished {
		t.Fatalf("status: got %+v, want finished", r.Status)
	}
	// alice 22, carol 19... bob 22: alice and bob tie for first.
	md := report.Markdown(r)
	for _, want := range []string{
		"# Carcassonne \\& friends",
		"| 1 (tied) | alice | 22 |",
		"| 1 (tied) | bob | 22 |",
		"| 3 | carol | 19 |",
		"- **Undos:** 1 command taken back",
		"- **Started:** 2025-03-14 19:31:00 UTC",
		"| 1 | 2025-03-14 19:32:00 | alice | alice +12 in round 1 |",
		"## Scores by round",
		"| Player | Round 1 | Round 2 | Total | Place |",
		"| carol | 15 | 4 | 19 | 3rd |",
		"- **Rounds played:** 2 of 2",
		"- **Ended because:** every round was played",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("markdown lacks %q:\n%s", want, md)
		}
	}
	for _, bad := range []string{"```", "end_reason", "Options:", "Final table"} {
		if strings.Contains(md, bad) {
			t.Errorf("markdown holds %q:\n%s", bad, md)
		}
	}
	if strings.Contains(md, "+100") {
		t.Errorf("markdown shows the undone command:\n%s", md)
	}
	var back map[string]any
	js, _ := report.JSON(r)
	if err := json.Unmarshal(js, &back); err != nil {
		t.Fatalf("JSON does not parse: %v", err)
	}
	for _, k := range []string{"meta", "status", "history", "view"} {
		if _, ok := back[k]; !ok {
			t.Errorf("JSON lacks %q", k)
		}
	}
}

func TestHTMLEscapesHostileText(t *testing.T) {
	const hostile = `<script>alert("pwned")</script>`
	s := play(t, console.Setup{System: scorepad.ID, Title: hostile, Seed: 3,
		Seats: []console.Seat{"<b>x</b>", "y"}}, []step{add("y", "<b>x</b>", 4)})
	r, err := report.Build(s)
	if err != nil {
		t.Fatal(err)
	}
	page := report.HTML(r)
	for _, bad := range []string{"<script", "<b>"} {
		if strings.Contains(page, bad) {
			t.Errorf("HTML contains %q unescaped:\n%s", bad, page)
		}
	}
	if !strings.Contains(page, "&lt;script&gt;") {
		t.Errorf("HTML lacks the escaped title:\n%s", page)
	}
	if !strings.HasPrefix(page, "<!DOCTYPE html>") || !strings.HasSuffix(page, "</html>\n") {
		t.Errorf("HTML is not a complete page:\n%s", page)
	}
	// No "<" may be left unescaped anywhere in the Markdown.
	md := report.Markdown(r)
	if strings.Contains(strings.ReplaceAll(md, "\\<", ""), "<") {
		t.Errorf("Markdown has an unescaped <:\n%s", md)
	}
}

// TestSeedHiddenUntilFinished: the report of a running game carries no dice
// seed (with it an opponent could replay the dice and learn secret
// results); a finished game's does (issue 10).
func TestSeedHiddenUntilFinished(t *testing.T) {
	for _, g := range games {
		r, err := report.Build(play(t, g.setup, g.steps))
		if err != nil {
			t.Fatal(err)
		}
		js, _ := report.JSON(r)
		seed := fmt.Sprint(g.setup.Seed)
		has := strings.Contains(string(js), `"seed": `+seed)
		if has != r.Status.Finished {
			t.Errorf("%s: seed %s in the JSON report = %v; want %v (finished %v)", g.name, seed, has, r.Status.Finished, r.Status.Finished)
		}
	}
}

func TestBuildNil(t *testing.T) {
	if _, err := report.Build(nil); err == nil {
		t.Error("Build(nil): got no error")
	}
}

// sectionedView is a view that adds its own sections to the report.
type sectionedView struct{ Rows [][]string }

func (v sectionedView) ReportSections() []report.Section {
	return []report.Section{{Title: "Characters <x>", Text: "who & where", Header: []string{"Name", "Section"}, Rows: v.Rows}}
}

// sectionedGame is a game whose public view is a sectionedView.
type sectionedGame struct {
	console.Game
	view sectionedView
}

func (g sectionedGame) State(seat console.Seat) (console.SeatState, error) {
	st, err := g.Game.State(seat)
	st.View = g.view
	return st, err
}

func TestSectionsReplaceTheViewJSON(t *testing.T) {
	base := play(t, console.Setup{System: scorepad.ID, Title: "t", Seats: []console.Seat{"a", "b"}}, []step{add("a", "a", 1)})
	g := sectionedGame{Game: base, view: sectionedView{Rows: [][]string{{"Aurel", "south-street"}, {"<i>Skarn</i>"}}}}
	r, err := report.Build(g)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Sections) != 1 {
		t.Fatalf("report has %d sections, want the view's 1", len(r.Sections))
	}
	md := report.Markdown(r)
	for _, want := range []string{"## Characters \\<x\\>", "| Name | Section |", "| Aurel | south-street |", "| \\<i\\>Skarn\\</i\\> |  |"} {
		if !strings.Contains(md, want) {
			t.Errorf("Markdown lacks %q:\n%s", want, md)
		}
	}
	if strings.Contains(md, "```json") {
		t.Errorf("Markdown still dumps the view as JSON:\n%s", md)
	}
	page := report.HTML(r)
	for _, want := range []string{"<h2>Characters &lt;x&gt;</h2>", "<td>Aurel</td><td>south-street</td>", "&lt;i&gt;Skarn"} {
		if !strings.Contains(page, want) {
			t.Errorf("HTML lacks %q:\n%s", want, page)
		}
	}
	if strings.Contains(page, "<pre>") {
		t.Errorf("HTML still dumps the view:\n%s", page)
	}
}

// plainGame is a game whose public view adds no sections of its own.
type plainGame struct{ console.Game }

func (g plainGame) State(seat console.Seat) (console.SeatState, error) {
	st, err := g.Game.State(seat)
	st.View = map[string]any{"current_hp": 3, "merit_deck": 7}
	return st, err
}

// TestNoViewDump: a view without sections of its own is not dumped into
// the Markdown or the HTML (a player reads no field names); the JSON
// report keeps it for programs.
func TestNoViewDump(t *testing.T) {
	base := play(t, console.Setup{System: scorepad.ID, Title: "t", Seats: []console.Seat{"a", "b"}}, []step{add("a", "a", 1)})
	r, err := report.Build(plainGame{base})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Sections) != 0 {
		t.Fatalf("sections %+v from a plain view", r.Sections)
	}
	md, page := report.Markdown(r), report.HTML(r)
	for _, bad := range []string{"current_hp", "merit_deck", "```", "Table now", "Final table"} {
		if strings.Contains(md, bad) {
			t.Errorf("Markdown holds %q:\n%s", bad, md)
		}
		if strings.Contains(page, bad) {
			t.Errorf("HTML holds %q:\n%s", bad, page)
		}
	}
	js, err := report.JSON(r)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(js), `"current_hp": 3`) {
		t.Errorf("the JSON report lost the view:\n%s", js)
	}
}

func TestPicturesAreEmbedded(t *testing.T) {
	base := play(t, console.Setup{System: scorepad.ID, Title: "t", Seats: []console.Seat{"a", "b"}}, []step{add("a", "a", 1)})
	r, err := report.Build(base)
	if err != nil {
		t.Fatal(err)
	}
	r.Pictures = []report.Picture{{Caption: "Turn 2 <b>", PNG: []byte{0x89, 'P', 'N', 'G'}}}
	const url = "data:image/png;base64,iVBORw=="
	md := report.Markdown(r)
	if !strings.Contains(md, "![Turn 2 \\<b\\>]("+url+")") {
		t.Errorf("Markdown lacks the embedded picture:\n%s", md)
	}
	page := report.HTML(r)
	if !strings.Contains(page, `<img src="`+url+`" alt="Turn 2 &lt;b&gt;"`) {
		t.Errorf("HTML lacks the embedded picture:\n%s", page)
	}
}
