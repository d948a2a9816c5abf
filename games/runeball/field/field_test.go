package field

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func c(x, y int) Cell { return Cell{x, y} }

func TestParse(t *testing.T) {
	tests := []struct {
		in      string
		want    Cell
		wantErr string // a substring of the refusal; "" = accepted
	}{
		{"16:16", c(16, 16), ""},
		{" 16 : 16 ", c(16, 16), ""},
		{"\t1:1\n", c(1, 1), ""},
		{"31:31", c(31, 31), ""},
		{"2:2", c(2, 2), ""},
		{"02:016", c(2, 16), ""},
		{"+2:16", c(2, 16), ""},
		{"17:16", Cell{}, "17:16 is not a cell of the field (x + y must be even)"},
		{"0:16", Cell{}, "0:16 is not a cell of the field (x must be 1…31)"},
		{"32:16", Cell{}, "32:16 is not a cell of the field (x must be 1…31)"},
		{"-1:15", Cell{}, "-1:15 is not a cell of the field (x must be 1…31)"},
		{"16:0", Cell{}, "16:0 is not a cell of the field (y must be 1…31)"},
		{"16:32", Cell{}, "16:32 is not a cell of the field (y must be 1…31)"},
		{"2:1", Cell{}, "2:1 is not a cell of the field (x + y must be even)"},
		{"", Cell{}, "a cell is missing"},
		{"   ", Cell{}, "a cell is missing"},
		{"16", Cell{}, `"16" is not a cell (write x:y`},
		{"16,16", Cell{}, `"16,16" is not a cell (write x:y`},
		{":16", Cell{}, "x is missing"},
		{"16:", Cell{}, "y is missing"},
		{"a:16", Cell{}, `x "a" is not a whole number`},
		{"16:1 6", Cell{}, `y "1 6" is not a whole number`},
		{"16:16:16", Cell{}, `y "16:16" is not a whole number`},
		{"99999:1", Cell{}, "has too many digits"},
		{"-:1", Cell{}, "x is missing"},
		{"H3", Cell{}, "is not a cell"},
	}
	for _, tt := range tests {
		got, err := Parse(tt.in)
		if tt.wantErr == "" {
			if err != nil || got != tt.want {
				t.Errorf("Parse(%q) = %v, %v; want %v, nil", tt.in, got, err, tt.want)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
			t.Errorf("Parse(%q) = %v, %v; want an error containing %q", tt.in, got, err, tt.wantErr)
		}
	}
}

func TestParseCoords(t *testing.T) {
	tests := []struct {
		in   string
		want Cell
		ok   bool
	}{
		{"0:16", c(0, 16), true},
		{"-1:15", c(-1, 15), true},
		{"32:16", c(32, 16), true},
		{"17:16", c(17, 16), true},
		{"x:16", Cell{}, false},
		{"9999:-9999", c(9999, -9999), true},
		{"10000:1", Cell{}, false},
	}
	for _, tt := range tests {
		got, err := ParseCoords(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("ParseCoords(%q) = %v, %v; want %v, ok %v", tt.in, got, err, tt.want, tt.ok)
		}
	}
}

func TestParseList(t *testing.T) {
	tests := []struct {
		in      string
		want    []Cell
		wantErr string
	}{
		{"13:15,14:14", []Cell{c(13, 15), c(14, 14)}, ""},
		{" 13:15 , 14:14 ", []Cell{c(13, 15), c(14, 14)}, ""},
		{"16:16", []Cell{c(16, 16)}, ""},
		{"16:16,16:16", []Cell{c(16, 16), c(16, 16)}, ""},
		{"", nil, "no cells given"},
		{"13:15,", nil, "cell 2 of the list is empty"},
		{"13:15,,14:14", nil, "cell 2 of the list is empty"},
		{"13:15,0:16", nil, "0:16 is not a cell of the field (x must be 1…31)"},
	}
	for _, tt := range tests {
		got, err := ParseList(tt.in)
		if tt.wantErr == "" {
			if err != nil || !slices.Equal(got, tt.want) {
				t.Errorf("ParseList(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
			}
			if s := FormatList(got); err == nil && s != strings.ReplaceAll(tt.in, " ", "") {
				t.Errorf("FormatList(%v) = %q; want %q", got, s, strings.ReplaceAll(tt.in, " ", ""))
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
			t.Errorf("ParseList(%q) = %v, %v; want an error containing %q", tt.in, got, err, tt.wantErr)
		}
	}
	if got := FormatList(nil); got != "" {
		t.Errorf("FormatList(nil) = %q; want \"\"", got)
	}
}

// FuzzParse: Parse never panics; what it accepts is a cell of the field whose
// String parses back to itself; what it refuses has a message. ParseCoords
// agrees with it on every accepted input.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"16:16", " 16 : 16 ", "17:16", "0:16", "32:16", "16:0", "",
		"16", "a:b", "+1:-1", "99999:1", "1:1", "31:31", "2:16,3:17", "-:", "٣:٣", "1\x00:1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := Parse(s)
		loose, lerr := ParseCoords(s)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("Parse(%q): empty refusal", s)
			}
			if lerr == nil && loose.Valid() {
				t.Fatalf("Parse(%q) refused %v that ParseCoords reads as a cell of the field", s, loose)
			}
			return
		}
		if !got.Valid() {
			t.Fatalf("Parse(%q) = %v, not a cell of the field", s, got)
		}
		if lerr != nil || loose != got {
			t.Fatalf("ParseCoords(%q) = %v, %v; Parse gave %v", s, loose, lerr, got)
		}
		back, err := Parse(got.String())
		if err != nil || back != got {
			t.Fatalf("Parse(%q) = %v, %v; want %v", got.String(), back, err, got)
		}
	})
}

