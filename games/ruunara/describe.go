package ruunara

import (
	"fmt"
	"strings"

	"github.com/commandconsole/commandconsole/console"
	rn "github.com/commandconsole/commandconsole/npc/ruunara"
)

// internalEvents make no line of history.
var internalEvents = map[string]bool{EvActivity: true, EvPrompt: true, EvQueue: true, EvSites: true, EvOrdersDone: true}

// Describe renders one event as a line of history (every seat sees every
// line: RU-D7). s is the state just before the event.
func (r *Rules) Describe(s console.State, e console.Event, seat console.Seat) (string, bool) {
	g, err := asState(s)
	if err != nil || internalEvents[e.Type] {
		return "", false
	}
	line, err := g.describe(e, g.unitOf(seat))
	if err != nil || line == "" {
		return "", false
	}
	return line, true
}

func faces(f []int) string {
	s := make([]string, len(f))
	for i, v := range f {
		s[i] = fmt.Sprint(v)
	}
	return strings.Join(s, ", ")
}

func (g *state) describe(e console.Event, u rn.Unit) (string, error) {
	dec := func(v any) error { return console.Decode(e.Data, v) }
	switch e.Type {
	case EvCardDefined:
		var p CardDefined
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("Card %s (%s) defined", p.Card.Name, factionWords(p.Card.Faction)), nil
	case EvUnitAdded:
		var p UnitAdded
		if err := dec(&p); err != nil {
			return "", err
		}
		if p.Kind == "hero" {
			return fmt.Sprintf("%s %s joins %s's heroes (%d HP)", p.ID, p.Name, g.seatName(p.Seat), p.HP), nil
		}
		return fmt.Sprintf("%s %s added (%s, %d HP)", p.ID, p.Name, p.Kind, p.HP), nil
	case EvUnitRemoved:
		var p UnitRemoved
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("%s taken out", g.name(p.ID)), nil
	case EvHeroAssigned:
		var p HeroAssigned
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("%s plays in %s's turn", g.name(p.Hero), g.seatName(p.Seat)), nil
	case EvUnitSystemSet:
		var p UnitSystemSet
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("%s reads distances in %s", g.seatName(p.Seat), unitWords(p.Unit)), nil
	case EvGameStarted:
		return "The game starts", nil
	case EvPhaseStarted:
		var p PhaseStarted
		if err := dec(&p); err != nil {
			return "", err
		}
		side := g.seatName(p.Side)
		if p.Side >= len(g.Seats) {
			side = "enemy"
		}
		return fmt.Sprintf("Round %d, %s %s phase", p.Round, side, p.Phase), nil
	case EvTurnSkipped:
		var p TurnSkipped
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("Round %d: %s has no free hero", p.Round, g.seatName(p.Seat)), nil
	case EvAbilityUsed:
		var p AbilityUsed
		if err := dec(&p); err != nil {
			return "", err
		}
		line := fmt.Sprintf("%s uses %s", g.name(p.Unit), p.Name)
		if len(p.Targets) > 0 {
			var ts []string
			for _, t := range p.Targets {
				ts = append(ts, g.name(t))
			}
			line += " on " + strings.Join(ts, ", ")
		}
		if p.Limited {
			line += fmt.Sprintf(" (%d left)", p.Left)
		}
		if p.Text != "" {
			line += ": " + p.Text
		}
		return line, nil
	case EvEngaged:
		var p Engaged
		if err := dec(&p); err != nil {
			return "", err
		}
		if p.By == "enemy" {
			return fmt.Sprintf("%s engage %s", strings.Join(p.Enemies, ", "), g.name(p.Hero)), nil
		}
		return fmt.Sprintf("%s engages %s", g.name(p.Hero), strings.Join(p.Enemies, ", ")), nil
	case EvFled:
		var p Fled
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("%s flees the fight (%s)", g.name(p.Hero), g.abilityName(p.Hero, p.Ability)), nil
	case EvAttackRolled:
		var p AttackRolled
		if err := dec(&p); err != nil {
			return "", err
		}
		by := "rolled by the app"
		if p.By != "app" {
			by = "entered by " + p.By
		}
		return fmt.Sprintf("%s — %s → %d success%s (%s)", p.What, faces(p.Faces), p.Successes, pluralEs(p.Successes), by), nil
	case EvDiceAssigned:
		var p DiceAssigned
		if err := dec(&p); err != nil {
			return "", err
		}
		var parts []string
		for _, d := range p.Dice {
			parts = append(parts, fmt.Sprintf("die %d → %s", d.Die, d.Target))
		}
		return fmt.Sprintf("%s assigns %s", g.name(p.Attacker), strings.Join(parts, ", ")), nil
	case EvRerolled:
		var p Rerolled
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("Die %d re-rolled %d → %d (%s, %s)", p.Die, p.Before, p.After, g.abilityName(p.Unit, p.Ability), g.name(p.Unit)), nil
	case EvCoverRolled:
		var p CoverRolled
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("Cover for %s — %s → %d cancelled", g.name(p.Target), faces(p.Faces), p.Cancelled), nil
	case EvDamageDealt:
		var p DamageDealt
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("%s −%d (%d HP)", g.name(p.Target), p.Amount, p.HP), nil
	case EvHealed:
		var p Healed
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("%s healed to %d HP", g.name(p.Target), p.HP), nil
	case EvUnitKilled:
		var p UnitKilled
		if err := dec(&p); err != nil {
			return "", err
		}
		return g.killText(p), nil
	case EvHeroExecuted:
		var p HeroExecuted
		if err := dec(&p); err != nil {
			return "", err
		}
		return g.executedText(p), nil
	case EvHeroCaptured:
		var p HeroCaptured
		if err := dec(&p); err != nil {
			return "", err
		}
		if p.Cause == "melee" {
			return fmt.Sprintf("End of round %d: %s", p.Round, g.capturedText(p)), nil
		}
		return g.capturedText(p), nil
	case EvHeroFreed:
		var p HeroFreed
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("%s is freed (%d HP)", g.name(p.Hero), p.HP), nil
	case EvQuestionAsked:
		var p QuestionAsked
		if err := dec(&p); err != nil {
			return "", err
		}
		if p.Kind == "cover" {
			return fmt.Sprintf("Asked: is %s under cover?", g.name(p.Q.Subject)), nil
		}
		if p.Kind == "area" {
			return fmt.Sprintf("Asked: which enemies are in the area of %s?", p.Q.Subject), nil
		}
		return "Asked: " + p.Q.Text(g.world(), u), nil
	case EvQuestionAnswer:
		var p QuestionAnswered
		if err := dec(&p); err != nil {
			return "", err
		}
		var parts []string
		for _, l := range p.Q.Lines {
			a := l.Answer
			if a != "yes" && a != "no" && a != "none" {
				a = g.name(a)
			}
			parts = append(parts, l.Unit+": "+a)
		}
		return fmt.Sprintf("%s answers — %s", g.seatName(p.Seat), strings.Join(parts, ", ")), nil
	case EvOrdersIssued:
		var p OrdersIssued
		if err := dec(&p); err != nil {
			return "", err
		}
		w := g.world()
		var parts []string
		for _, o := range p.Orders {
			parts = append(parts, o.Text(w, u))
		}
		return strings.Join(parts, " "), nil
	case EvModesChanged:
		var p ModesChanged
		if err := dec(&p); err != nil {
			return "", err
		}
		var parts []string
		for _, ne := range p.Enemies {
			old := g.enemy(ne.ID)
			if old != nil && old.AI.Mode == ne.Mode {
				continue
			}
			parts = append(parts, fmt.Sprintf("%s now %s", ne.ID, modeWords(ne.Mode)))
		}
		return strings.Join(parts, "; "), nil
	case EvFightEnded:
		var p FightEnded
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("%s's fight is over: the abilities used once per fight are ready again", g.name(p.Unit)), nil
	case EvCountTicked:
		var p CountTicked
		if err := dec(&p); err != nil {
			return "", err
		}
		if p.Count == 0 {
			return "", nil
		}
		return fmt.Sprintf("%s has been engaged for %d of %d rounds", g.name(p.Hero), p.Count, g.Numbers.CaptureEngagedTurns+1), nil
	case EvRoundEnded:
		var p RoundEnded
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("Round %d ends", p.Round), nil
	case EvGameEnded:
		var p GameEnded
		if err := dec(&p); err != nil {
			return "", err
		}
		return g.endedText(p), nil
	case EvUndoRequested:
		var p UndoRequested
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("%s asks to undo %s. Does %s agree?", g.seatName(p.By), p.What, g.seatName(1-p.By)), nil
	case EvUndoAnswered:
		var p UndoAnswered
		if err := dec(&p); err != nil {
			return "", err
		}
		if p.Yes {
			return fmt.Sprintf("%s agrees to the undo", g.seatName(p.Seat)), nil
		}
		return fmt.Sprintf("%s declines the undo", g.seatName(p.Seat)), nil
	case EvUndoWithdrawn:
		return "The undo request is withdrawn", nil
	case EvWarned:
		var p Warned
		if err := dec(&p); err != nil {
			return "", err
		}
		return "Warning: " + p.Text, nil
	case EvAdjusted:
		var p Adjusted
		if err := dec(&p); err != nil {
			return "", err
		}
		return fmt.Sprintf("Correction, %s: %s", g.name(p.Unit), p.Field), nil
	}
	return "", nil
}

