// Package scorepad is the score pad for any board game: one column per
// player, one row per round, running totals, a leader, and an optional end
// condition (a target score or a fixed number of rounds) after which the pad
// shows the final placements.
//
// The seats are the players: a game of three is set up with the seats
// "alice", "bob" and "carol". The pad lies on a shared table, so any seat may
// write any player's score and undo any command. It rolls no dice and hides
// nothing: every seat and the public view see the same View.
package scorepad

import (
	"errors"
	"fmt"
	"strings"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/pad"
)

// ID is the system id the score pad registers under.
const ID = "scorepad"

// Limits of the pad.
const (
	// MinPlayers and MaxPlayers bound the number of seats.
	MinPlayers = 1
	MaxPlayers = 8
	// MaxNameLen is the longest player (seat) name, in bytes.
	MaxNameLen = 24
	// MinCell and MaxCell bound one player's score in one round.
	MinCell = -100000
	MaxCell = 100000
	// MaxRounds is the most rounds a pad holds, with or without a rounds
	// limit.
	MaxRounds = 1000
	// MaxTarget is the largest target score.
	MaxTarget = 100000000
)

// Command names.
const (
	CmdAdd       = "add"
	CmdSet       = "set"
	CmdNextRound = "next-round"
	CmdEnd       = "end"
)

// Event types. They are stored in saves: never rename them.
const (
	EventScoreAdded  = "score-added"
	EventScoreSet    = "score-set"
	EventRoundClosed = "round-closed"
	EventGameEnded   = "game-ended"
)

// Values of the "wins" setup option.
const (
	WinsHigh = "high"
	WinsLow  = "low"
)

// ScoreAdded is the payload of a score-added event: Points added to
// Player's score in Round.
type ScoreAdded struct {
	Player string `json:"player" msgpack:"player"`
	Round  int    `json:"round" msgpack:"round"`
	Points int    `json:"points" msgpack:"points"`
}

// ScoreSet is the payload of a score-set event: Player's score in Round
// set to Points; Was is the score it replaced, for the history.
type ScoreSet struct {
	Player string `json:"player" msgpack:"player"`
	Round  int    `json:"round" msgpack:"round"`
	Points int    `json:"points" msgpack:"points"`
	Was    int    `json:"was" msgpack:"was"`
}

// RoundClosed is the payload of a round-closed event. Unless Final, the
// next round opens; a final round-closed is followed by game-ended.
type RoundClosed struct {
	Round int  `json:"round" msgpack:"round"`
	Final bool `json:"final,omitempty" msgpack:"final,omitempty"`
}

// GameEnded is the payload of a game-ended event. Reason is "target",
// "rounds" or "agreed"; Placements are the final placements, recorded so
// the history reads the same whatever came after.
type GameEnded struct {
	Reason     string              `json:"reason" msgpack:"reason"`
	Placements []console.Placement `json:"placements" msgpack:"placements"`
}

// state is the pad's whole state. Scores[r][p] is player p's score in
// round r+1; there is one row per round so far, the last being the current
// round.
type state struct {
	Players  []string `msgpack:"players"`
	Scores   [][]int  `msgpack:"scores"`
	Target   int      `msgpack:"target"`
	Limit    int      `msgpack:"limit"`
	Low      bool     `msgpack:"low,omitempty"`
	Finished bool     `msgpack:"finished,omitempty"`
	Reason   string   `msgpack:"reason,omitempty"`
	// Last is the command Undo would take back, nil before the first.
	// Known says the pad keeps it: a pad restored from a snapshot made
	// before it did knows it again after its next command (or undo).
	Last  *lastCommand `msgpack:"last,omitempty"`
	Known bool         `msgpack:"known,omitempty"`
}

// lastCommand is the pad's last command: its id (the events of one
// command share it), the seat that gave it and its first history line.
type lastCommand struct {
	Cmd  string `msgpack:"cmd"`
	Seat string `msgpack:"seat"`
	Text string `msgpack:"text"`
}

