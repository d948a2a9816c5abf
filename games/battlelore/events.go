package battlelore

import (
	"fmt"

	"github.com/commandconsole/commandconsole/console"
)

// Event types. They are stored in saves: never rename them.
const (
	EventScenarioChosen    = "scenario-chosen"
	EventScenariosRevealed = "scenarios-revealed"
	EventArmyMustered      = "army-mustered"
	EventArmiesRevealed    = "armies-revealed"
	EventCommandCardPlayed = "command-card-played"
	EventStepDone          = "step-done"
	EventVPScored          = "vp-scored"
	EventCommandCardDrawn  = "command-card-drawn"
	EventLoreStep          = "lore-step"
	EventTurnEnded         = "turn-ended"
	EventGameEnded         = "game-ended"
	EventUnitDamaged       = "unit-damaged"
	EventUnitHealed        = "unit-healed"
	EventUnitHealthSet     = "unit-health-set"
	EventLoreGained        = "lore-gained"
	EventLoreCardPlayed    = "lore-card-played"
	EventCounterAdjusted   = "counter-adjusted"
)

// Sides in event payloads are faction indexes: 0 Daqan, 1 Uthuk.

// ScenarioChosen is the payload of scenario-chosen: the scenario card Side
// reveals, hidden from the opponent until both are in.
type ScenarioChosen struct {
	Side       int    `json:"side" msgpack:"side"`
	Name       string `json:"name,omitempty" msgpack:"name,omitempty"`
	Initiative string `json:"initiative" msgpack:"initiative"`
	Banners    []int  `json:"banners" msgpack:"banners"`
}

// ScenariosRevealed is the payload of scenarios-revealed: both cards, and
// the first player, decided By "initiative" or, on a tie, at "random".
type ScenariosRevealed struct {
	Daqan ScenarioChosen `json:"daqan" msgpack:"daqan"`
	Uthuk ScenarioChosen `json:"uthuk" msgpack:"uthuk"`
	First int            `json:"first" msgpack:"first"`
	By    string         `json:"by" msgpack:"by"`
}

// ArmyMustered is the payload of army-mustered: Side's army, hidden from
// the opponent until both are in.
type ArmyMustered struct {
	Side int  `json:"side" msgpack:"side"`
	Army Army `json:"army" msgpack:"army"`
}

// ArmiesRevealed is the payload of armies-revealed: the armies are placed,
// each side takes its lore tokens (Lore, Daqan first) and its starting hand,
// and turn 1 begins with the First player.
type ArmiesRevealed struct {
	Lore         []int `json:"lore" msgpack:"lore"`
	CommandCards int   `json:"command_cards" msgpack:"command_cards"`
	LoreCards    int   `json:"lore_cards" msgpack:"lore_cards"`
	First        int   `json:"first" msgpack:"first"`
}

// CommandCardPlayed is the payload of command-card-played.
type CommandCardPlayed struct {
	Side int    `json:"side" msgpack:"side"`
	Turn int    `json:"turn" msgpack:"turn"`
	Card string `json:"card,omitempty" msgpack:"card,omitempty"`
}

// StepDone is the payload of step-done: Side finished the Order, Move or
// Attack step.
type StepDone struct {
	Side int    `json:"side" msgpack:"side"`
	Turn int    `json:"turn" msgpack:"turn"`
	Step string `json:"step" msgpack:"step"`
}

// VPScored is the payload of vp-scored: VP for banners, and Exchanged VP
// bought with 4 lore each (learning scenario).
type VPScored struct {
	Side      int `json:"side" msgpack:"side"`
	Turn      int `json:"turn" msgpack:"turn"`
	VP        int `json:"vp" msgpack:"vp"`
	Exchanged int `json:"exchanged,omitempty" msgpack:"exchanged,omitempty"`
}

// CommandCardDrawn is the payload of command-card-drawn.
type CommandCardDrawn struct {
	Side int `json:"side" msgpack:"side"`
	Turn int `json:"turn" msgpack:"turn"`
}

// LoreStep is the payload of lore-step: the Choice made, the tokens gained,
// the lore cards drawn and discarded (the two-cards discard and any beyond
// 4).
type LoreStep struct {
	Side      int    `json:"side" msgpack:"side"`
	Turn      int    `json:"turn" msgpack:"turn"`
	Choice    string `json:"choice" msgpack:"choice"`
	Tokens    int    `json:"tokens" msgpack:"tokens"`
	Drawn     int    `json:"drawn" msgpack:"drawn"`
	Discarded int    `json:"discarded" msgpack:"discarded"`
}