func pluralEs(n int) string {
	if n == 1 {
		return ""
	}
	return "es"
}

// Undoable: in solo every command is taken back at once; in duo a dice
// roll needs the other seat's consent (RU-D57), asked with request-undo.
func (r *Rules) Undoable(s console.State, seat console.Seat, last []console.Event) error {
	g, err := asState(s)
	if err != nil {
		return err
	}
	if len(g.Seats) == 1 {
		return nil
	}
	for _, e := range last {
		if e.Type == EvAttackRolled || e.Type == EvCoverRolled || e.Type == EvRerolled {
			// RU-D57: a roll the other seat has seen is taken back only with its consent
			return console.RejectTry(console.ReasonNeedsConsent, CmdRequestUndo, "taking back a dice roll in a duo game needs your partner's consent: ask them first")
		}
	}
	return nil
}

// modeWords is an enemy mode in words ("pursuing", "back at its post").
func modeWords(m fmt.Stringer) string {
	switch w := m.String(); w {
	case "posted":
		return "at its post"
	default:
		return w
	}
}

// factionWords is a card's faction as the players say it.
func factionWords(f string) string {
	switch f {
	case "ally":
		return "hero"
	case "enemy":
		return "enemy"
	case "neutral":
		return "neutral"
	}
	return f
}

// unitWords is a distance unit in words.
func unitWords(u string) string {
	if u == "cm" {
		return "centimetres"
	}
	return "inches"
}
