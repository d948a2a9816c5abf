// Package ruunara is the console for Ruunara: The Darkest Path, a
// co-operative skirmish game in which one or two players lead a squad of
// heroes against enemies that "the game mechanics" control.
//
// The miniatures, the terrain and the dice stay on the table. The console
// keeps every unit's card, hit points, engagements and ability uses; counts
// the engaged-turn, captivity and execution timers; resolves attacks with
// the card's dice (rolled by the app or entered from the table), cover
// saves and instant kills; and plays the enemies through npc/ruunara,
// asking the players only the table facts it cannot know (who sees whom,
// who is within 8" of a fight) and answering with each enemy's orders in
// each seat's own unit, inches or centimetres.
//
// Everything follows the specification reference/ruunara/SPEC.md: facts
// RU-F…, decisions RU-D…, examples RU-X… are cited where they are
// implemented and tested; docs/ruunara.md explains each decision in our
// own words, with issue 23's (RU-W…). Nothing is hidden (RU-D7): the two
// seats of a duo game play together and see the same game; only the dice
// generator's seed never leaves the host.
//
// The engine contract: Decide validates a command and produces events by
// running the resolution on a copy of the state, every change going through
// emit, which applies the event to that copy with the same Apply replay
// uses; so replay and play cannot disagree. Prompts (dice to roll,
// questions to answer, orders to acknowledge) and the work queued behind
// them are part of the state, so a game can be stopped at any prompt and
// resumed.
package ruunara

import (
	"strings"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/ruunara/card"
)

// ID is the system id Ruunara registers under.
const ID = "ruunara"

// Rules implements console.Rules for Ruunara.
type Rules struct{}

// New returns the Ruunara rules.
func New() *Rules { return &Rules{} }

// Setup options.
const (
	OptMode        = "mode"         // free | story (RU-F7)
	OptMission     = "mission"      // mission id (story) or "free"
	OptDice        = "dice"         // table | app: what dice prompts offer first (RU-D3)
	OptRangedNoise = "ranged_noise" // on | off (RU-D33)
)

// Command names (SPEC.md §6.2).
const (
	CmdDefineCard    = "define-card"
	CmdDefineAbility = "define-ability"
	CmdRemoveAbility = "remove-ability"
	CmdAddHero       = "add-hero"
	CmdAddEnemy      = "add-enemy"
	CmdAddNeutral    = "add-neutral"
	CmdRemoveUnit    = "remove-unit"
	CmdAssign        = "assign"
	CmdSetUnit       = "set-unit"
	CmdStart         = "start"
	CmdUse           = "use"
	CmdEngage        = "engage"
	CmdFlee          = "flee"
	CmdAttack        = "attack"
	CmdEndPhase      = "end-phase"
	CmdEndFight      = "end-fight"
	CmdRoll          = "roll"
	CmdReroll        = "reroll"
	CmdAnswer        = "answer"
	CmdAck           = "ack"
	CmdAdjust        = "adjust"
	CmdKill          = "kill"
	CmdClaim         = "claim-objective"
	CmdEndGame       = "end-game"
	CmdReassign      = "reassign"
)

// Info describes the system.
func (*Rules) Info() console.SystemInfo {
	return console.SystemInfo{
		ID:       ID,
		Name:     "Ruunara: The Darkest Path",
		Kind:     console.KindMiniature,
		MinSeats: 1,
		MaxSeats: 2,
		Doc: "Co-operative skirmish, solo or duo: unit cards, hit points, engagement, capture and execution " +
			"timers, combat with the card's dice, and the enemies played by the app.",
		Options: []console.ArgSpec{
			{Name: OptMode, Kind: console.ArgEnum, Enum: []string{"free", "story"}, Default: "free", Doc: "free play or a story mission (one race's team)"},
			{Name: OptMission, Kind: console.ArgEnum, Enum: missionIDs(), Default: "free", Doc: missionDoc()},
			// a story team is of one race (l. 100)
			{Name: OptRace, Kind: console.ArgEnum, Enum: []string{"ardann", "kangara", "sanbari"}, Doc: "story mode: the race of the whole team"},
			{Name: OptDice, Kind: console.ArgEnum, Enum: []string{"table", "app"}, Default: "table", Doc: "what dice prompts offer first: dice from the table or the app's roll (both are always accepted)"},
			// RU-D33
			{Name: OptRangedNoise, Kind: console.ArgEnum, Enum: []string{"on", "off"}, Default: "on", Doc: "whether shots make noise that enemies come to look for, as close combat does"},
		},
		Playable: true,
	}
}

