package landsofruin

import (
	"fmt"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin/rules"
)

// Apply folds one event into the state. It never rolls dice.
func (r *Rules) Apply(s console.State, e console.Event) (console.State, error) {
	g, err := asState(s)
	if err != nil {
		return nil, err
	}
	if err := g.markCommand(e); err != nil {
		return nil, fmt.Errorf("landsofruin: %s: %w", e.Type, err)
	}
	before := g.beforeNews(e)
	if err := g.apply(e); err != nil {
		return nil, fmt.Errorf("landsofruin: %s: %w", e.Type, err)
	}
	g.recordNews(e, before)
	return g, nil
}

func (g *state) playerArg(p int) (*player, error) {
	if p < 0 || p >= len(g.Players) {
		return nil, fmt.Errorf("no player %d", p)
	}
	return &g.Players[p], nil
}

func (g *state) charArg(id string) (*character, error) {
	c := g.char(id)
	if c == nil {
		return nil, fmt.Errorf("no character %q", id)
	}
	return c, nil
}

func (g *state) apply(e console.Event) error {
	switch e.Type {
	case EventRoleChosen, EventSideChosen, EventTeamChosen:
		var x Choice
		if err := console.Decode(e.Data, &x); err != nil {
			return err
		}
		p, err := g.playerArg(x.Player)
		if err != nil {
			return err
		}
		p.Ready = false
		switch e.Type {
		case EventRoleChosen:
			p.Role = x.Value
		case EventSideChosen:
			p.Side = x.Value
		default:
			p.Team, p.TeamName, p.GearValue, p.Custom = x.Value, x.Name, x.GearValue, x.Custom
		}
	case EventReady:
		var x Ready
		if err := console.Decode(e.Data, &x); err != nil {
			return err
		}
		p, err := g.playerArg(x.Player)
		if err != nil {
			return err
		}
		p.Ready = true
	case EventGameStarted:
		var x GameStarted
		if err := console.Decode(e.Data, &x); err != nil {
			return err
		}
		if len(x.Order) != len(g.Players) {
			return fmt.Errorf("order of %d players for %d", len(x.Order), len(g.Players))
		}
		for _, p := range x.Order {
			if _, err := g.playerArg(p); err != nil {
				return err
			}
		}
		g.Order, g.OrderDrawn, g.Chars = x.Order, x.Drawn, x.Chars
		g.World, g.Deployment, g.Noise = nil, x.Deployment, nil
		if x.World != nil {
			if err := g.setWorld(*x.World); err != nil {
				return err
			}
		}
		if g.Chars == nil {
			g.Chars = []character{}
		}
		for i := range g.Players {
			g.Players[i].Ready = false
			g.Players[i].Pool = rules.MoralePool
			g.Players[i].Morale = int(rules.Normal)
		}
		g.Phase = PhasePreGame
	case EventInfiltrated:
		var x Infiltrated
		if err := console.Decode(e.Data, &x); err != nil {
			return err
		}
		c, err := g.charArg(x.Char)
		if err != nil {
			return err
		}
		c.Section = x.Section
	case EventActionPhase:
		var x ActionPhase
		if err := console.Decode(e.Data, &x); err != nil {
			return err
		}
		if x.Index < 0 || x.Index >= len(g.Order) || g.Order[x.Index] != x.Player {
			return fmt.Errorf("player %d is not at %d in the turn order", x.Player, x.Index)
		}
		for _, pr := range x.Prep {
			c, err := g.charArg(pr.Char)
			if err != nil {
				return err
			}
			c.MoveAP, c.Pool, c.Difficult = pr.MoveAP, pr.Pool, false
		}
		p := &g.Players[x.Player]
		for _, d := range x.Detections {
			if d.Success && !contains(p.Detected, d.Hidden) {
				p.Detected = append(p.Detected, d.Hidden)
			}
		}
		for i := range g.Players {
			g.Players[i].Ready = false
		}
		p.ActionPhases++
		if err := g.feed(noiseOp{Op: opStartAction, Player: x.Player}); err != nil {
			return err
		}
		g.dropSpent()
		g.Current, g.Turn, g.Phase, g.Attack = x.Index, x.Turn, PhaseAction, nil
		g.Mark, g.Marked, g.Plan, g.ReusePlan, g.Env = nil, nil, nil, nil, nil
		g.clearUndo()
	case EventPhaseEnded:
		var x PhaseEnded
		if err := console.Decode(e.Data, &x); err != nil {
			return err
		}
		if err := g.markPhase(x.Mark); err != nil {
			return err
		}
		g.clearUndo()
		g.Phase = x.To
	case EventResolution:
		var x Resolution
		if err := console.Decode(e.Data, &x); err != nil {
			return err
		}
		for _, tm := range x.Teams {
			p, err := g.playerArg(tm.Player)
			if err != nil {
				return err
			}
			if !x.Final {
				p.Pool, p.Morale, p.Positive = tm.Pool, tm.Morale, 0
			}
			p.Negative, p.Leader, p.Second = tm.Negative, tm.Leader, tm.Second
		}
		for _, cr := range x.Chars {
			c, err := g.charArg(cr.Char)
			if err != nil {
				return err
			}
			c.Effects, c.Modifiers = cr.Effects, cr.Modifiers
			c.Results = append(c.Results, cr.Results...)
			c.Hits, c.Suppression, c.Assigned = append([]hit{}, cr.NewHits...), 0, []assigned{}
		}
		g.Attack, g.Mark, g.Marked = nil, nil, nil
		g.clearUndo()
		if x.Final {
			g.Phase, g.EndProposedBy = PhaseObjectives, 0
			for i := range g.Players {
				g.Players[i].Ready, g.Players[i].EndAgreed = false, false
			}
		} else {
			g.Phase = PhaseCommand
			if _, err := g.playerArg(x.Player); err != nil {
				return err
			}
			if err := g.noiseEndMove(x.Player); err != nil {
				return err
			}
		}
	case EventAssigned, EventUnassigned:
		var x ActionRef
		if err := console.Decode(e.Data, &x); err != nil {
			return err
		}
		for _, id := range append([]string{x.Char}, x.Also...) {
			c, err := g.charArg(id)
			if err != nil {
				return err
			}
			if e.Type == EventAssigned {
				c.Assigned = append(c.Assigned, assigned{Action: x.Action})
			} else if i := c.assignedIndex(x.Action); i >= 0 {
				c.Assigned = append(c.Assigned[:i:i], c.Assigned[i+1:]...)
			}
		}
	case EventMoved:
		var x Moved
		if err := console.Decode(e.Data, &x); err != nil {
			return err
		}
		c, err := g.charArg(x.Char)
		if err != nil {
			return err
		}
		c.Section = x.To
		c.Difficult = c.Difficult || x.Difficult
	case EventPerformed:
		var x Performed
		if err := console.Decode(e.Data, &x); err != nil {
			return err
		}
		c, err := g.charArg(x.Char)
		if err != nil {
			return err
		}
		g.perform(c, x.Action)
		c.Effects = x.Effects
		if x.Target != "" {
			t, err := g.charArg(x.Target)
			if err != nil {
				return err
			}
			t.Effects = x.TargetEffects
			if x.ClearWounds {
				t.Modifiers = []modifier{}
			}
		}
	case EventAttackDeclared:
		var x AttackDeclared
		if err := console.Decode(e.Data, &x); err != nil {
			return err
		}
		c, err := g.charArg(x.Attack.Attacker)
		if err != nil {
			return err
		}
		for _, t := range x.Attack.Targets {
			if _, ok := rotterTarget(t.Target); ok {
				continue
			}
			if _, err := g.charArg(t.Target); err != nil {
				return err
			}
		}
		if x.Revealed {
			c.Effects = without(c.Effects, "hidden")
		}
		a := x.Attack
		g.Attack = &a
	case EventAttackCancelled:
		g.Attack = nil
	case EventAttackResolved:
		var x AttackResolved
		if err := console.Decode(e.Data, &x); err != nil {
			return err
		}
		return g.applyAttack(x)
	case EventEndProposed, EventEndAgreed, EventEndRefused:
		var x EndVote
		if err := console.Decode(e.Data, &x); err != nil {
			return err
		}
		p, err := g.playerArg(x.Player)
		if err != nil {
			return err
		}
		switch e.Type {
		case EventEndProposed:
			g.EndProposedBy = x.Player + 1
			p.EndAgreed = true
		case EventEndAgreed:
			p.EndAgreed = true
		default:
			g.EndProposedBy = 0
			for i := range g.Players {
				g.Players[i].EndAgreed = false
			}
		}
	case EventObjectiveMarked:
		var x ObjectiveMarked
		if err := console.Decode(e.Data, &x); err != nil {
			return err
		}
		p, err := g.playerArg(x.Player)
		if err != nil {
			return err
		}
		var objs []objective
		for _, o := range p.Objectives {
			if o.ID != x.Objective {
				objs = append(objs, o)
			}
		}
		if x.Count > 0 {
			objs = append(objs, objective{ID: x.Objective, Count: x.Count})
		}
		p.Objectives = objs
		p.Ready = false
	case EventGameEnded:
		g.Phase = PhaseOver
		g.Mark, g.Marked = nil, nil
	case EventEnvEntry:
		var x EnvEntry
		if err := console.Decode(e.Data, &x); err != nil {
			return err
		}
		return g.applyEnvEntry(x)
	case EventEnvResolved:
		var x EnvResolution
		if err := console.Decode(e.Data, &x); err != nil {
			return err
		}
		return g.applyEnvResolution(x)
	case EventEnvPlanned:
		var x EnvironmentPlan
		if err := console.Decode(e.Data, &x); err != nil {
			return err
		}
		if err := g.applyWorldPlan(&x); err != nil {
			return err
		}
		g.Plan, g.ReusePlan = &x, nil
	case EventUndoRequested, EventUndoApproved, EventUndoDenied:
		var x UndoVote
		if err := console.Decode(e.Data, &x); err != nil {
			return err
		}
		p, err := g.playerArg(x.Player)
		if err != nil {
			return err
		}
		switch e.Type {
		case EventUndoRequested:
			g.UndoBy, g.UndoCommand = x.Player+1, x.Command
		case EventUndoApproved:
			p.UndoApproved = true
		default:
			g.clearUndo()
		}
	case EventPhaseRewound:
		if err := g.applyRewind(); err != nil {
			return err
		}
		// The game is back as the phase was ended; the rewind itself,
		// agreed by all, is the last command and final.
		g.LastCmd, g.LastBy, g.LastOpen = e.Cmd, g.playerOf(e.Seat), false
		return nil
	case EventCommandUndone:
		return g.applyTakeBack(e)
	case EventThrown:
		var x Thrown
		if err := console.Decode(e.Data, &x); err != nil {
			return err
		}
		return g.applyThrown(x)
	case EventThrowablesAdvanced:
		var x ThrowablesAdvanced
		if err := console.Decode(e.Data, &x); err != nil {
			return err
		}
		return g.applyThrowablesAdvanced(x)
	case EventRottersCaught:
		var x RottersCaught
		if err := console.Decode(e.Data, &x); err != nil {
			return err
		}
		t := g.throwable(x.Throwable)
		if t == nil {
			return fmt.Errorf("no throwable %d", x.Throwable)
		}
		if _, err := g.playerArg(x.Player); err != nil {
			return err
		}
		if by := g.char(t.By); by != nil {
			pl := &g.Players[by.Owner]
			pl.RottersKilled = max(pl.RottersKilled-t.Rotters+x.Count, 0)
		}
		t.Rotters = x.Count
	case EventShortcut:
		var x ShortcutUsed
		if err := console.Decode(e.Data, &x); err != nil {
			return err
		}
		return g.applyShortcut(x)
	default:
		return fmt.Errorf("unknown event type %q", e.Type)
	}
	return nil
}