// TurnEnded is the payload of turn-ended: Side's turn is over and Next's
// begins.
type TurnEnded struct {
	Side int `json:"side" msgpack:"side"`
	Turn int `json:"turn" msgpack:"turn"`
	Next int `json:"next" msgpack:"next"`
}

// GameEnded is the payload of game-ended: the Winner, the Reason
// ("victory-points", "eliminated", "conceded"), the VP then (Daqan first)
// and the placements, winner first.
type GameEnded struct {
	Winner     int                 `json:"winner" msgpack:"winner"`
	Reason     string              `json:"reason" msgpack:"reason"`
	VP         []int               `json:"vp" msgpack:"vp"`
	Placements []console.Placement `json:"placements" msgpack:"placements"`
}

// UnitDamaged is the payload of unit-damaged: Amount figures removed, or
// damage tokens placed on a legend.
type UnitDamaged struct {
	Side   int    `json:"side" msgpack:"side"`
	Unit   string `json:"unit" msgpack:"unit"`
	Amount int    `json:"amount" msgpack:"amount"`
}

// UnitHealed is the payload of unit-healed: Amount figures returned, or
// damage tokens removed.
type UnitHealed struct {
	Side   int    `json:"side" msgpack:"side"`
	Unit   string `json:"unit" msgpack:"unit"`
	Amount int    `json:"amount" msgpack:"amount"`
}

// UnitHealthSet is the payload of unit-health-set.
type UnitHealthSet struct {
	Side   int    `json:"side" msgpack:"side"`
	Unit   string `json:"unit" msgpack:"unit"`
	Health int    `json:"health" msgpack:"health"`
	Was    int    `json:"was" msgpack:"was"`
}

// CounterChanged is the payload of lore-gained and counter-adjusted: Side's
// Counter ("vp", "lore-tokens", "lore-cards", "command-cards") changes By.
type CounterChanged struct {
	Side    int    `json:"side" msgpack:"side"`
	Counter string `json:"counter" msgpack:"counter"`
	By      int    `json:"by" msgpack:"by"`
}

// LoreCardPlayed is the payload of lore-card-played.
type LoreCardPlayed struct {
	Side int    `json:"side" msgpack:"side"`
	Turn int    `json:"turn" msgpack:"turn"`
	Cost int    `json:"cost" msgpack:"cost"`
	Card string `json:"card,omitempty" msgpack:"card,omitempty"`
}

// Apply folds one event into the game. It fails on an event it cannot
// decode or that does not fit the game (a damaged save), and never panics.
func (r *Rules) Apply(s console.State, e console.Event) (console.State, error) {
	g, err := asState(s)
	if err != nil {
		return nil, err
	}
	if err := g.apply(e); err != nil {
		return nil, fmt.Errorf("battlelore: event %d (%s): %w", e.Seq, e.Type, err)
	}
	return g, nil
}

// sideOf checks a payload's side index.
func sideOf(i int) (Faction, error) {
	if f := Faction(i); f.valid() {
		return f, nil
	}
	return 0, fmt.Errorf("no side %d", i)
}

// turnEvent checks that a turn event fits: the game goes on, it is Side's
// turn Turn, at step.
func (g *state) turnEvent(side, turn int, step string) (Faction, error) {
	f, err := sideOf(side)
	switch {
	case err != nil:
		return 0, err
	case g.finished():
		return 0, fmt.Errorf("the game is over")
	case side != g.Active || turn != g.Turn:
		return 0, fmt.Errorf("for %s in turn %d, but it is turn %d, side %d", f.Name(), turn, g.Turn, g.Active)
	case g.Step != step:
		return 0, fmt.Errorf("at the %s, but the game is at the %s", StepName(step), StepName(g.Step))
	}
	return f, nil
}