// FuzzParseList: ParseList never panics, and what it accepts formats and
// parses back to the same list.
func FuzzParseList(f *testing.F) {
	for _, s := range []string{"13:15,14:14", "", ",", "16:16,", "1:1,31:31,16:16", "17:16,1:1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := ParseList(s)
		if err != nil {
			return
		}
		if len(got) == 0 {
			t.Fatalf("ParseList(%q) accepted an empty list", s)
		}
		back, err := ParseList(FormatList(got))
		if err != nil || !slices.Equal(back, got) {
			t.Fatalf("round trip of %v = %v, %v", got, back, err)
		}
	})
}

// TestCounts: RB-F23, RB-D11 and the §2.2 table: 481 cells (449 full, 32
// half), sides 233, end zones 47, neutral zone 15.
func TestCounts(t *testing.T) {
	all := All()
	var half, home, away, nobody, homeEnd, awayEnd, neutral, homeKick, awayKick int
	for _, x := range all {
		if !x.Valid() {
			t.Fatalf("All() holds %v, off the field", x)
		}
		if x.HalfHex() {
			half++
		}
		switch Side(x) {
		case Home:
			home++
		case Away:
			away++
		case Nobody:
			nobody++
		}
		if InEndZone(x, Home) {
			homeEnd++
		}
		if InEndZone(x, Away) {
			awayEnd++
		}
		if Neutral(x) {
			neutral++
		}
		if KickerZone(Home, x) {
			homeKick++
		}
		if KickerZone(Away, x) {
			awayKick++
		}
	}
	checks := []struct {
		name      string
		got, want int
	}{
		{"cells", len(all), 481},
		{"NumCells", NumCells, 481},
		{"full hexes", len(all) - half, 449},
		{"half-hexes", half, 32},
		{"home side", home, 233},
		{"away side", away, 233},
		{"nobody's side", nobody, 15},
		{"home end zone", homeEnd, 47},
		{"away end zone", awayEnd, 47},
		{"neutral zone", neutral, 15},
		// RB-D15: x 1–6 is 3 odd columns of 16 and 3 even columns of 15.
		{"home kicker zone", homeKick, 93},
		{"away kicker zone", awayKick, 93},
	}
	for _, ch := range checks {
		if ch.got != ch.want {
			t.Errorf("%s: got %d, want %d", ch.name, ch.got, ch.want)
		}
	}
}

// TestAllOrder: All is in x then y order, and every cell of the lattice box
// that is Valid is in it.
func TestAllOrder(t *testing.T) {
	all := All()
	if !slices.IsSortedFunc(all, func(p, q Cell) int {
		if p.X != q.X {
			return p.X - q.X
		}
		return p.Y - q.Y
	}) {
		t.Errorf("All() is not in x then y order")
	}
	if all[0] != c(1, 1) || all[1] != c(1, 3) || all[16] != c(2, 2) || all[480] != c(31, 31) {
		t.Errorf("All() starts %v %v, [16] %v, ends %v", all[0], all[1], all[16], all[480])
	}
	all[0] = c(99, 99) // the caller's own copy
	if All()[0] != c(1, 1) {
		t.Errorf("All() shares its slice")
	}
	n := 0
	for x := -2; x <= 34; x++ {
		for y := -2; y <= 34; y++ {
			if c(x, y).Valid() {
				n++
			}
		}
	}
	if n != 481 {
		t.Errorf("Valid cells in the box: %d, want 481", n)
	}
}

