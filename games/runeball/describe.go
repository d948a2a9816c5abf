package runeball

import (
	"errors"
	"fmt"
	"strings"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/runeball/roster"
)

// Describe renders one event as a line of history for seat. A roster event
// of the other team, before both rosters are locked, says only that a slot
// changed (RB-D63). s is the state just before the event.
func (r *Rules) Describe(s console.State, e console.Event, seat console.Seat) (string, bool) {
	g, err := asState(s)
	if err != nil {
		return "", false
	}
	line, err := g.describe(e, g.seatTeam(seat))
	if err != nil || line == "" {
		return "", false
	}
	// in words: no command hint, rulebook line or decision id (issue 23)
	return plainText(line), true
}

// rosterEvents are the events RB-D63 hides from the other coach.
var rosterEvents = map[string]bool{EvPlayerEntered: true, EvStatsRolled: true, EvStatsAssigned: true,
	EvPlayerImproved: true, EvPlayerNamed: true, EvPlayerRemoved: true, EvDoctorSet: true}

func (g *state) describe(e console.Event, me int) (string, error) {
	dec := func(v any) error { return console.Decode(e.Data, v) }
	if rosterEvents[e.Type] && !g.bothLocked() {
		t := g.seatTeam(e.Seat)
		if t != me {
			return fmt.Sprintf("%s works on its roster", teamName(t)), nil
		}
	}
	switch e.Type {
	case EvPlayerEntered:
		var p PlayerEntered
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("%s %s entered: %s", p.Slot, p.Name, statWords(p.Stats)), nil
	case EvStatsRolled:
		var p StatsRolled
		if err := dec(&p); err != nil {
			return "", err
		}
		by := "entered"
		if p.By == "app" {
			by = "rolled by the app"
		}
		return fmt.Sprintf("%s %s: 2d6+4 ×8 = %s (%s)", p.Slot, p.Name, p.Rolls, by), nil
	case EvStatsAssigned:
		var p StatsAssigned
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("%s stats: %s", p.Slot, statWords(p.Stats)), nil
	case EvPlayerImproved:
		var p PlayerImproved
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("%s improved: %s", p.Slot, improvementWords(p.Improvement)), nil
	case EvPlayerNamed:
		var p PlayerNamed
		if err := dec(&p); err != nil {
			return "", err
		}
		var parts []string
		if p.Name != nil {
			parts = append(parts, "name "+*p.Name)
		}
		if p.Background != nil {
			parts = append(parts, "background "+*p.Background)
		}
		if p.Boon != nil {
			parts = append(parts, "Boon "+*p.Boon)
		}
		return fmt.Sprintf("%s: %s", p.Slot, strings.Join(parts, ", ")), nil
	case EvPlayerRemoved:
		var p PlayerRemoved
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("%s emptied", p.Slot), nil
	case EvDoctorSet:
		var p DoctorSet
		if err := dec(&p); err != nil {
			return "", err
		}
		if p.Slot == 0 {
			return fmt.Sprintf("%s has no team doctor", teamName(p.Team)), nil
		}
		return fmt.Sprintf("%s is %s's team doctor", roster.Slot{Team: teamID(p.Team), N: p.Slot}, teamName(p.Team)), nil
	case EvRosterLocked:
		var p RosterLocked
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("%s locks its roster", teamName(p.Team)), nil
	case EvKeshatRecorded:
		var p KeshatRecorded
		if err := dec(&p); err != nil {
			return "", err
		}
		if p.Double {
			return fmt.Sprintf("%s wins the Keshat round with a Keshat: both choices (l. 54)", teamName(p.Winner)), nil
		}
		return fmt.Sprintf("%s wins the Keshat round: first choice (l. 54)", teamName(p.Winner)), nil
	case EvKickoffChosen:
		var p KickoffChosen
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("%s chooses to %s: %s kicks off half %d", teamName(p.Team), p.Choice, teamName(p.Kicking), p.Half), nil
	case EvPlayersPlaced:
		var p PlayersPlaced
		if err := dec(&p); err != nil {
			return "", err
		}
		var parts []string
		for i, id := range p.Slots {
			parts = append(parts, id+" on "+p.Cells[i].String())
		}
		return fmt.Sprintf("%s places %s", teamName(p.Team), strings.Join(parts, ", ")), nil
	case EvPlayerUnplaced:
		var p PlayerUnplaced
		if err := dec(&p); err != nil {
			return "", err
		}
		return p.Slot + " back to the bench", nil
	case EvKickerSet:
		var p KickerSet
		if err := dec(&p); err != nil {
			return "", err
		}
		return p.Slot + " will kick off", nil
	case EvSetupReady:
		var p SetupReady
		if err := dec(&p); err != nil {
			return "", err
		}
		return teamName(p.Team) + " is set up", nil
	case EvPrompt:
		return "", errHidden
	case EvDiceRolled:
		var p DiceRolled
		if err := dec(&p); err != nil {
			return "", err
		}
		var parts []string
		for i, d := range p.Dice {
			parts = append(parts, fmt.Sprintf("d%d %s: %d", d.Sides, purposeWords(d.Purpose), p.Faces[i]))
		}
		by := "entered by " + p.By
		if p.By == "app" {
			by = "rolled by the app"
		}
		return strings.Join(parts, ", ") + " (" + by + ")", nil
	case EvKickDeclared:
		var p KickDeclared
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("%s kicks off at %s", p.Kicker, p.Target), nil
	case EvTestRolled:
		var p TestRolled
		if err := dec(&p); err != nil {
			return "", err
		}
		how := fmt.Sprintf("succeeds by %d", p.Margin)
		if p.Margin < 0 {
			how = fmt.Sprintf("fails by %d", -p.Margin)
		}
		return fmt.Sprintf("%s %s: %d + %d = %d vs DL %d → %s", p.Player, testName(p.Test), p.D12, p.Skill+p.Mods, p.D12+p.Skill+p.Mods, p.DL, how), nil
	case EvExertionSpent:
		var p ExertionSpent
		if err := dec(&p); err != nil {
			return "", err
		}
		sum := 0
		for _, v := range p.D4 {
			sum += v
		}
		return fmt.Sprintf("%s exerts %d: −%d HP", p.Player, p.Points, sum), nil
	case EvBallScattered:
		var p BallScattered
		if err := dec(&p); err != nil {
			return "", err
		}
		if p.Left {
			return fmt.Sprintf("the ball scatters %d from %s and leaves the field after %s", p.Distance, p.From, p.Exit), nil
		}
		return fmt.Sprintf("the ball scatters %d from %s to %s", p.Distance, p.From, p.Exit), nil
	case EvBallBounced:
		var p BallBounced
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("the ball bounces from %s to %s", p.From, p.To), nil
	case EvBallLanded:
		var p BallLanded
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("the ball is %s on %s", map[string]string{BallRest: "at rest", BallBouncing: "bouncing"}[p.State], p.Cell), nil
	case EvBallCaught:
		var p BallCaught
		if err := dec(&p); err != nil {
			return "", err
		}
		if how, ok := caughtWords[p.How]; ok {
			return fmt.Sprintf("%s has the ball (%s)", p.Player, how), nil
		}
		return fmt.Sprintf("%s has the ball", p.Player), nil
	case EvBallGiven:
		var p BallGiven
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("%s gets the ball", p.Player), nil
	case EvBallTouched:
		return "", errHidden
	case EvBallFumbled:
		var p BallFumbled
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("%s fumbles on %s", p.Player, p.Cell), nil
	case EvSteppedAside:
		var p SteppedAside
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("%s steps aside to %s", p.Player, p.To), nil
	case EvTurnoverScored:
		var p TurnoverScored
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("turnover (%s): %s scores 1", p.Reason, teamName(p.Gain)), nil
	case EvFreeGranted:
		var p FreeGranted
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("%s gets a free activation (%s)", teamName(p.Team), p.Reason), nil
	case EvKickoffDone:
		return "the kickoff is done", nil
	case EvRoundStarted:
		var p RoundStarted
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("round %d of %d, half %d: initiative", p.Round, g.RoundsPerHalf, g.Half), nil
	case EvInitiativeRolled:
		return "initiative: equal totals re-roll (l. 91)", nil
	case EvOrderSet:
		var p InitiativeRolled
		if err := dec(&p); err != nil {
			return "", err
		}
		parts := make([]string, len(p.Entries))
		for i, e := range p.Entries {
			parts[i] = fmt.Sprintf("%s %d", e.Player, e.Score)
			if e.Status == EntrySkipped {
				parts[i] += " (skipped)"
			}
		}
		return "order: " + strings.Join(parts, ", "), nil
	case EvFreeTaken:
		var p FreeTaken
		if err := dec(&p); err != nil {
			return "", err
		}
		if p.Player == "" {
			return fmt.Sprintf("%s declines its free activation", teamName(p.Team)), nil
		}
		return fmt.Sprintf("%s takes %s's free activation", p.Player, teamName(p.Team)), nil
	case EvActivationStarted:
		var p ActivationStarted
		if err := dec(&p); err != nil {
			return "", err
		}
		if p.Kind == KindNormal {
			return fmt.Sprintf("%s acts", p.Player), nil
		}
		return fmt.Sprintf("%s acts (%s)", p.Player, kindWords(p.Kind)), nil
	case EvActivationEnded:
		var p ActivationEnded
		if err := dec(&p); err != nil {
			return "", err
		}
		switch p.Reason {
		case "block":
			return fmt.Sprintf("%s's activation ends (a block ends the turn, l. 105)", p.Player), nil
		case "out":
			return fmt.Sprintf("%s's activation ends (Out)", p.Player), nil
		case "run-off":
			return fmt.Sprintf("%s's activation ends (off the field)", p.Player), nil
		case "pass":
			return fmt.Sprintf("%s's activation ends (passing ends the turn, l. 110)", p.Player), nil
		case "kick":
			return fmt.Sprintf("%s's activation ends (kicking ends the turn, l. 109)", p.Player), nil
		}
		if p.Reason == "ball" {
			return fmt.Sprintf("%s loses the rest of his activation (the ball)", p.Player), nil
		}
		if p.Reason == "hold" {
			return fmt.Sprintf("%s holds the rest of his turn", p.Player), nil
		}
		return fmt.Sprintf("%s's activation ends", p.Player), nil
	case EvTurnSkipped:
		var p TurnSkipped
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("%s is Stunned: his turn is skipped", p.Player), nil
	case EvSuspendedPopped:
		var p SuspendedPopped
		if err := dec(&p); err != nil {
			return "", err
		}
		if p.Activation.Started {
			return fmt.Sprintf("%s goes on with his activation", p.Activation.Player), nil
		}
		return fmt.Sprintf("%s's turn comes back", p.Activation.Player), nil
	case EvTouchdown:
		var p TouchdownScored
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("TOUCHDOWN: %s scores on %s, +%d for %s (home %d – away %d)", p.Player, p.Cell, p.Points, teamName(p.Team), g.Score[Home], g.Score[Away]), nil
	case EvStoppageStarted:
		var p StoppageStarted
		if err := dec(&p); err != nil {
			return "", err
		}
		if p.Halftime {
			return "halftime: everyone leaves the field", nil
		}
		return fmt.Sprintf("stoppage: everyone leaves the field; %s kicks off next", teamName(p.Kicking)), nil
	case EvStoppageReady:
		var p StoppageReady
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("%s is ready", teamName(p.Team)), nil
	case EvStoppageEnded:
		return "the stoppage is over: set up for the kickoff", nil
	case EvTreated:
		var p Treated
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("the doctor treats %s: one %s less", p.Player, statusWord(p.Status)), nil
	case EvHPHealed:
		var p HPHealed
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("%s shakes it off: d6 %d, +%d HP", p.Player, p.D6, p.HP), nil
	case EvMatchEnded:
		var p MatchEnded
		if err := dec(&p); err != nil {
			return "", err
		}
		if p.Winner == "draw" {
			return fmt.Sprintf("the match ends in a draw, %d–%d", p.Score[Home], p.Score[Away]), nil
		}
		return fmt.Sprintf("the match is over: %s wins, home %d – away %d", p.Winner, p.Score[Home], p.Score[Away]), nil
	case EvBlockDeclared:
		var p BlockDeclared
		if err := dec(&p); err != nil {
			return "", err
		}
		what := "blocks"
		if p.Tackle {
			what = "tackles"
		}
		line := fmt.Sprintf("%s %s %s", p.Blocker, what, p.Target)
		if p.Exert > 0 {
			line += fmt.Sprintf(", pledging %d Exertion", p.Exert)
		}
		if p.Mods != 0 {
			line += fmt.Sprintf(" (%+d)", p.Mods)
		}
		return line, nil
	case EvDefenseChosen:
		var p DefenseChosen
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("%s defends with %s", p.Player, p.Defense), nil
	case EvBlockRolled:
		var p BlockRolled
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("block %d against %s %d: margin %+d", p.Attack, p.Defense, p.Defence, p.Margin), nil
	case EvHPLost:
		var p HPLost
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("%s takes %d damage", p.Player, p.HP), nil
	case EvPushed:
		var p Pushed
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("%s is pushed from %s to %s", p.Player, p.From, p.To), nil
	case EvPushedOut:
		var p PushedOut
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("%s is pushed out of bounds: prone on %s", p.Player, p.Cell), nil
	case EvWounded:
		var p Wounded
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("%s is wounded: d12 %d, %s", p.Player, p.D12, p.Wound), nil
	case EvKnockedDown:
		var p KnockedDown
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("%s goes down", p.Player), nil
	case EvWentOut:
		var p WentOut
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("%s is Out (unconscious)", p.Player), nil
	case EvCorrected:
		var c correction
		if err := dec(&c); err != nil {
			return "", err
		}
		return fmt.Sprintf("correction by %s: %s (was %s)", e.Seat, c.After, c.Before), nil
	case EvRanOff:
		var p RanOff
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("%s runs off the field from %s", p.Player, p.Cell), nil
	case EvSubIn:
		var p SubIn
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("%s comes in for %s on %s", p.Sub, p.Runner, p.Cell), nil
	case EvPassThrown:
		var p PassThrown
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("%s passes to %s (range %d, DL %d)", p.Passer, p.Receiver, p.Range, p.DL), nil
	case EvPassResult:
		var p PassResult
		if err := dec(&p); err != nil {
			return "", err
		}
		return "the pass is " + passResultWords(p.Result), nil
	case EvGoalKicked:
		var p GoalKicked
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("%s kicks at the goal post on %s (DL %d)", p.Player, p.Post, p.DL), nil
	case EvFieldGoal:
		var p FieldGoalScored
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("FIELD GOAL: %s scores, +%d for %s (home %d – away %d)", p.Player, p.Points, teamName(p.Team), g.Score[Home], g.Score[Away]), nil
	case EvPickupTried:
		var p PickupTried
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("%s tries to pick up the ball", p.Player), nil
	case EvHandoffMade:
		var p HandoffMade
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("%s hands the ball to %s", p.From, p.To), nil
	case EvActivationSuspended:
		var p ActivationSuspended
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("%s waits while the free activations are taken", p.Player), nil
	case EvBlitzDeclared:
		var p BlitzDeclared
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("%s blitzes before %s acts (all his actions −2, l. 101–103)", p.Player, p.Against.Player), nil
	case EvHeldUsed:
		var p HeldUsed
		if err := dec(&p); err != nil {
			return "", err
		}
		switch {
		case p.After != nil:
			return fmt.Sprintf("%s uses his held action: rolls off %d against %s's %d, lost: he acts right after %s", p.Player, p.Total, p.After.Player, p.Against, p.After.Player), nil
		case p.Preempts != nil && p.Won:
			return fmt.Sprintf("%s uses his held action: rolls off %d against %s's %d, won: he acts first", p.Player, p.Total, p.Preempts.Player, p.Against), nil
		case p.Preempts != nil:
			return fmt.Sprintf("%s uses his held action before %s (a teammate, l. 124)", p.Player, p.Preempts.Player), nil
		}
		return fmt.Sprintf("%s uses his held action", p.Player), nil
	case EvHeldDropped:
		var p HeldDropped
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("%s drops his held action", p.Player), nil
	case EvWindowsSet:
		var p WindowsSet
		if err := dec(&p); err != nil {
			return "", err
		}
		if p.Mode == WindowsPass {
			return fmt.Sprintf("%s lets every player act unasked", teamName(p.Team)), nil
		}
		return fmt.Sprintf("%s is asked before each player acts (blitzes, held actions)", teamName(p.Team)), nil
	case EvStood:
		var p Stood
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("%s stands up", p.Player), nil
	case EvMoved:
		var p Moved
		if err := dec(&p); err != nil {
			return "", err
		}
		if len(p.Path) == 0 {
			return "", errors.New("empty path")
		}
		line := fmt.Sprintf("%s moves to %s (%d hexes", p.Player, p.Path[len(p.Path)-1], len(p.Path))
		if p.Sprint > 0 {
			line += fmt.Sprintf(", %d sprinting", p.Sprint)
		}
		return line + ")", nil
	}
	return "", fmt.Errorf("unknown event type %q", e.Type)
}

// errHidden marks an event that makes no line of history.
var errHidden = errors.New("no line")
