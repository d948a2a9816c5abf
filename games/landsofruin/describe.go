package landsofruin

import (
	"fmt"
	"strings"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin/rules"
)

// Describe renders one event as a line of history for seat, and whether
// seat may see it at all. s is the state just before the event. What a
// seat is told follows the View: another seat's hidden characters, assigned
// actions and private damage results are never in its lines.
func (r *Rules) Describe(s console.State, e console.Event, seat console.Seat) (string, bool) {
	g, err := asState(s)
	if err != nil {
		return "", false
	}
	p := g.playerOf(seat)
	text, ok, err := g.describe(e, p)
	if err != nil {
		// A damaged event stays visible to everyone, so damage never hides;
		// only its own seat learns its type and what is wrong, since the
		// type alone may tell a secret (a detection, a hidden move).
		if p >= 0 && g.playerOf(e.Seat) == p {
			return fmt.Sprintf("(one of your commands could not be read: %v)", err), true
		}
		return "(an event of this game could not be read)", true
	}
	return text, ok
}

// at is list[i], or 0 past its end.
func at(list []int, i int) int {
	if i < len(list) {
		return list[i]
	}
	return 0
}

// name is a character's name as player p may be told it.
func (g *state) name(id string) string {
	if kind, ok := rotterTarget(id); ok {
		return rotterName(kind)
	}
	if c := g.char(id); c != nil {
		return c.Name
	}
	return id
}