func TestHalfHex(t *testing.T) {
	tests := []struct {
		c    Cell
		want bool
	}{
		{c(1, 1), true}, {c(31, 31), true}, {c(15, 1), true}, {c(13, 31), true},
		{c(2, 2), false}, {c(1, 3), false}, {c(16, 2), false}, {c(2, 30), false},
		{c(2, 1), false}, // off the field
		{c(1, 33), false},
	}
	for _, tt := range tests {
		if got := tt.c.HalfHex(); got != tt.want {
			t.Errorf("%v.HalfHex() = %v, want %v", tt.c, got, tt.want)
		}
	}
}

func TestZones(t *testing.T) {
	tests := []struct {
		c                      Cell
		side                   Team
		homeEnd, awayEnd       bool
		neutral                bool
		homeScores, awayScores bool
		homeKicker, awayKicker bool
	}{
		{c(1, 1), Home, true, false, false, false, true, true, false},
		{c(3, 31), Home, true, false, false, false, true, true, false},
		{c(4, 16), Home, false, false, false, false, false, true, false},
		{c(6, 2), Home, false, false, false, false, false, true, false},
		{c(7, 3), Home, false, false, false, false, false, false, false},
		{c(15, 15), Home, false, false, false, false, false, false, false},
		{c(16, 16), Nobody, false, false, true, false, false, false, false},
		{c(16, 2), Nobody, false, false, true, false, false, false, false},
		{c(17, 17), Away, false, false, false, false, false, false, false},
		{c(25, 25), Away, false, false, false, false, false, false, false},
		{c(26, 2), Away, false, false, false, false, false, false, true},
		{c(28, 16), Away, false, false, false, false, false, false, true},
		{c(29, 1), Away, false, true, false, true, false, false, true},
		{c(30, 16), Away, false, true, false, true, false, false, true},
		{c(31, 31), Away, false, true, false, true, false, false, true},
	}
	for _, tt := range tests {
		if got := Side(tt.c); got != tt.side {
			t.Errorf("Side(%v) = %v, want %v", tt.c, got, tt.side)
		}
		if got := InEndZone(tt.c, Home); got != tt.homeEnd {
			t.Errorf("InEndZone(%v, H) = %v, want %v", tt.c, got, tt.homeEnd)
		}
		if got := InEndZone(tt.c, Away); got != tt.awayEnd {
			t.Errorf("InEndZone(%v, A) = %v, want %v", tt.c, got, tt.awayEnd)
		}
		if got := Neutral(tt.c); got != tt.neutral {
			t.Errorf("Neutral(%v) = %v, want %v", tt.c, got, tt.neutral)
		}
		if got := Scores(Home, tt.c); got != tt.homeScores {
			t.Errorf("Scores(H, %v) = %v, want %v", tt.c, got, tt.homeScores)
		}
		if got := Scores(Away, tt.c); got != tt.awayScores {
			t.Errorf("Scores(A, %v) = %v, want %v", tt.c, got, tt.awayScores)
		}
		if got := KickerZone(Home, tt.c); got != tt.homeKicker {
			t.Errorf("KickerZone(H, %v) = %v, want %v", tt.c, got, tt.homeKicker)
		}
		if got := KickerZone(Away, tt.c); got != tt.awayKicker {
			t.Errorf("KickerZone(A, %v) = %v, want %v", tt.c, got, tt.awayKicker)
		}
		if InEndZone(tt.c, Nobody) || Scores(Nobody, tt.c) || KickerZone(Nobody, tt.c) {
			t.Errorf("%v: Nobody has an end zone, scores or kicks", tt.c)
		}
	}
	// Off the field: no zone but the column's side.
	for _, x := range []Cell{c(0, 16), c(32, 16), c(2, 1), c(16, 0)} {
		if InEndZone(x, Home) || InEndZone(x, Away) || Neutral(x) || Scores(Home, x) ||
			Scores(Away, x) || KickerZone(Home, x) || KickerZone(Away, x) {
			t.Errorf("%v is off the field but is in a zone", x)
		}
	}
}

// TestGoalPosts: RB-F19, RB-D11, RB-D12: each post is the centre of its end
// zone, a cell of the field in the end zone of the team it belongs to.
func TestGoalPosts(t *testing.T) {
	tests := []struct {
		t    Team
		want Cell
	}{{Home, c(2, 16)}, {Away, c(30, 16)}, {Nobody, Cell{}}}
	for _, tt := range tests {
		got := GoalPost(tt.t)
		if got != tt.want {
			t.Errorf("GoalPost(%v) = %v, want %v", tt.t, got, tt.want)
		}
		if tt.t != Nobody && (!InEndZone(got, tt.t) || got.HalfHex() || !Scores(tt.t.Opponent(), got)) {
			t.Errorf("GoalPost(%v) = %v is not a full hex of its end zone", tt.t, got)
		}
	}
	if GoalPost(Nobody).Valid() {
		t.Errorf("GoalPost(Nobody) is on the field")
	}
}

