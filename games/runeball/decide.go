package runeball

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/runeball/roster"
)

// New builds a match in its roster phase from its setup: the first seat is
// home, the second away (§2.1).
func (r *Rules) New(setup console.Setup) (console.State, error) {
	if len(setup.Seats) != 2 {
		return nil, console.RejectWith(console.ReasonBadInput, "Runeball is played by two coaches, home and away, not %d seats", len(setup.Seats))
	}
	g := &state{Phase: PhaseRoster, RoundsPerHalf: 8, Half: 1, Kicking: -1,
		Teams: [2]roster.Team{roster.NewTeam(roster.Home), roster.NewTeam(roster.Away)}}
	g.Seats = [2]string{string(setup.Seats[0]), string(setup.Seats[1])}
	for _, k := range console.SortedKeys(setup.Options) {
		if k != OptRounds {
			return nil, console.RejectWith(console.ReasonBadInput, "unknown option %q (options: rounds)", k)
		}
		n, err := strconv.Atoi(strings.TrimSpace(setup.Options[k]))
		if err != nil || n < 1 || n > 20 {
			return nil, console.RejectWith(console.ReasonBadInput, "the rounds per half must be 1 to 20, not %q", setup.Options[k])
		}
		g.RoundsPerHalf = n
	}
	return g, nil
}

// decider runs one command on a copy of the state: every change is an
// event applied at once, so what follows reads the state as replay will.
type decider struct {
	g      *state
	team   int
	who    console.Seat
	dice   *console.Dice
	events []console.Event
	err    error
}

func (x *decider) emit(typ string, data any) {
	if x.err != nil {
		return
	}
	e, err := console.NewEvent(typ, data)
	if err != nil {
		x.err = err
		return
	}
	e.Seat = x.who
	if err := x.g.apply(e); err != nil {
		x.err = fmt.Errorf("%s: %w", typ, err)
		return
	}
	x.events = append(x.events, e)
}

// Decide checks a command and returns its events. A refusal's message is
// written for a player; the command-line hint it carried is its Try.
func (r *Rules) Decide(s console.State, seat console.Seat, cmd console.Command, d *console.Dice) ([]console.Event, error) {
	evs, err := r.decide(s, seat, cmd, d)
	if err != nil {
		return nil, tidyRefusal(err)
	}
	return evs, nil
}

func (r *Rules) decide(s console.State, seat console.Seat, cmd console.Command, d *console.Dice) ([]console.Event, error) {
	g0, err := asState(s)
	if err != nil {
		return nil, err
	}
	specs := r.Commands()
	spec, ok := console.FindCommand(specs, cmd.Name)
	if !ok {
		return nil, console.RejectWith(console.ReasonBadInput, "unknown command %q (commands: %s)", cmd.Name, strings.Join(console.CommandNames(specs), ", "))
	}
	seats := []console.Seat{console.Seat(g0.Seats[0]), console.Seat(g0.Seats[1])}
	args, err := console.ValidateArgs(spec.Args, cmd.Args, seats)
	if err != nil {
		return nil, console.RejectTry(console.ReasonBadInput, cmd.Name, "%v", err)
	}
	t := g0.seatTeam(seat)
	if t < 0 {
		return nil, console.RejectWith(console.ReasonNotFound, "%q is not a seat of this match (seats: %s, %s)", seat, g0.Seats[0], g0.Seats[1])
	}
	if err := g0.gate(cmd.Name); err != nil {
		return nil, err
	}
	if err := g0.gatePrompt(cmd.Name, t); err != nil {
		return nil, err
	}
	g := *g0 // the teams and the field are values; the slices are copied below
	g.FreeQueue = append([]grant(nil), g0.FreeQueue...)
	g.Order = make([]entry, len(g0.Order))
	for i, e := range g0.Order {
		e.Keys = append([]int(nil), e.Keys...)
		g.Order[i] = e
	}
	if g0.Order == nil {
		g.Order = nil
	}
	g.Suspended = append([]activation(nil), g0.Suspended...)
	if g0.Current != nil {
		c := *g0.Current
		if c.Move != nil {
			m := *c.Move
			c.Move = &m
		}
		g.Current = &c
	}
	x := &decider{g: &g, team: t, who: seat, dice: d}
	if err := x.run(cmd.Name, args); err != nil {
		return nil, err
	}
	if x.err != nil {
		return nil, x.err
	}
	for i := range x.events {
		x.events[i].Cmd = cmd.ID
	}
	return x.events, nil
}