// round is the current round, 1-based.
func (g *state) round() int { return len(g.Scores) }

func (g *state) player(name string) int {
	for i, p := range g.Players {
		if p == name {
			return i
		}
	}
	return -1
}

// seats returns the players as seats.
func (g *state) seats() []console.Seat {
	out := make([]console.Seat, len(g.Players))
	for i, p := range g.Players {
		out[i] = console.Seat(p)
	}
	return out
}

func (g *state) totals() []int { return pad.Totals(g.Scores, len(g.Players)) }

func (g *state) entries() []pad.Entry {
	t := g.totals()
	out := make([]pad.Entry, len(g.Players))
	for i, p := range g.Players {
		out[i] = pad.Entry{Seat: console.Seat(p), Name: p, Score: t[i]}
	}
	return out
}

func (g *state) placements() []console.Placement { return pad.Placements(g.entries(), !g.Low) }

func (g *state) end() pad.End { return pad.End{Target: g.Target, Rounds: g.Limit} }

func (g *state) wins() string {
	if g.Low {
		return WinsLow
	}
	return WinsHigh
}

// Rules is the score pad's rule set; it implements console.Rules and keeps
// no state of its own, so one value serves every game.
type Rules struct{}

var _ console.Rules = (*Rules)(nil)

// New returns the score pad's rules, for the registry.
func New() *Rules { return &Rules{} }

// Info describes the score pad.
func (*Rules) Info() console.SystemInfo {
	return console.SystemInfo{
		ID:       ID,
		Name:     "Score pad",
		Kind:     console.KindBoard,
		MinSeats: MinPlayers,
		MaxSeats: MaxPlayers,
		Doc: "A score pad for any board game: the seats are the players, one row per round, " +
			"running totals and the leader; optionally the game ends at a target score or after a fixed number of rounds.",
		Options: []console.ArgSpec{
			{Name: "target", Kind: console.ArgInt, Min: console.Bounds(0), Max: console.Bounds(MaxTarget), Default: "0",
				Doc: "end the game at the end of the round in which any player's total reaches this score; 0 for no target"},
			{Name: "rounds", Kind: console.ArgInt, Min: console.Bounds(0), Max: console.Bounds(MaxRounds), Default: "0",
				Doc: "end the game after this many rounds; 0 for unlimited"},
			{Name: "wins", Kind: console.ArgEnum, Enum: []string{WinsHigh, WinsLow}, Default: WinsHigh,
				Doc: "whether the highest or the lowest total wins"},
		},
		Playable: true,
	}
}

// Commands lists the score pad's commands.
func (*Rules) Commands() []console.CommandSpec {
	player := console.ArgSpec{Name: "player", Kind: console.ArgSeat, Required: true, MaxLen: MaxNameLen,
		Doc: "the player whose score it is"}
	points := console.ArgSpec{Name: "points", Kind: console.ArgInt, Required: true,
		Min: console.Bounds(MinCell), Max: console.Bounds(MaxCell)}
	round := console.ArgSpec{Name: "round", Kind: console.ArgInt, Min: console.Bounds(1), Max: console.Bounds(MaxRounds)}
	addPoints, setPoints := points, points
	addPoints.Doc = "the points to add (negative to take away)"
	setPoints.Doc = "the player's exact score for that round"
	addRound, setRound := round, round
	addRound.Doc = "the round to add to; the current round when left out, an earlier round to correct it"
	setRound.Doc = "the round to set: the current round or an earlier one"
	setRound.Required = true
	return []console.CommandSpec{
		{Name: CmdAdd, Version: 1, Args: []console.ArgSpec{player, addPoints, addRound},
			Doc:  "Add points to a player's score for the current round, or for an earlier round to correct it.",
			When: "while the game is not over; any seat, for any player"},
		{Name: CmdSet, Version: 1, Args: []console.ArgSpec{player, setRound, setPoints},
			Doc:  "Set a player's score for a round exactly, replacing what was written there.",
			When: "while the game is not over; any seat, for any player, in the current or an earlier round"},
		{Name: CmdNextRound, Version: 1,
			Doc:  "Close the current round and open the next; if the target score is reached or the last round is done, the game ends.",
			When: "while the game is not over; any seat"},
		{Name: CmdEnd, Version: 1,
			Doc:  "End the game now, by agreement, with the scores as they stand.",
			When: "while the game is not over; any seat"},
	}
}

