package runeball

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/runeball/field"
	"github.com/commandconsole/commandconsole/games/runeball/roster"
)

// Table corrections (RB-D68): `correct` makes the app match the
// miniatures — a player's hex or the bench, stance, HP and statuses, the
// ball, the last touch, the score, the clock — between resolutions only,
// as one public event with what was before and after. It never grants or
// removes a turn and never triggers a bounce, a touchdown or a turnover.

// CmdCorrect is the table correction.
const CmdCorrect = "correct"

// betweenResolutions are the prompts a correction may interrupt.
var betweenResolutions = map[string]bool{"window-opp": true, "window-own": true, "initiative": true, "initiative-tie": true,
	"heal": true, "free": true, "halftime": true, "holders": true}

// correction is what a correct command sets.
type correction struct {
	Player string `msgpack:"player"`
	// Pos is the player's place after the correction.
	Pos    *pos    `msgpack:"pos"`
	Ball   *ball   `msgpack:"ball"`
	Score  *[2]int `msgpack:"score"`
	Half   int     `msgpack:"half"`
	Round  int     `msgpack:"round"`
	Clock  bool    `msgpack:"clock"`
	Before string  `msgpack:"before"`
	After  string  `msgpack:"after"`
}

// correct checks and records a correction.
func (x *decider) correct(a console.Args) error {
	g := x.g
	switch g.Phase {
	case PhaseSetup, PhaseKickoff, PhasePlay, PhaseStoppage:
	default:
		return console.RejectWith(console.ReasonWrongPhase, "corrections are made during the match (set-up, kickoff, play, stoppage), not in %s", g.Phase)
	}
	if p := g.Prompt; p != nil && !betweenResolutions[p.Step] {
		return console.Reject("finish the current resolution first (waiting for %s)", p.text())
	}
	c := correction{}
	var before, after []string
	if id := strings.TrimSpace(a.String("player")); id != "" {
		s, err := roster.ParseSlot(id)
		if err != nil {
			return console.RejectWith(console.ReasonBadInput, "%v", err)
		}
		id = s.String()
		p, pl, t := g.place(id)
		if !pl.Complete() {
			return console.Reject("%s is empty", id)
		}
		np := *p
		if v := strings.TrimSpace(a.String("hex")); v != "" {
			if v == "bench" {
				if pr := g.Prompt; pr != nil && (pr.Flow.Cand.Player == id || pr.Step == "holders" && pr.Flow.Player == id) {
					return console.Reject("%s is about to act: answer the question first", id)
				}
				if g.Ball.Holder == id {
					return console.Reject("%s holds the ball: move the ball first (ball=CELL)", id)
				}
				if g.Current != nil && g.Current.Player == id {
					return console.Reject("%s is acting: end his activation first", id)
				}
				np.OnField, np.Prone = false, false
			} else {
				cell, err := field.Parse(v)
				if err != nil {
					return console.RejectWith(console.ReasonBadInput, "hex: %v", err)
				}
				if o := g.occupant(cell); o != "" && o != id {
					return console.Reject("%s is taken by %s", cell, o)
				}
				if !p.OnField && g.Field[t].placed() >= 7 {
					return console.Reject("%s would have 8 players on the field", teamName(t))
				}
				np.OnField, np.Cell = true, cell
			}
		}
		if v := a.String("stance"); v != "" {
			switch v {
			case "standing":
				np.Prone = false
			case "prone":
				np.Prone = true
			default:
				return console.RejectWith(console.ReasonBadInput, "stance must be standing or prone")
			}
		}
		if a.Has("hp") {
			hp := a.Int("hp")
			if hp < -20 || hp > pl.Derived().HP {
				return console.RejectWith(console.ReasonBadInput, "hp must be −20…%d", pl.Derived().HP)
			}
			np.HP = hp
		}
		if v := strings.TrimSpace(a.String("statuses")); v != "" {
			st, err := ParseStatuses(v)
			if err != nil {
				return console.RejectWith(console.ReasonBadInput, "statuses: %v", err)
			}
			np.St, np.Out = st, st.Out
			if st.Out {
				np.Prone = true // an Out player is made prone
			}
		}
		if g.Ball.Holder == id && (!np.OnField || np.Prone || np.Out) {
			return console.Reject("%s must stand on the field to hold the ball", id)
		}
		c.Player, c.Pos = id, &np
		before = append(before, describePos(id, *p))
		after = append(after, describePos(id, np))
	}
	if v := strings.TrimSpace(a.String("ball")); v != "" {
		nb := g.Ball
		if cell, err := field.Parse(v); err == nil {
			st := a.String("ball-state")
			if st == "" {
				st = BallRest
			}
			if st != BallRest && st != BallBouncing {
				return console.RejectWith(console.ReasonBadInput, "ball-state must be rest or bouncing")
			}
			nb.State, nb.Cell, nb.Holder = st, cell, ""
		} else {
			s, err := roster.ParseSlot(v)
			if err != nil {
				return console.RejectWith(console.ReasonBadInput, "ball must be a cell or a player: %q", v)
			}
			id := s.String()
			p, _, _ := g.place(id)
			if c.Player == id {
				p = c.Pos
			}
			if !p.standing() {
				return console.Reject("%s must stand on the field to hold the ball", id)
			}
			nb.State, nb.Cell, nb.Holder = BallHeld, p.Cell, id
		}
		c.Ball = &nb
	}
	if v := strings.TrimSpace(a.String("last-touch")); v != "" {
		s, err := roster.ParseSlot(v)
		if err != nil {
			return console.RejectWith(console.ReasonBadInput, "last-touch: %v", err)
		}
		if c.Ball == nil {
			b := g.Ball
			c.Ball = &b
		}
		c.Ball.LastTouch = s.String()
	}
	if c.Ball != nil {
		before = append(before, "ball "+describeBall(g.Ball))
		after = append(after, "ball "+describeBall(*c.Ball))
	}
	if v := strings.TrimSpace(a.String("score")); v != "" {
		h, w, ok := strings.Cut(v, "-")
		hn, err1 := strconv.Atoi(h)
		an, err2 := strconv.Atoi(w)
		if !ok || err1 != nil || err2 != nil || hn < 0 || an < 0 || hn > 999 || an > 999 {
			return console.RejectWith(console.ReasonBadInput, "score must be HOME-AWAY, e.g. 7-3")
		}
		c.Score = &[2]int{hn, an}
		before = append(before, fmt.Sprintf("score %d-%d", g.Score[Home], g.Score[Away]))
		after = append(after, fmt.Sprintf("score %d-%d", hn, an))
	}
	if v := strings.TrimSpace(a.String("clock")); v != "" {
		if g.Phase != PhasePlay {
			return console.RejectWith(console.ReasonWrongPhase, "the clock is corrected during play")
		}
		h, r, ok := strings.Cut(v, ":")
		hn, err1 := strconv.Atoi(h)
		rn, err2 := strconv.Atoi(r)
		if !ok || err1 != nil || err2 != nil || hn < 1 || hn > 2 || rn < 1 || rn > g.RoundsPerHalf {
			return console.RejectWith(console.ReasonBadInput, "clock must be HALF:ROUND, half 1–2, round 1–%d", g.RoundsPerHalf)
		}
		c.Clock, c.Half, c.Round = true, hn, rn
		before = append(before, fmt.Sprintf("half %d round %d", g.Half, g.Round))
		after = append(after, fmt.Sprintf("half %d round %d", hn, rn))
	}
	if len(after) == 0 {
		return console.RejectWith(console.ReasonBadInput, "nothing to correct (player=ID with hex, stance, hp or statuses; ball; last-touch; score; clock)")
	}
	c.Before, c.After = strings.Join(before, "; "), strings.Join(after, "; ")
	n := len(g.Order)
	x.emit(EvCorrected, c)
	if p := g.Prompt; p != nil && len(g.Order) != n {
		// the initiative dice asked no longer match the order: ask again
		switch p.Step {
		case "initiative":
			x.emit(EvPrompt, PromptSet{})
			x.initiativeDice()
		case "initiative-tie":
			x.emit(EvPrompt, PromptSet{})
			x.emit(EvInitiativeRolled, InitiativeRolled{Entries: g.Order})
			x.tieOrSet(g.initiatives())
		}
	}
	return nil
}