// phaseOf is the phase each command belongs to.
var phaseOf = map[string]string{
	CmdEnterPlayer: PhaseRoster, CmdRollStats: PhaseRoster, CmdAssignStats: PhaseRoster, CmdImprove: PhaseRoster,
	CmdNamePlayer: PhaseRoster, CmdRemovePlayer: PhaseRoster, CmdSetDoctor: PhaseRoster, CmdLockRoster: PhaseRoster,
	CmdKeshat: PhaseStart, CmdChooseKick: PhaseStart,
	CmdPlace: PhaseSetup, CmdUnplace: PhaseSetup, CmdSetKicker: PhaseSetup, CmdReadySetup: PhaseSetup,
	CmdKick:         PhaseKickoff,
	CmdFreeActivate: PhasePlay, CmdStand: PhasePlay, CmdMove: PhasePlay, CmdEndActivation: PhasePlay,
	CmdBlock: PhasePlay, CmdChooseDefense: PhasePlay, CmdCounter: PhasePlay, CmdPush: PhasePlay,
	CmdPickup: PhasePlay, CmdKickGoal: PhasePlay, CmdPass: PhasePlay, CmdIntercept: PhasePlay,
	CmdRunOff: PhasePlay, CmdSubIn: PhasePlay, CmdHandoff: PhasePlay, CmdShakeOff: PhasePlay,
	CmdTreat: PhaseStoppage, CmdReadyStoppage: PhaseStoppage,
	CmdLetAct: PhasePlay, CmdBlitz: PhasePlay, CmdUseHeld: PhasePlay, CmdHold: PhasePlay,
}

// gate refuses a command of another phase (§2.7's generic refusal).
func (g *state) gate(name string) error {
	if name == CmdChooseKick && g.Phase == PhaseStoppage {
		return nil // the halftime choice (Flow S step 3)
	}
	if want := phaseOf[name]; want != "" && want != g.Phase {
		return console.RejectTry(console.ReasonWrongPhase, name, "not now: that is done at %s, and the match is at %s", phaseWords(want), phaseWords(g.Phase))
	}
	return nil
}

// slotArg reads a player argument of the commanding seat's own team.
func (x *decider) slotArg(a console.Args) (roster.Slot, error) {
	s, err := roster.ParseSlot(a.String("player"))
	if err != nil {
		return s, console.RejectWith(console.ReasonBadInput, "%v", err)
	}
	if teamIndex(s.Team) != x.team {
		return s, console.RejectWith(console.ReasonNotYourTurn, "%s is %s's player", s, s.Team.Seat())
	}
	return s, nil
}

func statsArg(a console.Args) roster.Stats {
	var s roster.Stats
	for i, n := range StatNames {
		s[i] = a.Int(n)
	}
	return s
}