// New builds an empty pad in round 1 from the setup's seats and options.
func (r *Rules) New(setup console.Setup) (console.State, error) {
	if setup.System != "" && setup.System != ID {
		return nil, fmt.Errorf("setup is for system %q, not %q", setup.System, ID)
	}
	if err := console.CheckSeats(r.Info(), setup.Seats); err != nil {
		return nil, err
	}
	opts, err := console.SetupOptions(r.Info(), setup)
	if err != nil {
		return nil, err
	}
	g := &state{
		Players: make([]string, len(setup.Seats)),
		Target:  opts.Int("target"),
		Limit:   opts.Int("rounds"),
		Low:     opts.String("wins") == WinsLow,
	}
	for i, s := range setup.Seats {
		g.Players[i] = string(s)
	}
	g.Scores = [][]int{make([]int, len(g.Players))}
	g.Known = true
	return g, nil
}

// errWrongState is returned when the engine hands the rules a state that is
// not a score pad's.
var errWrongState = errors.New("scorepad: state is not a score pad")

func asState(s console.State) (*state, error) {
	g, ok := s.(*state)
	if !ok || g == nil {
		return nil, fmt.Errorf("%w (got %T)", errWrongState, s)
	}
	return g, nil
}

// Decide checks a command against the pad and returns its events. It never
// modifies s and rolls no dice.
func (r *Rules) Decide(s console.State, seat console.Seat, cmd console.Command, _ *console.Dice) ([]console.Event, error) {
	g, err := asState(s)
	if err != nil {
		return nil, err
	}
	specs := r.Commands()
	spec, ok := console.FindCommand(specs, cmd.Name)
	if !ok {
		return nil, console.RejectWith(console.ReasonBadInput, "unknown command %q (commands: %s)", cmd.Name, strings.Join(console.CommandNames(specs), ", "))
	}
	if g.player(string(seat)) < 0 {
		return nil, console.RejectWith(console.ReasonNotFound, "%q is not at this table; the players are %s", seat, strings.Join(g.Players, ", "))
	}
	// Validating again is cheap and idempotent, and keeps Decide safe when
	// called with raw arguments.
	args, err := console.ValidateArgs(spec.Args, cmd.Args, g.seats())
	if err != nil {
		return nil, console.RejectWith(console.ReasonBadInput, "%s: %v", cmd.Name, err)
	}
	if g.Finished {
		return nil, console.RejectWith(console.ReasonGameOver, "the game is over; undo to change it")
	}
	var events []console.Event
	switch cmd.Name {
	case CmdAdd:
		events, err = g.decideAdd(args)
	case CmdSet:
		events, err = g.decideSet(args)
	case CmdNextRound:
		events, err = g.decideNextRound()
	case CmdEnd:
		events, err = g.decideEnd(pad.EndAgreed)
	}
	if err != nil {
		return nil, err
	}
	for i := range events {
		events[i].Seat = seat
		events[i].Cmd = cmd.ID
	}
	return events, nil
}

// checkRound refuses a round that does not exist.
func (g *state) checkRound(round int) error {
	if round < 1 {
		return console.Reject("round %d does not exist: rounds start at 1", round)
	}
	if round > g.round() {
		return console.Reject("round %d does not exist yet: the current round is %d", round, g.round())
	}
	return nil
}

// checkCell refuses a score outside the range of one cell.
func checkCell(player string, round, score int) error {
	if score < MinCell || score > MaxCell {
		return console.Reject("%s's score in round %d would be %d: a round score must stay between %d and %d",
			player, round, score, MinCell, MaxCell)
	}
	return nil
}