func (g *state) describe(e console.Event, p int) (string, bool, error) {
	who := string(e.Seat)
	switch e.Type {
	case EventRoleChosen, EventSideChosen, EventTeamChosen:
		var x Choice
		if err := console.Decode(e.Data, &x); err != nil {
			return "", false, err
		}
		switch e.Type {
		case EventRoleChosen:
			return fmt.Sprintf("%s plays the role %s", g.seat(x.Player), x.Name), true, nil
		case EventSideChosen:
			return fmt.Sprintf("%s sits at the %s side", g.seat(x.Player), x.Value), true, nil
		}
		if x.Player != p {
			// Never the team: its members (or its gear value) would
			// tell its hidden characters (teamsecrecy.go).
			return fmt.Sprintf("%s has chosen a team", g.seat(x.Player)), true, nil
		}
		if x.Custom != nil {
			// Never the members: an opponent learns no more of a player's
			// own team than of a pre-made one.
			return fmt.Sprintf("%s takes their own team %s (gear value %d)", g.seat(x.Player), x.Name, x.GearValue), true, nil
		}
		return fmt.Sprintf("%s takes the team %s (gear value %d)", g.seat(x.Player), x.Name, x.GearValue), true, nil
	case EventReady:
		var x Ready
		if err := console.Decode(e.Data, &x); err != nil {
			return "", false, err
		}
		return fmt.Sprintf("%s is ready", g.seat(x.Player)), true, nil
	case EventGameStarted:
		var x GameStarted
		if err := console.Decode(e.Data, &x); err != nil {
			return "", false, err
		}
		var order []string
		for _, i := range x.Order {
			order = append(order, string(g.seat(i)))
		}
		how := "by role priority"
		if x.Drawn {
			how = "drawn at random within equal priority"
		}
		return fmt.Sprintf("the game begins: turn order %s (%s)%s", strings.Join(order, ", "), how, g.describeDeployment(x.Deployment, p)), true, nil
	case EventInfiltrated:
		var x Infiltrated
		if err := console.Decode(e.Data, &x); err != nil {
			return "", false, err
		}
		c := g.char(x.Char)
		if c == nil || c.Owner != p {
			return "", false, nil
		}
		return fmt.Sprintf("%s infiltrates secretly into %s (only you see this)", c.Name, g.sec(x.Section, p)), true, nil
	case EventActionPhase:
		var x ActionPhase
		if err := console.Decode(e.Data, &x); err != nil {
			return "", false, err
		}
		line := fmt.Sprintf("turn %d: %s's Action phase", x.Turn, g.seat(x.Player))
		if g.Phase == PhasePreGame && x.Turn == 1 && x.Index == 0 {
			line += " (the first Action phase is movement only)"
		}
		if p == x.Player {
			for _, d := range x.Detections {
				if d.Success {
					line += fmt.Sprintf("; %s detects a hidden enemy %s (d100 %d, needed %d; only you are told)", g.name(d.Spotter), g.in(d.Section, p), d.Roll, d.Need)
				}
			}
		}
		return line, true, nil
	case EventPhaseEnded:
		var x PhaseEnded
		if err := console.Decode(e.Data, &x); err != nil {
			return "", false, err
		}
		return fmt.Sprintf("%s ends %s: %s", who, phaseName(x.From), phaseName(x.To)), true, nil
	case EventResolution:
		var x Resolution
		if err := console.Decode(e.Data, &x); err != nil {
			return "", false, err
		}
		return g.describeResolution(x, p), true, nil
	case EventAssigned, EventUnassigned:
		var x ActionRef
		if err := console.Decode(e.Data, &x); err != nil {
			return "", false, err
		}
		c := g.char(x.Char)
		if c == nil || c.Owner != p {
			return "", false, nil
		}
		verb := "is assigned"
		if e.Type == EventUnassigned {
			verb = "is no longer assigned"
		}
		with := ""
		if len(x.Also) > 0 {
			var names []string
			for _, id := range x.Also {
				names = append(names, g.name(id))
			}
			with = " with its close support (" + strings.Join(names, ", ") + ")"
		}
		return fmt.Sprintf("%s %s %s%s (only you see this)", c.Name, verb, actionName(x.Action), with), true, nil
	case EventMoved:
		var x Moved
		if err := console.Decode(e.Data, &x); err != nil {
			return "", false, err
		}
		c := g.char(x.Char)
		if c == nil || !c.visibleTo(p) {
			return "", false, nil
		}
		from := "the table edge"
		if x.From != "" {
			from = g.sec(x.From, p)
		}
		through := ""
		if x.Difficult {
			through = " through difficult terrain (its movement is halved this turn)"
		}
		if x.From == x.To {
			return fmt.Sprintf("%s moves within %s%s", c.Name, g.sec(x.To, p), through), true, nil
		}
		return fmt.Sprintf("%s moves from %s to %s%s", c.Name, from, g.sec(x.To, p), through), true, nil
	case EventPerformed:
		var x Performed
		if err := console.Decode(e.Data, &x); err != nil {
			return "", false, err
		}
		c := g.char(x.Char)
		if c != nil && x.Action == ActionRevealEnemy && c.Owner != p && c.hidden() {
			// The revealer stays hidden; the revealed enemy is public.
			return fmt.Sprintf("%s is forced into the open by a hidden enemy and is surprised", g.name(x.Target)), true, nil
		}
		if c == nil || (c.Owner != p && c.hidden() && !x.Revealed) {
			return "", false, nil
		}
		line := fmt.Sprintf("%s performs %s", c.Name, actionName(x.Action))
		if x.Target != "" {
			line += " on " + g.name(x.Target)
		}
		if x.Revealed {
			line += fmt.Sprintf(" and is revealed (%s)", g.in(c.Section, p))
		}
		return line, true, nil
	case EventAttackDeclared:
		var x AttackDeclared
		if err := console.Decode(e.Data, &x); err != nil {
			return "", false, err
		}
		a := x.Attack
		w := data().rd.Weapon(a.Weapon)
		m := data().rd.Mode(a.Weapon, a.Mode)
		if w == nil || m == nil {
			return "", false, fmt.Errorf("unknown mode %s/%s", a.Weapon, a.Mode)
		}
		var ts []string
		for _, t := range a.Targets {
			ts = append(ts, fmt.Sprintf("%s (cover %s: needs %d)", g.name(t.Target), coverName(t.Cover), t.Need))
		}
		line := fmt.Sprintf("%s attacks with the %s, %s", g.name(a.Attacker), w.Name, m.Name)
		if a.Kind == string(rules.Ranged) {
			line += fmt.Sprintf(" at %s range", rules.Band(a.Band))
		}
		if a.Aim {
			line += ", aiming"
		}
		line += ": " + strings.Join(ts, ", ")
		if x.Revealed {
			line += "; the attacker is revealed"
		}
		return line, true, nil
	case EventAttackCancelled:
		return who + " cancels the declared attack", true, nil
	case EventAttackResolved:
		var x AttackResolved
		if err := console.Decode(e.Data, &x); err != nil {
			return "", false, err
		}
		a := g.Attack
		if a == nil || len(a.Targets) != len(x.Rolls) || len(x.Outcomes) != len(x.Rolls) || len(x.Powers) != len(x.Rolls) {
			return "", false, fmt.Errorf("no matching attack")
		}
		var parts []string
		for i, t := range a.Targets {
			s := fmt.Sprintf("%s rolls %d against %d: %s", g.name(t.Target), x.Rolls[i], t.Need, x.Outcomes[i])
			if _, ok := rotterTarget(t.Target); ok {
				if x.Outcomes[i] != rules.Miss.String() {
					s += " (the Rotter is killed: remove it from the table)"
				}
			} else if i < len(x.Absorbed) && x.Absorbed[i] != "" {
				s += g.describeAbsorbed(t.Target, x.Absorbed[i], at(x.AbsorbRolls, i))
			} else if x.Powers[i] != 0 || x.Outcomes[i] != rules.Miss.String() {
				s += fmt.Sprintf(" (power %d, an unresolved hit)", x.Powers[i])
				if r := at(x.AbsorbRolls, i); r > 0 {
					s += g.describeAbsorbed(t.Target, "", r)
				}
			}
			parts = append(parts, s)
		}
		line := g.name(a.Attacker) + "'s attack: " + strings.Join(parts, "; ")
		if x.AppRolled {
			line += " (the app rolled)"
		}
		return line, true, nil
	case EventEndProposed:
		return who + " proposes to end the game", true, nil
	case EventEndAgreed:
		return who + " agrees to end the game", true, nil
	case EventEndRefused:
		return who + " refuses to end the game", true, nil
	case EventObjectiveMarked:
		var x ObjectiveMarked
		if err := console.Decode(e.Data, &x); err != nil {
			return "", false, err
		}
		name := x.Objective
		if o := data().rd.Objective(x.Objective); o != nil {
			name = o.Name
		}
		if x.Count == 0 {
			return fmt.Sprintf("%s marks %s as not achieved", g.seat(x.Player), name), true, nil
		}
		return fmt.Sprintf("%s marks %s achieved %s", g.seat(x.Player), name, times(x.Count)), true, nil
	case EventGameEnded:
		var x GameEnded
		if err := console.Decode(e.Data, &x); err != nil {
			return "", false, err
		}
		var parts []string
		for _, pl := range x.Placements {
			parts = append(parts, fmt.Sprintf("%d. %s (%s)", pl.Place, pl.Seat, plural(pl.Score, "point", "points")))
		}
		return "the game is over: " + strings.Join(parts, ", "), true, nil
	case EventEnvEntry:
		var x EnvEntry
		if err := console.Decode(e.Data, &x); err != nil {
			return "", false, err
		}
		c := g.char(x.Char)
		if c == nil || !c.visibleTo(p) {
			return "", false, nil
		}
		if x.Source == SourceExplosive {
			if x.Count == 0 {
				return fmt.Sprintf("%s: %s is not caught in %s after all", who, c.Name, g.throwableName(x.Throwable, x.Kind)), true, nil
			}
			return fmt.Sprintf("%s: %s is caught in %s (rolled when the Environment phase ends)", who, c.Name, g.throwableName(x.Throwable, x.Kind)), true, nil
		}
		if x.Count == 0 {
			return fmt.Sprintf("%s: no %s attack %s after all", who, rotterPlural(x.Kind), c.Name), true, nil
		}
		verb := "attack"
		if x.Count == 1 {
			verb = "attacks"
		}
		return fmt.Sprintf("%s: %s %s %s (rolled when the Environment phase ends)", who, rotterCount(x.Kind, x.Count), verb, c.Name), true, nil
	case EventEnvResolved:
		var x EnvResolution
		if err := console.Decode(e.Data, &x); err != nil {
			return "", false, err
		}
		text, ok := g.describeEnvResolution(x, p)
		return text, ok, nil
	case EventEnvPlanned:
		var x EnvironmentPlan
		if err := console.Decode(e.Data, &x); err != nil {
			return "", false, err
		}
		return g.describePlan(x, p), true, nil
	case EventUndoRequested:
		var x UndoVote
		if err := console.Decode(e.Data, &x); err != nil {
			return "", false, err
		}
		if x.Command {
			return who + " asks to take back their last command; every other player must approve", true, nil
		}
		return who + " asks to undo the phase change; every other player must approve", true, nil
	case EventUndoApproved:
		if g.UndoCommand {
			return who + " approves taking back the last command", true, nil
		}
		return who + " approves the phase undo", true, nil
	case EventUndoDenied:
		if g.UndoCommand {
			return who + " denies taking back the last command", true, nil
		}
		return who + " denies the phase undo", true, nil
	case EventCommandUndone:
		text, err := g.describeTakeBack(e)
		return text, err == nil, err
	case EventPhaseRewound:
		var x Rewound
		if err := console.Decode(e.Data, &x); err != nil {
			return "", false, err
		}
		return fmt.Sprintf("every player agreed: the game returns from %s to %s as it was ended", phaseName(x.From), phaseName(x.To)), true, nil
	case EventThrown:
		var x Thrown
		if err := console.Decode(e.Data, &x); err != nil {
			return "", false, err
		}
		return g.describeThrown(x, p), true, nil
	case EventThrowablesAdvanced:
		var x ThrowablesAdvanced
		if err := console.Decode(e.Data, &x); err != nil {
			return "", false, err
		}
		return g.describeAdvanced(x, p), true, nil
	case EventRottersCaught:
		var x RottersCaught
		if err := console.Decode(e.Data, &x); err != nil {
			return "", false, err
		}
		if x.Count == 1 {
			return fmt.Sprintf("%s: 1 Rotter dies in %s (remove it from the table)", who, g.throwableName(x.Throwable, g.throwableItem(x.Throwable))), true, nil
		}
		return fmt.Sprintf("%s: %d Rotters die in %s (remove them from the table)", who, x.Count, g.throwableName(x.Throwable, g.throwableItem(x.Throwable))), true, nil
	case EventShortcut:
		var x ShortcutUsed
		if err := console.Decode(e.Data, &x); err != nil {
			return "", false, err
		}
		text, ok := g.describeShortcut(x, p)
		return text, ok, nil
	}
	return "", false, fmt.Errorf("unknown event type %q", e.Type)
}

