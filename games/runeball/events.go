package runeball

import (
	"fmt"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/runeball/roster"
)

// Event types (SPEC.md §2.8) built so far.
const (
	EvPlayerEntered  = "player-entered"
	EvStatsRolled    = "stats-rolled"
	EvStatsAssigned  = "stats-assigned"
	EvPlayerImproved = "player-improved"
	EvPlayerNamed    = "player-named"
	EvPlayerRemoved  = "player-removed"
	EvDoctorSet      = "doctor-set"
	EvRosterLocked   = "roster-locked"
	EvKeshatRecorded = "keshat-recorded"
	EvKickoffChosen  = "kickoff-chosen"
)

// Payloads.
type (
	// PlayerEntered fills a slot with final stats.
	PlayerEntered struct {
		Slot       string       `msgpack:"slot"`
		Name       string       `msgpack:"name"`
		Stats      roster.Stats `msgpack:"stats"`
		Background string       `msgpack:"background"`
		Boon       string       `msgpack:"boon"`
	}
	// StatsRolled records the eight 2d6+4 totals (and the app's d6s).
	StatsRolled struct {
		Slot  string       `msgpack:"slot"`
		Name  string       `msgpack:"name"`
		Rolls roster.Rolls `msgpack:"rolls"`
		Dice  []int        `msgpack:"dice,omitempty"`
		By    string       `msgpack:"by"`
	}
	// StatsAssigned puts the seven best rolls on the stats.
	StatsAssigned struct {
		Slot  string       `msgpack:"slot"`
		Stats roster.Stats `msgpack:"stats"`
	}
	// PlayerImproved is the +1 step.
	PlayerImproved struct {
		Slot        string             `msgpack:"slot"`
		Improvement roster.Improvement `msgpack:"improvement"`
	}
	// PlayerNamed renames a player (nil: unchanged).
	PlayerNamed struct {
		Slot       string  `msgpack:"slot"`
		Name       *string `msgpack:"name"`
		Background *string `msgpack:"background"`
		Boon       *string `msgpack:"boon"`
	}
	// PlayerRemoved empties a slot.
	PlayerRemoved struct {
		Slot string `msgpack:"slot"`
	}
	// DoctorSet names the team doctor (slot 1…9; 0 none).
	DoctorSet struct {
		Team int `msgpack:"team"`
		Slot int `msgpack:"slot"`
	}
	// RosterLocked locks a team.
	RosterLocked struct {
		Team int `msgpack:"team"`
	}
	// KeshatRecorded is the Keshat round (RB-D59).
	KeshatRecorded struct {
		Winner int  `msgpack:"winner"`
		Double bool `msgpack:"double"`
	}
	// KickoffChosen is the choice to kick or receive.
	KickoffChosen struct {
		Team    int    `msgpack:"team"`
		Choice  string `msgpack:"choice"`
		Half    int    `msgpack:"half"`
		Kicking int    `msgpack:"kicking"`
	}
)

// Apply folds one event into the state.
func (r *Rules) Apply(s console.State, e console.Event) (console.State, error) {
	g, err := asState(s)
	if err != nil {
		return nil, err
	}
	if err := g.apply(e); err != nil {
		return nil, fmt.Errorf("runeball: apply %s #%d: %w", e.Type, e.Seq, err)
	}
	return g, nil
}