func (g *state) decideAdd(args console.Args) ([]console.Event, error) {
	name, points := args.String("player"), args.Int("points")
	p := g.player(name)
	round := g.round()
	if args.Has("round") {
		round = args.Int("round")
	}
	if err := g.checkRound(round); err != nil {
		return nil, err
	}
	if err := checkCell(name, round, g.Scores[round-1][p]+points); err != nil {
		return nil, err
	}
	e, err := console.NewEvent(EventScoreAdded, ScoreAdded{Player: name, Round: round, Points: points})
	return []console.Event{e}, err
}

func (g *state) decideSet(args console.Args) ([]console.Event, error) {
	name, round, points := args.String("player"), args.Int("round"), args.Int("points")
	p := g.player(name)
	if err := g.checkRound(round); err != nil {
		return nil, err
	}
	if err := checkCell(name, round, points); err != nil {
		return nil, err
	}
	e, err := console.NewEvent(EventScoreSet, ScoreSet{Player: name, Round: round, Points: points, Was: g.Scores[round-1][p]})
	return []console.Event{e}, err
}

func (g *state) decideNextRound() ([]console.Event, error) {
	round := g.round()
	reason := g.end().Check(g.totals(), round)
	if reason == pad.NotEnded && round >= MaxRounds {
		return nil, console.Reject("the pad holds at most %d rounds; end the game", MaxRounds)
	}
	closed, err := console.NewEvent(EventRoundClosed, RoundClosed{Round: round, Final: reason != pad.NotEnded})
	if err != nil || reason == pad.NotEnded {
		return []console.Event{closed}, err
	}
	ended, err := g.decideEnd(reason)
	return append([]console.Event{closed}, ended...), err
}

func (g *state) decideEnd(reason pad.EndReason) ([]console.Event, error) {
	e, err := console.NewEvent(EventGameEnded, GameEnded{Reason: string(reason), Placements: g.placements()})
	return []console.Event{e}, err
}

// Apply folds one event into the pad. It fails on an event it cannot decode
// or that does not fit the pad (a damaged save), and never panics.
func (r *Rules) Apply(s console.State, e console.Event) (console.State, error) {
	g, err := asState(s)
	if err != nil {
		return nil, err
	}
	if err := g.apply(e); err != nil {
		return nil, fmt.Errorf("scorepad: event %d (%s): %w", e.Seq, e.Type, err)
	}
	g.remember(e)
	return g, nil
}

// remember keeps e's command as the one Undo would take back: its seat
// and its first event's line (a score added, not the end it brought).
func (g *state) remember(e console.Event) {
	g.Known = true
	if g.Last != nil && e.Cmd != "" && g.Last.Cmd == e.Cmd {
		return
	}
	g.Last = &lastCommand{Cmd: e.Cmd, Seat: string(e.Seat), Text: describe(e)}
}

func (g *state) apply(e console.Event) error {
	switch e.Type {
	case EventScoreAdded:
		var d ScoreAdded
		if err := console.Decode(e.Data, &d); err != nil {
			return err
		}
		p, err := g.cell(d.Player, d.Round)
		if err != nil {
			return err
		}
		v := g.Scores[d.Round-1][p] + d.Points
		if err := checkCell(d.Player, d.Round, v); err != nil {
			return err
		}
		g.Scores[d.Round-1][p] = v
	case EventScoreSet:
		var d ScoreSet
		if err := console.Decode(e.Data, &d); err != nil {
			return err
		}
		p, err := g.cell(d.Player, d.Round)
		if err != nil {
			return err
		}
		if err := checkCell(d.Player, d.Round, d.Points); err != nil {
			return err
		}
		g.Scores[d.Round-1][p] = d.Points
	case EventRoundClosed:
		var d RoundClosed
		if err := console.Decode(e.Data, &d); err != nil {
			return err
		}
		if d.Round != g.round() {
			return fmt.Errorf("closes round %d but the current round is %d", d.Round, g.round())
		}
		if !d.Final {
			if g.round() >= MaxRounds || (g.Limit > 0 && g.round() >= g.Limit) {
				return fmt.Errorf("round %d is the last round this pad allows", g.round())
			}
			g.Scores = append(g.Scores, make([]int, len(g.Players)))
		}
	case EventGameEnded:
		var d GameEnded
		if err := console.Decode(e.Data, &d); err != nil {
			return err
		}
		if !validReason(d.Reason) {
			return fmt.Errorf("unknown end reason %q", d.Reason)
		}
		g.Finished, g.Reason = true, d.Reason
	default:
		return fmt.Errorf("unknown event type %q", e.Type)
	}
	return nil
}