// ParseStatuses reads `correct`'s statuses: "none" or a list such as
// "bleed:1,bruise:2,stun".
func ParseStatuses(s string) (Statuses, error) {
	var st Statuses
	if t := strings.ToLower(strings.TrimSpace(s)); t == "none" || t == "no wounds" {
		return st, nil
	}
	for _, item := range strings.Split(s, ",") {
		// "bleed:1" as the data writes it, or "Bleed 1" and "Stunned" as
		// the player card does (Statuses.Words)
		low := strings.ToLower(strings.TrimSpace(item))
		if low == "stunned" {
			low = "stun"
		}
		if f := strings.Fields(low); len(f) == 2 && !strings.Contains(low, ":") {
			low = f[0] + ":" + f[1]
		}
		name, num, hasNum := strings.Cut(low, ":")
		n := 1
		if hasNum {
			v, err := strconv.Atoi(num)
			if err != nil || v < 0 || v > 9 {
				return st, fmt.Errorf("%q: a count is 0–9", item)
			}
			n = v
		}
		switch name {
		case "bleed":
			st.Bleed = n
		case "pain":
			st.Pain = n
		case "bruise":
			st.Bruise = n
		case "slow":
			st.Slow = n
		case "stun", "weak", "out":
			if hasNum {
				return st, fmt.Errorf("%q: %s takes no count", item, name)
			}
			switch name {
			case "stun":
				st.Stun = true
			case "weak":
				st.Weak = true
			default:
				st.Out = true
			}
		default:
			return st, fmt.Errorf("%q is not a status (bleed:N pain:N bruise:N slow:N stun weak out)", item)
		}
	}
	return st, nil
}