func (g *state) apply(e console.Event) error {
	switch e.Type {
	case EventScenarioChosen:
		var d ScenarioChosen
		if err := console.Decode(e.Data, &d); err != nil {
			return err
		}
		f, err := sideOf(d.Side)
		if err != nil {
			return err
		}
		if g.Learning || g.Step != StepScenario || g.finished() {
			return fmt.Errorf("not at the scenario step")
		}
		sc, err := checkScenario(d.Name, d.Initiative, d.Banners)
		if err != nil {
			return err
		}
		g.Sides[f].Scenario = sc
	case EventScenariosRevealed:
		var d ScenariosRevealed
		if err := console.Decode(e.Data, &d); err != nil {
			return err
		}
		if _, err := sideOf(d.First); err != nil {
			return err
		}
		if g.Step != StepScenario || g.finished() || g.Sides[Daqan].Scenario == nil || g.Sides[Uthuk].Scenario == nil {
			return fmt.Errorf("not both scenario cards are in")
		}
		if d.By != "initiative" && d.By != "random" {
			return fmt.Errorf("unknown way %q of deciding the first player", d.By)
		}
		g.First, g.FirstBy, g.Step = d.First, d.By, StepMuster
	case EventArmyMustered:
		var d ArmyMustered
		if err := console.Decode(e.Data, &d); err != nil {
			return err
		}
		f, err := sideOf(d.Side)
		if err != nil {
			return err
		}
		if g.Step != StepMuster || g.finished() {
			return fmt.Errorf("not at the muster step")
		}
		if err := checkArmy(f, &d.Army); err != nil {
			return err
		}
		a := d.Army
		g.Sides[f].Army = &a
	case EventArmiesRevealed:
		var d ArmiesRevealed
		if err := console.Decode(e.Data, &d); err != nil {
			return err
		}
		switch {
		case g.Step != StepMuster || g.finished() || g.Sides[Daqan].Army == nil || g.Sides[Uthuk].Army == nil:
			return fmt.Errorf("not both armies are in")
		case len(d.Lore) != 2 || d.First != g.First || g.First < 0:
			return fmt.Errorf("lore %v and first player %d do not fit", d.Lore, d.First)
		case d.CommandCards < 0 || d.CommandCards > maxCounter || d.LoreCards < 0 || d.LoreCards > maxCounter:
			return fmt.Errorf("starting hands %d and %d out of range", d.CommandCards, d.LoreCards)
		}
		for _, f := range Factions {
			s := &g.Sides[f]
			if d.Lore[f] < 0 || d.Lore[f] > maxCounter {
				return fmt.Errorf("lore %d out of range", d.Lore[f])
			}
			s.Units = roster(*s.Army)
			s.LoreTokens, s.CommandCards, s.LoreCards = d.Lore[f], d.CommandCards, d.LoreCards
		}
		g.startTurn(1, Faction(g.First))
	case EventCommandCardPlayed:
		var d CommandCardPlayed
		if err := console.Decode(e.Data, &d); err != nil {
			return err
		}
		f, err := g.turnEvent(d.Side, d.Turn, StepCommand)
		if err != nil {
			return err
		}
		if g.Sides[f].CommandCards < 1 || len(d.Card) > maxName {
			return fmt.Errorf("no command card to play")
		}
		g.Sides[f].CommandCards--
		c := g.current()
		c.CardPlayed, c.CommandCard = true, d.Card
		g.Step = StepOrder
	case EventStepDone:
		var d StepDone
		if err := console.Decode(e.Data, &d); err != nil {
			return err
		}
		if d.Step != StepOrder && d.Step != StepMove && d.Step != StepAttack {
			return fmt.Errorf("step %q is not finished with next-step", d.Step)
		}
		if _, err := g.turnEvent(d.Side, d.Turn, d.Step); err != nil {
			return err
		}
		g.Step = nextStep(d.Step)
	case EventVPScored:
		var d VPScored
		if err := console.Decode(e.Data, &d); err != nil {
			return err
		}
		f, err := g.turnEvent(d.Side, d.Turn, StepVP)
		if err != nil {
			return err
		}
		s := &g.Sides[f]
		if d.VP < 0 || d.VP > maxCounter || d.Exchanged < 0 || d.Exchanged > maxCounter ||
			(d.Exchanged > 0 && !g.Learning) || d.Exchanged*LearningLorePerVP > s.LoreTokens ||
			s.VP+d.VP+d.Exchanged > maxCounter {
			return fmt.Errorf("%d VP and %d bought with lore do not fit", d.VP, d.Exchanged)
		}
		s.VP += d.VP + d.Exchanged
		s.LoreTokens -= d.Exchanged * LearningLorePerVP
		c := g.current()
		c.VPScored, c.VP, c.Exchanged = true, d.VP, d.Exchanged
		g.Step = StepDraw
	case EventCommandCardDrawn:
		var d CommandCardDrawn
		if err := console.Decode(e.Data, &d); err != nil {
			return err
		}
		f, err := g.turnEvent(d.Side, d.Turn, StepDraw)
		if err != nil {
			return err
		}
		if g.Sides[f].CommandCards >= maxCounter {
			return fmt.Errorf("command cards out of range")
		}
		g.Sides[f].CommandCards++
		// In the learning scenario, which skips the Lore step, the same
		// command's turn-ended follows at once.
		g.Step = StepLore
	case EventLoreStep:
		var d LoreStep
		if err := console.Decode(e.Data, &d); err != nil {
			return err
		}
		f, err := g.turnEvent(d.Side, d.Turn, StepLore)
		if err != nil {
			return err
		}
		s := &g.Sides[f]
		if g.Learning || d.Tokens < 0 || d.Tokens > 2 || d.Drawn < 0 || d.Drawn > 2 || d.Discarded < 0 || d.Discarded > maxCounter ||
			s.LoreTokens+d.Tokens > maxCounter || g.current().LoreChoice != "" || len(d.Choice) > maxName {
			return fmt.Errorf("lore step %+v does not fit", d)
		}
		cards := s.LoreCards + d.Drawn - d.Discarded
		if cards < 0 || cards > MaxLoreCards {
			return fmt.Errorf("lore step leaves %d lore cards", cards)
		}
		s.LoreTokens += d.Tokens
		s.LoreCards = cards
		g.current().LoreChoice = d.Choice
	case EventTurnEnded:
		var d TurnEnded
		if err := console.Decode(e.Data, &d); err != nil {
			return err
		}
		f, err := g.turnEvent(d.Side, d.Turn, StepLore)
		if err != nil {
			return err
		}
		if d.Next != int(f.Other()) || g.Turn >= maxTurns {
			return fmt.Errorf("turn %d cannot pass to side %d", d.Turn, d.Next)
		}
		g.startTurn(g.Turn+1, f.Other())
	case EventGameEnded:
		var d GameEnded
		if err := console.Decode(e.Data, &d); err != nil {
			return err
		}
		if _, err := sideOf(d.Winner); err != nil {
			return err
		}
		if g.finished() {
			return fmt.Errorf("the game is already over")
		}
		switch d.Reason {
		case EndVictoryPoints, EndEliminated, EndConceded:
		default:
			return fmt.Errorf("unknown end reason %q", d.Reason)
		}
		g.Winner, g.EndReason = d.Winner, d.Reason
	case EventUnitDamaged, EventUnitHealed:
		var d UnitDamaged // UnitHealed has the same shape
		if err := console.Decode(e.Data, &d); err != nil {
			return err
		}
		u, err := g.liveUnit(d.Side, d.Unit)
		if err != nil {
			return err
		}
		if d.Amount < 1 || d.Amount > maxHealth {
			return fmt.Errorf("amount %d", d.Amount)
		}
		n := d.Amount
		if e.Type == EventUnitHealed {
			n = -n
		}
		if u.Legend {
			if u.Damage+n < 0 || u.Damage+n > u.Health {
				return fmt.Errorf("%s cannot take %+d damage tokens", u.Name, n)
			}
			u.Damage += n
		} else {
			if u.Lost+n < 0 || u.Lost+n > u.Health {
				return fmt.Errorf("%s cannot lose %+d figures", u.Name, n)
			}
			u.Lost += n
		}
	case EventUnitHealthSet:
		var d UnitHealthSet
		if err := console.Decode(e.Data, &d); err != nil {
			return err
		}
		u, err := g.liveUnit(d.Side, d.Unit)
		if err != nil {
			return err
		}
		if d.Health < 1 || d.Health > maxHealth || d.Health <= u.Damage || d.Health <= u.Lost {
			return fmt.Errorf("health %d does not fit %s", d.Health, u.Name)
		}
		u.Health = d.Health
	case EventLoreGained, EventCounterAdjusted:
		var d CounterChanged
		if err := console.Decode(e.Data, &d); err != nil {
			return err
		}
		f, err := sideOf(d.Side)
		if err != nil {
			return err
		}
		c := g.Sides[f].counter(d.Counter)
		if c == nil || !g.battle() || d.By < -maxCounter || d.By > maxCounter || *c+d.By < 0 || *c+d.By > maxCounter {
			return fmt.Errorf("%s %+d does not fit", d.Counter, d.By)
		}
		*c += d.By
	case EventLoreCardPlayed:
		var d LoreCardPlayed
		if err := console.Decode(e.Data, &d); err != nil {
			return err
		}
		f, err := sideOf(d.Side)
		if err != nil {
			return err
		}
		s := &g.Sides[f]
		if !g.battle() || g.Learning || d.Turn != g.Turn || s.LoreCardTurn == g.Turn || s.LoreCards < 1 || d.Cost < 0 || d.Cost > s.LoreTokens {
			return fmt.Errorf("lore card %+v does not fit", d)
		}
		s.LoreCards--
		s.LoreTokens -= d.Cost
		s.LoreCardTurn = g.Turn
	default:
		return fmt.Errorf("unknown event type %q", e.Type)
	}
	return nil
}

