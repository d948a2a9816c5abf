package field

// Team is a side of the field: Home (team H, the first seat, defending the
// west end x 1–3) or Away (team A, defending the east end x 29–31), or Nobody
// (the neutral zone). Home and Away are 0 and 1 so that a Team indexes a
// two-element array (scores, benches).
type Team uint8

// The teams (§2.1). H attacks east, A attacks west; neither changes ends at
// halftime (RB-D58).
const (
	Home Team = iota
	Away
	Nobody
)

// String returns "H", "A" or "nobody".
func (t Team) String() string {
	switch t {
	case Home:
		return "H"
	case Away:
		return "A"
	}
	return "nobody"
}

// Opponent returns the other team; Nobody (and any other value) has none and
// gives Nobody.
func (t Team) Opponent() Team {
	switch t {
	case Home:
		return Away
	case Away:
		return Home
	}
	return Nobody
}

// The columns of the zones (§2.2 table, RB-F18, RB-D14, RB-D15).
const (
	homeEndMaxX    = 3  // home end zone: x 1–3
	awayEndMinX    = 29 // away end zone: x 29–31
	homeKickerMaxX = 6  // home kicker zone: x 1–6 (RB-D15)
	awayKickerMinX = 26 // away kicker zone: x 26–31 (RB-D15)
)

// Side returns the team whose side of the field column c.X is on, end zone
// included: Home for x ≤ 15, Nobody for the neutral zone x = 16 (RB-D14), Away
// for x ≥ 17. It judges the column only; callers check Valid for cells that
// may be off the field.
func Side(c Cell) Team {
	switch {
	case c.X < NeutralX:
		return Home
	case c.X > NeutralX:
		return Away
	}
	return Nobody
}

// InEndZone reports whether c is a cell of the end zone team t defends (its
// own end, RB-F18): x 1–3 for Home, x 29–31 for Away; false for Nobody and
// for cells off the field.
func InEndZone(c Cell, t Team) bool {
	if !c.Valid() {
		return false
	}
	switch t {
	case Home:
		return c.X <= homeEndMaxX
	case Away:
		return c.X >= awayEndMinX
	}
	return false
}

// Neutral reports whether c is a cell of the neutral zone, the 15 cells of
// column 16 (RB-F17, RB-D14).
func Neutral(c Cell) bool {
	return c.Valid() && c.X == NeutralX
}

// GoalPost returns the goal post in the end zone team t defends (RB-F19,
// RB-D11, RB-D12): 2:16 for Home, 30:16 for Away. A team kicks field goals at
// its opponent's post (RB-D53). Nobody has no post: the zero Cell, which is
// off the field.
func GoalPost(t Team) Cell {
	switch t {
	case Home:
		return Cell{2, CenterY}
	case Away:
		return Cell{30, CenterY}
	}
	return Cell{}
}

// Scores reports whether c is a touchdown cell for team t attacking: a cell
// of the end zone its opponent defends (H in x 29–31, A in x 1–3; Flow Z,
// RB-D54).
func Scores(t Team, c Cell) bool {
	if t != Home && t != Away {
		return false
	}
	return InEndZone(c, t.Opponent())
}

// KickerZone reports whether team t's kicker may stand on c at a kickoff
// (RB-D15, option c): x 1–6 for Home, x 26–31 for Away, cells of the field
// only.
func KickerZone(t Team, c Cell) bool {
	if !c.Valid() {
		return false
	}
	switch t {
	case Home:
		return c.X <= homeKickerMaxX
	case Away:
		return c.X >= awayKickerMinX
	}
	return false
}
