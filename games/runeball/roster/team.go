package roster

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// TeamID is a team's letter: H (home) or A (away) (§2.1).
type TeamID byte

// The two teams (§2.1).
const (
	Home TeamID = 'H'
	Away TeamID = 'A'
)

// TeamSize is the players of a team (l. 44, RB-F12).
const TeamSize = 9

// OnField is the players of a team on the field at once (l. 44, RB-F12).
const OnField = 7

// String is the letter: "H".
func (t TeamID) String() string { return string(rune(t)) }

// Seat is the seat that runs the team: "home" or "away" (§2.1).
func (t TeamID) Seat() string {
	if t == Away {
		return "away"
	}
	return "home"
}

// Slot is a player id: a team and a slot 1…9 ("H1"…"H9", "A1"…"A9";
// §2.1).
type Slot struct {
	Team TeamID
	N    int
}

// String is the id in upper case: "H1".
func (s Slot) String() string { return s.Team.String() + strconv.Itoa(s.N) }

// ParseSlot reads a player id, case-insensitive ("h1", "A9").
func ParseSlot(s string) (Slot, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	bad := fmt.Errorf("%q is not a player (H1…H9, A1…A9)", s)
	if len(t) != 2 || (t[0] != 'H' && t[0] != 'A') || t[1] < '1' || t[1] > '9' {
		return Slot{}, bad
	}
	return Slot{Team: TeamID(t[0]), N: int(t[1] - '0')}, nil
}

// Origin is how a slot got its stats.
type Origin int

// The origins of a slot's stats.
const (
	Empty   Origin = iota // no player
	Entered               // enter-player: final stats, no improvement step
	Rolled                // roll-stats, then assign-stats and an optional improve
)

// Player is one slot's sheet (§2.7 roster commands, RB-D9, RB-D10).
// It is a value: copying it copies everything.
type Player struct {
	Slot       Slot   `json:"slot"`
	Name       string `json:"name,omitempty"`
	Background string `json:"background,omitempty"` // recorded, no effect (RB-D10)
	Boon       string `json:"boon,omitempty"`       // recorded, no effect (RB-D10)
	Origin     Origin `json:"origin"`
	// Rolls are the eight totals of a rolled player (RB-F2).
	Rolls Rolls `json:"rolls,omitzero"`
	// Assigned: a rolled player's Base holds the seven best rolls.
	Assigned bool `json:"assigned,omitempty"`
	// Base are the stats before the improvement: entered final stats, or
	// the assigned rolls.
	Base Stats `json:"base,omitzero"`
	// Improved: Improvement has been applied once (RB-D9).
	Improved    bool        `json:"improved,omitempty"`
	Improvement Improvement `json:"improvement,omitzero"`
}

// IsEmpty reports whether the slot has no player.
func (p Player) IsEmpty() bool { return p.Origin == Empty }

// Complete reports whether the player can play: entered, or rolled and
// assigned (improve is optional, RB-D9).
func (p Player) Complete() bool {
	return p.Origin == Entered || (p.Origin == Rolled && p.Assigned)
}

// Stats are the final stats: Base with the improvement applied. They are
// zero until the player is complete.
func (p Player) Stats() Stats {
	if !p.Complete() {
		return Stats{}
	}
	if p.Improved {
		return p.Improvement.Apply(p.Base)
	}
	return p.Base
}

// Derived are the derived values of the final stats (RB-D3…RB-D8); zero
// until the player is complete.
func (p Player) Derived() Derived {
	if !p.Complete() {
		return Derived{}
	}
	return Derive(p.Stats())
}

// Team is a team of nine slots with the roster checks of §2.7. Its
// methods change the team only when they return nil, so an engine may try
// a command on a copy (Team is a value).
type Team struct {
	ID      TeamID           `json:"id"`
	Players [TeamSize]Player `json:"players"`
	Locked  bool             `json:"locked,omitempty"`
	Doctor  int              `json:"doctor,omitempty"` // slot 1…9 of the team doctor, 0 = none (RB-D42)
}

// NewTeam returns an empty team with its slots numbered.
func NewTeam(id TeamID) Team {
	t := Team{ID: id}
	for i := range t.Players {
		t.Players[i].Slot = Slot{Team: id, N: i + 1}
	}
	return t
}

// Player returns a slot's sheet (n 1…9; the zero Player otherwise).
func (t *Team) Player(n int) Player {
	if n < 1 || n > TeamSize {
		return Player{}
	}
	return t.Players[n-1]
}

// errLocked is every roster command's refusal after lock-roster.
var errLocked = errors.New("the roster is locked")

// slot checks that a command may change the slot: the team's own, and the
// roster not locked.
func (t *Team) slot(s Slot) (*Player, error) {
	if s.Team != t.ID {
		return nil, fmt.Errorf("%s is %s's player", s, s.Team.Seat())
	}
	if s.N < 1 || s.N > TeamSize {
		return nil, fmt.Errorf("%q is not a player (H1…H9, A1…A9)", s.String())
	}
	if t.Locked {
		return nil, errLocked
	}
	return &t.Players[s.N-1], nil
}

func alreadyHas(s Slot) error {
	return fmt.Errorf("%s already has stats (remove-player %s to start again)", s, s)
}

