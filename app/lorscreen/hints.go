package lorscreen

import (
	"fmt"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin"
)

// hint is the tutorial's advice for the holder in v's phase: what to do at
// the table and what to tap in the app; for a spectator (watching), what
// the players are doing, by their names. It tells nothing the view does
// not (the phase, whose it is).
func hint(v landsofruin.View, holder console.Seat, watching bool) string {
	if watching {
		return watchHint(v)
	}
	mine := v.Current == string(holder)
	switch v.Phase {
	case landsofruin.PhaseSetup:
		return "Setup: pick your role, your table side and your team on the right. Sit at the table edge you chose: the map is drawn with your edge at the bottom. Then tap Ready."
	case landsofruin.PhasePreGame:
		return "Pre-game: place your miniatures at your table edge. The map shows the Rotters to place in each section, yours (your opponent's). Infiltrators are placed in secret here. Tap Ready when the table is set."
	case landsofruin.PhaseObjectives:
		return "The battle is over: mark the objectives your team achieved on the right, then tap Ready. The battle report follows."
	case landsofruin.PhaseOver:
		return "The game is over. Open the battle report from the menu."
	}
	if !mine {
		switch v.Phase {
		case landsofruin.PhaseEnvironment:
			return "Environment phase: every player helps. Move the Rotters on the table as the instructions say, and enter the Rotter attacks on your characters."
		case landsofruin.PhaseAction:
			return "Your opponent's Action phase: watch their moves. Their enemy cards show the actions they assigned."
		}
		return "It is your opponent's turn. Watch the table; the app tells you when you play."
	}
	switch v.Phase {
	case landsofruin.PhaseAction:
		return "Your Action phase: pick a character (a card or its circle on the map), then perform its assigned actions on the right: move the miniature and drag its circle to the new section; attack by choosing a weapon, the targets and entering the d20 rolls. End the phase with the button at the top."
	case landsofruin.PhaseSync:
		return "Sync phase: make the map match the table. Drag each circle to the section its miniature stands in; drag characters who left the table to the strip outside the map."
	case landsofruin.PhaseCommand:
		return "Command phase: plan next turn in secret. Pick a character and assign its actions within its action points; greyed actions say why they are not allowed. Shortcuts assign the same order to the whole team."
	case landsofruin.PhaseEnvironment:
		return "Environment phase: move the Rotters on the table as the large instructions say, place new ones at the marked spawn points, then enter the Rotter attacks and explosion hits per character and end the phase: the app rolls them."
	}
	return ""
}

// watchHint is the tutorial's line for a spectator: what the players do
// now, by their names; a spectator has no side and no turn.
func watchHint(v landsofruin.View) string {
	switch v.Phase {
	case landsofruin.PhaseSetup:
		return "Setup: the players pick their roles, table sides and teams on their own tablets."
	case landsofruin.PhasePreGame:
		return "Pre-game: the players place their miniatures at their table edges and the Rotters the map shows in each section. Infiltrators are placed in secret and not shown here."
	case landsofruin.PhaseObjectives:
		return "The battle is over: the players mark the objectives their teams achieved. The battle report follows."
	case landsofruin.PhaseOver:
		return "The game is over. Open the battle report from the menu."
	}
	if v.Current == "" {
		return "Watch the table: the map shows what every player may see."
	}
	switch v.Phase {
	case landsofruin.PhaseEnvironment:
		return fmt.Sprintf("%s's Environment phase: the players move the Rotters on the table as the instructions say and enter the Rotter attacks on their characters.", v.Current)
	case landsofruin.PhaseAction:
		return fmt.Sprintf("%s's Action phase: watch %s's moves on the table; the map and the teams' cards follow them.", v.Current, v.Current)
	}
	return fmt.Sprintf("It is %s's %s. Watch the table: the map shows what every player may see.", v.Current, landsofruin.PhaseTitle(v.Phase))
}
