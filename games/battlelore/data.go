package battlelore

import (
	"fmt"
	"strings"

	"github.com/commandconsole/commandconsole/console"
)

// This file holds the rules data: factions, unit types, the muster
// calculator, the army cards and the dice faces. It is data first; the
// functions only read it.
//
// Sources. The figures per unit type, the number of deployment cards, the
// learning armies, the muster limits and the mustering example come from the
// BattleLore Second Edition rulebook (© 2013 Fantasy Flight Publishing;
// components list p. 2, learning setup p. 5, mustering pp. 16–18). The
// rulebook prints muster values only for the four Daqan units of its
// mustering example and no legend health at all: every other number below
// is marked Estimated and is Command Console's estimate, to be checked
// against the unit reference card (the set-health command corrects a unit in
// play). Deployment cards per type follow from the components: 17 per
// faction, one of them the command tent, and every non-legend unit has as
// many figures as its health (three a hex, as the learning setup places
// them), which gives 5 + 5 + 3 + 2 + 1 + 1 = 17.

// Faction is one of the two sides: Daqan or Uthuk.
type Faction int

// The two factions, in the order the pad lists them.
const (
	Daqan Faction = 0
	Uthuk Faction = 1
)

// Factions lists both factions in pad order.
var Factions = []Faction{Daqan, Uthuk}

// ID is the faction's id in commands, options and views: "daqan", "uthuk".
func (f Faction) ID() string {
	if f == Uthuk {
		return "uthuk"
	}
	return "daqan"
}

// Name is the faction's short name: "Daqan", "Uthuk".
func (f Faction) Name() string {
	if f == Uthuk {
		return "Uthuk"
	}
	return "Daqan"
}

// FullName is the faction's name as printed: "Daqan Lords", "Uthuk Y'llan".
func (f Faction) FullName() string {
	if f == Uthuk {
		return "Uthuk Y'llan"
	}
	return "Daqan Lords"
}

// Other returns the opposing faction.
func (f Faction) Other() Faction { return 1 - f }

// valid reports whether f is Daqan or Uthuk.
func (f Faction) valid() bool { return f == Daqan || f == Uthuk }

// ParseFaction returns the faction with the given id ("daqan" or "uthuk").
func ParseFaction(id string) (Faction, bool) {
	switch strings.ToLower(strings.TrimSpace(id)) {
	case "daqan":
		return Daqan, true
	case "uthuk":
		return Uthuk, true
	}
	return 0, false
}

// Rules constants, from the rulebook.
const (
	// WinVP is the victory points a side needs (with more than its
	// opponent) at the start of a first-player turn to win (p. 7).
	WinVP = 16
	// MusterLimit is the muster points an army may cost (p. 17).
	MusterLimit = 50
	// TentBonus is the extra muster points a command tent gives (p. 17).
	TentBonus = 5
	// ArmyCards is the exact number of deployment cards in an army, decoys
	// included (p. 17).
	ArmyCards = 18
	// DecoysPerPlayer is the decoy deployment cards each player takes; an
	// army therefore needs at least ArmyCards-DecoysPerPlayer unit or
	// terrain cards (p. 17).
	DecoysPerPlayer = 11
	// MaxMusterLore is the most lore tokens unspent muster points give
	// (p. 17).
	MaxMusterLore = 5
	// MaxLoreCards is the most lore cards a hand may hold at the end of the
	// Lore step (p. 12).
	MaxLoreCards = 4
	// LearningLorePerVP is the lore tokens the learning scenario exchanges
	// for one VP in the VP step (p. 9).
	LearningLorePerVP = 4
	// LearningCommandCards is each player's starting hand in the learning
	// scenario (p. 5).
	LearningCommandCards = 4
	// StartCommandCards and StartLoreCards are each player's hand after the
	// full setup's draw (six command and three lore cards, keeping four and
	// two, p. 14).
	StartCommandCards = 4
	StartLoreCards    = 2
	// LearningBannerValue is the value of each of the learning scenario's
	// three banner markers (p. 5).
	LearningBannerValue = 2
	// LearningBanners is the number of banner markers in the learning
	// scenario.
	LearningBanners = 3
)