// EnterPlayer fills an empty slot with final stats (enter-player: a saved
// or pre-made character, 6–17 each, no improvement step; RB-D9).
func (t *Team) EnterPlayer(s Slot, name string, stats Stats, background, boon string) error {
	p, err := t.slot(s)
	if err != nil {
		return err
	}
	name = strings.TrimSpace(name)
	if name == "" {
		return errors.New("name is required")
	}
	if err := stats.Check(); err != nil {
		return err
	}
	if !p.IsEmpty() {
		return alreadyHas(s)
	}
	*p = Player{Slot: s, Name: name, Background: background, Boon: boon, Origin: Entered, Base: stats}
	return nil
}

// RollStats records a new player's eight 2d6+4 totals (roll-stats; from
// Roll, FromDice or NewRolls).
func (t *Team) RollStats(s Slot, name string, r Rolls) error {
	p, err := t.slot(s)
	if err != nil {
		return err
	}
	name = strings.TrimSpace(name)
	if name == "" {
		return errors.New("name is required")
	}
	for _, v := range r {
		if v < RollMin || v > RollMax {
			return errRolls
		}
	}
	if !p.IsEmpty() {
		return alreadyHas(s)
	}
	*p = Player{Slot: s, Name: name, Origin: Rolled, Rolls: r}
	return nil
}

// AssignStats puts the seven best rolls on the seven stats, in any order
// (assign-stats; RB-F2, RB-D9). It may be repeated until improve.
func (t *Team) AssignStats(s Slot, stats Stats) error {
	p, err := t.slot(s)
	if err != nil {
		return err
	}
	switch {
	case p.Origin == Entered:
		return fmt.Errorf("%s was entered with final stats", s)
	case p.Origin != Rolled:
		return fmt.Errorf("%s has no rolls (roll-stats first)", s)
	case p.Improved:
		return fmt.Errorf("%s is already improved (remove-player %s to start again)", s, s)
	}
	if !p.Rolls.Fits(stats) {
		kept, dropped := p.Rolls.Best()
		return fmt.Errorf("%s's stats must be the seven best rolls %s in any order (%d is dropped)", s, joinInts(kept[:]), dropped)
	}
	p.Base, p.Assigned = stats, true
	return nil
}

// Improve applies the once-only +1 step to an assigned rolled player
// (improve; RB-F3, RB-F4, RB-D9).
func (t *Team) Improve(s Slot, m Improvement) error {
	p, err := t.slot(s)
	if err != nil {
		return err
	}
	switch {
	case p.Origin == Entered:
		return fmt.Errorf("%s was entered with final stats", s)
	case p.Origin != Rolled || !p.Assigned:
		return fmt.Errorf("assign %s's stats first", s)
	case p.Improved:
		return fmt.Errorf("%s is already improved", s)
	}
	if err := m.Check(p.Base); err != nil {
		return err
	}
	p.Improved, p.Improvement = true, m
	return nil
}

// NamePlayer renames a player and sets background and Boon (name-player;
// RB-D10); a nil argument leaves the field as it is. A name cannot be
// emptied.
func (t *Team) NamePlayer(s Slot, name, background, boon *string) error {
	p, err := t.slot(s)
	if err != nil {
		return err
	}
	if p.IsEmpty() {
		return fmt.Errorf("%s is empty", s)
	}
	if name != nil {
		n := strings.TrimSpace(*name)
		if n == "" {
			return errors.New("name is required")
		}
		p.Name = n
	}
	if background != nil {
		p.Background = *background
	}
	if boon != nil {
		p.Boon = *boon
	}
	return nil
}

// RemovePlayer empties a slot (remove-player). The doctor's post goes with
// the player.
func (t *Team) RemovePlayer(s Slot) error {
	p, err := t.slot(s)
	if err != nil {
		return err
	}
	*p = Player{Slot: s}
	if t.Doctor == s.N {
		t.Doctor = 0
	}
	return nil
}

// SetDoctor names one of the team's players the team doctor, or nobody
// with a nil slot (set-doctor; RB-D42). The slot need not be filled yet:
// a locked team has all nine.
func (t *Team) SetDoctor(s *Slot) error {
	if s == nil {
		if t.Locked {
			return errLocked
		}
		t.Doctor = 0
		return nil
	}
	if _, err := t.slot(*s); err != nil {
		return err
	}
	t.Doctor = s.N
	return nil
}

// CheckLock refuses to lock a team that is not nine complete players
// (lock-roster; l. 44, RB-F12): "a team has 9 players (l. 44): H9 is
// empty", "H4's stats are not assigned".
func (t *Team) CheckLock() error {
	if t.Locked {
		return errLocked
	}
	// one message names every slot still to fill, so a coach fixes them
	// all at once (issue 23: a message per slot was one pop-up each)
	var empty, open []string
	for _, p := range t.Players {
		switch {
		case p.IsEmpty():
			empty = append(empty, p.Slot.String())
		case !p.Complete():
			open = append(open, p.Slot.String())
		}
	}
	var parts []string
	if len(empty) > 0 {
		parts = append(parts, fmt.Sprintf("a team has %d players: %s %s empty", TeamSize, andList(empty), isAre(len(empty))))
	}
	if len(open) > 0 {
		if len(open) == 1 {
			parts = append(parts, open[0]+"'s stats are not assigned")
		} else {
			parts = append(parts, "the stats of "+andList(open)+" are not assigned")
		}
	}
	if len(parts) > 0 {
		return errors.New(strings.Join(parts, "; "))
	}
	return nil
}

// andList joins names for a sentence: "H1", "H1 and H3", "H1, H3 and H5".
func andList(xs []string) string {
	if len(xs) < 2 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

// Lock locks the team after CheckLock (lock-roster).
func (t *Team) Lock() error {
	if err := t.CheckLock(); err != nil {
		return err
	}
	t.Locked = true
	return nil
}