// nextStep is the step after a turn step.
func nextStep(step string) string {
	for i, s := range turnSteps {
		if s == step && i+1 < len(turnSteps) {
			return turnSteps[i+1]
		}
	}
	return step
}

// liveUnit finds a unit still in play for a roster event.
func (g *state) liveUnit(side int, id string) (*unit, error) {
	f, err := sideOf(side)
	if err != nil {
		return nil, err
	}
	if !g.battle() {
		return nil, fmt.Errorf("the battle is not on")
	}
	for i := range g.Sides[f].Units {
		if u := &g.Sides[f].Units[i]; u.ID == id {
			if u.eliminated() {
				return nil, fmt.Errorf("%s is eliminated", u.Name)
			}
			return u, nil
		}
	}
	return nil, fmt.Errorf("no %s unit %q", f.Name(), id)
}

// checkScenario validates a scenario card's fields.
func checkScenario(name, initiative string, banners []int) (*scenario, error) {
	ini, err := ParseInitiative(initiative)
	if err != nil || ini.String() != initiative {
		return nil, fmt.Errorf("initiative %q", initiative)
	}
	if len(name) > maxName || len(banners) > 4 {
		return nil, fmt.Errorf("scenario card %q with %d banners", name, len(banners))
	}
	for _, b := range banners {
		if b < 1 || b > 9 {
			return nil, fmt.Errorf("banner value %d", b)
		}
	}
	return &scenario{Name: name, Initiative: initiative, Banners: append([]int{}, banners...)}, nil
}

