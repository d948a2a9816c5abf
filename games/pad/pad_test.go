package pad

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/commandconsole/commandconsole/console"
)

func entries(scores ...int) []Entry {
	names := []string{"alice", "bob", "carol", "dave", "erin"}
	out := make([]Entry, len(scores))
	for i, s := range scores {
		out[i] = Entry{Seat: console.Seat(names[i]), Score: s}
	}
	return out
}

// places renders placements compactly as "name:place:score".
func places(ps []console.Placement) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = fmt.Sprintf("%s:%d:%d", p.Name, p.Place, p.Score)
	}
	return out
}

func TestPlacements(t *testing.T) {
	tests := []struct {
		name     string
		in       []Entry
		highWins bool
		want     []string
	}{
		{"empty", nil, true, []string{}},
		{"one", entries(5), true, []string{"alice:1:5"}},
		{"high distinct", entries(10, 30, 20), true, []string{"bob:1:30", "carol:2:20", "alice:3:10"}},
		{"low distinct", entries(10, 30, 20), false, []string{"alice:1:10", "carol:2:20", "bob:3:30"}},
		{"tie for first 1,1,3", entries(40, 40, 12), true, []string{"alice:1:40", "bob:1:40", "carol:3:12"}},
		{"tie in the middle 1,2,2,4", entries(5, 9, 7, 7), true, []string{"bob:1:9", "carol:2:7", "dave:2:7", "alice:4:5"}},
		{"ties keep seat order", entries(3, 1, 3, 1), true, []string{"alice:1:3", "carol:1:3", "bob:3:1", "dave:3:1"}},
		{"low with ties", entries(3, 1, 3, 1), false, []string{"bob:1:1", "dave:1:1", "alice:3:3", "carol:3:3"}},
		{"all tied", entries(0, 0, 0), true, []string{"alice:1:0", "bob:1:0", "carol:1:0"}},
		{"negative scores", entries(-5, 0, -20), true, []string{"bob:1:0", "alice:2:-5", "carol:3:-20"}},
		{"negative low", entries(-5, 0, -20), false, []string{"carol:1:-20", "alice:2:-5", "bob:3:0"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := places(Placements(tt.in, tt.highWins))
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Placements(%v, %v) = %v, want %v", tt.in, tt.highWins, got, tt.want)
			}
		})
	}
}

func TestPlacementsNameAndInputUntouched(t *testing.T) {
	in := []Entry{{Seat: "s1", Name: "Alice", Score: 1}, {Seat: "s2", Score: 2}}
	before := append([]Entry(nil), in...)
	got := Placements(in, true)
	want := []console.Placement{{Seat: "s2", Name: "s2", Place: 1, Score: 2}, {Seat: "s1", Name: "Alice", Place: 2, Score: 1}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v, want %+v", got, want)
	}
	if !reflect.DeepEqual(in, before) {
		t.Errorf("input modified: got %+v, want %+v", in, before)
	}
}

func TestSumAndTotals(t *testing.T) {
	if got, want := Sum([]int{3, -5, 10}), 8; got != want {
		t.Errorf("Sum = %d, want %d", got, want)
	}
	if got := Sum(nil); got != 0 {
		t.Errorf("Sum(nil) = %d, want 0", got)
	}
	tests := []struct {
		name    string
		grid    [][]int
		players int
		want    []int
	}{
		{"empty", nil, 2, []int{0, 0}},
		{"rounds by players", [][]int{{1, 2, 3}, {10, -20, 30}}, 3, []int{11, -18, 33}},
		{"ragged rows", [][]int{{1}, {1, 2, 99}}, 2, []int{2, 2}},
		{"no players", [][]int{{1}}, 0, []int{}},
		{"negative players", [][]int{{1}}, -1, []int{}},
	}
	for _, tt := range tests {
		if got := Totals(tt.grid, tt.players); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: Totals(%v, %d) = %v, want %v", tt.name, tt.grid, tt.players, got, tt.want)
		}
	}
}

func TestLeaders(t *testing.T) {
	tests := []struct {
		name     string
		in       []Entry
		highWins bool
		want     []int
	}{
		{"none", nil, true, nil},
		{"one leader", entries(1, 9, 3), true, []int{1}},
		{"low leader", entries(1, 9, 3), false, []int{0}},
		{"tied leaders in seat order", entries(9, 1, 9), true, []int{0, 2}},
		{"all tied", entries(0, 0), false, []int{0, 1}},
		{"negative", entries(-3, -1, -2), true, []int{1}},
	}
	for _, tt := range tests {
		if got := Leaders(tt.in, tt.highWins); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: Leaders(%v, %v) = %v, want %v", tt.name, tt.in, tt.highWins, got, tt.want)
		}
	}
}

func TestBetter(t *testing.T) {
	tests := []struct {
		a, b     int
		highWins bool
		want     bool
	}{
		{2, 1, true, true}, {1, 2, true, false}, {1, 1, true, false},
		{1, 2, false, true}, {2, 1, false, false}, {1, 1, false, false},
	}
	for _, tt := range tests {
		if got := Better(tt.a, tt.b, tt.highWins); got != tt.want {
			t.Errorf("Better(%d, %d, %v) = %v, want %v", tt.a, tt.b, tt.highWins, got, tt.want)
		}
	}
}