// cell finds the player's column and checks the round exists.
func (g *state) cell(player string, round int) (int, error) {
	p := g.player(player)
	if p < 0 {
		return 0, fmt.Errorf("no player %q", player)
	}
	if round < 1 || round > g.round() {
		return 0, fmt.Errorf("round %d does not exist (the pad has %d)", round, g.round())
	}
	return p, nil
}

func validReason(r string) bool {
	switch pad.EndReason(r) {
	case pad.EndTarget, pad.EndRounds, pad.EndAgreed:
		return true
	}
	return false
}

// Undoable lets any seat undo any command: the pad is shared and rolls no
// dice.
func (*Rules) Undoable(s console.State, seat console.Seat, last []console.Event) error {
	player := true
	if g, err := asState(s); err == nil {
		player = g.player(string(seat)) >= 0
	}
	if why := undoRefusal(player, len(last) > 0); why != "" {
		return console.Reject("%s", why)
	}
	return nil
}

// undoRefusal is the pad's undo rule, for Undoable and the view's UndoBy:
// any player takes back the last command, whoever gave it; a spectator
// none. It returns why not, or "" when the undo is allowed.
func undoRefusal(player, something bool) string {
	switch {
	case !player:
		return "only the players undo"
	case !something:
		return "nothing to undo"
	}
	return ""
}

// EncodeState serialises the pad for a snapshot.
func (*Rules) EncodeState(s console.State) ([]byte, error) {
	g, err := asState(s)
	if err != nil {
		return nil, err
	}
	return console.Encode(g)
}

// DecodeState restores a pad from a snapshot. It checks the pad is whole
// (names, grid shape, cell ranges, options) and returns an error rather
// than a pad the other methods could trip over.
func (*Rules) DecodeState(b []byte) (console.State, error) {
	var g state
	if err := console.Decode(b, &g); err != nil {
		return nil, fmt.Errorf("scorepad: %w", err)
	}
	if err := g.check(); err != nil {
		return nil, fmt.Errorf("scorepad: damaged state: %w", err)
	}
	return &g, nil
}

// check validates a decoded state.
func (g *state) check() error {
	if err := console.CheckSeats(New().Info(), g.seats()); err != nil {
		return err
	}
	switch {
	case len(g.Scores) < 1 || len(g.Scores) > MaxRounds:
		return fmt.Errorf("%d rounds: want 1 to %d", len(g.Scores), MaxRounds)
	case g.Target < 0 || g.Target > MaxTarget:
		return fmt.Errorf("target %d out of range", g.Target)
	case g.Limit < 0 || g.Limit > MaxRounds:
		return fmt.Errorf("rounds limit %d out of range", g.Limit)
	case g.Limit > 0 && len(g.Scores) > g.Limit:
		return fmt.Errorf("%d rounds played but the limit is %d", len(g.Scores), g.Limit)
	case g.Finished != (g.Reason != ""):
		return fmt.Errorf("finished is %v but the end reason is %q", g.Finished, g.Reason)
	case g.Finished && !validReason(g.Reason):
		return fmt.Errorf("unknown end reason %q", g.Reason)
	}
	for r, row := range g.Scores {
		if len(row) != len(g.Players) {
			return fmt.Errorf("round %d has %d scores for %d players", r+1, len(row), len(g.Players))
		}
		for p, v := range row {
			if err := checkCell(g.Players[p], r+1, v); err != nil {
				return err
			}
		}
	}
	return nil
}