// checkArmy validates an army from an event or a snapshot: its lines are
// the faction's unit types, with sane counts and health, and its numbers
// are in range. It does not re-price the army: the event is the fact.
func checkArmy(f Faction, a *Army) error {
	if a.Faction != f.ID() {
		return fmt.Errorf("a %s army for %s", a.Faction, f.Name())
	}
	switch a.Source {
	case "muster", "army-card", "learning":
	default:
		return fmt.Errorf("unknown army source %q", a.Source)
	}
	units := 0
	seen := map[string]bool{}
	if len(a.Lines) > len(unitTypes) {
		return fmt.Errorf("%d army lines", len(a.Lines))
	}
	for _, l := range a.Lines {
		u, ok := unitType(l.Type)
		switch {
		case !ok || u.Faction != f.ID():
			return fmt.Errorf("%s cannot muster %q", f.Name(), l.Type)
		case seen[l.Type]:
			return fmt.Errorf("%s listed twice", l.Type)
		case l.Count < 1 || l.Count > u.Cards:
			return fmt.Errorf("%d %s", l.Count, l.Type)
		case l.Health < 1 || l.Health > maxHealth || l.Legend != u.Legend || len(l.Name) > maxName:
			return fmt.Errorf("%s with health %d", l.Type, l.Health)
		}
		seen[l.Type] = true
		units += l.Count
	}
	if units < 1 || units != a.Units || a.Lore < 0 || a.Lore > maxCounter || len(a.ArmyCard) > maxName || len(a.ArmyCardName) > maxName {
		return fmt.Errorf("army of %d units (says %d) with %d lore", units, a.Units, a.Lore)
	}
	for _, n := range []int{a.Cards, a.Decoys, a.UnitCost, a.Total, a.Limit, a.Unspent} {
		if n < -maxCounter || n > maxCounter {
			return fmt.Errorf("army number %d out of range", n)
		}
	}
	return nil
}