// UnitType is one kind of unit a faction can muster: a row of the unit
// table.
type UnitType struct {
	// ID names the type in commands: "citadel-guard".
	ID string `json:"id" msgpack:"id"`
	// Faction is "daqan" or "uthuk".
	Faction string `json:"faction" msgpack:"faction"`
	// Name is the printed name: "Citadel Guard".
	Name string `json:"name" msgpack:"name"`
	// Traits are the unit's traits as printed under its name.
	Traits []string `json:"traits" msgpack:"traits"`
	// Cost is the muster value of one deployment card of this type.
	Cost int `json:"cost" msgpack:"cost"`
	// Health is the unit's health: its figures, or for a legend the damage
	// tokens that eliminate it.
	Health int `json:"health" msgpack:"health"`
	// Legend is true for legends: one figure, damage tokens, never weak.
	Legend bool `json:"legend" msgpack:"legend"`
	// Cards is the number of deployment cards of this type in the box: the
	// most units of it an army can muster.
	Cards int `json:"cards" msgpack:"cards"`
	// Estimated is true when Cost or Health is not printed in the rulebook
	// and is Command Console's estimate: check the unit reference card.
	Estimated bool `json:"estimated" msgpack:"estimated"`
	// Source says where the numbers come from.
	Source string `json:"source" msgpack:"source"`
}

// unitTypes is the unit table, Daqan first, in the order muster arguments
// and rosters list them.
var unitTypes = []UnitType{
	{ID: "citadel-guard", Faction: "daqan", Name: "Citadel Guard", Traits: []string{"Infantry", "Melee"},
		Cost: 4, Health: 3, Cards: 5, Source: "cost: rulebook mustering example (p. 18); health: learning setup, three figures a hex (p. 5)"},
	{ID: "yeoman-archers", Faction: "daqan", Name: "Yeoman Archers", Traits: []string{"Infantry", "Ranged"},
		Cost: 4, Health: 3, Cards: 5, Source: "cost: rulebook mustering example (p. 18); health: learning setup, three figures a hex (p. 5)"},
	{ID: "riverwatch-riders", Faction: "daqan", Name: "Riverwatch Riders", Traits: []string{"Cavalry", "Melee"},
		Cost: 6, Health: 3, Cards: 3, Source: "cost: rulebook mustering example (p. 18); health: 9 figures in 3 units (components)"},
	{ID: "rune-golems", Faction: "daqan", Name: "Rune Golems", Traits: []string{"Elite", "Melee"},
		Cost: 6, Health: 3, Cards: 2, Source: "cost: rulebook mustering example (p. 18); health: 6 figures in 2 units (components)"},
	{ID: "roc-warrior", Faction: "daqan", Name: "Roc Warrior", Traits: []string{"Legend", "Melee"},
		Cost: 10, Health: 5, Legend: true, Cards: 1, Estimated: true, Source: "legend with damage tokens (p. 13); cost and health estimated"},
	{ID: "viper-legion", Faction: "uthuk", Name: "Viper Legion", Traits: []string{"Infantry", "Ranged"},
		Cost: 4, Health: 3, Cards: 5, Estimated: true, Source: "health: learning setup, three figures a hex (p. 5); cost estimated"},
	{ID: "blood-harvesters", Faction: "uthuk", Name: "Blood Harvesters", Traits: []string{"Infantry", "Melee"},
		Cost: 3, Health: 3, Cards: 5, Estimated: true, Source: "traits and health: rulebook (pp. 5, 10); cost estimated"},
	{ID: "flesh-ripper-brutes", Faction: "uthuk", Name: "Flesh Ripper Brutes", Traits: []string{"Cavalry", "Melee"},
		Cost: 6, Health: 3, Cards: 3, Estimated: true, Source: "health: 9 figures in 3 units (components); traits and cost estimated"},
	{ID: "obscenes", Faction: "uthuk", Name: "Obscenes", Traits: []string{"Elite", "Melee"},
		Cost: 6, Health: 3, Cards: 2, Estimated: true, Source: "health: 6 figures in 2 units (components); traits and cost estimated"},
	{ID: "chaos-lord", Faction: "uthuk", Name: "Chaos Lord", Traits: []string{"Legend", "Melee"},
		Cost: 10, Health: 5, Legend: true, Cards: 1, Estimated: true, Source: "legend with damage tokens (p. 13); cost and health estimated"},
}