// describeResolution tells player p what damage resolution did: its own
// characters in full, the others' visible characters by their public
// results only.
func (g *state) describeResolution(x Resolution, p int) string {
	var line string
	if x.Final {
		line = "the game ends: outstanding hits are resolved"
	} else {
		line = fmt.Sprintf("%s's Command phase: damage resolution", g.seat(x.Player))
	}
	var parts []string
	for _, tm := range x.Teams {
		if tm.Player == p && !x.Final {
			parts = append(parts, fmt.Sprintf("your team's morale: %s (E %d, pool %d)", rules.MoraleState(tm.Morale), tm.E, tm.Pool))
		}
		if tm.Panicked {
			s := g.seat(tm.Player)
			parts = append(parts, fmt.Sprintf("%s's team panics: the game is over for %s", s, s))
		}
	}
	for _, cr := range x.Chars {
		c := g.char(cr.Char)
		if c == nil || !c.visibleTo(p) {
			continue
		}
		if c.Owner == p {
			for _, a := range cr.Advances {
				s := fmt.Sprintf("%s: %s %s", c.Name, effectName(a.Effect), a.Outcome)
				if a.D2 > 0 {
					s += fmt.Sprintf(" (d2 %d)", a.D2)
				}
				parts = append(parts, s)
			}
			for _, r := range cr.Results {
				parts = append(parts, fmt.Sprintf("%s: d100 %d + 10×%d = %d: %s. %s", c.Name, r.Roll, r.Power, r.Total, r.Private, r.Detail))
			}
			continue
		}
		if downAfter(cr.Effects) {
			// Pinned, unconscious and dead are only "down" to others.
			if len(cr.Results) > 0 || len(c.Hits) > 0 {
				parts = append(parts, fmt.Sprintf("%s: %s", c.Name, publicDown))
			}
			continue
		}
		for _, r := range cr.Results {
			parts = append(parts, fmt.Sprintf("%s: %s", c.Name, r.Public))
		}
	}
	if len(parts) == 0 {
		return line
	}
	return line + ": " + strings.Join(parts, "; ")
}