func TestJoinNames(t *testing.T) {
	tests := []struct {
		in   []string
		want string
	}{
		{nil, ""},
		{[]string{"alice"}, "alice"},
		{[]string{"alice", "bob"}, "alice and bob"},
		{[]string{"alice", "bob", "carol"}, "alice, bob and carol"},
	}
	for _, tt := range tests {
		if got := JoinNames(tt.in); got != tt.want {
			t.Errorf("JoinNames(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestResultLine(t *testing.T) {
	tests := []struct {
		name     string
		in       []Entry
		highWins bool
		want     string
	}{
		{"none", nil, true, "no players"},
		{"solo", entries(12), true, "alice finishes with 12"},
		{"winner", entries(57, 40), true, "alice wins with 57"},
		{"low winner", entries(57, 40), false, "bob wins with 40"},
		{"two tie", entries(40, 40, 3), true, "alice and bob tie for first with 40"},
		{"three tie", entries(7, 7, 7), true, "alice, bob and carol tie for first with 7"},
	}
	for _, tt := range tests {
		if got := ResultLine(Placements(tt.in, tt.highWins)); got != tt.want {
			t.Errorf("%s: ResultLine = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestLeadLine(t *testing.T) {
	tests := []struct {
		name     string
		in       []Entry
		highWins bool
		want     string
	}{
		{"none", nil, true, "no players"},
		{"solo", entries(12), true, "alice has 12"},
		{"leader", entries(42, 40), true, "alice leads with 42"},
		{"low leader", entries(42, 40), false, "bob leads with 40"},
		{"tied leaders", entries(40, 40, 3), true, "alice and bob lead with 40"},
		{"all tied", entries(0, 0, 0), true, "all tied at 0"},
	}
	for _, tt := range tests {
		if got := LeadLine(tt.in, tt.highWins); got != tt.want {
			t.Errorf("%s: LeadLine = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestClockwise(t *testing.T) {
	seats := []console.Seat{"a", "b", "c", "d"}
	tests := []struct {
		from   console.Seat
		want   []console.Seat
		wantOK bool
	}{
		{"a", []console.Seat{"a", "b", "c", "d"}, true},
		{"c", []console.Seat{"c", "d", "a", "b"}, true},
		{"d", []console.Seat{"d", "a", "b", "c"}, true},
		{"z", nil, false},
	}
	for _, tt := range tests {
		got, ok := Clockwise(seats, tt.from)
		if ok != tt.wantOK || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Clockwise(%v, %q) = %v, %v; want %v, %v", seats, tt.from, got, ok, tt.want, tt.wantOK)
		}
	}
	if got, ok := Clockwise(nil, "a"); ok || got != nil {
		t.Errorf("Clockwise(nil, a) = %v, %v; want nil, false", got, ok)
	}
}

func TestNext(t *testing.T) {
	seats := []console.Seat{"a", "b", "c"}
	tests := []struct {
		cur    console.Seat
		want   console.Seat
		wantOK bool
	}{
		{"a", "b", true},
		{"b", "c", true},
		{"c", "a", true},
		{"x", "", false},
	}
	for _, tt := range tests {
		got, ok := Next(seats, tt.cur)
		if got != tt.want || ok != tt.wantOK {
			t.Errorf("Next(%v, %q) = %q, %v; want %q, %v", seats, tt.cur, got, ok, tt.want, tt.wantOK)
		}
	}
	if got, ok := Next([]console.Seat{"solo"}, "solo"); got != "solo" || !ok {
		t.Errorf("Next(solo) = %q, %v; want solo, true", got, ok)
	}
}

func TestEndCheck(t *testing.T) {
	tests := []struct {
		name   string
		end    End
		totals []int
		done   int
		want   EndReason
	}{
		{"no limits", End{}, []int{1000, 5}, 50, NotEnded},
		{"target not reached", End{Target: 100}, []int{99, 50}, 3, NotEnded},
		{"target reached exactly", End{Target: 100}, []int{100, 50}, 3, EndTarget},
		{"target passed", End{Target: 100}, []int{20, 130}, 3, EndTarget},
		{"negative totals never reach", End{Target: 1}, []int{-5, 0}, 3, NotEnded},
		{"rounds not done", End{Rounds: 5}, []int{0}, 4, NotEnded},
		{"rounds done", End{Rounds: 5}, []int{0}, 5, EndRounds},
		{"both, rounds first", End{Target: 100, Rounds: 3}, []int{50}, 3, EndRounds},
		{"both, target first", End{Target: 100, Rounds: 3}, []int{100}, 2, EndTarget},
		{"both at once reports target", End{Target: 100, Rounds: 3}, []int{100}, 3, EndTarget},
	}
	for _, tt := range tests {
		if got := tt.end.Check(tt.totals, tt.done); got != tt.want {
			t.Errorf("%s: %+v.Check(%v, %d) = %q, want %q", tt.name, tt.end, tt.totals, tt.done, got, tt.want)
		}
	}
}
