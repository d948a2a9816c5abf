package runeball

import (
	"fmt"
	"strings"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/runeball/field"
	"github.com/commandconsole/commandconsole/games/runeball/roster"
)

// Scores, stoppages, halves and the end (Flow Z and S, RB-F90, RB-F93,
// RB-D41…RB-D44, RB-D54…RB-D57), and healing: a touchdown is a standing
// ball carrier in the opponents' end zone (RB-D54), +7, and ends the round
// at once (RB-D55); a stoppage takes everyone off the field, heals what can
// be healed, lets a team doctor treat, and leads to the next set-up; the
// end of the first half is halftime, the end of the second the end of the
// match (RB-D57). Damage is all ordinary damage until the wounds (Flow WD)
// keep locked records, so healing is capped by the maximum HP alone.

// Phases after play (§2.4).
const (
	PhaseStoppage = "stoppage"
	PhaseOver     = "over"
)

// Stoppage commands (§2.7).
const (
	CmdTreat         = "treat"
	CmdReadyStoppage = "ready-stoppage"
	CmdShakeOff      = "shake-off"
)

// Points of a touchdown (RB-F90).
const touchdownPoints = 7

// stoppage is the stoppage under way.
type stoppage struct {
	Halftime bool    `msgpack:"halftime"`
	Chosen   bool    `msgpack:"chosen"` // halftime: the kickoff choice is made
	Ready    [2]bool `msgpack:"ready"`
}

// healable is how much HP a player may heal (RB-D41).
func (g *state) healable(id string) int {
	p, pl, _ := g.place(id)
	if p == nil {
		return 0
	}
	return max(0, pl.Derived().HP-p.HP)
}

// damaged lists the players with healable damage, ids ascending (H then
// A), among those keep accepts.
func (g *state) damaged(keep func(pos) bool) []string {
	var out []string
	for _, t := range []int{Home, Away} {
		for i, p := range g.Field[t].Pos {
			id := roster.Slot{Team: teamID(t), N: i + 1}.String()
			if keep(p) && g.Teams[t].Player(i+1).Complete() && g.healable(id) > 0 {
				out = append(out, id)
			}
		}
	}
	return out
}

// benched: off the field (RB-D43's sidelines).
func benched(p pos) bool { return !p.OnField }

// everyone: all players (a stoppage's shake-off, RB-F75).
func everyone(pos) bool { return true }

// askHeal asks one d6 per player for a heal; then says what follows.
func (x *decider) askHeal(ids []string, then string) {
	dice := make([]die, len(ids))
	for i, id := range ids {
		dice[i] = die{6, "shake-off " + id}
	}
	x.askDice("heal", flow{Then: then}, dice...)
}

// healed applies the heal dice, then goes on.
func (x *decider) healed(f flow, faces []int) error {
	g := x.g
	keep := benched
	if f.Then == "stoppage" {
		keep = everyone
	}
	ids := g.damaged(keep)
	if len(ids) != len(faces) {
		return fmt.Errorf("runeball: %d heal dice for %d players", len(faces), len(ids))
	}
	for i, id := range ids {
		x.emit(EvHPHealed, HPHealed{Player: id, D6: faces[i], HP: min(faces[i], g.healable(id))})
	}
	if f.Then == "stoppage" {
		x.stoppageNext()
		return nil
	}
	x.initiativeDice()
	return nil
}

// touchdown checks the ball carrier (RB-D54) and scores: the round ends.
// It reports whether a touchdown was scored.
func (x *decider) touchdown() bool {
	g := x.g
	h := g.Ball.Holder
	if h == "" || g.Phase != PhasePlay {
		return false
	}
	p, _, t := g.place(h)
	if p == nil || !p.standing() || !field.Scores(field.Team(t), p.Cell) {
		return false
	}
	x.emit(EvTouchdown, TouchdownScored{Player: h, Team: t, Cell: p.Cell, Points: touchdownPoints})
	if g.Round >= g.RoundsPerHalf {
		x.endOfHalf()
		return true
	}
	x.stoppage(false, t)
	return true
}

// endOfHalf: halftime after the first half, the end after the second.
func (x *decider) endOfHalf() {
	g := x.g
	if g.Half >= 2 {
		winner := "draw"
		switch {
		case g.Score[Home] > g.Score[Away]:
			winner = "home"
		case g.Score[Away] > g.Score[Home]:
			winner = "away"
		}
		x.emit(EvMatchEnded, MatchEnded{Score: g.Score, Winner: winner})
		return
	}
	x.stoppage(true, -1)
}