func str(name string, req bool, doc string) console.ArgSpec {
	return console.ArgSpec{Name: name, Kind: console.ArgString, Required: req, MaxLen: 200, Doc: doc}
}

// Commands lists the vocabulary of SPEC.md §6.2. The yes/no answer of a
// one-subject question is written value=yes (the command line takes
// key=value words only).
//
// The decisions behind them (docs/ruunara.md): define-card RU-D59, assign
// RU-D6 and RU-D20, set-unit RU-D1, engage RU-D54, flee RU-D42, attack
// RU-D19, end-fight RU-D11, reroll RU-D4, answer RU-D62, request-undo and
// adjust RU-D57, reassign RU-D6. The docs a player or ccctl reads carry
// none of these ids.
func (*Rules) Commands() []console.CommandSpec {
	card := []console.ArgSpec{
		{Name: "json", Kind: console.ArgString, MaxLen: 20000, Doc: "one card as a units.json record (instead of the fields)"},
		str("id", false, "the card's id (kebab-case)"),
		str("name", false, "the name on the card"),
		str("faction", false, "ally, enemy or neutral"),
		str("race", false, "ardann, kangara, sanbari or none"),
		str("hp", false, "hit points"),
		str("move", false, "movement, e.g. 5in or 12.5cm"),
		str("vision", false, "field of vision, e.g. 6in"),
		str("close", false, "close combat dice, e.g. 3D3+, or none"),
		str("ranged", false, "ranged dice, e.g. 2D4+, or none"),
		str("range", false, "a printed range different from vision, or none"),
		str("size", false, "free text"),
	}
	ability := []console.ArgSpec{
		str("card", true, "the card's id"), str("id", true, "the ability's id"), str("name", false, "its name"),
		str("kind", false, "skill or spell"), str("origin", false, "racial or unit"),
		str("cycle", false, "1/F, 2/F, 1/G, 1/T or constant"), str("trigger", false, "1–6 or none"),
		str("phase", false, "tactical,movement,combat"), str("target", false, "self, single, area or none"),
		str("reach", false, "melee, ranged or any"), str("effect", false, "instant-kill, on-die:5:instant-kill, attack:2D4+, heal:3, flee or text"),
		{Name: "text", Kind: console.ArgString, MaxLen: 1000, Doc: "the card text"},
	}
	unit := func(doc string) console.ArgSpec { return str("unit", true, doc) }
	return []console.CommandSpec{
		{Name: CmdDefineCard, Version: 1, Doc: "create a card or change some of its fields", Args: card, When: "set-up"},
		{Name: CmdDefineAbility, Version: 1, Doc: "add or replace one ability of a card", Args: ability, When: "set-up"},
		{Name: CmdRemoveAbility, Version: 1, Doc: "delete one ability of a card", Args: []console.ArgSpec{str("card", true, "the card's id"), str("id", true, "the ability's id")}, When: "set-up"},
		{Name: CmdAddHero, Version: 1, Doc: "add a hero (H1, H2 …) at full hit points", Args: []console.ArgSpec{str("card", true, "a hero card"), {Name: "seat", Kind: console.ArgSeat, Doc: "the seat that plays it (duo)"}, str("name", false, "a name of its own")}, When: "set-up"},
		{Name: CmdAddEnemy, Version: 1, Doc: "add enemies (E1, E2 …), posted, at full hit points", Args: []console.ArgSpec{str("card", true, "an enemy card"), {Name: "count", Kind: console.ArgInt, Min: console.Bounds(1), Max: console.Bounds(MaxUnits), Default: "1", Doc: "how many"}, str("name", false, "a name of its own")}, When: "set-up"},
		{Name: CmdAddNeutral, Version: 1, Doc: "add a neutral unit (N1 …)", Args: []console.ArgSpec{str("card", true, "a neutral card"), str("name", false, "a name of its own")}, When: "set-up"},
		{Name: CmdRemoveUnit, Version: 1, Doc: "take a unit out again", Args: []console.ArgSpec{unit("H1, E2 or N1")}, When: "set-up"},
		{Name: CmdAssign, Version: 1, Doc: "set-up: which seat plays a hero (hero=, seat=); after a close combat roll: each successful die to an engaged enemy (dice=1:E1,2:E2)", Args: []console.ArgSpec{str("hero", false, "the hero"), {Name: "seat", Kind: console.ArgSeat, Doc: "the seat"}, str("dice", false, "POS:UNIT,… e.g. 1:E1,2:E2")}, When: "set-up, or after a close combat roll"},
		{Name: CmdSetUnit, Version: 1, Doc: "this seat's distance unit", Args: []console.ArgSpec{{Name: "system", Kind: console.ArgEnum, Enum: []string{"in", "cm"}, Required: true, Doc: "inches or centimetres"}}, When: "any time"},
		{Name: CmdStart, Version: 1, Doc: "start round 1", When: "set-up"},
		{Name: CmdUse, Version: 1, Doc: "use a hero's skill or spell", Args: []console.ArgSpec{str("hero", true, "the hero"), str("ability", true, "the ability's id"), str("target", false, "the target unit"), str("targets", false, "targets, comma-separated")}, When: "the hero's seat turn, in the ability's phase"},
		{Name: CmdEngage, Version: 1, Doc: "a hero moved within 1\" of enemies", Args: []console.ArgSpec{str("hero", true, "the hero"), str("enemies", true, "E1[,E2…]")}, When: "movement phase"},
		{Name: CmdFlee, Version: 1, Doc: "a hero leaves close combat with a flee ability", Args: []console.ArgSpec{str("hero", true, "the hero"), str("ability", true, "the flee ability")}, When: "movement phase"},
		{Name: CmdAttack, Version: 1, Doc: "a hero's one attack this turn", Args: []console.ArgSpec{str("hero", true, "the hero"), {Name: "kind", Kind: console.ArgEnum, Enum: []string{"melee", "ranged"}, Required: true, Doc: "close combat or ranged"}, str("target", false, "ranged: the first figure on the line of fire")}, When: "combat phase"},
		{Name: CmdEndPhase, Version: 1, Doc: "end this phase of the seat turn", When: "the seat's turn"},
		{Name: CmdEndFight, Version: 1, Doc: "end a unit's fight now, the players' ruling", Args: []console.ArgSpec{unit("the unit")}, When: "any time"},
		{Name: CmdRoll, Version: 1, Doc: "answer the dice prompt: the faces rolled on the table, or none to let the app roll", Args: []console.ArgSpec{str("values", false, "faces, comma-separated, e.g. 3,5,2")}, When: "a dice prompt is open"},
		{Name: CmdReroll, Version: 1, Doc: "a card-granted re-roll of one die while the roll is open", Args: []console.ArgSpec{{Name: "die", Kind: console.ArgInt, Required: true, Min: console.Bounds(1), Max: console.Bounds(MaxDice), Doc: "the die's position"}, {Name: "value", Kind: console.ArgInt, Required: true, Min: console.Bounds(1), Max: console.Bounds(6), Doc: "its new face"}, str("ability", true, "the ability that grants it")}, When: "a roll is open"},
		{Name: CmdAnswer, Version: 1, Doc: "answer the open question", Args: []console.ArgSpec{str("q", true, "the question's id, q1 …"), str("pick", false, "pick-one: E4:H2,E5:none"), str("ticks", false, "tick list: E3,E5 or none"), {Name: "value", Kind: console.ArgEnum, Enum: []string{"yes", "no"}, Doc: "a one-subject question"}}, When: "a question is open"},
		{Name: CmdRequestUndo, Version: 1, Doc: "duo: ask the other seat to agree to undo the last roll; asked again, withdraws the request", When: "duo, after a roll"},
		{Name: CmdAck, Version: 1, Doc: "the enemy orders are carried out on the table", When: "orders are shown"},
		{Name: CmdAdjust, Version: 1, Doc: "a table correction", Args: []console.ArgSpec{unit("the unit"), str("hp", false, "hit points"), str("mode", false, "an enemy's mode"), str("engaged", false, "E1,E2 or none"), str("offpost", false, "yes or no"), str("uses", false, "ABILITY:N"), str("count", false, "engaged-turn count"), str("captive", false, "no, melee:R or ranged:R"), str("target", false, "an enemy's target")}, When: "any time"},
		{Name: CmdKill, Version: 1, Doc: "remove a unit the app did not see die", Args: []console.ArgSpec{unit("the unit"), {Name: "instant", Kind: console.ArgEnum, Enum: []string{"yes", "no"}, Default: "no", Doc: "killed instantly"}}, When: "any time"},
		{Name: CmdClaim, Version: 1, Doc: "the players rule an objective met: victory", Args: []console.ArgSpec{str("id", true, "the objective's id")}, When: "in play"},
		{Name: CmdReassign, Version: 1, Doc: "duo: give a free hero to the other seat, between rounds; the giving seat sends it", Args: []console.ArgSpec{str("hero", true, "the hero"), {Name: "seat", Kind: console.ArgSeat, Required: true, Doc: "the seat that takes it"}}, When: "between rounds"},
		{Name: CmdEndGame, Version: 1, Doc: "end the game by agreement", Args: []console.ArgSpec{{Name: "result", Kind: console.ArgEnum, Enum: []string{"victory", "defeat", "stopped"}, Required: true, Doc: "the result"}}, When: "in play"},
	}
}