// UnitTypes returns the unit table, Daqan first. The result is a copy.
func UnitTypes() []UnitType {
	out := make([]UnitType, len(unitTypes))
	for i, u := range unitTypes {
		u.Traits = append([]string(nil), u.Traits...)
		out[i] = u
	}
	return out
}

// unitType returns the type with the given id.
func unitType(id string) (UnitType, bool) {
	for _, u := range unitTypes {
		if u.ID == id {
			return u, true
		}
	}
	return UnitType{}, false
}

// typeNamesOf returns the names of a faction's unit types, in table
// order: "Citadel Guard", "Yeoman Archers" ….
func typeNamesOf(f Faction) []string {
	var out []string
	for _, u := range unitTypes {
		if u.Faction == f.ID() {
			out = append(out, u.Name)
		}
	}
	return out
}

// typesOf returns the ids of a faction's unit types, in table order.
func typesOf(f Faction) []string {
	var out []string
	for _, u := range unitTypes {
		if u.Faction == f.ID() {
			out = append(out, u.ID)
		}
	}
	return out
}

// learningArmy is each faction's units in the learning scenario (p. 5):
// twelve archers or vipers and fifteen guards or harvesters, three figures
// to a hex.
var learningArmy = [2][]ArmyLine{
	Daqan: {{Type: "citadel-guard", Count: 5}, {Type: "yeoman-archers", Count: 4}},
	Uthuk: {{Type: "viper-legion", Count: 4}, {Type: "blood-harvesters", Count: 5}},
}

// ArmyLine is one kind of unit in an army.
type ArmyLine struct {
	// Type is the unit type id.
	Type string `json:"type" msgpack:"type"`
	// Name is the unit type's printed name.
	Name string `json:"name" msgpack:"name"`
	// Count is the number of units (deployment cards) of this type.
	Count int `json:"count" msgpack:"count"`
	// Cost is the muster value of one card.
	Cost int `json:"cost" msgpack:"cost"`
	// Subtotal is Count × Cost.
	Subtotal int `json:"subtotal" msgpack:"subtotal"`
	// Health is each unit's health when mustered.
	Health int `json:"health" msgpack:"health"`
	// Legend is true for a legend.
	Legend bool `json:"legend,omitempty" msgpack:"legend,omitempty"`
}

// Army is a mustered army: the muster calculator's result, or an army
// card's contents. The learning scenario's fixed armies have only their
// lines and units: no muster points, cards or decoys.
type Army struct {
	// Faction is "daqan" or "uthuk".
	Faction string `json:"faction" msgpack:"faction"`
	// Source is "muster" (the muster calculator), "army-card" or
	// "learning" (the learning scenario's fixed units).
	Source string `json:"source" msgpack:"source"`
	// ArmyCard and ArmyCardName name the army card, when Source is
	// "army-card".
	ArmyCard     string `json:"army_card,omitempty" msgpack:"army_card,omitempty"`
	ArmyCardName string `json:"army_card_name,omitempty" msgpack:"army_card_name,omitempty"`
	// Lines are the units, in table order.
	Lines []ArmyLine `json:"lines" msgpack:"lines"`
	// CommandTent is true when the army includes its command tent.
	CommandTent bool `json:"command_tent" msgpack:"command_tent"`
	// Units is the number of unit deployment cards.
	Units int `json:"units" msgpack:"units"`
	// Cards is the number of unit and terrain deployment cards (the command
	// tent counts); Decoys fill the army up to 18.
	Cards  int `json:"cards" msgpack:"cards"`
	Decoys int `json:"decoys" msgpack:"decoys"`
	// UnitCost is the muster points of the units.
	UnitCost int `json:"unit_cost" msgpack:"unit_cost"`
	// Total is the muster point total as the rulebook counts it: the units
	// less 5 for a command tent (the example's 47).
	Total int `json:"total" msgpack:"total"`
	// Limit is the muster points allowed (50).
	Limit int `json:"limit" msgpack:"limit"`
	// Unspent is Limit − Total.
	Unspent int `json:"unspent" msgpack:"unspent"`
	// Lore is the lore tokens the army brings: one per unspent point, at
	// most 5, or the lore printed on the army card.
	Lore int `json:"lore" msgpack:"lore"`
}