// stoppage is Flow S: everyone off, Bleed gone, the shake-off.
func (x *decider) stoppage(halftime bool, kicking int) {
	g := x.g
	x.emit(EvStoppageStarted, StoppageStarted{Halftime: halftime, Kicking: kicking})
	if ids := g.damaged(everyone); len(ids) > 0 {
		x.askHeal(ids, "stoppage")
		return
	}
	x.stoppageNext()
}

// stoppageNext: the halftime choice, then the doctors, then the set-up.
func (x *decider) stoppageNext() {
	g := x.g
	s := g.Stop
	if s.Halftime && !s.Chosen {
		t := g.secondChoice()
		x.askChoice(t, CmdChooseKick, "halftime: kick or receive (choose-kickoff choice=kick|receive)", "halftime", flow{}, "kick", "receive")
		return
	}
	if s.Ready[Home] && s.Ready[Away] {
		x.emit(EvStoppageEnded, struct{}{})
	}
}

// hasDoctor: the team's doctor can work (RB-D42).
func (g *state) hasDoctor(t int) bool {
	d := g.Teams[t].Doctor
	return d > 0 && !g.Field[t].Pos[d-1].Out
}

// treat removes one count of a status (RB-D42).
func (x *decider) treat(a console.Args) error {
	g := x.g
	if !g.hasDoctor(x.team) {
		return console.Reject("%s has no team doctor who can work (set-doctor before locking; an Out doctor cannot treat)", teamName(x.team))
	}
	s, err := x.slotArg(a)
	if err != nil {
		return err
	}
	p, _, _ := g.place(s.String())
	st := strings.ToLower(strings.TrimSpace(a.String("status")))
	switch {
	case st == "bruise" && p.St.Bruise == 0:
		return console.Reject("%s has no Bruise", s)
	case st == "pain" && p.St.Pain == 0:
		return console.Reject("%s has no Pain", s)
	case st == "out" && !p.Out:
		return console.Reject("%s is not Out", s)
	}
	x.emit(EvTreated, Treated{Player: s.String(), Status: st})
	return nil
}

// readyStoppage ends a team's stoppage step.
func (x *decider) readyStoppage() error {
	if x.g.Stop.Ready[x.team] {
		return console.Reject("%s is ready", teamName(x.team))
	}
	x.emit(EvStoppageReady, StoppageReady{Team: x.team})
	x.stoppageNext()
	return nil
}

// shakeOff heals 1d6 as the whole activation (RB-D43).
func (x *decider) shakeOff(a console.Args) error {
	act, _, _, err := x.actor(a)
	if err != nil {
		return err
	}
	if act.Halves < 2 || act.Move != nil {
		return console.Reject("shaking it off takes the whole turn (l. 226): %s has already acted", act.Player)
	}
	x.askDice("shake-off", flow{Player: act.Player}, die{6, "shake-off " + act.Player})
	return nil
}

// shookOff heals the acting player and ends his activation.
func (x *decider) shookOff(f flow, d6 int) {
	x.emit(EvHPHealed, HPHealed{Player: f.Player, D6: d6, HP: min(d6, x.g.healable(f.Player))})
	x.emit(EvActivationEnded, ActivationEnded{Player: f.Player, Reason: "shake-off"})
	x.next()
}

// Scoring and stoppage events (§2.8).
const (
	EvTouchdown       = "touchdown-scored"
	EvStoppageStarted = "stoppage-started"
	EvStoppageReady   = "stoppage-ready"
	EvStoppageEnded   = "stoppage-ended"
	EvTreated         = "treated"
	EvHPHealed        = "hp-healed"
	EvMatchEnded      = "match-ended"
)