func TestTeam(t *testing.T) {
	tests := []struct {
		t        Team
		str      string
		opponent Team
	}{{Home, "H", Away}, {Away, "A", Home}, {Nobody, "nobody", Nobody}, {Team(7), "nobody", Nobody}}
	for _, tt := range tests {
		if got := tt.t.String(); got != tt.str {
			t.Errorf("Team(%d).String() = %q, want %q", tt.t, got, tt.str)
		}
		if got := tt.t.Opponent(); got != tt.opponent {
			t.Errorf("Team(%d).Opponent() = %v, want %v", tt.t, got, tt.opponent)
		}
	}
	if Home != 0 || Away != 1 {
		t.Errorf("Home, Away = %d, %d; want 0, 1 (array indices)", Home, Away)
	}
}

// TestDirs: the RB-D16 table.
func TestDirs(t *testing.T) {
	tests := []struct {
		d            Dir
		name         string
		dx, dy       int
		cw, ccw, opp Dir
	}{
		{1, "N", 0, -2, NE, NW, S},
		{2, "NE", 1, -1, SE, N, SW},
		{3, "SE", 1, 1, S, NE, NW},
		{4, "S", 0, 2, SW, SE, N},
		{5, "SW", -1, 1, NW, S, NE},
		{6, "NW", -1, -1, N, SW, SE},
	}
	for _, tt := range tests {
		if !tt.d.Valid() || tt.d.String() != tt.name {
			t.Errorf("Dir %d: Valid %v, String %q; want true, %q", tt.d, tt.d.Valid(), tt.d.String(), tt.name)
		}
		if dx, dy := tt.d.Vector(); dx != tt.dx || dy != tt.dy {
			t.Errorf("%v.Vector() = %d, %d; want %d, %d", tt.d, dx, dy, tt.dx, tt.dy)
		}
		if got := tt.d.Clockwise(); got != tt.cw {
			t.Errorf("%v.Clockwise() = %v, want %v", tt.d, got, tt.cw)
		}
		if got := tt.d.Counterclockwise(); got != tt.ccw {
			t.Errorf("%v.Counterclockwise() = %v, want %v", tt.d, got, tt.ccw)
		}
		if got := tt.d.Opposite(); got != tt.opp {
			t.Errorf("%v.Opposite() = %v, want %v", tt.d, got, tt.opp)
		}
		if Dirs[tt.d-1] != tt.d {
			t.Errorf("Dirs[%d] = %v, want %v", tt.d-1, Dirs[tt.d-1], tt.d)
		}
	}
	for _, d := range []Dir{0, 7, -1} {
		if d.Valid() || d.String() != "Dir("+itoa(int(d))+")" {
			t.Errorf("Dir(%d): Valid %v, String %q", d, d.Valid(), d.String())
		}
		if dx, dy := d.Vector(); dx != 0 || dy != 0 || Step(c(16, 16), d) != c(16, 16) {
			t.Errorf("Dir(%d) moves", d)
		}
		if d.Clockwise() != d || d.Counterclockwise() != d || d.Opposite() != d {
			t.Errorf("Dir(%d) turns", d)
		}
	}
}

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + itoa(n%10)
}

func TestNeighbours(t *testing.T) {
	tests := []struct {
		c    Cell
		want []Cell
		edge bool
	}{
		{c(16, 16), []Cell{c(16, 14), c(17, 15), c(17, 17), c(16, 18), c(15, 17), c(15, 15)}, false},
		{c(1, 1), []Cell{c(2, 2), c(1, 3)}, true},
		{c(2, 2), []Cell{c(3, 1), c(3, 3), c(2, 4), c(1, 3), c(1, 1)}, true},
		{c(3, 3), []Cell{c(3, 1), c(4, 2), c(4, 4), c(3, 5), c(2, 4), c(2, 2)}, false},
		{c(31, 31), []Cell{c(31, 29), c(30, 30)}, true},
		{c(1, 15), []Cell{c(1, 13), c(2, 14), c(2, 16), c(1, 17)}, true},
		{c(16, 30), []Cell{c(16, 28), c(17, 29), c(17, 31), c(15, 31), c(15, 29)}, true},
		{c(17, 16), nil, false}, // off the field
	}
	for _, tt := range tests {
		got := Neighbours(tt.c)
		if !slices.Equal(got, tt.want) {
			t.Errorf("Neighbours(%v) = %v, want %v", tt.c, got, tt.want)
		}
		for _, n := range got {
			if !Adjacent(tt.c, n) || !Adjacent(n, tt.c) || Distance(tt.c, n) != 1 {
				t.Errorf("%v and its neighbour %v: not adjacent at distance 1", tt.c, n)
			}
		}
		if OnEdge(tt.c) != tt.edge {
			t.Errorf("OnEdge(%v) = %v, want %v", tt.c, OnEdge(tt.c), tt.edge)
		}
	}
	// Every cell of the field: a cell is on the edge iff it has fewer than six
	// neighbours on the field (RB-D45).
	edges := 0
	for _, x := range All() {
		n := len(Neighbours(x))
		if OnEdge(x) != (n < 6) {
			t.Errorf("OnEdge(%v) = %v with %d neighbours", x, OnEdge(x), n)
		}
		if OnEdge(x) {
			edges++
		}
	}
	// x = 1 and x = 31 (16 each), y = 1…2 and 30…31 of the other columns
	// (29 columns, two ends each).
	if edges != 16+16+29*2 {
		t.Errorf("edge cells: %d, want %d", edges, 16+16+29*2)
	}
}