// MusterArmy is the muster calculator (rulebook pp. 16–18): it prices an
// army of faction f from counts (unit type id → deployment cards; types
// left out count 0) and an optional command tent, and checks it. An army
// costs at most 50 muster points (55 with a command tent, which the rulebook
// counts as −5), holds at most 18 unit and terrain cards, filled to exactly
// 18 with decoys, of which each player has only 11, so it needs at least 7;
// it must hold at least one unit. Every unspent point gives a lore token, at
// most 5. The error is a console.Rejection saying what is wrong.
func MusterArmy(f Faction, counts map[string]int, tent bool) (Army, error) {
	if !f.valid() {
		return Army{}, console.Reject("no such faction %d", int(f))
	}
	for _, id := range console.SortedKeys(counts) {
		u, ok := unitType(id)
		switch {
		case !ok:
			return Army{}, console.RejectTry(console.ReasonBadInput, strings.Join(typesOf(f), ", "), "no such unit; the %s units are %s", f.Name(), joinAnd(typeNamesOf(f)))
		case u.Faction != f.ID() && counts[id] != 0:
			return Army{}, console.RejectTry(console.ReasonNotAllowed, strings.Join(typesOf(f), ", "), "%s is a %s unit; the %s can muster %s",
				u.Name, factionName(u.Faction), f.Name(), joinAnd(typeNamesOf(f)))
		case counts[id] < 0 || counts[id] > u.Cards:
			return Army{}, console.Reject("%d %s: the box holds %s", counts[id], u.Name, plural(u.Cards, u.Name+" deployment card"))
		}
	}
	a := Army{Faction: f.ID(), Source: "muster", CommandTent: tent, Limit: MusterLimit}
	for _, id := range typesOf(f) {
		n := counts[id]
		if n == 0 {
			continue
		}
		u, _ := unitType(id)
		a.Lines = append(a.Lines, ArmyLine{Type: id, Name: u.Name, Count: n, Cost: u.Cost, Subtotal: n * u.Cost, Health: u.Health, Legend: u.Legend})
		a.Units += n
		a.UnitCost += n * u.Cost
	}
	a.Cards = a.Units
	a.Total = a.UnitCost
	if tent {
		a.Cards++
		a.Total -= TentBonus
	}
	a.Decoys = ArmyCards - a.Cards
	a.Unspent = a.Limit - a.Total
	a.Lore = min(max(a.Unspent, 0), MaxMusterLore)
	switch {
	case a.Units == 0:
		return a, console.Reject("an army needs at least one unit")
	case a.Total > a.Limit:
		limit := fmt.Sprintf("%d", a.Limit)
		if tent {
			limit = fmt.Sprintf("%d with the command tent", a.Limit+TentBonus)
		}
		return a, console.Reject("the army costs %d muster points; the limit is %s", a.UnitCost, limit)
	case a.Cards > ArmyCards:
		return a, console.Reject("the army has %d deployment cards; an army has exactly %d", a.Cards, ArmyCards)
	case a.Decoys > DecoysPerPlayer:
		return a, console.Reject("the army has %d unit and terrain cards and would need %d decoys; each player has only %d, so muster at least %d cards",
			a.Cards, a.Decoys, DecoysPerPlayer, ArmyCards-DecoysPerPlayer)
	}
	return a, nil
}

func factionName(id string) string {
	if f, ok := ParseFaction(id); ok {
		return f.Name()
	}
	return id
}

// ArmyCard is a preconstructed army, the rulebook's shortcut for players
// who do not want to muster (p. 17): its units, its lore, and decoys to 18.
type ArmyCard struct {
	// ID names the card in the army-card command.
	ID string `json:"id" msgpack:"id"`
	// Faction is "daqan" or "uthuk".
	Faction string `json:"faction" msgpack:"faction"`
	// Name is the army's name.
	Name string `json:"name" msgpack:"name"`
	// Units are the card's units, in table order, priced from the unit
	// table.
	Units []ArmyLine `json:"units" msgpack:"units"`
	// Cost is the units' muster points; Cost + Lore is 50.
	Cost int `json:"cost" msgpack:"cost"`
	// Lore is the lore tokens the card gives.
	Lore int `json:"lore" msgpack:"lore"`
}