// run dispatches a command that passed the gate.
func (x *decider) run(name string, a console.Args) error {
	g := x.g
	tm := g.Teams[x.team] // a copy to try the roster command on
	reject := func(err error) error {
		if err == nil {
			return nil
		}
		return console.Reject("%v", err)
	}
	switch name {
	case CmdEnterPlayer:
		s, err := x.slotArg(a)
		if err != nil {
			return err
		}
		ev := PlayerEntered{Slot: s.String(), Name: a.String("name"), Stats: statsArg(a), Background: a.String("background"), Boon: a.String("boon")}
		if err := tm.EnterPlayer(s, ev.Name, ev.Stats, ev.Background, ev.Boon); err != nil {
			return reject(err)
		}
		x.emit(EvPlayerEntered, ev)
	case CmdRollStats:
		s, err := x.slotArg(a)
		if err != nil {
			return err
		}
		ev := StatsRolled{Slot: s.String(), Name: a.String("name"), By: string(x.who)}
		if v := strings.TrimSpace(a.String("rolls")); v != "" {
			r, err := roster.ParseRolls(v)
			if err != nil {
				return console.RejectWith(console.ReasonBadInput, "%v", err)
			}
			ev.Rolls = r
		} else {
			r, d6 := roster.Roll(x.dice)
			ev.Rolls, ev.Dice, ev.By = r, d6[:], "app"
		}
		if err := tm.RollStats(s, ev.Name, ev.Rolls); err != nil {
			return reject(err)
		}
		x.emit(EvStatsRolled, ev)
	case CmdAssignStats:
		s, err := x.slotArg(a)
		if err != nil {
			return err
		}
		ev := StatsAssigned{Slot: s.String(), Stats: statsArg(a)}
		if err := tm.AssignStats(s, ev.Stats); err != nil {
			return reject(err)
		}
		x.emit(EvStatsAssigned, ev)
	case CmdImprove:
		s, err := x.slotArg(a)
		if err != nil {
			return err
		}
		m, err := roster.ParseImprovement(a.String("plus"), a.String("raise"))
		if err != nil {
			return console.RejectWith(console.ReasonBadInput, "%v", err)
		}
		if err := tm.Improve(s, m); err != nil {
			return reject(err)
		}
		x.emit(EvPlayerImproved, PlayerImproved{Slot: s.String(), Improvement: m})
	case CmdNamePlayer:
		s, err := x.slotArg(a)
		if err != nil {
			return err
		}
		ev := PlayerNamed{Slot: s.String()}
		if a.Has("name") {
			v := a.String("name")
			ev.Name = &v
		}
		if a.Has("background") {
			v := a.String("background")
			ev.Background = &v
		}
		if a.Has("boon") {
			v := a.String("boon")
			ev.Boon = &v
		}
		if err := tm.NamePlayer(s, ev.Name, ev.Background, ev.Boon); err != nil {
			return reject(err)
		}
		x.emit(EvPlayerNamed, ev)
	case CmdRemovePlayer:
		s, err := x.slotArg(a)
		if err != nil {
			return err
		}
		if err := tm.RemovePlayer(s); err != nil {
			return reject(err)
		}
		x.emit(EvPlayerRemoved, PlayerRemoved{Slot: s.String()})
	case CmdSetDoctor:
		ev := DoctorSet{Team: x.team}
		if v := strings.ToLower(strings.TrimSpace(a.String("player"))); v != "none" {
			s, err := x.slotArg(a)
			if err != nil {
				return err
			}
			ev.Slot = s.N
			if err := tm.SetDoctor(&s); err != nil {
				return reject(err)
			}
		} else if err := tm.SetDoctor(nil); err != nil {
			return reject(err)
		}
		x.emit(EvDoctorSet, ev)
	case CmdLockRoster:
		if err := tm.Lock(); err != nil {
			return reject(err)
		}
		x.emit(EvRosterLocked, RosterLocked{Team: x.team})
	case CmdKeshat:
		if g.KeshatDone {
			return console.Reject("Keshat is already recorded")
		}
		w := Home
		if a.String("winner") == "away" {
			w = Away
		}
		x.emit(EvKeshatRecorded, KeshatRecorded{Winner: w, Double: a.String("double") == "yes"})
	case CmdChooseKick:
		if !g.KeshatDone {
			return console.Reject("record the Keshat round first")
		}
		if g.Phase == PhaseStoppage {
			if !g.Stop.Halftime || g.Stop.Chosen {
				return console.Reject("the next kickoff is already decided: %s kicks", teamName(g.Kicking))
			}
		} else if c := g.firstChoice(); c != x.team {
			return console.RejectWith(console.ReasonNotYourTurn, "%s has the first choice (won the Keshat round)", teamName(c))
		}
		kicking := x.team
		if a.String("choice") == "receive" {
			kicking = 1 - x.team
		}
		if g.Phase == PhaseStoppage {
			x.emit(EvPrompt, PromptSet{})
		}
		x.emit(EvKickoffChosen, KickoffChosen{Team: x.team, Choice: a.String("choice"), Half: g.Half, Kicking: kicking})
		if g.Phase == PhaseStoppage {
			x.stoppageNext()
		}
	case CmdPlace:
		return x.place(a)
	case CmdUnplace:
		return x.unplace(a)
	case CmdSetKicker:
		return x.setKicker(a)
	case CmdReadySetup:
		return x.readySetup()
	case CmdKick:
		return x.kick(a)
	case CmdRoll:
		return x.roll(a)
	case CmdExert:
		return x.exert(a)
	case CmdLandChoice:
		return x.landChoice(a)
	case CmdGiveBall:
		return x.giveBall(a)
	case CmdFreeActivate:
		return x.freeActivate(a)
	case CmdStand:
		return x.stand(a)
	case CmdMove:
		return x.move(a)
	case CmdEndActivation:
		return x.endActivation(a)
	case CmdTreat:
		return x.treat(a)
	case CmdReadyStoppage:
		return x.readyStoppage()
	case CmdShakeOff:
		return x.shakeOff(a)
	case CmdBlock:
		return x.block(a)
	case CmdChooseDefense:
		return x.chooseDefense(a)
	case CmdCounter:
		return x.counter(a)
	case CmdPush:
		return x.pushChosen(a)
	case CmdPickup:
		return x.pickup(a)
	case CmdKickGoal:
		return x.kickGoal(a)
	case CmdPass:
		return x.pass(a)
	case CmdCorrect:
		return x.correct(a)
	case CmdRunOff:
		return x.runOff(a)
	case CmdSubIn:
		return x.subIn(a)
	case CmdIntercept:
		return x.intercept(a)
	case CmdHandoff:
		return x.handoff(a)
	case CmdLetAct:
		return x.letAct()
	case CmdBlitz:
		return x.blitz(a)
	case CmdUseHeld:
		return x.useHeld(a)
	case CmdHold:
		return x.hold(a)
	case CmdWindows:
		return x.windows(a)
	default:
		return console.RejectWith(console.ReasonBadInput, "unknown command %q", name)
	}
	return nil
}

// teamName is "home" or "away".
func teamName(t int) string {
	if t == Away {
		return "away"
	}
	return "home"
}