// Limits that keep a game and its views small.
const (
	// MaxUnits bounds each of heroes, enemies and neutrals.
	MaxUnits = 40
	// MaxDice bounds the dice of one roll.
	MaxDice = 20
	// MaxCards bounds the cards a game holds.
	MaxCards = 100
	// MaxRounds ends a game that runs away (a script error).
	MaxRounds = 200
)

// RosterKindCard is the rosters bucket kind of the players' Ruunara cards,
// each stored under its card id as a units.json record (the app's card
// editor and ccctl roster add-card keep them; define-card json=… brings
// one into a game).
const RosterKindCard = "ruunara-cards"

// missionIDs are the ids of the shipped missions, in the data's order
// ("free" when the data cannot be read: New reports that error).
func missionIDs() []string {
	d, err := card.Load()
	if err != nil || len(d.Missions) == 0 {
		return []string{"free"}
	}
	ids := make([]string, 0, len(d.Missions))
	for _, m := range d.Missions {
		ids = append(ids, m.ID)
	}
	return ids
}

// missionDoc says what the mission option offers, in words.
func missionDoc() string {
	d, err := card.Load()
	if err != nil || len(d.Missions) == 0 {
		return "the mission to play"
	}
	var names []string
	for _, m := range d.Missions {
		line := m.Name
		if len(m.Objectives) > 0 {
			line += " (" + strings.ToLower(m.Objectives[0].Text[:1]) + m.Objectives[0].Text[1:] + ")"
		}
		names = append(names, line)
	}
	return "the mission to play: " + strings.Join(names, "; ")
}