// armyCards are Command Console's preset armies. The rulebook does not
// print the six army cards in the box, so these are designed to its rule:
// each is worth 50 muster points, its units' cost plus its lore.
var armyCards = []ArmyCard{
	{ID: "daqan-shield-wall", Faction: "daqan", Name: "Shield wall", Lore: 2,
		Units: []ArmyLine{{Type: "citadel-guard", Count: 5}, {Type: "yeoman-archers", Count: 4}, {Type: "rune-golems", Count: 2}}},
	{ID: "daqan-riverwatch", Faction: "daqan", Name: "Riverwatch patrol", Lore: 2,
		Units: []ArmyLine{{Type: "citadel-guard", Count: 2}, {Type: "yeoman-archers", Count: 3}, {Type: "riverwatch-riders", Count: 3}, {Type: "roc-warrior", Count: 1}}},
	{ID: "daqan-golem-host", Faction: "daqan", Name: "Golem host", Lore: 0,
		Units: []ArmyLine{{Type: "citadel-guard", Count: 4}, {Type: "yeoman-archers", Count: 3}, {Type: "rune-golems", Count: 2}, {Type: "roc-warrior", Count: 1}}},
	{ID: "uthuk-blood-tide", Faction: "uthuk", Name: "Blood tide", Lore: 3,
		Units: []ArmyLine{{Type: "viper-legion", Count: 5}, {Type: "blood-harvesters", Count: 5}, {Type: "flesh-ripper-brutes", Count: 2}}},
	{ID: "uthuk-chaos-host", Faction: "uthuk", Name: "Chaos host", Lore: 1,
		Units: []ArmyLine{{Type: "viper-legion", Count: 3}, {Type: "blood-harvesters", Count: 5}, {Type: "obscenes", Count: 2}, {Type: "chaos-lord", Count: 1}}},
	{ID: "uthuk-brute-force", Faction: "uthuk", Name: "Brute force", Lore: 4,
		Units: []ArmyLine{{Type: "viper-legion", Count: 4}, {Type: "blood-harvesters", Count: 4}, {Type: "flesh-ripper-brutes", Count: 3}}},
}

// ArmyCardList returns the preset armies, Daqan first, their units priced
// from the unit table. The result is a copy.
func ArmyCardList() []ArmyCard {
	out := make([]ArmyCard, len(armyCards))
	for i, c := range armyCards {
		if a, err := armyFromCard(c); err == nil { // TestData checks every card
			c.Units, c.Cost = a.Lines, a.UnitCost
		} else {
			c.Units = append([]ArmyLine(nil), c.Units...)
		}
		out[i] = c
	}
	return out
}

func armyCardIDs() []string {
	out := make([]string, len(armyCards))
	for i, c := range armyCards {
		out[i] = c.ID
	}
	return out
}

func findArmyCard(id string) (ArmyCard, bool) {
	for _, c := range armyCards {
		if c.ID == id {
			return c, true
		}
	}
	return ArmyCard{}, false
}

// armyFromCard builds the army an army card gives: its units, its lore,
// decoys to 18.
func armyFromCard(c ArmyCard) (Army, error) {
	f, ok := ParseFaction(c.Faction)
	if !ok {
		return Army{}, fmt.Errorf("army card %s: no faction %q", c.ID, c.Faction)
	}
	counts := map[string]int{}
	for _, l := range c.Units {
		counts[l.Type] += l.Count
	}
	a, err := MusterArmy(f, counts, false)
	if err != nil {
		return Army{}, fmt.Errorf("army card %s: %w", c.ID, err)
	}
	a.Source, a.ArmyCard, a.ArmyCardName, a.Lore = "army-card", c.ID, c.Name, c.Lore
	return a, nil
}