type (
	// TouchdownScored: Player scores for Team on Cell.
	TouchdownScored struct {
		Player string     `msgpack:"player"`
		Team   int        `msgpack:"team"`
		Cell   field.Cell `msgpack:"cell"`
		Points int        `msgpack:"points"`
	}
	// StoppageStarted: Kicking kicks next (−1 at halftime: chosen).
	StoppageStarted struct {
		Halftime bool `msgpack:"halftime"`
		Kicking  int  `msgpack:"kicking"`
	}
	// StoppageReady: a team ends its stoppage step.
	StoppageReady struct {
		Team int `msgpack:"team"`
	}
	// Treated: the doctor removes one count of a status.
	Treated struct {
		Player string `msgpack:"player"`
		Status string `msgpack:"status"`
	}
	// HPHealed: D6 rolled, HP healed (capped by the damage).
	HPHealed struct {
		Player string `msgpack:"player"`
		D6     int    `msgpack:"d6"`
		HP     int    `msgpack:"hp"`
	}
	// MatchEnded: the final score and "home", "away" or "draw".
	MatchEnded struct {
		Score  [2]int `msgpack:"score"`
		Winner string `msgpack:"winner"`
	}
)

// applyScoring folds the scoring and stoppage events.
func (g *state) applyScoring(e console.Event) error {
	dec := func(v any) error { return console.Decode(e.Data, v) }
	switch e.Type {
	case EvTouchdown:
		var p TouchdownScored
		if err := dec(&p); err != nil {
			return err
		}
		if p.Team != Home && p.Team != Away || p.Points < 0 || p.Points > 10 {
			return fmt.Errorf("touchdown of team %d for %d", p.Team, p.Points)
		}
		g.Score[p.Team] += p.Points
		g.Scored = fmt.Sprintf("Touchdown! %s scores %d for %s: home %d – away %d", p.Player, p.Points, teamName(p.Team), g.Score[Home], g.Score[Away])
		// the round ends at once (RB-D55)
		g.Current, g.Suspended, g.FreeQueue, g.Order, g.Prompt = nil, nil, nil, nil, nil
	case EvStoppageStarted:
		var p StoppageStarted
		if err := dec(&p); err != nil {
			return err
		}
		if p.Kicking < -1 || p.Kicking > 1 || p.Halftime != (p.Kicking == -1) {
			return fmt.Errorf("stoppage kicking %d", p.Kicking)
		}
		g.Phase = PhaseStoppage
		g.Stop = stoppage{Halftime: p.Halftime}
		for t := range g.Field {
			q := &g.Field[t]
			q.Kicker, q.SetupReady = 0, false
			for i := range q.Pos {
				q.Pos[i].OnField, q.Pos[i].Prone, q.Pos[i].Cell = false, false, field.Cell{}
				q.Pos[i].St.Bleed = 0
			}
			g.Stop.Ready[t] = !g.hasDoctor(t)
		}
		g.Ball = ball{State: BallNone}
		g.Current, g.Suspended, g.FreeQueue, g.Order, g.Prompt = nil, nil, nil, nil, nil
		if p.Halftime {
			g.Half, g.Round, g.Kicking = 2, 0, -1
		} else {
			g.Kicking = p.Kicking
		}
	case EvStoppageReady:
		var p StoppageReady
		if err := dec(&p); err != nil {
			return err
		}
		if p.Team != Home && p.Team != Away {
			return fmt.Errorf("team %d", p.Team)
		}
		g.Stop.Ready[p.Team] = true
	case EvStoppageEnded:
		if g.Phase != PhaseStoppage || g.Kicking < 0 {
			return fmt.Errorf("no stoppage to end")
		}
		g.Phase = PhaseSetup
	case EvTreated:
		var p Treated
		if err := dec(&p); err != nil {
			return err
		}
		pl, _, t := g.place(p.Player)
		if pl == nil || t < 0 {
			return fmt.Errorf("no player %q", p.Player)
		}
		switch p.Status {
		case "bruise":
			pl.St.Bruise = max(0, pl.St.Bruise-1)
		case "pain":
			pl.St.Pain = max(0, pl.St.Pain-1)
		case "out":
			pl.Out, pl.St.Out = false, false
		default:
			return fmt.Errorf("status %q", p.Status)
		}
	case EvHPHealed:
		var p HPHealed
		if err := dec(&p); err != nil {
			return err
		}
		pl, _, t := g.place(p.Player)
		if pl == nil || t < 0 || p.HP < 0 || p.HP > g.healable(p.Player) {
			return fmt.Errorf("heal %s by %d", p.Player, p.HP)
		}
		pl.HP += p.HP
	case EvMatchEnded:
		g.Phase = PhaseOver
		g.Current, g.Suspended, g.FreeQueue, g.Order, g.Prompt = nil, nil, nil, nil, nil
	default:
		return fmt.Errorf("unknown event type %q", e.Type)
	}
	return nil
}
