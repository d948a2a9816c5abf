package card

import (
	rn "github.com/commandconsole/commandconsole/npc/ruunara"
)

// estimate is Command Console's value for a card field the rulebook does
// not print, with the field's name in words as the card shows it.
type estimate struct {
	Race           string
	HP             int
	Move, Vision   rn.Ticks
	Close, Ranged  *Dice
	AbilityCycles  map[string]Cycle  // ability id → its cycle
	AbilityReaches map[string]string // ability id → its reach
}

// starterEstimates are the estimated values of the shipped cards (the
// decisions are written out in docs/ruunara.md, RU-W5). The
// rulebook's own values (Naali's 3D3+, Hard like Steel on 5+, Between the
// Eyes' instant kill) are never replaced: an estimate fills only a field
// the shipped record leaves null.
var starterEstimates = map[string]estimate{
	// Naali fights two enemies at once (l. 363): the brutal Ardann, who
	// "can engage in combat with many enemies" (l. 347), and a hero with
	// more hit points than the 6 a freed captive comes back with (l. 328).
	"naali": {Race: "ardann", HP: 10, Move: 50, Vision: 80},
	// Graam kills from range and evades the enemies' gaze (l. 190–194):
	// the Sanbari's "discretion and assassination in the shadows"
	// (l. 347); his ranged weapon rolls the book's own example, 2D 4+
	// (l. 154), at the top of the usual firing range (l. 263).
	"graam": {Race: "sanbari", HP: 8, Move: 50, Vision: 120,
		Close:          &Dice{N: 2, Hit: 4},
		Ranged:         &Dice{N: 2, Hit: 4},
		AbilityCycles:  map[string]Cycle{"between-the-eyes": {Per: PerGame, Uses: 1}},
		AbilityReaches: map[string]string{"between-the-eyes": "ranged"}},
	// The Saarok warrior survives one hit of Naali's example (l. 365): a
	// few hit points; it moves at the rulebook's pursuit rate (5", l. 309)
	// and sees at the short end of the firing range (6", l. 263).
	"saarok-warrior": {HP: 3, Move: 50, Vision: 60, Close: &Dice{N: 2, Hit: 4}},
}

// Starter returns the shipped cards completed with Command Console's
// estimates where the rulebook prints no value, so that a first game can
// be played without the card editor. Each estimated field is named in
// words in the card's Estimated list ("hit points", "movement"); a card
// without estimates is returned unchanged.
func Starter(shipped []Card) []Card {
	out := make([]Card, 0, len(shipped))
	for _, c := range shipped {
		est, ok := starterEstimates[c.ID]
		if !ok {
			out = append(out, c)
			continue
		}
		out = append(out, completeCard(c, est))
	}
	return out
}

// completeCard fills the null fields of c from est.
func completeCard(c Card, est estimate) Card {
	c.Abilities = append([]Ability(nil), c.Abilities...)
	c.Estimated = append([]string(nil), c.Estimated...)
	mark := func(what string) { c.Estimated = append(c.Estimated, what) }
	if c.Race == "" && est.Race != "" && c.Faction == Ally {
		c.Race = est.Race
		mark("race")
	}
	if c.HP == 0 && est.HP > 0 {
		c.HP = est.HP
		mark("hit points")
	}
	if c.Move == 0 && est.Move > 0 {
		c.Move = est.Move
		mark("movement")
	}
	if c.Vision == 0 && est.Vision > 0 {
		c.Vision = est.Vision
		mark("vision")
	}
	if c.Close == nil && est.Close != nil {
		d := *est.Close
		c.Close = &d
		mark("close combat")
	}
	if c.Ranged == nil && est.Ranged != nil {
		d := *est.Ranged
		c.Ranged = &d
		mark("ranged attack")
	}
	for i, a := range c.Abilities {
		if cy, ok := est.AbilityCycles[a.ID]; ok && a.Cycle.Per == "" {
			c.Abilities[i].Cycle = cy
			mark("how often " + a.Name + " is used")
		}
		if r, ok := est.AbilityReaches[a.ID]; ok && a.Reach == "" {
			c.Abilities[i].Reach = r
			mark("the reach of " + a.Name)
		}
	}
	return c
}