// learningArmyOf is the learning scenario's army for f.
func learningArmyOf(f Faction) Army {
	counts := map[string]int{}
	for _, l := range learningArmy[f] {
		counts[l.Type] = l.Count
	}
	a, err := MusterArmy(f, counts, false)
	if err != nil { // the table is fixed; TestLearningArmies covers it
		panic(err)
	}
	a.Source, a.Lore, a.Total, a.Limit, a.Unspent, a.Decoys, a.Cards, a.UnitCost = "learning", 0, 0, 0, 0, 0, a.Units, 0
	for i := range a.Lines {
		a.Lines[i].Cost, a.Lines[i].Subtotal = 0, 0
	}
	return a
}

// DieFace is one face of the BattleLore combat die (p. 9).
type DieFace struct {
	// ID names the face: "strike", "cleave", "pierce", "morale", "lore",
	// "heroic".
	ID string `json:"id" msgpack:"id"`
	// Name is the face's name.
	Name string `json:"name" msgpack:"name"`
	// Glyph is a stand-in symbol for text displays; a GUI may draw the
	// real icon instead.
	Glyph string `json:"glyph" msgpack:"glyph"`
	// Attack is the kind of combat roll the face works in: "melee",
	// "ranged" or "any".
	Attack string `json:"attack" msgpack:"attack"`
	// Effect is what each such result does.
	Effect string `json:"effect" msgpack:"effect"`
}

// DiceNote is the rule that applies to every face: a result committed to
// trigger a dice ability does not also have its normal effect (p. 10).
const DiceNote = "A die result committed to trigger a dice ability does not also resolve its normal effect."

var diceFaces = []DieFace{
	{ID: "strike", Name: "Strike", Glyph: "✕", Attack: "melee",
		Effect: "In a melee attack, the target suffers 1 damage per strike."},
	{ID: "cleave", Name: "Cleave", Glyph: "✓", Attack: "melee",
		Effect: "In a melee attack, the target suffers 1 damage per cleave; a weak attacking unit causes no damage with cleaves."},
	{ID: "pierce", Name: "Pierce", Glyph: "◎", Attack: "ranged",
		Effect: "In a ranged attack, the target suffers 1 damage per pierce."},
	{ID: "morale", Name: "Morale", Glyph: "▸", Attack: "any",
		Effect: "The target retreats 1 hex per morale, after all damage; a supported unit ignores retreats."},
	{ID: "lore", Name: "Lore", Glyph: "◆", Attack: "any",
		Effect: "The player who rolled takes 1 lore token per lore."},
	{ID: "heroic", Name: "Heroic", Glyph: "⚔", Attack: "any",
		Effect: "No effect of its own; heroic results trigger unit abilities."},
}

// DiceFaces returns the dice-face reference, in the rulebook's order. The
// result is a copy.
func DiceFaces() []DieFace { return append([]DieFace(nil), diceFaces...) }

// Initiative is a scenario card's initiative indicator: a letter and a
// number ("B2").
type Initiative struct {
	Letter byte
	Number int
}

// String renders the indicator as printed: "B2".
func (i Initiative) String() string { return fmt.Sprintf("%c%d", i.Letter, i.Number) }

// ParseInitiative reads an initiative indicator: one letter A–Z (either
// case) followed by a number from 1 to 99 ("B2", "c10").
func ParseInitiative(s string) (Initiative, error) {
	s = strings.ToUpper(strings.TrimSpace(s))
	bad := console.Reject("initiative %q is not a letter followed by a number, as printed on the scenario card (\"B2\")", s)
	if len(s) < 2 || len(s) > 3 || s[0] < 'A' || s[0] > 'Z' {
		return Initiative{}, bad
	}
	n := 0
	for _, c := range s[1:] {
		if c < '0' || c > '9' {
			return Initiative{}, bad
		}
		n = n*10 + int(c-'0')
	}
	if n < 1 {
		return Initiative{}, bad
	}
	return Initiative{Letter: s[0], Number: n}, nil
}

// CompareInitiative orders two indicators as the rulebook decides the first
// player (p. 15): the letter first in the alphabet wins, then the lower
// number. It returns -1 when a goes first, 1 when b does, and 0 when they
// are equal and the first player is chosen at random.
func CompareInitiative(a, b Initiative) int {
	switch {
	case a.Letter < b.Letter:
		return -1
	case a.Letter > b.Letter:
		return 1
	case a.Number < b.Number:
		return -1
	case a.Number > b.Number:
		return 1
	}
	return 0
}