func TestAdjacentAndDirOf(t *testing.T) {
	tests := []struct {
		a, b Cell
		d    Dir
		ok   bool
	}{
		{c(14, 16), c(15, 15), NE, true},
		{c(15, 15), c(14, 16), SW, true},
		{c(16, 16), c(16, 14), N, true},
		{c(16, 16), c(16, 18), S, true},
		{c(16, 16), c(17, 17), SE, true},
		{c(16, 16), c(15, 15), NW, true},
		{c(16, 16), c(16, 16), 0, false},
		{c(16, 16), c(17, 16), 0, false},
		{c(16, 16), c(18, 16), 0, false},
		{c(13, 3), c(13, 7), 0, false},
		{c(1, 1), c(0, 0), NW, true}, // geometry only: off the field is fine
	}
	for _, tt := range tests {
		d, ok := DirOf(tt.a, tt.b)
		if d != tt.d || ok != tt.ok {
			t.Errorf("DirOf(%v, %v) = %v, %v; want %v, %v", tt.a, tt.b, d, ok, tt.d, tt.ok)
		}
		if got := Adjacent(tt.a, tt.b); got != tt.ok {
			t.Errorf("Adjacent(%v, %v) = %v, want %v", tt.a, tt.b, got, tt.ok)
		}
	}
}