func describePos(id string, p pos) string {
	where := "bench"
	if p.OnField {
		where = p.Cell.String()
		if p.Prone {
			where += " prone"
		}
	}
	return fmt.Sprintf("%s %s, %d HP, %s", id, where, p.HP, p.St.Words())
}

func describeBall(b ball) string {
	switch b.State {
	case BallHeld:
		return "held by " + b.Holder
	case BallRest, BallBouncing:
		return b.State + " on " + b.Cell.String()
	}
	return "none"
}

// EvCorrected is a table correction.
const EvCorrected = "corrected"

// applyCorrected folds a correction.
func (g *state) applyCorrected(e console.Event) error {
	var c correction
	if err := console.Decode(e.Data, &c); err != nil {
		return err
	}
	if c.Pos != nil {
		p, _, t := g.place(c.Player)
		if p == nil || t < 0 {
			return fmt.Errorf("no player %q", c.Player)
		}
		if c.Pos.OnField && (!c.Pos.Cell.Valid() || g.occupant(c.Pos.Cell) != "" && g.occupant(c.Pos.Cell) != c.Player) {
			return fmt.Errorf("%s cannot stand on %s", c.Player, c.Pos.Cell)
		}
		was := p.OnField
		*p = *c.Pos
		if was && !p.OnField { // a player put on the bench leaves the order
			for i := range g.Order {
				if g.Order[i].Player == c.Player {
					g.Order = append(g.Order[:i], g.Order[i+1:]...)
					break
				}
			}
		}
		if g.Ball.Holder == c.Player {
			g.Ball.Cell = p.Cell
		}
	}
	if c.Ball != nil {
		g.Ball = *c.Ball
	}
	if c.Score != nil {
		g.Score = *c.Score
	}
	if c.Clock {
		g.Half, g.Round = c.Half, c.Round
	}
	return nil
}