func (g *state) apply(e console.Event) error {
	dec := func(v any) error { return console.Decode(e.Data, v) }
	team := func(id string) (roster.Slot, *roster.Team, error) {
		s, err := roster.ParseSlot(id)
		if err != nil {
			return s, nil, err
		}
		return s, &g.Teams[teamIndex(s.Team)], nil
	}
	switch e.Type {
	case EvPlayerEntered:
		var p PlayerEntered
		if err := dec(&p); err != nil {
			return err
		}
		s, t, err := team(p.Slot)
		if err != nil {
			return err
		}
		return t.EnterPlayer(s, p.Name, p.Stats, p.Background, p.Boon)
	case EvStatsRolled:
		var p StatsRolled
		if err := dec(&p); err != nil {
			return err
		}
		s, t, err := team(p.Slot)
		if err != nil {
			return err
		}
		return t.RollStats(s, p.Name, p.Rolls)
	case EvStatsAssigned:
		var p StatsAssigned
		if err := dec(&p); err != nil {
			return err
		}
		s, t, err := team(p.Slot)
		if err != nil {
			return err
		}
		return t.AssignStats(s, p.Stats)
	case EvPlayerImproved:
		var p PlayerImproved
		if err := dec(&p); err != nil {
			return err
		}
		s, t, err := team(p.Slot)
		if err != nil {
			return err
		}
		return t.Improve(s, p.Improvement)
	case EvPlayerNamed:
		var p PlayerNamed
		if err := dec(&p); err != nil {
			return err
		}
		s, t, err := team(p.Slot)
		if err != nil {
			return err
		}
		return t.NamePlayer(s, p.Name, p.Background, p.Boon)
	case EvPlayerRemoved:
		var p PlayerRemoved
		if err := dec(&p); err != nil {
			return err
		}
		s, t, err := team(p.Slot)
		if err != nil {
			return err
		}
		return t.RemovePlayer(s)
	case EvDoctorSet:
		var p DoctorSet
		if err := dec(&p); err != nil {
			return err
		}
		if p.Team != Home && p.Team != Away {
			return fmt.Errorf("team %d", p.Team)
		}
		t := &g.Teams[p.Team]
		if p.Slot == 0 {
			return t.SetDoctor(nil)
		}
		s := roster.Slot{Team: t.ID, N: p.Slot}
		return t.SetDoctor(&s)
	case EvRosterLocked:
		var p RosterLocked
		if err := dec(&p); err != nil {
			return err
		}
		if p.Team != Home && p.Team != Away {
			return fmt.Errorf("team %d", p.Team)
		}
		if err := g.Teams[p.Team].Lock(); err != nil {
			return err
		}
		// the players start the match at full hit points
		for i := range g.Field[p.Team].Pos {
			g.Field[p.Team].Pos[i].HP = g.Teams[p.Team].Players[i].Derived().HP
		}
		if g.bothLocked() {
			g.Phase = PhaseStart
		}
	case EvKeshatRecorded:
		var p KeshatRecorded
		if err := dec(&p); err != nil {
			return err
		}
		if p.Winner != Home && p.Winner != Away {
			return fmt.Errorf("winner %d", p.Winner)
		}
		g.KeshatDone, g.KeshatWinner, g.KeshatDouble = true, p.Winner, p.Double
	case EvKickoffChosen:
		var p KickoffChosen
		if err := dec(&p); err != nil {
			return err
		}
		if p.Kicking != Home && p.Kicking != Away {
			return fmt.Errorf("kicking team %d", p.Kicking)
		}
		g.Kicking = p.Kicking
		if g.Phase == PhaseStoppage {
			g.Stop.Chosen = true
		} else {
			g.Phase = PhaseSetup
		}
	case EvPlayersPlaced, EvPlayerUnplaced, EvKickerSet, EvSetupReady:
		return g.applySetup(e)
	case EvKickDeclared, EvTestRolled, EvExertionSpent, EvBallScattered, EvBallBounced, EvBallLanded, EvBallCaught,
		EvBallTouched, EvBallFumbled, EvSteppedAside, EvTurnoverScored, EvBallGiven, EvFreeGranted, EvKickoffDone,
		EvPrompt, EvDiceRolled:
		return g.applyKickoff(e)
	case EvRoundStarted, EvInitiativeRolled, EvOrderSet, EvFreeTaken, EvActivationStarted, EvActivationEnded, EvStood, EvMoved, EvSuspendedPopped, EvTurnSkipped:
		return g.applyRounds(e)
	case EvBlitzDeclared, EvHeldUsed, EvHeldDropped, EvWindowsSet:
		return g.applyWindows(e)
	case EvTouchdown, EvStoppageStarted, EvStoppageReady, EvStoppageEnded, EvTreated, EvHPHealed, EvMatchEnded:
		return g.applyScoring(e)
	case EvBlockDeclared, EvDefenseChosen, EvBlockRolled, EvHPLost, EvPushed, EvPushedOut, EvWounded, EvKnockedDown, EvWentOut:
		return g.applyBlock(e)
	case EvCorrected:
		return g.applyCorrected(e)
	case EvRanOff, EvSubIn:
		return g.applyRunOff(e)
	case EvPassThrown, EvPassResult:
		return g.applyPass(e)
	case EvGoalKicked, EvFieldGoal:
		return g.applyFieldGoal(e)
	case EvPickupTried, EvHandoffMade, EvActivationSuspended:
		return g.applyBallPlay(e)
	default:
		return fmt.Errorf("unknown event type %q", e.Type)
	}
	return nil
}