// TestDistanceExamples: the four examples of §2.2 and a few more.
func TestDistanceExamples(t *testing.T) {
	tests := []struct {
		a, b Cell
		want int
	}{
		{c(1, 1), c(3, 1), 2},      // §2.2
		{c(14, 16), c(21, 15), 7},  // §2.2
		{c(10, 16), c(18, 14), 8},  // §2.2
		{c(30, 16), c(20, 16), 10}, // §2.2
		{c(1, 1), c(1, 3), 1},
		{c(16, 16), c(16, 16), 0},
		{c(16, 2), c(16, 30), 14},
		{c(1, 1), c(31, 31), 30},
		{c(1, 31), c(31, 1), 30},
		{c(2, 16), c(30, 16), 28},
	}
	for _, tt := range tests {
		if got := Distance(tt.a, tt.b); got != tt.want {
			t.Errorf("Distance(%v, %v) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
		if got := Distance(tt.b, tt.a); got != tt.want {
			t.Errorf("Distance(%v, %v) = %d, want %d", tt.b, tt.a, got, tt.want)
		}
	}
}

// bfsDistances returns the breadth-first distance from src to every cell of
// the field, moving between neighbours on the field only.
func bfsDistances(src Cell) map[Cell]int {
	dist := map[Cell]int{src: 0}
	queue := []Cell{src}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		for _, n := range Neighbours(x) {
			if _, seen := dist[n]; !seen {
				dist[n] = dist[x] + 1
				queue = append(queue, n)
			}
		}
	}
	return dist
}

// TestDistanceBFS: Distance agrees with a breadth-first search over the
// field for all 481 × 481 pairs (§2.2), so no shortest way leaves the field.
func TestDistanceBFS(t *testing.T) {
	all := All()
	for _, a := range all {
		bfs := bfsDistances(a)
		if len(bfs) != len(all) {
			t.Fatalf("from %v the search reaches %d cells, want %d", a, len(bfs), len(all))
		}
		for _, b := range all {
			if got, want := Distance(a, b), bfs[b]; got != want {
				t.Errorf("Distance(%v, %v) = %d, breadth-first %d", a, b, got, want)
			}
		}
	}
}

// TestCubeDistance: the cube-coordinate form of §2.2 gives the same
// distance for every pair of cells.
func TestCubeDistance(t *testing.T) {
	all := All()
	for _, a := range all {
		for _, b := range all {
			dq := b.X - a.X
			dr := (b.Y - b.X - (a.Y - a.X)) / 2
			ds := -dq - dr
			want := max(abs(dq), abs(dr), abs(ds))
			if got := Distance(a, b); got != want {
				t.Fatalf("Distance(%v, %v) = %d, cube %d", a, b, got, want)
			}
		}
	}
}

func TestLine(t *testing.T) {
	tests := []struct {
		start Cell
		d     Dir
		n     int
		path  []Cell
		exit  Cell
		left  bool
	}{
		{c(30, 16), NE, 2, []Cell{c(31, 15)}, c(31, 15), true}, // hexfield.py self-check
		{c(16, 16), N, 3, []Cell{c(16, 14), c(16, 12), c(16, 10)}, c(16, 10), false},
		{c(16, 16), SE, 0, nil, c(16, 16), false},
		{c(16, 16), SE, -2, nil, c(16, 16), false},
		{c(1, 1), N, 1, nil, c(1, 1), true},
		{c(2, 2), NW, 5, []Cell{c(1, 1)}, c(1, 1), true},
		{c(3, 5), N, 2, []Cell{c(3, 3), c(3, 1)}, c(3, 1), false}, // lands on a half-hex (in bounds, RB-F21)
		{c(16, 28), S, 9, []Cell{c(16, 30)}, c(16, 30), true},
		{c(29, 17), SW, 4, []Cell{c(28, 18), c(27, 19), c(26, 20), c(25, 21)}, c(25, 21), false},
		{c(17, 16), N, 1, nil, c(17, 16), true}, // start off the field
		{c(16, 16), Dir(9), 3, nil, c(16, 16), false},
	}
	for _, tt := range tests {
		path, exit, left := Line(tt.start, tt.d, tt.n)
		if !slices.Equal(path, tt.path) || exit != tt.exit || left != tt.left {
			t.Errorf("Line(%v, %v, %d) = %v, %v, %v; want %v, %v, %v",
				tt.start, tt.d, tt.n, path, exit, left, tt.path, tt.exit, tt.left)
		}
	}
}

// TestFlightPathExamples: the two examples of §2.2 (RB-D47) and a few more.
func TestFlightPathExamples(t *testing.T) {
	tests := []struct {
		a, b Cell
		want string
	}{
		{c(12, 16), c(17, 17), "13:17,14:16,15:17,16:16"},
		// straight east, along hex edges: both hexes of each edge count
		{c(12, 16), c(20, 16), "13:15,13:17,14:16,15:15,15:17,16:16,17:15,17:17,18:16,19:15,19:17"},
		{c(16, 16), c(16, 20), "16:18"},       // along a column
		{c(16, 16), c(18, 20), "17:17,17:19"}, // between axes: 16:18 lies wholly on one side
		{c(16, 16), c(17, 17), ""},            // adjacent: nothing between
		{c(16, 16), c(16, 16), ""},
		{c(17, 16), c(20, 16), ""}, // off the field
	}
	for _, tt := range tests {
		if got := FormatList(FlightPath(tt.a, tt.b)); got != tt.want {
			t.Errorf("FlightPath(%v, %v) = %q, want %q", tt.a, tt.b, got, tt.want)
		}
	}
}

// TestFlightPathProperties over every pair from a few passers: the path
// excludes its ends, holds cells of the field between them, is sorted by
// distance from the passer then x then y, and reversing the pass gives the
// same cells (the test is symmetric).
func TestFlightPathProperties(t *testing.T) {
	for _, a := range []Cell{c(16, 16), c(1, 1), c(2, 30), c(9, 7)} {
		for _, b := range All() {
			p := FlightPath(a, b)
			for i, x := range p {
				if x == a || x == b || !x.Valid() {
					t.Fatalf("FlightPath(%v, %v) holds %v", a, b, x)
				}
				if i > 0 {
					y := p[i-1]
					dy, dx := Distance(a, y), Distance(a, x)
					if dy > dx || (dy == dx && (y.X > x.X || (y.X == x.X && y.Y >= x.Y))) {
						t.Fatalf("FlightPath(%v, %v) = %v: %v before %v", a, b, p, y, x)
					}
				}
			}
			if a != b && Distance(a, b) >= 2 && len(p) == 0 {
				t.Errorf("FlightPath(%v, %v) is empty at distance %d", a, b, Distance(a, b))
			}
			if len(p) < Distance(a, b)-1 {
				t.Errorf("FlightPath(%v, %v) = %v: fewer than distance − 1 cells", a, b, p)
			}
			q := FlightPath(b, a)
			sortXY(q)
			pp := slices.Clone(p)
			sortXY(pp)
			if !slices.Equal(pp, q) {
				t.Errorf("FlightPath(%v, %v) = %v but the reverse pass %v", a, b, pp, q)
			}
		}
	}
}

func sortXY(cs []Cell) {
	slices.SortFunc(cs, func(p, q Cell) int {
		if p.X != q.X {
			return p.X - q.X
		}
		return p.Y - q.Y
	})
}

// TestInFront: RB-D46 (the hexfield.py self-check and §2.2's "one hex along
// an axis, two otherwise").
func TestInFront(t *testing.T) {
	tests := []struct {
		n, t, g Cell
		want    bool
	}{
		{c(21, 15), c(20, 16), c(30, 16), true},
		{c(19, 17), c(20, 16), c(30, 16), false},
		{c(21, 17), c(20, 16), c(30, 16), true},
		{c(20, 14), c(20, 16), c(30, 16), false},
		{c(22, 16), c(20, 16), c(30, 16), false}, // not adjacent
		{c(16, 14), c(16, 16), c(16, 2), true},   // along an axis: one hex
		{c(17, 15), c(16, 16), c(16, 2), false},
		{c(15, 15), c(16, 16), c(16, 2), false},
	}
	for _, tt := range tests {
		if got := InFront(tt.n, tt.t, tt.g); got != tt.want {
			t.Errorf("InFront(%v, %v, %v) = %v, want %v", tt.n, tt.t, tt.g, got, tt.want)
		}
	}
	// The count of in-front neighbours is 1 along an axis and 2 otherwise
	// (RB-D46), for every target at distance ≥ 2 from 16:16.
	from := c(16, 16)
	for _, g := range All() {
		if Distance(from, g) < 2 {
			continue
		}
		n := 0
		for _, nb := range Neighbours(from) {
			if InFront(nb, from, g) {
				n++
			}
		}
		axis := false
		for _, d := range Dirs {
			dx, dy := d.Vector()
			k := Distance(from, g)
			if (Cell{from.X + k*dx, from.Y + k*dy}) == g {
				axis = true
			}
		}
		if want := map[bool]int{true: 1, false: 2}[axis]; n != want {
			t.Errorf("from %v to %v: %d neighbours in front, want %d (axis %v)", from, g, n, want, axis)
		}
	}
}

// TestKnockbackCells: RB-D33, the §2.2 example and its rule "for v = NE: NE,
// N, SE".
func TestKnockbackCells(t *testing.T) {
	tests := []struct {
		blocker, defender Cell
		want              [3]Cell
	}{
		{c(14, 16), c(15, 15), [3]Cell{c(16, 14), c(15, 13), c(16, 16)}}, // §2.2 example
		{c(16, 16), c(16, 14), [3]Cell{c(16, 12), c(15, 13), c(17, 13)}}, // N: N, NW, NE
		{c(16, 16), c(15, 17), [3]Cell{c(14, 18), c(15, 19), c(14, 16)}}, // SW: SW, S, NW
		{c(2, 4), c(2, 2), [3]Cell{c(2, 0), c(1, 1), c(3, 1)}},           // toward the touchline
		{c(16, 16), c(18, 16), [3]Cell{}},                                // not adjacent
	}
	for _, tt := range tests {
		if got := KnockbackCells(tt.blocker, tt.defender); got != tt.want {
			t.Errorf("KnockbackCells(%v, %v) = %v, want %v", tt.blocker, tt.defender, got, tt.want)
		}
	}
}

func TestNearest(t *testing.T) {
	tests := []struct {
		c     Cell
		cands []Cell
		want  []Cell
	}{
		{c(31, 15), []Cell{c(20, 16), c(29, 15), c(30, 14), c(28, 16)}, []Cell{c(30, 14)}},
		{c(16, 16), []Cell{c(18, 16), c(16, 20), c(14, 16), c(16, 12)}, []Cell{c(18, 16), c(16, 20), c(14, 16), c(16, 12)}},
		{c(16, 16), []Cell{c(20, 16), c(18, 16), c(14, 16)}, []Cell{c(18, 16), c(14, 16)}},
		{c(16, 16), nil, nil},
	}
	for _, tt := range tests {
		if got := Nearest(tt.c, tt.cands); !slices.Equal(got, tt.want) {
			t.Errorf("Nearest(%v, %v) = %v, want %v", tt.c, tt.cands, got, tt.want)
		}
	}
}

// TestCheckPath: Flow M's geometry (RB-F22, RB-D13) and §2.7's refusals.
func TestCheckPath(t *testing.T) {
	occupied := func(i int, x Cell) error {
		if x == c(18, 16) {
			return errors.New("18:16 is occupied by A2")
		}
		return nil
	}
	tests := []struct {
		name     string
		from     Cell
		path     string
		usedHalf Cell
		wantHalf Cell
		wantErr  string
		problem  PathProblem
		index    int
	}{
		{"a plain move", c(13, 17), "14:16,15:15,16:14", Cell{}, Cell{}, "", 0, 0},
		{"not adjacent", c(13, 3), "13:7", Cell{}, Cell{}, "13:3 → 13:7 is not a step between adjacent hexes", PathNotAdjacent, 0},
		{"a gap later", c(13, 17), "14:16,16:16", Cell{}, Cell{}, "14:16 → 16:16 is not a step between adjacent hexes", PathNotAdjacent, 1},
		{"off the field", c(1, 17), "0:16", Cell{}, Cell{}, "0:16 is off the field (use run-off)", PathOffField, 0},
		{"occupied", c(16, 16), "17:15,18:16", Cell{}, Cell{}, "18:16 is occupied by A2", 0, 0},
		{"one half-hex", c(13, 5), "13:3,13:1,14:2", Cell{}, c(13, 1), "", 0, 0},
		{"two half-hexes", c(13, 5), "13:3,13:1,14:2,15:1", Cell{}, Cell{},
			"only one half-hex may be used in a move (l. 40): 13:1 and 15:1", PathHalfHex, 3},
		{"starting on one does not count", c(13, 1), "14:2,15:1", Cell{}, c(15, 1), "", 0, 0},
		{"back to the same half-hex", c(13, 3), "13:1,14:2,13:1", Cell{}, c(13, 1), "", 0, 0},
		{"the open move used one", c(14, 2), "15:1", c(13, 1), Cell{},
			"only one half-hex may be used in a move (l. 40): 13:1 and 15:1", PathHalfHex, 0},
		{"the open move used one, none now", c(14, 2), "15:3", c(13, 1), c(13, 1), "", 0, 0},
		{"the open move used this one", c(14, 2), "13:1", c(13, 1), c(13, 1), "", 0, 0},
		// §2.7 order: every step's adjacency, field and freedom before the
		// half-hex rule.
		{"gap after two half-hexes", c(14, 2), "13:1,14:2,15:1,15:5", Cell{}, Cell{},
			"15:1 → 15:5 is not a step between adjacent hexes", PathNotAdjacent, 3},
		{"empty", c(16, 16), "", Cell{}, Cell{}, "the path is empty", PathEmpty, 0},
	}
	for _, tt := range tests {
		var path []Cell
		if tt.path != "" {
			for _, s := range strings.Split(tt.path, ",") {
				x, err := ParseCoords(s)
				if err != nil {
					t.Fatal(err)
				}
				path = append(path, x)
			}
		}
		half, err := CheckPath(tt.from, path, tt.usedHalf, occupied)
		if tt.wantErr == "" {
			if err != nil || half != tt.wantHalf {
				t.Errorf("%s: CheckPath = %v, %v; want %v, nil", tt.name, half, err, tt.wantHalf)
			}
			continue
		}
		if err == nil || err.Error() != tt.wantErr {
			t.Errorf("%s: CheckPath error %v, want %q", tt.name, err, tt.wantErr)
			continue
		}
		if half != tt.usedHalf {
			t.Errorf("%s: refused path gives half %v, want the unchanged %v", tt.name, half, tt.usedHalf)
		}
		var pe *PathError
		if tt.problem == 0 {
			if errors.As(err, &pe) {
				t.Errorf("%s: got a PathError, want the caller's own", tt.name)
			}
			continue
		}
		if !errors.As(err, &pe) || pe.Problem != tt.problem || pe.Index != tt.index {
			t.Errorf("%s: error %#v, want problem %d at %d", tt.name, err, tt.problem, tt.index)
		}
	}
	if _, err := CheckPath(c(16, 16), []Cell{c(16, 14)}, Cell{}, nil); err != nil {
		t.Errorf("CheckPath with no free test: %v", err)
	}
}

// TestFlightPathWindow: FlightPath looks only at cells near the segment; the
// same test over every cell of the field finds nothing more, for every pass
// from five passers.
func TestFlightPathWindow(t *testing.T) {
	for _, a := range []Cell{c(16, 16), c(1, 1), c(31, 31), c(2, 30), c(9, 7)} {
		for _, b := range All() {
			if a == b {
				continue
			}
			ax, ay := 3*a.X, a.Y
			dx, dy := 3*b.X-ax, b.Y-ay
			var want []Cell
			for _, x := range All() {
				if x != a && x != b && onFlightPath(ax, ay, dx, dy, dx*dx+dy*dy, x) {
					want = append(want, x)
				}
			}
			got := slices.Clone(FlightPath(a, b))
			sortXY(got)
			if !slices.Equal(got, want) {
				t.Fatalf("FlightPath(%v, %v) = %v, every cell %v", a, b, got, want)
			}
		}
	}
}