func without(effs []effect, id string) []effect {
	out := []effect{}
	for _, e := range effs {
		if e.ID != id {
			out = append(out, e)
		}
	}
	return out
}

// perform marks an action performed: the assigned entry and the uses per
// battle. The defence pool does not change: the action's points were spent
// when it was assigned (rules.DefencePool).
func (g *state) perform(c *character, action string) {
	if i := c.assignedIndex(action); i >= 0 {
		c.Assigned[i].Performed = true
	}
	if a := data().rd.Action(action); a != nil && a.MaxPerBattle > 0 {
		c.Used = append(c.Used, action)
	}
}

// applyAttack resolves the declared attack: ammunition, the defence pool,
// suppression and morale tallies at once, hits as unresolved hits (§4.5).
func (g *state) applyAttack(x AttackResolved) error {
	a := g.Attack
	if a == nil {
		return fmt.Errorf("no attack is declared")
	}
	if len(x.Rolls) != len(a.Targets) || len(x.Powers) != len(a.Targets) || len(x.Outcomes) != len(a.Targets) {
		return fmt.Errorf("%d rolls for %d targets", len(x.Rolls), len(a.Targets))
	}
	c, err := g.charArg(a.Attacker)
	if err != nil {
		return err
	}
	m := data().rd.Mode(a.Weapon, a.Mode)
	if m == nil {
		return fmt.Errorf("unknown mode %s/%s", a.Weapon, a.Mode)
	}
	for i := range c.Ammo {
		if c.Ammo[i].Weapon == a.Weapon {
			c.Ammo[i].Rounds = x.Rounds
		}
	}
	g.perform(c, a.Action)
	c.Effects = without(c.Effects, "hidden")
	if err := g.noiseAttack(c, a.Weapon, m.Noise); err != nil {
		return err
	}
	att := &g.Players[c.Owner]
	for i, t := range a.Targets {
		if _, ok := rotterTarget(t.Target); ok {
			// Any hit kills a Rotter (rulebook "Attacking Rotters").
			att.Positive++
			if x.Outcomes[i] != rules.Miss.String() {
				att.Positive++
				att.RottersKilled++
			}
			continue
		}
		tc, err := g.charArg(t.Target)
		if err != nil {
			return err
		}
		def := &g.Players[tc.Owner]
		att.Positive++
		def.Negative++
		tc.Suppression = rules.AddSuppression(tc.Suppression, m.Suppression.Targeting)
		if x.Powers[i] != 0 || x.Outcomes[i] != rules.Miss.String() {
			att.Positive++
			def.Negative++
			tc.Suppression = rules.AddSuppression(tc.Suppression, m.Suppression.Hit)
			h := hit{Kind: a.Kind, Power: x.Powers[i], By: c.ID, Band: a.Band}
			if i < len(x.Absorbed) && x.Absorbed[i] != "" {
				if err := g.absorbHit(x.Absorbed[i], h); err != nil {
					return err
				}
				continue
			}
			tc.Hits = append(tc.Hits, h)
		}
	}
	g.Attack = nil
	return nil
}
